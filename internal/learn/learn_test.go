package learn_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/learn"
)

// toy is a task a linear model must learn: the label is the colour word.
func toy() []learn.Example {
	var out []learn.Example
	words := []string{"red", "green", "blue"}
	for i := 0; i < 300; i++ {
		l := i % 3
		out = append(out, learn.Example{Features: []string{"w:" + words[l], "noise:" + words[(i/3)%3]}, Label: l})
	}
	return out
}

func TestTrainLearnsAndRoundTrips(t *testing.T) {
	t.Parallel()
	labels := []string{"r", "g", "b"}
	m, err := learn.Train(toy(), labels, learn.Options{Bits: 10, Epochs: 5, Seed: 1})
	require.NoError(t, err)
	require.Equal(t, 2, learn.Argmax(m.Probabilities([]string{"w:blue", "noise:red"})))
	require.Equal(t, 0, learn.Argmax(m.Probabilities([]string{"w:red"})))

	stored, err := m.MarshalBinary()
	require.NoError(t, err)
	var back learn.Model
	require.NoError(t, back.UnmarshalBinary(stored))
	require.Equal(t, labels, back.Labels)
	p, q := m.Probabilities([]string{"w:green"}), back.Probabilities([]string{"w:green"})
	for i := range p {
		require.InDelta(t, p[i], q[i], 1e-3)
	}
	top := back.Explain([]string{"w:green", "noise:blue"}, 1, 1)
	require.Equal(t, "w:green", top[0].Feature)
}

// Retraining on the same data gives the same bytes: the trained file in
// the repository can be checked by anyone.
func TestTrainIsDeterministic(t *testing.T) {
	t.Parallel()
	a, err := learn.Train(toy(), []string{"r", "g", "b"}, learn.Options{Bits: 10, Seed: 7})
	require.NoError(t, err)
	b, err := learn.Train(toy(), []string{"r", "g", "b"}, learn.Options{Bits: 10, Seed: 7})
	require.NoError(t, err)
	x, _ := a.MarshalBinary()
	y, _ := b.MarshalBinary()
	require.Equal(t, x, y)
}

func TestViterbiFollowsTransitions(t *testing.T) {
	t.Parallel()
	// label 1 never follows label 0 in training, so an ambiguous middle
	// item after a clear 0 stays 0
	tr := learn.CountTransitions([][]int{{0, 0, 0, 2}, {0, 2, 2}, {1, 1, 2}}, 3)
	probs := [][]float64{{0.9, 0.05, 0.05}, {0.45, 0.5, 0.05}, {0.1, 0.1, 0.8}}
	require.Equal(t, []int{0, 0, 2}, learn.Viterbi(probs, tr, 1))
	require.Equal(t, []int{0, 1, 2}, learn.Viterbi(probs, tr, 0))
	require.Error(t, func() error { _, err := learn.Train(nil, []string{"one"}, learn.Options{}); return err }())
}
