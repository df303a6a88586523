// Package assertion reads the context of a clinical concept mentioned in a
// sentence: whether it is asserted, denied, possible or only hypothetical,
// whether it is current or past, and whether it is about the patient or
// someone else. It follows NegEx (Chapman et al., "A simple algorithm for
// identifying negated findings and diseases in discharge summaries",
// J Biomed Inform 2001) and its extension ConText (Harkema et al.,
// "ConText: an algorithm for determining negation, experiencer, and
// temporal status from clinical reports", J Biomed Inform 2009), with the
// French adaptations' categories (Deléger & Grouin 2012; Abdaoui et al.'s
// French ConText, 2017).
//
// The algorithm: find every trigger term in the sentence (longest match
// first, so a pseudo-trigger such as "no change in" or "gram negative"
// hides the trigger inside it); each trigger's scope runs forward, backward
// or both from it and ends at
//   - a termination term for its category ("but", "except", "however"),
//   - the next trigger of the same feature (NegEx ends a negation's scope at
//     the next negation term; here negated and possible share a feature,
//     as do historical and hypothetical),
//   - a sentence or clause boundary (. ? ! ; …), the end of the sentence,
//   - or a window of six words, as NegEx bounds a trigger to a few words
//     (five in the original): ConText's scope runs to the end of the
//     sentence, which is right for written notes but not for a speech
//     recogniser's unpunctuated run-on text ("no fever um well the thing
//     is the cough keeps me up"). The window counts words from the trigger
//     or from the last list separator, a comma or a list joiner of the
//     data ("and", "or", "et"), so a negation still reaches across a list
//     of any length ("no fever, chills, night sweats or weight loss"); the
//     concept counts as one word, as NegEx counts a medical phrase, and an
//     elided word ("d'", "l'") counts with the word it leans on. On the
//     labelled sets a window of five, eight or none scores the same; six
//     is the smallest that keeps "haven't had any fevers or chills".
//
// Commas and list joiners do not end a scope. Double negations are the ones
// NegEx defines, as triggers of their own: "not ruled out", "cannot be
// excluded" are possible. A trigger written with a gap ("ne ... pas",
// "not ... anymore") fires only when its second part follows.
//
// All words are data: internal/lexicon/data/<lang>/context.txt holds the
// triggers and answers.txt the reply words; this code holds none.
package assertion

import (
	"strings"

	"github.com/notegen/notegen/internal/lexicon"
)

// Assertion is whether a concept is said to be there.
type Assertion string

// The assertions.
const (
	Present Assertion = "present"
	Absent  Assertion = "absent"
	// Possible is a concept suspected, probable or being ruled out.
	Possible Assertion = "possible"
	// Hypothetical is a concept under a condition or in the future: "call
	// if you get chest pain".
	Hypothetical Assertion = "hypothetical"
)

// Time is when a concept holds.
type Time string

// The times.
const (
	Current Time = "current"
	// Past is a concept of the history (ConText's historical) or one that
	// has resolved: "history of asthma", "used to smoke".
	Past Time = "past"
)

// Subject is who a concept is about.
type Subject string

// The subjects.
const (
	Patient Subject = "patient"
	// Family is a relative: "my mother has diabetes".
	Family Subject = "family"
	// Other is someone else: a partner, a colleague.
	Other Subject = "other"
)

// Trigger is a term that gave a concept its context, for traces.
type Trigger struct {
	// Category is the trigger's ConText category ("negated", "possible",
	// "hypothetical", "historical", "experiencer"), or "answer" for a reply
	// word read by Answered.
	Category string
	// Term is the trigger's words as matched ("not ... anymore").
	Term string
	// Start and End are the trigger's token range in its sentence (the
	// opening part of a gapped trigger).
	Start, End int
}

// String is the trigger as traces print it: "negated:denies".
func (t Trigger) String() string { return t.Category + ":" + t.Term }

// Context is what a sentence says of a concept beyond naming it.
type Context struct {
	Assertion Assertion
	Time      Time
	Subject   Subject
	// Triggers are the triggers whose scope holds the concept, in order.
	Triggers []Trigger
}

// defaultWindow is how many words a trigger reaches when its entry sets no
// scope of its own (see the package comment).
const defaultWindow = 6

// Of reads the context of the concept at target, a token range [first,
// end) of toks, the tokens of one sentence from x.Tokenize. A range
// outside toks is clipped to it.
func Of(x *lexicon.Lexicon, toks []lexicon.Token, target [2]int) Context {
	r := rulesFor(x)
	target = clip(target, len(toks))
	return r.read(toks, r.matches(toks, target, true), target)
}

// clip returns target within [0, n].
func clip(target [2]int, n int) [2]int {
	first := min(max(target[0], 0), n)
	return [2]int{first, min(max(target[1], first), n)}
}

// match is one trigger found in a sentence.
type match struct {
	rule       *rule
	start, end int // the trigger's tokens; a gapped trigger's opening part
	// closeStart and closeEnd are a gapped trigger's closing part, empty
	// for the others.
	closeStart, closeEnd int
}

// words returns the trigger's words as matched, its two parts joined by
// the gap mark.
func (m match) words(toks []lexicon.Token) string {
	var b strings.Builder
	add := func(from, to int) {
		for k := from; k < to; k++ {
			if b.Len() > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(toks[k].Norm)
		}
	}
	add(m.start, m.end)
	if m.closeEnd > 0 {
		b.WriteString(" " + gapMark)
		add(m.closeStart, m.closeEnd)
	}
	return b.String()
}

// matches finds the sentence's triggers, left to right, longest first,
// none inside the target: the concept is not its own context. skipHead
// passes over reply words opening the sentence ("No, ...").
func (r *rules) matches(toks []lexicon.Token, target [2]int, skipHead bool) []match {
	toks = r.withAges(withYears(toks))
	var out []match
	// a pseudo-trigger that runs to the concept's end hides the trigger
	// inside it even across the concept, as NegEx matches pseudo-triggers
	// on the raw sentence: "no known [drug allergies]", "pas d'[allergie]
	// connue"; one that ends inside the concept does not ("pas de
	// [problème cardiaque]")
	if p, ok := r.spanningPseudo(toks, target); ok {
		out = append(out, p)
		target = [2]int{min(p.start, target[0]), max(p.end, target[1])}
	}
	i := 0
	if skipHead {
		i = r.replyHead(toks)
	}
	for i < len(toks) {
		switch {
		case i >= target[0] && i < target[1]:
			i = target[1]
			continue
		case toks[i].Kind == lexicon.Punct || closedBy(out, i):
			i++
			continue
		}
		m, ok := r.matchAt(toks, i, target)
		if !ok {
			i++
			continue
		}
		if m.rule.limit && m.start > 0 && toks[m.start-1].Norm == "," && (m.end >= len(toks) || isBoundary(toks[m.end].Norm)) {
			// "two or three beers at the weekend, no more": a limit
			i = m.end
			continue
		}
		if m.rule.cat == possible && m.end < len(toks) && (toks[m.end].Kind == lexicon.Number ||
			r.lex.List("number_words").Has(toks[m.end].Norm) && !r.lex.List("determiners").Has(toks[m.end].Norm)) {
			// "maybe two or three beers", "about ten a day": an amount
			// given roughly, not a finding in doubt
			i = m.end
			continue
		}
		if m.rule.cat == experiencer && r.addressed(toks, m.start) {
			// "please tell mom that Mateo has bronchiolitis": the relative
			// is who is told, not whom it is about
			i = m.end
			continue
		}
		if m.rule.cat == historical && r.durationBefore(toks, m.start) {
			// "a six month history of pain": how long it has lasted, not
			// a past condition (ConText reads "history" after a duration
			// as current)
			i = m.end
			continue
		}
		out = append(out, m)
		i = m.end
	}
	return out
}

// addressed reports whether the words before token at are a verb of
// telling and, at most, a determiner ("tell your mom", "dites à maman"):
// what follows is the one spoken to. A relative called by name as the
// sentence opens or closes ("Mom, Eli is having anaphylaxis", "He's
// fine, Dad.") is spoken to as well.
func (r *rules) addressed(toks []lexicon.Token, at int) bool {
	if r.vocative(toks, at) {
		return true
	}
	end := at
	if end > 0 && r.lex.List("determiners").Has(toks[end-1].Norm) {
		end--
	}
	verbs := r.lex.List("addressing_verbs")
	for s := max(end-3, 0); s < end; s++ {
		if e, n := verbs.Match(toks, s); e != nil && s+n == end {
			return true
		}
	}
	return false
}

// vocative reports whether the trigger at token at is a relative called
// on alone: it opens the sentence (past openers: "Okay, Mom, ...") and a
// comma follows it, or a comma comes before it and the sentence ends
// after it. A list of relatives ("Mom, Dad, both of them") calls on no
// one.
func (r *rules) vocative(toks []lexicon.Token, at int) bool {
	_, n := r.trigger(toks, at)
	if n != 1 {
		return false
	}
	next := at + 1
	k := 0
	for k < at && (toks[k].Kind == lexicon.Punct || r.lex.List("openers").Has(toks[k].Norm)) {
		k++
	}
	if k == at && next < len(toks) && toks[next].Norm == "," {
		if e, _ := r.trigger(toks, next+1); e != nil {
			return false
		}
		return true
	}
	return at > 0 && toks[at-1].Norm == "," && (next == len(toks) || isBoundary(toks[next].Norm))
}

// durationBefore reports whether a unit of time stands right before token
// at ("six month history", "two-week history").
func (r *rules) durationBefore(toks []lexicon.Token, at int) bool {
	k := at - 1
	for k >= 0 && toks[k].Norm == "-" {
		k--
	}
	if k < 0 {
		return false
	}
	e, n := r.lex.List("time_units").Match(toks, k)
	return e != nil && k+n == at
}

// spanningPseudo returns the longest pseudo-trigger that overlaps the
// target and reaches its end.
func (r *rules) spanningPseudo(toks []lexicon.Token, target [2]int) (match, bool) {
	var best match
	found := false
	for s := max(target[0]-r.pseudoLen+1, 0); s < target[1]; s++ {
		e, n := r.trigger(toks, s)
		if e == nil || r.byEntry[e].cat != pseudo || s+n < target[1] || s+n <= target[0] {
			continue
		}
		if !found || n > best.end-best.start {
			best, found = match{rule: r.byEntry[e], start: s, end: s + n}, true
		}
	}
	return best, found
}

// closedBy reports whether token i is the closing part of a gapped trigger
// already found.
func closedBy(ms []match, i int) bool {
	for k := len(ms) - 1; k >= 0; k-- {
		if i >= ms[k].closeStart && i < ms[k].closeEnd {
			return true
		}
	}
	return false
}

// matchAt returns the trigger starting at token i: a gapped trigger whose
// closing part is nearest, unless a contiguous term is longer than its
// opening part ("n'exclut pas" over "ne ... pas").
func (r *rules) matchAt(toks []lexicon.Token, i int, target [2]int) (match, bool) {
	var best match
	found := false
	for _, g := range r.gapped[toks[i].Norm] {
		if !hasWords(toks, i, g.open) {
			continue
		}
		open := i + len(g.open)
		if open > target[0] && i < target[1] {
			continue
		}
		words := 0
		for k := open; k < len(toks) && toks[k].Kind != lexicon.Punct && words <= g.gap; {
			if k == target[0] && target[1] > k {
				k, words = target[1], words+1
				continue
			}
			if hasWords(toks, k, g.close) && (k+len(g.close) <= target[0] || k >= target[1]) {
				if !found || k < best.closeStart || k == best.closeStart && open > best.end {
					best, found = match{rule: g.rule, start: i, end: open, closeStart: k, closeEnd: k + len(g.close)}, true
				}
				break
			}
			k, words = k+1, words+1
		}
	}
	// a term may not run into the concept: before it, match only the
	// words before it, so "pas de problème" (a pseudo-trigger) gives way to
	// "pas" in "pas de [problème cardiaque]"
	before := toks
	if i < target[0] {
		before = toks[:target[0]]
	}
	e, n := r.trigger(before, i)
	if e != nil && (!found || n > best.end-i) {
		return match{rule: r.byEntry[e], start: i, end: i + n}, true
	}
	return best, found
}

func hasWords(toks []lexicon.Token, i int, words []string) bool {
	if i+len(words) > len(toks) {
		return false
	}
	for k, w := range words {
		if t := toks[i+k]; t.Kind == lexicon.Punct || t.Norm != w {
			return false
		}
	}
	return true
}

// withYears returns toks with every year (a four-digit number from 1900 to
// 2099) normalised to the year placeholder the data's terms use; toks
// itself when it has none.
func withYears(toks []lexicon.Token) []lexicon.Token {
	return withPlaceholder(toks, yearNorm, func(i int) bool { return isYear(toks[i]) })
}

// withAges returns toks with every age (a number of at most three digits,
// or in words, after a word that gives an age: "when I was nineteen")
// normalised to the age placeholder the data's terms use; toks itself when
// it has none.
func (r *rules) withAges(toks []lexicon.Token) []lexicon.Token {
	leads, words := r.lex.List("age_leads"), r.lex.List("number_words")
	led := func(i int) bool {
		e := leads.Lookup(toks[i].Norm)
		return e != nil && (e.Attr("hedge") != "yes" || i > 0 && plainLead(leads, toks[i-1].Norm))
	}
	isAge := func(i int) bool {
		t := toks[i]
		return i > 0 && led(i-1) && (t.Kind == lexicon.Number && len(t.Norm) <= 3 && isDigits(t.Norm) || words.Has(t.Norm))
	}
	return withPlaceholder(toks, ageNorm, func(i int) bool {
		// an age said in two words ("dix-sept", "twenty one") is two
		// placeholders: the terms say "00 00" too
		return isAge(i) || i > 1 && isAge(i-1) && words.Has(toks[i].Norm)
	})
}

// plainLead reports whether norm leads an age without a hedge ("was", "aged").
func plainLead(leads *lexicon.List, norm string) bool {
	e := leads.Lookup(norm)
	return e != nil && e.Attr("hedge") != "yes"
}

// withPlaceholder returns toks with placeholder as the Norm of every token
// at which is holds, copied on the first; toks itself when it holds at
// none.
func withPlaceholder(toks []lexicon.Token, placeholder string, is func(i int) bool) []lexicon.Token {
	var out []lexicon.Token
	for i := range toks {
		if !is(i) {
			continue
		}
		if out == nil {
			out = append([]lexicon.Token(nil), toks...)
		}
		out[i].Norm = placeholder
	}
	if out == nil {
		return toks
	}
	return out
}

func isDigits(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return s != ""
}

func isYear(t lexicon.Token) bool {
	n := t.Norm
	if t.Kind != lexicon.Number || len(n) != 4 || !(n[:2] == "19" || n[:2] == "20") {
		return false
	}
	return n[2] >= '0' && n[2] <= '9' && n[3] >= '0' && n[3] <= '9'
}

// replyHead returns where a sentence's content starts: after reply words
// followed by punctuation ("No, just a cough.", "Non, pas de fièvre."),
// which answer a question rather than qualify what follows.
func (r *rules) replyHead(toks []lexicon.Token) int {
	i := 0
	for i < len(toks) {
		e, n := r.answers.Match(toks, i)
		if e == nil || i+n >= len(toks) || toks[i+n].Kind != lexicon.Punct {
			return i
		}
		if k := r.replies[e].kind; k == replyPast || k == replyProform {
			return i
		}
		i += n
		for i < len(toks) && toks[i].Kind == lexicon.Punct {
			i++
		}
	}
	return i
}

// read combines the triggers whose scope holds the target into a Context.
func (r *rules) read(toks []lexicon.Token, ms []match, target [2]int) Context {
	c := Context{Assertion: Present, Time: Current, Subject: Patient}
	if len(ms) == 0 {
		return c
	}
	owner := make([]int, len(toks))
	for i := range owner {
		owner[i] = -1
	}
	for mi, m := range ms {
		for k := m.start; k < m.end; k++ {
			owner[k] = mi
		}
		for k := m.closeStart; k < m.closeEnd; k++ {
			owner[k] = mi
		}
	}
	var applied categorySet
	for mi, m := range ms {
		cat := m.rule.cat
		if cat == pseudo || cat == terminate || cat == list || !r.covers(toks, ms, owner, mi, target) {
			continue
		}
		applied |= 1 << cat
		if cat == experiencer {
			// the nearest experiencer wins: a later one ends an earlier
			// one's scope, and one after the concept is read last
			c.Subject = m.rule.subject
		}
		c.Triggers = append(c.Triggers, Trigger{Category: cat.String(), Term: m.words(toks), Start: m.start, End: m.end})
	}
	switch {
	case applied.has(hypothetical):
		c.Assertion = Hypothetical
	case applied.has(negated):
		c.Assertion = Absent
	case applied.has(possible):
		c.Assertion = Possible
	}
	if applied.has(historical) {
		c.Time = Past
	}
	return c
}
