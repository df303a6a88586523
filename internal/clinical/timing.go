package clinical

import (
	"github.com/notegen/notegen/internal/assertion"
	"github.com/notegen/notegen/internal/lexicon"
	"github.com/notegen/notegen/internal/transcript"
)

// When a finding was, read beyond its own sentence: the sentences beside
// it that date it, the time of life it is said in, and a condition's scope
// that a boundary model's cut does not end.

// conditionRunsOn reports whether unit i goes on, unpunctuated, from the
// same speaker's unit before it, which ends inside the scope of a
// hypothetical trigger ("if you get ..."): the boundary model cut one
// sentence in two.
func (r *Reading) conditionRunsOn(i int) bool {
	if i == 0 || r.asks(i) {
		return false
	}
	prev, u := r.Units[i-1], r.Units[i]
	if prev.Segment != u.Segment || prev.Speaker != u.Speaker || len(prev.Tokens) == 0 ||
		prev.Tokens[len(prev.Tokens)-1].Kind == lexicon.Punct {
		return false
	}
	end := len(prev.Tokens)
	return assertion.Of(r.Lexicon, prev.Tokens, [2]int{end, end}).Assertion == assertion.Hypothetical
}

// withinTimeOfLife reports whether m is said inside the words of a time of
// life long past ("when I was pregnant", life_times).
func (r *Reading) withinTimeOfLife(m Mention) bool {
	toks := r.Units[m.Unit].Tokens
	list := r.Lexicon.List("life_times")
	for k := max(m.First-4, 0); k < m.First; k++ {
		if e, n := list.Match(toks, k); e != nil && k+n >= m.End && e.Attr("category") == "historical" {
			return true
		}
	}
	return false
}

// datedByNext reports whether the next sentence of the turn dates the one
// that names m: it opens on what was just told ("That was thirty years
// ago.", "C'était il y a trente ans."), names nothing itself and reads as
// past.
func (r *Reading) datedByNext(m Mention) bool {
	u := r.Units[m.Unit]
	next := m.Unit + 1
	if u.Question || next >= len(r.Units) || r.Units[next].Segment != u.Segment {
		return false
	}
	toks := r.Units[next].Tokens
	x := r.Lexicon
	if e, _ := x.List("past_anaphors").Match(toks, 0); e == nil || !r.namesNothing(toks) {
		return false
	}
	// the time is read of the sentence's opening word, as of what it
	// stands for
	return assertion.Of(x, r.withSpokenYears(toks), [2]int{0, 1}).Time == assertion.Past
}

// datedByReply reports whether the clinician's statement that names m,
// checked with the patient ("Vous avez eu une fracture du col du fémur, il
// me semble."), is confirmed by a reply that dates it ("Oui, en deux mille
// vingt et un, le droit."): the first sentence of the other speaker's next
// turn opens on a yes, names nothing itself and reads as past.
func (r *Reading) datedByReply(m Mention) bool {
	u := r.Units[m.Unit]
	next := m.Unit + 1
	if u.Speaker != transcript.Clinician || u.Question || next >= len(r.Units) || r.Units[next].Speaker == transcript.Clinician ||
		r.Units[next].Segment == u.Segment {
		return false
	}
	toks := r.Units[next].Tokens
	e, n := r.Lexicon.List("answers").Match(toks, 0)
	if e == nil || e.Attr("reply") != "yes" {
		return false
	}
	// the time after the yes opens what it says ("Oui, en 2021, ...")
	rest := toks[n:]
	for len(rest) > 0 && rest[0].Norm == "," {
		rest = rest[1:]
	}
	return r.namesNothing(toks) && r.readsAsPast(rest)
}

// datedByNeighbour reports whether a sentence that only names a condition
// is dated by the sentence before it in the turn, which names nothing
// itself and reads as past ("After my youngest was born, ten years ago.").
func (r *Reading) datedByNeighbour(m Mention) bool {
	u := r.Units[m.Unit]
	prev := m.Unit - 1
	if u.Question || !r.onlyNames(mention{Mention: m}) || prev < 0 || r.Units[prev].Segment != u.Segment {
		return false
	}
	toks := r.Units[prev].Tokens
	return r.namesNothing(toks) && r.readsAsPast(toks)
}

// readsAsPast reports whether a sentence, read as what it says of what it
// leaves implicit (a zero-width concept at its end), is past ("After my
// youngest was born, ten years ago.", "When I was like six.").
func (r *Reading) readsAsPast(toks []lexicon.Token) bool {
	for len(toks) > 0 && toks[len(toks)-1].Kind == lexicon.Punct {
		toks = toks[:len(toks)-1]
	}
	// a year said in words is one word, as written ("Oui, en deux mille
	// vingt et un, le droit."): its other words would take up the window
	// of the time said before them
	collapsed := collapseYears(toks, r.withSpokenYears(toks), r.numbersIn(toks))
	return assertion.Of(r.Lexicon, collapsed, [2]int{len(collapsed), len(collapsed)}).Time == assertion.Past
}

// collapseYears is said (toks with each year said in words written as one
// token, the first of its words) without the year's other words.
func collapseYears(toks, said []lexicon.Token, nums []number) []lexicon.Token {
	skip := map[int]bool{}
	for _, n := range nums {
		if said[n.first].Kind == lexicon.Number && toks[n.first].Kind != lexicon.Number {
			for k := n.first + 1; k < n.end; k++ {
				skip[k] = true
			}
		}
	}
	if len(skip) == 0 {
		return said
	}
	out := make([]lexicon.Token, 0, len(said)-len(skip))
	for k, t := range said {
		if !skip[k] {
			out = append(out, t)
		}
	}
	return out
}

// answerDatedAfter reports whether the reply to the question that names m
// goes on, in the replier's next sentence, to date it: a sentence that
// names nothing itself and reads as past ("Yeah." "When I was like six.").
func (r *Reading) answerDatedAfter(m Mention) bool {
	a := r.Answer[m.Unit]
	next := a + 1
	if a < 0 || next >= len(r.Units) || r.Units[next].Speaker != r.Units[a].Speaker || r.Units[next].Question {
		return false
	}
	toks := r.Units[next].Tokens
	return r.namesNothing(toks) && r.readsAsPast(toks)
}

// namesNothing reports whether a sentence names no condition, symptom or
// drug of its own: it can only date what its neighbour names.
func (r *Reading) namesNothing(toks []lexicon.Token) bool {
	for _, name := range []string{"conditions", "symptoms", "medications"} {
		if at, _ := find(toks, r.Lexicon.List(name)); at >= 0 {
			return false
		}
	}
	return true
}

// countedFrom reports whether the condition at m is named right after a
// word of since ("depuis la fracture", "since my stroke"): an event time is
// counted from, past.
func (r *Reading) countedFrom(m Mention) bool {
	toks := r.Units[m.Unit].Tokens
	return endingAt(toks, m.First, r.Lexicon.List("since_words")) >= 0
}
