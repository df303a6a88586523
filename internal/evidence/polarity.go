package evidence

import (
	"strings"
	"unicode"

	"github.com/notegen/notegen/internal/facts"
	"github.com/notegen/notegen/internal/transcript"
)

// Contradicts reports whether a citation of a question and its direct
// answer (see Citations) answers against its sentence: a denial ("Denies
// fever.") citing an answer that opens with a yes, or a report ("Endorses
// fatigue.") citing one that opens with a no. The content-word check
// cannot see polarity, which the answer alone carries; this is its
// cross-check, for the evaluation.
func Contradicts(sentence string, citation []facts.Span, segs []transcript.Segment) bool {
	if len(citation) < 2 {
		return false
	}
	var denies, reports bool
	for _, w := range strings.Fields(strings.ToLower(Claim(sentence))) {
		w = strings.Trim(w, ",.:;")
		denies = denies || denyWords[w]
		reports = reports || reportWords[w]
	}
	if denies == reports {
		return false
	}
	yes, ok := answerPolarity(SpanText(segs, citation[1]))
	return ok && yes == denies
}

// answerPolarity reads the yes or no an answer opens with, fillers aside.
func answerPolarity(answer string) (yes, ok bool) {
	for _, w := range strings.FieldsFunc(strings.ToLower(answer), func(r rune) bool { return !unicode.IsLetter(r) && r != '-' && r != '\'' }) {
		switch {
		case fillers[w]:
			continue
		case yesWords[w]:
			return true, true
		case polarity[w]:
			return false, true
		}
		return false, false
	}
	return false, false
}

var (
	denyWords   = setOf("denies denied nie")
	reportWords = setOf("endorses endorsed reports reported rapporte")
	yesWords    = setOf("yes yeah yep yup uh-huh mm-hmm oui")
)
