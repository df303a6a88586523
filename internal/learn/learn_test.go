package learn_test

import (
	"hash/fnv"
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
	feats := []string{"w:blue", "noise:red"}
	buckets := []uint32{learn.Hash(feats[0], m.Bits), learn.Hash(feats[1], m.Bits)}
	require.Equal(t, m.Logits(feats), m.LogitsOf(buckets), "a feature scores the same by its bucket")
	binary := toy()
	for i := range binary {
		binary[i].Label = min(binary[i].Label, 1)
	}
	two, err := learn.Train(binary, []string{"red", "not red"}, learn.Options{Bits: 10, Epochs: 5, Seed: 1})
	require.NoError(t, err)
	l := two.Logits(feats)
	require.InDelta(t, l[1]-l[0], two.Margin().Of(buckets), 1e-5, "the dense margin is the logits' difference")

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

// Contrast says why one label beat another: the feature that tells them
// apart comes first, with a positive weight for the winner.
func TestContrast(t *testing.T) {
	t.Parallel()
	m, err := learn.Train(toy(), []string{"r", "g", "b"}, learn.Options{Bits: 10, Epochs: 5, Seed: 1})
	require.NoError(t, err)
	top := m.Contrast([]string{"w:green", "noise:red"}, 1, 0, 3)
	require.Equal(t, "w:green", top[0].Feature)
	require.Greater(t, top[0].Weight, 0.0)
	back := m.Contrast([]string{"w:green", "noise:red"}, 0, 1, 3)
	require.Equal(t, -top[0].Weight, back[0].Weight)
	require.Len(t, m.Contrast(nil, 1, 0, 3), 1, "the biases' difference alone")
}

// Hash is FNV-1a, as hash/fnv computes it: the embedded models were
// trained with those buckets.
func TestHashIsFNV1a(t *testing.T) {
	for _, f := range []string{"", "w:pain", "A:l:medications", "x:okay_so", "é"} {
		h := fnv.New32a()
		h.Write([]byte(f))
		require.Equal(t, h.Sum32()&(1<<18-1), learn.Hash(f, 18), f)
		require.Equal(t, learn.Hash(f, 18), learn.HashBytes([]byte(f), 18), f)
	}
}
