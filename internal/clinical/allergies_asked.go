package clinical

import (
	"strings"

	"github.com/notegen/notegen/internal/assertion"
	"github.com/notegen/notegen/internal/transcript"
)

// confirmedAllergies reads the allergies the clinician names in a
// question the patient confirms ("And allergies, still just the
// amoxicillin?" "Yeah, I got hives from it."; "You're allergic to sulfa,
// right?" "Yes."): a substance named after an allergy word in the
// question, asserted by the answer, is an allergy, with the reaction the
// answer tells. A "no" leaves it out: the question asserts nothing.
func (r *Reading) confirmedAllergies(allergic map[string]bool, seen map[string]int) {
	x := r.Lexicon
	cues, allergens, meds, reactions := x.List("allergy_cues"), x.List("allergens"), x.List("medications"), x.List("reactions")
	for qi, q := range r.Units {
		a := r.Answer[qi]
		if !q.Question || q.Speaker != transcript.Clinician || a < 0 {
			continue
		}
		cueAt, cueN := r.findCue(q.Tokens, cues)
		if cueAt < 0 {
			continue
		}
		for i := cueAt + cueN; i < len(q.Tokens) && i <= cueAt+cueN+allergyReach; i++ {
			e, n := allergens.Match(q.Tokens, i)
			drug := false
			if e2, n2 := meds.Match(q.Tokens, i); e2 != nil && n2 >= n {
				e, n, drug = e2, n2, true
			}
			if e == nil {
				continue
			}
			if _, ok := seen[e.Name()]; ok {
				break
			}
			c, ok := assertion.Answered(x, q.Tokens, [2]int{i, i + n}, r.Units[a].Tokens)
			if !ok || c.Assertion != assertion.Present || c.Subject != assertion.Patient {
				break
			}
			f := Finding{Kind: Allergy, Name: e.Name(), Said: r.TextOf(qi, i, i+n), Assertion: assertion.Present, Time: assertion.Current,
				Subject: assertion.Patient, Mentions: []Mention{{Unit: qi, First: i, End: i + n, Context: c}}}
			if drug {
				f.Name = strings.ToLower(f.Said)
			}
			r.addReaction(&f, a, 0, reactions)
			allergic[e.Name()] = true
			seen[e.Name()] = len(r.Findings)
			r.Findings = append(r.Findings, f)
			break
		}
	}
}
