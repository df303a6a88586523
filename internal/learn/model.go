// Package learn holds the small learned models the note writer reads a
// transcript with: multinomial logistic regression over hashed string
// features, trained deterministically (one thread, a seeded shuffle) so that
// anyone who retrains on the same data gets the same file, and stored
// sparse and quantised so that the embedded files stay small. It knows no
// words of any language: features are opaque strings made by its callers.
package learn

import (
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

// FNV-1a's offset basis and prime (32 bits), as hash/fnv has them.
const (
	fnvOffset = 2166136261
	fnvPrime  = 16777619
)

// Hash returns a feature's bucket in a space of 2^bits: the feature's
// 32-bit FNV-1a hash (hash/fnv's New32a), computed in place, since
// reading an hour of speech hashes a few hundred thousand features and
// hash/fnv allocates for each.
func Hash(feature string, bits uint8) uint32 {
	h := uint32(fnvOffset)
	for i := 0; i < len(feature); i++ {
		h ^= uint32(feature[i])
		h *= fnvPrime
	}
	return h & (1<<bits - 1)
}

// HashBytes is Hash of a feature held in bytes: a caller that makes its
// features in one buffer scores them without a string each.
func HashBytes(feature []byte, bits uint8) uint32 {
	h := uint32(fnvOffset)
	for _, c := range feature {
		h ^= uint32(c)
		h *= fnvPrime
	}
	return h & (1<<bits - 1)
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

// LogitsOf returns each label's raw score for the features whose buckets
// (Hash, HashBytes with m.Bits) are given.
func (m *Model) LogitsOf(buckets []uint32) []float64 {
	out := make([]float64, len(m.Labels))
	for i, b := range m.Bias {
		out[i] = float64(b)
	}
	for _, b := range buckets {
		if w, ok := m.weights[b]; ok {
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

// Contrast returns the features that moved label's score most against
// other's (the weight for label less the weight for other), strongest
// first, at most n, and the biases' difference as the feature "(bias)".
// A multinomial model's weights for one label mean little alone: adding
// the same amount to every label's weight of a feature changes nothing,
// so a trace says why a unit got its label rather than the runner-up.
func (m *Model) Contrast(features []string, label, other, n int) []Contribution {
	out := []Contribution{{Feature: "(bias)", Weight: float64(m.Bias[label] - m.Bias[other])}}
	for _, f := range features {
		if w, ok := m.weights[Hash(f, m.Bits)]; ok && w[label] != w[other] {
			out = append(out, Contribution{Feature: f, Weight: float64(w[label] - w[other])})
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

// Margin is a two-label model read densely: for each bucket, how much
// its feature adds to the second label's score over the first's. A
// binary decision needs only that difference, and an array read is
// several times quicker than the sparse model's map where every word of
// a transcript is scored (a table of 2^Bits values: 1 MiB for 18 bits).
type Margin struct {
	bits uint8
	bias float64
	diff []float32
}

// Margin returns m's Margin; m must have two labels.
func (m *Model) Margin() *Margin {
	out := &Margin{bits: m.Bits, bias: float64(m.Bias[1] - m.Bias[0]), diff: make([]float32, 1<<m.Bits)}
	for b, w := range m.weights {
		out.diff[b] = w[1] - w[0]
	}
	return out
}

// Of returns the second label's logit less the first's for the features
// whose buckets are given.
func (g *Margin) Of(buckets []uint32) float64 {
	s := g.bias
	for _, b := range buckets {
		s += float64(g.diff[b&(1<<g.bits-1)])
	}
	return s
}
