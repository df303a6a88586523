package clinical

import (
	"strings"

	"github.com/notegen/notegen/internal/assertion"
	"github.com/notegen/notegen/internal/lexicon"
	"github.com/notegen/notegen/internal/transcript"
)

// testWords is the most words that qualify a test's head in the name of a
// test the lexicon does not know ("morning aldosterone levels").
const testWords = 3

// testReach is how many tokens after a verb of ordering the test it orders
// may end.
const testReach = 10

// unlistedTests finds the labs the clinician orders that the lexicon does
// not know, by the noun that ends their name ("I'd like to order an
// autoimmune panel", "renin levels"; in French the noun opens it, "un
// dosage de la rénine"): after a verb of ordering or a wish in a
// statement, each head with the words that qualify it, none of them a word
// of another item. A problem's word in such a name ("an anemia profile")
// names the test, no problem of its own.
func (r *Reading) unlistedTests(verbs *lexicon.List, seen map[string]int) {
	x := r.Lexicon
	heads, wishes := x.List("test_heads"), x.List("order_wishes")
	for ui, u := range r.Units {
		if u.Speaker != transcript.Clinician || r.asks(ui) && !r.proposes(u.Tokens) || r.unread != nil && r.unread[ui] {
			continue
		}
		toks := u.Tokens
		for i := 0; i < len(toks); i++ {
			e, n := verbs.Match(toks, i)
			if e == nil || e.Attr("action") != "order" || e.Attr("tense") == "past" {
				if e, n = wishes.Match(toks, i); e == nil {
					continue
				}
			}
			// the verb's reach runs on from each test it orders ("morning
			// aldosterone levels and renin levels")
			from, last := i+n, i+n
			for k := from; k < len(toks) && k < from+testReach; k++ {
				if toks[k].Kind == lexicon.Punct && toks[k].Norm != "," {
					break
				}
				h, hn := heads.Match(toks, k)
				if h == nil {
					if kind := r.testBySuffix(toks[k]); kind != "" && !r.itemBetween(ui, k, k+1) {
						// "get spirometry done": a test named by its ending
						r.addTest(ui, k, k+1, nil, kind, seen)
						from, last = k+1, k+1
					}
					continue
				}
				first, end := r.testWordsBefore(toks, from, k), k+hn
				if h.Attr("after") == "yes" {
					first, end = k, r.testWordsAfter(toks, k+hn)
				}
				if first == k && end == k+hn && h.Attr("alone") != "yes" || r.itemBetween(ui, first, end) || r.resultJudged(toks, first, end) {
					// a bare "test" names nothing ("a culture" does); "a
					// blood test" is known; "a positive grind test" is a
					// result
					k = end - 1
					continue
				}
				if c := assertion.Of(x, toks, [2]int{first, end}); c.Assertion != assertion.Present || c.Time == assertion.Past {
					break
				}
				r.addTest(ui, first, end, h, Lab, seen)
				k, from, last = end-1, end, end
			}
			i = max(i, last-1)
		}
	}
}

// resultJudged reports whether a word judging a result stands right before
// tokens [first, end) or a few words after them ("a positive patellar
// grind test", "un bilan normal", "your blood sugar to be elevated").
func (r *Reading) resultJudged(toks []lexicon.Token, first, end int) bool {
	verdicts := r.Lexicon.List("verdict_words")
	if first > 0 && verdicts.Has(toks[first-1].Norm) {
		return true
	}
	// "your blood sugar to be elevated", "the a1c is a little high"
	x := r.Lexicon
	for k := end; k < len(toks) && k <= end+verdictReach; k++ {
		// within its clause: "check your sugar, and if it's high ..."
		if toks[k].Kind == lexicon.Punct || x.List("list_joins").Has(toks[k].Norm) || x.List("conjunctions").Has(toks[k].Norm) ||
			x.List("subordinators").Has(toks[k].Norm) {
			return false
		}
		if verdicts.Has(toks[k].Norm) {
			return true
		}
		if e, _ := x.List("levels").Match(toks, k); e != nil && e.Attr("level") != "" {
			return true
		}
	}
	return false
}

// verdictReach is how many tokens after a test a word judging its result
// may stand ("the sugar is a little bit high").
const verdictReach = 5

// addTest records the test of kind named by tokens [first, end) of unit ui
// (ending in head, when one was read) as ordered, and takes the problem
// words it holds from the problems.
func (r *Reading) addTest(ui, first, end int, head *lexicon.Entry, kind Kind, seen map[string]int) {
	name := strings.ToLower(r.TextOf(ui, first, end))
	// "a pulmonary function test" and "pulmonary function tests" are one
	key := string(kind) + "\x00" + name
	if head != nil && head.Attr("after") != "yes" {
		key = string(kind) + "\x00" + strings.ToLower(r.TextOf(ui, first, end-1)) + " " + head.Name()
	}
	m := Mention{Unit: ui, First: first, End: end}
	r.dropProblemWords(ui, first, end)
	if at, ok := seen[key]; ok {
		r.Findings[at].Mentions = append(r.Findings[at].Mentions, m)
		return
	}
	f := Finding{Kind: kind, Name: name, Said: r.TextOf(ui, first, end), Assertion: assertion.Present,
		Time: assertion.Current, Subject: assertion.Patient, Ordered: true, Mentions: []Mention{m}}
	f.Reason = r.reasonFor(mention{Mention: m, kind: kind, name: name}, true)
	seen[key] = len(r.Findings)
	r.Findings = append(r.Findings, f)
}

// dropProblemWords removes the mentions of problems inside tokens [first,
// end) of unit ui. A problem left with none is dropped by dropUnmentioned
// once the orders are read: the orders' indices into r.Findings must hold
// until then.
func (r *Reading) dropProblemWords(ui, first, end int) {
	for k := range r.Findings {
		f := &r.Findings[k]
		if f.Kind != Condition && f.Kind != Symptom {
			continue
		}
		ms := f.Mentions[:0]
		for _, m := range f.Mentions {
			if m.Unit != ui || m.First < first || m.End > end {
				ms = append(ms, m)
			}
		}
		f.Mentions = ms
	}
}

// dropUnmentioned drops the problems left with no mention.
func (r *Reading) dropUnmentioned() {
	kept := r.Findings[:0]
	for _, f := range r.Findings {
		if (f.Kind == Condition || f.Kind == Symptom) && len(f.Mentions) == 0 {
			continue
		}
		kept = append(kept, f)
	}
	r.Findings = kept
}

// testBySuffix is the kind of test a word the lexicon does not know names
// by its ending ("spirometry": a lab), or "".
func (r *Reading) testBySuffix(t lexicon.Token) Kind {
	suffixes := r.Lexicon.List("test_suffixes")
	if t.Kind != lexicon.Word || r.Lexicon.Knows(t.Norm) || suffixes.Has(t.Norm) {
		// (a word of not=yes names no test)
		return ""
	}
	for _, e := range suffixes.Entries() {
		if e.Attr("not") == "yes" {
			continue
		}
		for _, suffix := range e.Terms {
			if len(t.Norm) > len(suffix)+minTestStem && strings.HasSuffix(t.Norm, suffix) {
				return Kind(e.Attr("kind"))
			}
		}
	}
	return ""
}

// minTestStem is the fewest letters before a test's ending ("spiro-").
const minTestStem = 3

// testWordsBefore is where the words qualifying a test's head at token head
// start: up to testWords words after token from, none a function word.
func (r *Reading) testWordsBefore(toks []lexicon.Token, from, head int) int {
	first := head
	for first > from && head-first < testWords && r.testWord(toks[first-1]) {
		first--
	}
	return first
}

// testWordsAfter is where the words naming a test after its head end (fr
// "dosage de la rénine"): past a preposition and an article, up to
// testWords words.
func (r *Reading) testWordsAfter(toks []lexicon.Token, from int) int {
	x := r.Lexicon
	k := from
	for k < len(toks) && (x.List("prepositions").Has(toks[k].Norm) || x.List("determiners").Has(toks[k].Norm)) {
		k++
	}
	end := k
	for end < len(toks) && end-k < testWords && r.testWord(toks[end]) {
		end++
	}
	if end == k {
		return from
	}
	return end
}

// testWord reports whether a token may qualify a test's name: a word, not
// a function word, a verb of ordering or a possessive.
func (r *Reading) testWord(t lexicon.Token) bool {
	x := r.Lexicon
	if t.Kind != lexicon.Word && t.Kind != lexicon.Number {
		return false
	}
	for _, list := range []string{"determiners", "own_possessives", "second_person", "prepositions", "conjunctions",
		"list_joins", "fillers", "modals", "order_verbs", "subject_pronouns", "adverbs", "stopwords", "verdict_words", "vague_words"} {
		if x.List(list).Has(t.Norm) {
			return false
		}
	}
	return true
}

// testBack is how many sentences back a test a pronoun stands for may have
// been named.
const testBack = 2

// referredTests orders the test a pronoun after a verb of ordering stands
// for ("looking at your lipid panel from last year ... so we'll repeat
// another one this year"): the last lab or imaging the clinician named in
// the sentences just before, when the sentence names no test of its own
// and orders in earnest (not "I might have to repeat that").
func (r *Reading) referredTests(ms []mention, verbs *lexicon.List, seen map[string]int) {
	x := r.Lexicon
	pronouns := x.List("test_pronouns")
	for ui, u := range r.Units {
		if u.Speaker != transcript.Clinician || r.asks(ui) && !r.proposes(u.Tokens) {
			continue
		}
		toks := u.Tokens
		for i := 0; i < len(toks); i++ {
			e, n := verbs.Match(toks, i)
			if e == nil || e.Attr("action") != "order" || e.Attr("tense") == "past" {
				continue
			}
			p, pn := pronouns.Match(toks, i+n)
			if p == nil || r.itemBetween(ui, i+n, len(toks)) {
				continue
			}
			c := assertion.Of(x, toks, [2]int{i + n, i + n + pn})
			if c.Assertion != assertion.Present || c.Time == assertion.Past || r.uncertainBefore(toks, i) {
				continue
			}
			last := r.lastTestBefore(ms, ui, i)
			if last == nil {
				continue
			}
			key := string(last.kind) + "\x00" + last.name
			if _, ok := seen[key]; ok {
				continue
			}
			f := Finding{Kind: last.kind, Name: last.name, Said: r.TextOf(last.Unit, last.First, last.End), Assertion: assertion.Present,
				Time: assertion.Current, Subject: assertion.Patient, Ordered: true,
				Mentions: []Mention{last.Mention, {Unit: ui, First: i + n, End: i + n + pn, Context: c}}}
			f.Reason = r.reasonFor(*last, true)
			seen[key] = len(r.Findings)
			r.Findings = append(r.Findings, f)
			i += n + pn - 1
		}
	}
}

// uncertainBefore reports whether a word making the plan a maybe stands in
// the few words before the verb at token at ("I might repeat that").
func (r *Reading) uncertainBefore(toks []lexicon.Token, at int) bool {
	maybes := r.Lexicon.List("uncertain_modals")
	for k := max(0, at-uncertainReach); k < at; k++ {
		if maybes.Has(toks[k].Norm) {
			return true
		}
	}
	return false
}

// uncertainReach is how many words before a verb a word of maybe reaches
// ("I might have to repeat").
const uncertainReach = 4

// lastTestBefore is the last lab or imaging the clinician named before
// token at of unit ui, in it or the testBack sentences before it, or nil.
func (r *Reading) lastTestBefore(ms []mention, ui, at int) *mention {
	var last *mention
	for k := range ms {
		m := &ms[k]
		if m.kind != Lab && m.kind != Imaging || m.Unit < ui-testBack || m.Unit > ui || m.Unit == ui && m.End > at ||
			r.Units[m.Unit].Speaker != transcript.Clinician {
			continue
		}
		last = m
	}
	return last
}
