package clinical

// Whether a past finding is over: said so in its sentence, or in the reply
// to it; and a past one only recalled as a cause stays past.

import (
	"github.com/notegen/notegen/internal/assertion"
	"github.com/notegen/notegen/internal/lexicon"
	"github.com/notegen/notegen/internal/transcript"
)

// resolvedBy reports whether a historical trigger of c says the finding is
// over (state=resolved in the context data), not only in the history.
func (r *Reading) resolvedBy(c assertion.Context) bool {
	list := r.Lexicon.List("context")
	for _, t := range c.Triggers {
		if e := list.Lookup(r.Lexicon.Norms(t.Term)); e != nil && e.Attr("state") == "resolved" {
			return true
		}
	}
	return false
}

// resolvedAfter reports whether the mention's sentence goes on to say it is
// over ("I had asthma as a child but it went away"): a historical trigger
// that ends ConText's scope before the word of resolution is not the end
// of what is said of the condition.
func (r *Reading) resolvedAfter(m mention) bool {
	if r.resolvedIn(m.Unit, m.End) {
		return true
	}
	if a := r.replyTo(m); a >= 0 {
		// "As-tu déjà fait de l'asthme ?" "Quand j'étais petit, oui. Mais
		// plus rien depuis l'âge de douze ans.": the reply, in any of its
		// sentences, says it is over; so does the reply to the
		// clinician's "after your second baby you had postnatal
		// depression" ("Oui, ça c'est réglé depuis longtemps.")
		for k := a; k < len(r.Units) && k < a+answerSentences && r.Units[k].Segment == r.Units[a].Segment; k++ {
			if r.resolvedIn(k, 0) {
				return true
			}
		}
	}
	// a sentence that only names the condition ("Postnatal depression.")
	// is finished by the next of its turn ("I had some counselling and it
	// lifted")
	next := m.Unit + 1
	return r.onlyNames(m) && next < len(r.Units) && r.Units[next].Segment == r.Units[m.Unit].Segment && r.resolvedIn(next, 0)
}

// replyTo is the unit that replies to the sentence of m: the answer to
// its question, or, for the last sentence of a clinician's turn, the
// first of the next turn when another speaker says it; -1 when none does.
func (r *Reading) replyTo(m mention) int {
	if m.Answered {
		return r.Answer[m.Unit]
	}
	u, next := r.Units[m.Unit], m.Unit+1
	if u.Speaker != transcript.Clinician || next >= len(r.Units) || r.Units[next].Segment == u.Segment ||
		r.Units[next].Speaker == transcript.Clinician {
		return -1
	}
	return next
}

// onlyNames reports whether a mention's sentence is the term alone.
func (r *Reading) onlyNames(m mention) bool {
	toks := r.Units[m.Unit].Tokens
	for k, t := range toks {
		if (k < m.First || k >= m.End) && t.Kind != lexicon.Punct {
			return false
		}
	}
	return true
}

// recalledAsCause reports whether mention p of a condition dated past by
// another mention only recalls it as a cause, with no word of its own
// ("Because you've had a kidney stone ...", "because of your migraines
// with aura"): it does not make the condition current.
func (r *Reading) recalledAsCause(f *Finding, p mention, pool []mention) bool {
	if f.Kind != Condition || len(p.Context.Triggers) > 0 || !r.inCauseClause(p.Mention) {
		return false
	}
	for _, m := range pool {
		if m.Context.Assertion == assertion.Present && m.Context.Time == assertion.Past {
			return true
		}
	}
	return false
}
