package assertion

import (
	"github.com/notegen/notegen/internal/lexicon"
)

// Answered reads what an answer says of a concept a question asked about:
// the clinician asks "Any chest pain?" (target is "chest pain"'s token
// range in question) and the patient answers "No.". Both are token
// slices from x.Tokenize; the answer may hold several sentences.
//
// The answer is read in this order:
//  1. it names the concept again ("No chest pain, just a cough."): the
//     concept's context there, by Of;
//  2. it opens with a reply (answers.txt: "no", "nope", "a little", "I used
//     to", "not anymore", "non", "un peu", "j'ai arrêté"): the reply's
//     polarity, refined by the rest of the answer read as if it ended with
//     the concept ("No, but I used to." is past);
//  3. it is elliptical, every word a trigger or a reply word ("Never.",
//     "My dad did."): the answer read as if it ended with the concept.
//
// Time and subject the question gives ("Any heart disease in the family?")
// carry over unless the answer says otherwise. An answer about something
// else ("I've been tired.") says nothing of the concept: ok is false.
func Answered(x *lexicon.Lexicon, question []lexicon.Token, target [2]int, answer []lexicon.Token) (c Context, ok bool) {
	r := rulesFor(x)
	target = clip(target, len(question))
	asked := Of(x, question, target)
	if span, found := find(answer, question[target[0]:target[1]]); found {
		c = Of(x, answer, span)
		if c.Subject == Patient {
			c.Subject = asked.Subject
		}
		if asked.Time == Past {
			c.Time = Past
		}
		return c, true
	}
	c = Context{Assertion: Present, Time: asked.Time, Subject: asked.Subject}
	i := r.skipFillers(answer, 0)
	if e, n := r.answers.Match(answer, i); e != nil && r.opens(answer, i, e, n) {
		c.apply(r.replies[e].kind)
		c.Triggers = append(c.Triggers, Trigger{Category: "answer", Term: match{start: i, end: i + n}.words(answer), Start: i, End: i + n})
		rest := trimPunct(answer[i+n:])
		// a second reply corrects the first: "Yeah, no.", "Ouais, pas mal."
		j := r.skipFillers(rest, 0)
		if f, m := r.answers.Match(rest, j); f != nil && r.opens(rest, j, f, m) && !placeFollows(x, rest, j+m) && !namesOther(x, r, rest, j+m) {
			c.Assertion, c.Time = Present, asked.Time
			c.apply(r.replies[f].kind)
			c.Triggers = append(c.Triggers, Trigger{Category: "answer", Term: match{start: j, end: j + m}.words(rest), Start: i + n + j, End: i + n + j + m})
			j += m
		} else {
			j = 0
		}
		rest = rest[j:]
		v := r.read(rest, r.implicit(r.matches(rest, [2]int{len(rest), len(rest)}, false)), [2]int{len(rest), len(rest)})
		refine(&c, v, i+n+j, r.elliptical(rest))
		return c, true
	}
	if r.countsRate(answer) {
		// "Are you still smoking?" "About ten a day.": a count per day
		// or week of what was asked says it goes on
		return c, true
	}
	if !r.elliptical(answer) {
		return Context{}, false
	}
	whole := trimPunct(answer)
	v := r.read(whole, r.implicit(r.matches(whole, [2]int{len(whole), len(whole)}, false)), [2]int{len(whole), len(whole)})
	if len(v.Triggers) == 0 && !r.hasReply(whole) {
		return Context{}, false
	}
	refine(&c, v, 0, true)
	if v.Subject != Patient {
		c.Subject = v.Subject
	}
	return c, true
}

// implicit keeps the matches that may speak of a concept an answer leaves
// implicit: not those of terms that speak only of a concept named right
// after them.
func (r *rules) implicit(ms []match) []match {
	out := ms[:0:0]
	for _, m := range ms {
		if m.rule == nil || !m.rule.named {
			out = append(out, m)
		}
	}
	return out
}

// rateReach is how many tokens from an answer's start its count may be,
// and from the count its rate ("about ten a day", "maybe two or three a
// week").
const rateReach = 4

// countsRate reports whether an answer opens with a count per unit of
// time: a number within its first words and a rate word soon after it.
func (r *rules) countsRate(answer []lexicon.Token) bool {
	rates, numbers := r.lex.List("rate_words"), r.lex.List("number_words")
	for i := 0; i < len(answer) && i < rateReach; i++ {
		t := answer[i]
		if t.Kind != lexicon.Number && !numbers.Has(t.Norm) {
			continue
		}
		for k := i + 1; k < len(answer) && k <= i+rateReach; k++ {
			if answer[k].Kind == lexicon.Punct && answer[k].Norm != "," {
				return false
			}
			if e, _ := rates.Match(answer, k); e != nil {
				return true
			}
		}
		return false
	}
	return false
}

// namesOther reports whether a noun phrase starts at token i, after a
// second reply ("No, just a cough.", "No, only my knee."): the answer goes
// on to name something else than what was asked, and the first reply
// stands. A further reply there ("No, just a little.") is no noun phrase:
// the second reply corrects the first.
func namesOther(x *lexicon.Lexicon, r *rules, toks []lexicon.Token, i int) bool {
	if i >= len(toks) {
		return false
	}
	if e, _ := r.answers.Match(toks, i); e != nil && r.replies[e].kind != replyProform && r.replies[e].kind != replyFiller {
		return false
	}
	return x.List("determiners").Has(toks[i].Norm)
}

// placeFollows reports whether a place follows token i ("no, just in my
// belly", "non, juste en bas du ventre"): a second reply that says where
// the complaint is instead restricts the first one, and the first stands.
func placeFollows(x *lexicon.Lexicon, toks []lexicon.Token, i int) bool {
	return i < len(toks) && x.List("prepositions").Has(toks[i].Norm)
}

// apply sets what a reply of kind says.
func (c *Context) apply(kind replyKind) {
	switch kind {
	case replyNo:
		c.Assertion = Absent
	case replyUnsure:
		c.Assertion = Possible
	case replyPast:
		c.Time = Past
	}
}

// refine applies to a reply what the rest of the answer says of the
// concept: a past ("No, but I used to.", "No, I quit smoking years ago.")
// makes a denial a concept that held before; an elliptical rest, all
// triggers and reply words, may also change the polarity ("Yeah, no." is
// absent, "Yes, possibly." possible), while a rest that says something of
// its own ("I don't know, I don't weigh myself.") may not. offset is where
// the rest starts in the answer, for the triggers' ranges.
func refine(c *Context, v Context, offset int, elliptical bool) {
	if elliptical && v.Assertion != Present {
		c.Assertion = v.Assertion
	}
	if v.Time == Past {
		c.Time = Past
		if v.Assertion == Present && c.Assertion == Absent {
			c.Assertion = Present
		}
	}
	for _, t := range v.Triggers {
		t.Start, t.End = t.Start+offset, t.End+offset
		c.Triggers = append(c.Triggers, t)
	}
}

// opens reports whether reply entry e, n tokens at answer[i:], opens the
// answer as a reply: fillers and pro-forms never do, and an echo reply
// ("I do", "I have") only when nothing but pro-forms, fillers and other
// replies follow it before the next punctuation mark.
func (r *rules) opens(answer []lexicon.Token, i int, e *lexicon.Entry, n int) bool {
	rep := r.replies[e]
	if rep.kind == replyFiller || rep.kind == replyProform {
		return false
	}
	if !rep.alone {
		return true
	}
	for k := i + n; k < len(answer) && answer[k].Kind != lexicon.Punct; {
		f, m := r.answers.Match(answer, k)
		if f == nil {
			return false
		}
		k += m
	}
	return true
}

// elliptical reports whether every word of the answer is a trigger or a
// reply word: an answer that leaves the concept implicit.
func (r *rules) elliptical(answer []lexicon.Token) bool {
	toks := withYears(answer)
	words := 0
	for k := 0; k < len(toks); {
		if toks[k].Kind == lexicon.Punct {
			k++
			continue
		}
		words++
		if e, n := r.answers.Match(toks, k); e != nil {
			k += n
			continue
		}
		if m, ok := r.matchAt(toks, k, [2]int{len(toks), len(toks)}); ok {
			k = m.end
			continue
		}
		if closesGap(r, toks, k) {
			k++
			continue
		}
		return false
	}
	return words > 0
}

// closesGap reports whether token k is the closing part of a gapped
// trigger opened earlier in toks ("not ... anymore").
func closesGap(r *rules, toks []lexicon.Token, k int) bool {
	for _, m := range r.matches(toks[:k+1], [2]int{k + 1, k + 1}, false) {
		if k >= m.closeStart && k < m.closeEnd {
			return true
		}
	}
	return false
}

// hasReply reports whether toks hold a reply word other than a filler or
// pro-form.
func (r *rules) hasReply(toks []lexicon.Token) bool {
	for k := 0; k < len(toks); k++ {
		if e, n := r.answers.Match(toks, k); e != nil {
			if kind := r.replies[e].kind; kind != replyFiller && kind != replyProform {
				return true
			}
			k += n - 1
		}
	}
	return false
}

// skipFillers returns the index of the first token from i that is neither
// punctuation nor a filler ("um", "well", "euh").
func (r *rules) skipFillers(toks []lexicon.Token, i int) int {
	for i < len(toks) {
		if toks[i].Kind == lexicon.Punct {
			i++
			continue
		}
		e, n := r.answers.Match(toks, i)
		if e == nil || r.replies[e].kind != replyFiller {
			return i
		}
		i += n
	}
	return i
}

// find returns where the words of want (punctuation aside) occur in toks,
// as a token range.
func find(toks, want []lexicon.Token) ([2]int, bool) {
	var words []string
	for _, t := range want {
		if t.Kind != lexicon.Punct {
			words = append(words, t.Norm)
		}
	}
	if len(words) == 0 {
		return [2]int{}, false
	}
	for i := range toks {
		if hasWords(toks, i, words) {
			return [2]int{i, i + len(words)}, true
		}
	}
	return [2]int{}, false
}

// trimPunct drops the punctuation that ends toks, so that a concept left
// implicit sits right after the last word.
func trimPunct(toks []lexicon.Token) []lexicon.Token {
	for len(toks) > 0 && toks[len(toks)-1].Kind == lexicon.Punct {
		toks = toks[:len(toks)-1]
	}
	return toks
}
