package discourse

import (
	"github.com/notegen/notegen/internal/learn"
	"github.com/notegen/notegen/internal/lexicon"
)

// Label fills each unit's Part and Probs with the embedded part model of
// the units' language: the model gives each unit its parts' probabilities
// and Viterbi picks the likeliest sequence of parts, with the transitions
// between parts counted in training (an answer follows its question into
// the allergies, the plan runs on for several units).
func Label(units []Unit, x *lexicon.Lexicon) {
	PartModelFor(x.Lang).Label(units, x)
}

// Label fills each unit's Part and Probs with m.
func (m *PartModel) Label(units []Unit, x *lexicon.Lexicon) {
	if len(units) == 0 {
		return
	}
	probs := m.Probabilities(units, x)
	path := learn.Viterbi(probs, m.Transitions, m.Strength)
	for i := range units {
		units[i].Probs = probs[i]
		units[i].Part = Parts[path[i]]
	}
}

// Probabilities returns each unit's probability of every part (in Parts
// order), unit by unit, before the sequence is decoded.
func (m *PartModel) Probabilities(units []Unit, x *lexicon.Lexicon) [][]float64 {
	feats := PartFeatures(units, x, m.Features)
	out := make([][]float64, len(units))
	for i, f := range feats {
		out[i] = m.Model.Probabilities(f)
	}
	return out
}

// explained is how many features a trace lists.
const explained = 8

// Explain says why unit i got its part rather than the part the model
// ranks next: the features whose weights set the two apart most,
// strongest first (a negative weight spoke for the runner-up), with the
// difference of the two parts' biases as "(bias)". A unit not labelled
// yet is explained for the part the model ranks first.
func Explain(units []Unit, i int, x *lexicon.Lexicon) []learn.Contribution {
	return PartModelFor(x.Lang).Explain(units, i, x)
}

// Explain is the package's Explain with m.
func (m *PartModel) Explain(units []Unit, i int, x *lexicon.Lexicon) []learn.Contribution {
	if i < 0 || i >= len(units) {
		return nil
	}
	feats := PartFeatures(units, x, m.Features)[i]
	probs := m.Model.Probabilities(feats)
	label := PartIndex(units[i].Part)
	if label < 0 {
		label = learn.Argmax(probs)
	}
	next := -1
	for k, p := range probs {
		if k != label && (next < 0 || p > probs[next]) {
			next = k
		}
	}
	return m.Model.Contrast(feats, label, next, explained)
}

// PartIndex returns the index of p in Parts, or -1.
func PartIndex(p Part) int {
	for k, q := range Parts {
		if q == p {
			return k
		}
	}
	return -1
}
