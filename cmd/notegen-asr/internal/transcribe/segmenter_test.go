package transcribe

import (
	"testing"

	"github.com/stretchr/testify/require"
)

type emitted struct {
	speech span
	n      int
}

func newTestSegmenter(out *[]emitted) *segmenter {
	return &segmenter{emit: func(s span, samples []float32) error {
		*out = append(*out, emitted{s, len(samples)})
		return nil
	}}
}

func TestSegmenterGroupsAndPads(t *testing.T) {
	t.Parallel()
	var out []emitted
	g := newTestSegmenter(&out)
	g.audio(make([]float32, 60*sr))
	// Three short segments within 20 s form one chunk; the fourth starts a new one.
	for _, s := range []span{{1 * sr, 4 * sr}, {5 * sr, 9 * sr}, {10 * sr, 18 * sr}, {30 * sr, 35 * sr}} {
		require.NoError(t, g.speech(s))
	}
	require.NoError(t, g.flush())
	require.Equal(t, []emitted{
		{span{1 * sr, 18 * sr}, 17*sr + padBefore + padAfter},
		{span{30 * sr, 35 * sr}, 5*sr + padBefore + padAfter},
	}, out)
}

func TestSegmenterSplitsLongSpeech(t *testing.T) {
	t.Parallel()
	var out []emitted
	g := newTestSegmenter(&out)
	audio := make([]float32, 70*sr)
	for i := range audio {
		audio[i] = 0.5
	}
	// A quiet stretch at 20 s is where the 25 s cap should cut.
	for i := 20 * sr; i < 20*sr+sr/10; i++ {
		audio[i] = 0
	}
	g.audio(audio)
	require.NoError(t, g.speech(span{sr, 61 * sr}))
	require.NoError(t, g.flush())
	require.GreaterOrEqual(t, len(out), 3)
	total := 0
	for _, e := range out {
		require.LessOrEqual(t, e.n, hardMax)
		total += e.n
	}
	require.Equal(t, 60*sr+padBefore+padAfter, total)
	require.InDelta(t, 20*sr, out[0].speech.end, float64(sr)/10)
}

func TestSegmenterBoundsHistory(t *testing.T) {
	t.Parallel()
	var out []emitted
	g := newTestSegmenter(&out)
	for range 3600 { // an hour of silence, one second at a time
		g.audio(make([]float32, sr))
	}
	require.LessOrEqual(t, len(g.hist), 2*historyKeep)
	require.Equal(t, 3600*sr, g.histStart+len(g.hist))
}
