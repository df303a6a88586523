package clinical

import (
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
			for k := j - 1; k >= i && r.Units[k].Question; k-- {
				r.Answer[k] = j
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
	openers := x.List("openers")
	k := 0
	for k < at {
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
