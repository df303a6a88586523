package clinical

import (
	"strings"

	"github.com/notegen/notegen/internal/assertion"
	"github.com/notegen/notegen/internal/lexicon"
	"github.com/notegen/notegen/internal/transcript"
)

// linkAnswers pairs each question with the reply that follows it: the
// first unit of the next segment, when another speaker says it. Every
// question that ends a turn is answered by the reply ("any fever? any
// chills?" "no").
func (r *Reading) linkAnswers() {
	r.Answer = make([]int, len(r.Units))
	for i := range r.Answer {
		r.Answer[i] = -1
	}
	r.statedWithTag()
	r.askedByReply()
	for i := 0; i < len(r.Units); {
		seg := r.Units[i].Segment
		j := i
		for j < len(r.Units) && r.Units[j].Segment == seg {
			j++
		}
		// i..j-1 is one segment; j is the next segment's first unit
		if j < len(r.Units) && r.Units[j].Speaker != r.Units[i].Speaker {
			// a reply that opens by asking the question again of someone
			// else ("Gary, any numbness down below? No, he says no."): its
			// answer is what follows the relay in the turn
			a := j
			for a+1 < len(r.Units) && r.Units[a+1].Segment == r.Units[j].Segment && r.Units[a].Question {
				a++
			}
			if r.Units[a].Question {
				a = j
			}
			for k := j - 1; k >= i && r.Units[k].Question; k-- {
				r.Answer[k] = a
			}
		}
		i = j
	}
}

// statedWithTag reads as a statement the clinician's sentence that asks
// only by a request for agreement said without its comma ("I'm gonna go
// ahead and order a hemoglobin a1c for the future okay?"), and marks as a
// plan (planTagged) one that the units read as a question for a tag after
// its comma ("so, I want to increase the norvasc ..., and order a lipid
// panel, okay?": the question model, trained on turns without
// punctuation, reads a long plan said before a tag as a question): in
// either, the words before the tag open with no word of asking.
func (r *Reading) statedWithTag() {
	x := r.Lexicon
	r.planTagged = make([]bool, len(r.Units))
	for i := range r.Units {
		u := &r.Units[i]
		if !u.Question || u.Speaker != transcript.Clinician || len(u.Tokens) == 0 || u.Tokens[len(u.Tokens)-1].Norm != "?" {
			continue
		}
		if at := x.BareTagAt(u.Tokens); at > 0 && r.states(u.Tokens, at) {
			u.Question = false
			continue
		}
		if at := x.TagAt(u.Tokens); at > 0 && r.states(u.Tokens, at) && r.plans(u.Tokens[:at]) {
			r.planTagged[i] = true
		}
	}
}

// plans reports whether a sentence says a decision of the plan: a verb of
// ordering, or of starting, changing or stopping a drug.
func (r *Reading) plans(toks []lexicon.Token) bool {
	if at, _ := find(toks, r.Lexicon.List("order_verbs")); at >= 0 {
		return true
	}
	actions := r.Lexicon.List("med_actions")
	for k := range toks {
		if e, _ := actions.Match(toks, k); e != nil && e.Attr("weak") != "yes" && e.Attr("action") != "continue" {
			return true
		}
	}
	return false
}

// states reports whether the words of a sentence before token at open,
// past spoken openers, with no word of asking.
func (r *Reading) states(toks []lexicon.Token, at int) bool {
	x := r.Lexicon
	k := r.pastOpeners(toks, at)
	if k >= at {
		return false
	}
	e, _ := x.List("question_openers").Match(toks, k)
	return e == nil && !x.List("auxiliaries").Has(toks[k].Norm)
}

// askedByReply reads as a question the clinician's unpunctuated sentence
// that ends a turn, speaks to the patient ("vous êtes enceinte", "you've
// had it before") and gets a yes or a no from the next speaker: a
// recogniser writes no question mark, and a question by intonation has
// no words of asking.
func (r *Reading) askedByReply() {
	x := r.Lexicon
	answers, second := x.List("answers"), x.List("second_person")
	for i := 0; i+1 < len(r.Units); i++ {
		u, next := &r.Units[i], r.Units[i+1]
		if u.Question || u.Speaker != transcript.Clinician || next.Speaker == transcript.Clinician ||
			next.Segment == u.Segment || hasMark(u.Tokens) {
			continue
		}
		if len(u.Tokens) > intonationWords || !r.addressesFirst(u.Tokens, second) {
			continue
		}
		k := 0
		for k < len(next.Tokens) && next.Tokens[k].Kind == lexicon.Punct {
			k++
		}
		if e, _ := answers.Match(next.Tokens, k); e != nil && (e.Attr("reply") == "yes" || e.Attr("reply") == "no") {
			u.Question = true
		}
	}
}

// intonationWords is the longest sentence read as a question by the reply
// it gets: "vous êtes enceinte", not a paragraph of the exam.
const intonationWords = 8

// addressesFirst reports whether a sentence opens, past spoken openers,
// on the one it speaks to ("vous êtes enceinte", "you've had this before"):
// a question by intonation keeps its subject first.
func (r *Reading) addressesFirst(toks []lexicon.Token, second *lexicon.List) bool {
	openers := r.Lexicon.List("openers")
	k := 0
	for k < len(toks) {
		if e, n := openers.Match(toks, k); e != nil {
			k += n
			continue
		}
		break
	}
	return k < len(toks) && second.Has(toks[k].Norm)
}

// hasMark reports whether a sentence has any punctuation: one written
// with marks shows its questions by them.
func hasMark(toks []lexicon.Token) bool {
	for _, t := range toks {
		if t.Kind == lexicon.Punct {
			return true
		}
	}
	return false
}

// answerNamesOther reports whether the answer (unit a) to the question
// holding mention m names another finding the question asked about, and
// nothing of m's: a yes then goes to what it names ("Any chest pain, or
// ankle swelling?" "Yes, my ankles have been swelling." says nothing of
// chest pain). A finding is named by any of its words.
func (r *Reading) answerNamesOther(m Mention, a int) bool {
	q := r.Units[m.Unit].Tokens
	said := map[string]bool{}
	for _, t := range r.Units[a].Tokens {
		if t.Kind == lexicon.Word {
			said[singular(t.Norm)] = true
		}
	}
	stop := r.Lexicon.List("stopwords")
	names := func(first, end int) bool {
		for k := first; k < end; k++ {
			if q[k].Kind == lexicon.Word && !stop.Has(q[k].Norm) && said[singular(q[k].Norm)] {
				return true
			}
		}
		return false
	}
	if names(m.First, m.End) {
		return false
	}
	for at, end := range r.termsIn(q) {
		if (end <= m.First || at >= m.End) && names(at, end) {
			return true
		}
	}
	return false
}

// singular is a word without a plural's "s" ("ankles" names an ankle).
func singular(w string) string {
	if len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") {
		return w[:len(w)-1]
	}
	return w
}

// termsIn returns the symptoms and conditions toks name: each term's
// first token and its end.
func (r *Reading) termsIn(toks []lexicon.Token) map[int]int {
	out := map[int]int{}
	for _, name := range []string{"symptoms", "conditions"} {
		list := r.Lexicon.List(name)
		for i := 0; i < len(toks); i++ {
			if e, n := list.Match(toks, i); e != nil {
				out[i] = i + n
				i += n - 1
			}
		}
	}
	return out
}

// hasSequence reports whether toks hold the words of seq in a row.
func hasSequence(toks, seq []lexicon.Token) bool {
	for i := 0; i+len(seq) <= len(toks); i++ {
		same := len(seq) > 0
		for k := range seq {
			if toks[i+k].Norm != seq[k].Norm {
				same = false
				break
			}
		}
		if same {
			return true
		}
	}
	return false
}

// pastOpeners is the first token of toks, before limit, past the spoken
// openers ("okay so") and marks a sentence opens with.
func (r *Reading) pastOpeners(toks []lexicon.Token, limit int) int {
	openers := r.Lexicon.List("openers")
	k := 0
	for k < limit {
		if e, n := openers.Match(toks, k); e != nil {
			k += n
			continue
		}
		if toks[k].Kind == lexicon.Punct {
			k++
			continue
		}
		break
	}
	return k
}

// replyDeniesItsVital reports whether the reply to the question of m
// denies the vital sign m's symptom is measured by (symptoms' vital=, named
// as vitals lists it): "no temperature" answers "any fever?".
func (r *Reading) replyDeniesItsVital(m mention) bool {
	kind := m.entry.Attr("vital")
	a := r.Answer[m.Unit]
	if kind == "" || a < 0 {
		return false
	}
	vitals := r.Lexicon.List("vitals")
	toks := r.Units[a].Tokens
	for k := range toks {
		if e, n := vitals.Match(toks, k); e != nil && e.Attr("kind") == kind &&
			assertion.Of(r.Lexicon, toks, [2]int{k, k + n}).Assertion == assertion.Absent {
			return true
		}
	}
	return false
}
