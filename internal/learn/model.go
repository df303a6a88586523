// Package learn holds the small learned models the note writer reads a
// transcript with: multinomial logistic regression over hashed string
// features, trained deterministically (one thread, a seeded shuffle) so that
// anyone who retrains on the same data gets the same file, and stored
// sparse and quantised so that the embedded files stay small. It knows no
// words of any language: features are opaque strings made by its callers.
package learn

import (
	"hash/fnv"
	"math"
	"sort"
)

// Model is a linear classifier: Score of a label is its bias plus the sum
// of the weights of the active features' hashes for that label.
type Model struct {
	// Labels name the classes, in the order scores are returned.
	Labels []string
	// Bits is the size of the hashed feature space, 2^Bits buckets.
	Bits uint8
	// Bias is one weight per label.
	Bias []float32
	// weights maps a bucket to its weights, one per label; buckets every
	// weight of which is zero are absent.
	weights map[uint32][]float32
}

// Hash returns a feature's bucket in a space of 2^bits.
func Hash(feature string, bits uint8) uint32 {
	h := fnv.New32a()
	h.Write([]byte(feature))
	return h.Sum32() & (1<<bits - 1)
}

// Label returns the index of label name, or -1.
func (m *Model) Label(name string) int {
	for i, l := range m.Labels {
		if l == name {
			return i
		}
	}
	return -1
}

// Logits returns each label's raw score for the features.
func (m *Model) Logits(features []string) []float64 {
	out := make([]float64, len(m.Labels))
	for i, b := range m.Bias {
		out[i] = float64(b)
	}
	for _, f := range features {
		if w, ok := m.weights[Hash(f, m.Bits)]; ok {
			for i, x := range w {
				out[i] += float64(x)
			}
		}
	}
	return out
}

// Probabilities returns each label's probability for the features.
func (m *Model) Probabilities(features []string) []float64 {
	return Softmax(m.Logits(features))
}

// Contribution is one feature's share of a label's score, for traces.
type Contribution struct {
	Feature string
	Weight  float64
}

// Explain returns the features that moved label's score most, strongest
// first, at most n of them.
func (m *Model) Explain(features []string, label, n int) []Contribution {
	var out []Contribution
	for _, f := range features {
		if w, ok := m.weights[Hash(f, m.Bits)]; ok && w[label] != 0 {
			out = append(out, Contribution{Feature: f, Weight: float64(w[label])})
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return math.Abs(out[i].Weight) > math.Abs(out[j].Weight) })
	if len(out) > n {
		out = out[:n]
	}
	return out
}

// Softmax turns logits into probabilities.
func Softmax(logits []float64) []float64 {
	out := make([]float64, len(logits))
	if len(logits) == 0 {
		return out
	}
	hi := logits[0]
	for _, l := range logits[1:] {
		hi = max(hi, l)
	}
	sum := 0.0
	for i, l := range logits {
		out[i] = math.Exp(l - hi)
		sum += out[i]
	}
	for i := range out {
		out[i] /= sum
	}
	return out
}

// Argmax returns the index of the largest value (the first on a tie).
func Argmax(xs []float64) int {
	best := 0
	for i, x := range xs {
		if x > xs[best] {
			best = i
		}
	}
	return best
}
