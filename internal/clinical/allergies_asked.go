package clinical

import (
	"strings"

	"github.com/notegen/notegen/internal/assertion"
	"github.com/notegen/notegen/internal/transcript"
)

// recordWords is how many words may open the clinician's sentence before
// the substance it reads from the record ("I have amoxicillin").
const recordWords = 3

// confirmedAllergies reads the allergies the clinician names in a
// question the patient confirms ("And allergies, still just the
// amoxicillin?" "Yeah, I got hives from it."; "You're allergic to sulfa,
// right?" "Yes."): a substance named after an allergy word in the
// question, asserted by the answer, is an allergy, with the reaction the
// answer tells. A "no" leaves it out: the question asserts nothing.
func (r *Reading) confirmedAllergies(allergic map[string]bool, seen map[string]int) {
	x := r.Lexicon
	cues := x.List("allergy_cues")
	for qi, q := range r.Units {
		a := r.Answer[qi]
		if a < 0 && q.Question {
			// a question the clinician goes on after ("Any allergies? I
			// have amoxicillin on her chart."): the next turn answers it
			a = r.nextTurn(qi)
		}
		if !q.Question || q.Speaker != transcript.Clinician || a < 0 {
			continue
		}
		cueAt, cueN := r.findCue(q.Tokens, cues)
		if cueAt < 0 {
			continue
		}
		// the substance named in the question, or in the clinician's
		// sentence after it ("Any allergies? I have amoxicillin on her
		// chart.")
		ui, from := qi, cueAt+cueN
		if !r.namesAny(q.Tokens[from:], "allergens", "medications") && qi+1 < a && r.Units[qi+1].Segment == q.Segment {
			ui, from = qi+1, 0
		}
		toks := r.Units[ui].Tokens
		for i := from; i < len(toks) && i <= from+allergyReach+recordWords; i++ {
			e, n, drug := r.substanceAt(toks, i)
			if e == nil {
				continue
			}
			if _, ok := seen[e.Name()]; ok {
				break
			}
			c, ok := assertion.Answered(x, toks, [2]int{i, i + n}, r.Units[a].Tokens)
			if !ok || c.Assertion != assertion.Present || c.Subject != assertion.Patient {
				break
			}
			allergic[e.Name()] = true
			r.addAllergy(e.Name(), Mention{Unit: ui, First: i, End: i + n, Context: c}, drug, a, 0, seen)
			break
		}
	}
}

// nextTurn is the first unit of the turn after unit i's, when another
// speaker says it, or -1.
func (r *Reading) nextTurn(i int) int {
	k := i
	for k < len(r.Units) && r.Units[k].Segment == r.Units[i].Segment {
		k++
	}
	if k >= len(r.Units) || r.Units[k].Speaker == r.Units[i].Speaker {
		return -1
	}
	return k
}

// dropDenied takes off the allergies the patient denies after they were
// said (the chart's "penicillin allergy", then "I'm not allergic to
// penicillin, it was my brother").
func (r *Reading) dropDenied(deniedAt map[string]int, allergic map[string]bool, seen map[string]int) {
	drop := map[int]bool{}
	for name, at := range seen {
		last := -1 // the patient's last word of it (the clinician's "I'll
		// take penicillin off your allergy list" names it too)
		for _, m := range r.Findings[at].Mentions {
			// (a mention that names it: an answer confirming another
			// allergy is read into the finding too)
			said := r.Lexicon.Norms(r.TextOf(m.Unit, m.First, m.End))
			if r.Units[m.Unit].Speaker != transcript.Clinician && strings.Contains(said, r.Lexicon.Norms(name)) {
				last = max(last, m.Unit)
			}
		}
		if d, ok := deniedAt[name]; ok && d >= last {
			drop[at] = true
			delete(allergic, name)
		}
	}
	if len(drop) == 0 {
		return
	}
	r.dropFindings(drop)
	for name, at := range seen {
		// (seen's indices after the drop, for what reads it next)
		shift := 0
		for k := range drop {
			if k < at {
				shift++
			}
		}
		seen[name] = at - shift
	}
}
