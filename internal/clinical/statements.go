package clinical

import (
	"github.com/notegen/notegen/internal/discourse"
	"github.com/notegen/notegen/internal/lexicon"
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
	last := toks[len(toks)-1]
	return last.Kind == lexicon.Punct && (last.Norm == "?" || last.Norm == "." || last.Norm == "!")
}
