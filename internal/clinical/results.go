package clinical

import (
	"github.com/notegen/notegen/internal/discourse"
	"github.com/notegen/notegen/internal/lexicon"
	"github.com/notegen/notegen/internal/transcript"
)

// readOutResults reads as results the clinician's statements that read a
// test's result out ("the CT shows acute appendicitis", "your white count
// came back normal", "la radio montre une fracture") where the part model
// put them in the history, the exam or the plan: a test named with a word
// that reads a result, and without a verb that orders it or a modal that
// puts it in the future ("we will check the results"), is a result
// whatever else the sentence names. A question, a hypothetical ("if the
// x-ray shows a fracture") and what the patient reports stay where they
// are.
func (r *Reading) readOutResults() {
	tests := []string{"labs", "imaging"}
	cues, orders, modals := r.Lexicon.List("result_cues"), r.Lexicon.List("order_verbs"), r.Lexicon.List("modals")
	hypothetical := r.Lexicon.List("context")
	for i, u := range r.Units {
		if u.Speaker != transcript.Clinician || u.Question {
			continue
		}
		switch u.Part {
		case discourse.History, discourse.Exam, discourse.Plan, discourse.Complaint:
		default:
			continue
		}
		named := false
		for _, name := range tests {
			if at, _ := find(u.Tokens, r.Lexicon.List(name)); at >= 0 {
				named = true
				break
			}
		}
		if !named {
			continue
		}
		if at, _ := find(u.Tokens, cues); at < 0 {
			continue
		}
		if at, _ := find(u.Tokens, orders); at >= 0 {
			continue
		}
		if at, _ := find(u.Tokens, modals); at >= 0 {
			continue
		}
		if r.saysHypothetical(u, hypothetical) {
			continue
		}
		r.Units[i].Part = discourse.Results
	}
}

// saysHypothetical reports whether a unit holds a trigger of the
// hypothetical context ("if", "in case", "as needed").
func (r *Reading) saysHypothetical(u discourse.Unit, context *lexicon.List) bool {
	for k := range u.Tokens {
		if e, _ := context.Match(u.Tokens, k); e != nil && e.Attr("category") == "hypothetical" {
			return true
		}
	}
	return false
}
