package discourse

import (
	"github.com/notegen/notegen/internal/lexicon"
)

// Questioner says whether a unit asks. Punctuated text says so itself (a
// question mark); text without it, as speech recognisers write it, is read
// by the language's question model, trained on punctuated dialogue with
// the punctuation taken out, or, for a language without one, by the
// words that open a question (the lexicon's question_openers).
type Questioner struct {
	model   *QuestionModel
	openers *lexicon.List
}

// NewQuestioner returns the Questioner of x with model m (nil: the
// openers list).
func NewQuestioner(m *QuestionModel, x *lexicon.Lexicon) Questioner {
	return Questioner{model: m, openers: x.Trained().List("question_openers")}
}

func questionerFor(x *lexicon.Lexicon) Questioner {
	return NewQuestioner(QuestionModelFor(x.Lang), x)
}

// Asks reports whether a unit of unpunctuated text asks.
func (q Questioner) Asks(toks []lexicon.Token) bool {
	if q.model != nil {
		return q.model.Model.Probabilities(QuestionFeatures(toks))[1] > q.model.Threshold
	}
	e, _ := q.openers.Match(toks, firstWord(toks))
	return e != nil
}

// SegmentAsks reports whether a segment asks: its last sentence ends with a
// question mark or, without terminal punctuation, the segment asks.
func (q Questioner) SegmentAsks(toks []lexicon.Token) bool {
	if !hasTerminal(toks) {
		return q.Asks(toks)
	}
	for i := len(toks) - 1; i >= 0; i-- {
		if t := toks[i]; t.Kind == lexicon.Punct && isTerminal(t.Norm) {
			return t.Norm == "?"
		}
	}
	return false
}

func isTerminal(p string) bool { return p == "." || p == "?" || p == "!" }
