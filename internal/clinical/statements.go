package clinical

import (
	"github.com/notegen/notegen/internal/discourse"
	"github.com/notegen/notegen/internal/lexicon"
	"github.com/notegen/notegen/internal/transcript"
)

// unaskAssertions makes statements of the units that the question model
// read as questions but that assert an impression in the first person
// ("what you have is medial epicondylitis", "is that i think you have a
// knee sprain": a recogniser's text has no question mark, and a unit cut
// after "what i want to tell you" opens like a question). A clinician
// asking does not say "i think you have" or "my impression is"; a unit
// that ends with a question mark keeps what the mark says.
func unaskAssertions(units []discourse.Unit, x *lexicon.Lexicon) {
	cues := x.List("impression_cues")
	for i := range units {
		u := &units[i]
		if !u.Question || endsWithMark(u.Tokens) {
			continue
		}
		for k := range u.Tokens {
			if e, _ := cues.Match(u.Tokens, k); e != nil && e.Attr("asserts") == "yes" {
				u.Question = false
				break
			}
		}
	}
}

// endsWithMark reports whether a unit ends with a question mark or a
// full stop: its punctuation, not the model, said what it is.
func endsWithMark(toks []lexicon.Token) bool {
	return endsSentence(toks[len(toks)-1])
}

// assessmentIsTheClinicians gives another part to the units of a
// companion that the part model put in the assessment ("She says he's
// healthy, he has never had a urine infection", an interpreter relaying
// the history): the assessment is what the clinician concludes, and a
// relayed or reported sentence goes where the model's next choice of a
// part of the history or the exam puts it (a companion says it to be
// charted). The patient's units keep their part: in a recogniser's unlabelled
// lines the role model gives some of the clinician's to the patient,
// the diagnosis among them.
func assessmentIsTheClinicians(units []discourse.Unit) {
	for i := range units {
		u := &units[i]
		if u.Part != discourse.Assessment || u.Speaker != transcript.Other {
			continue
		}
		best, bestP := discourse.History, -1.0
		for k, p := range u.Probs {
			if part := discourse.Parts[k]; part != discourse.Assessment && part != discourse.Plan && part != discourse.Drop && p > bestP {
				best, bestP = part, p
			}
		}
		u.Part = best
	}
}
