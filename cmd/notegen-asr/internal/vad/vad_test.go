package vad

import (
	"encoding/binary"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

func modelPath(t *testing.T) string {
	t.Helper()
	p := os.Getenv("NOTEGEN_ASR_VAD_MODEL")
	if p == "" {
		p = filepath.Join("..", "..", "lib", "silero_vad.onnx")
	}
	if _, err := os.Stat(p); err != nil {
		t.Skipf("vad model missing (run scripts/fetch-libs.sh): %v", err)
	}
	return p
}

func decode(t *testing.T, args ...string) []float32 {
	t.Helper()
	out, err := exec.Command("ffmpeg", append(append([]string{"-nostdin", "-v", "error"}, args...), "-f", "f32le", "-ac", "1", "-ar", "16000", "-")...).Output()
	require.NoError(t, err)
	s := make([]float32, len(out)/4)
	for i := range s {
		s[i] = math.Float32frombits(binary.LittleEndian.Uint32(out[4*i:]))
	}
	return s
}

// TestSplitsSpeechFromSilence builds "speech, 3 s silence, speech" and checks
// that the detector finds two segments at the right places.
func TestSplitsSpeechFromSilence(t *testing.T) {
	t.Parallel()
	wav := "/usr/share/pocketsphinx/test/data/librivox/sense_and_sensibility_01_austen_64kb-0880.wav"
	if _, err := os.Stat(wav); err != nil {
		t.Skip("pocketsphinx-testdata not installed")
	}
	speech := decode(t, "-i", wav)
	var in []float32
	in = append(in, speech...)
	in = append(in, make([]float32, 3*SampleRate)...)
	secondStart := len(in)
	in = append(in, speech...)

	p, err := NewPool(DefaultConfig(modelPath(t)), 2)
	require.NoError(t, err)
	defer p.Close()
	d, err := p.Get()
	require.NoError(t, err)
	defer p.Put(d)
	for i := 0; i < len(in); i += 4000 {
		d.Accept(in[i:min(i+4000, len(in))])
	}
	d.Flush()
	var segs []Segment
	for {
		s, ok := d.Next()
		if !ok {
			break
		}
		segs = append(segs, s)
	}
	require.Len(t, segs, 2)
	require.InDelta(t, 0, segs[0].Start, 0.5*SampleRate)
	require.InDelta(t, secondStart, segs[1].Start, 0.5*SampleRate)
	require.InDelta(t, len(speech), len(segs[1].Samples), 1.0*SampleRate)
}

func TestMissingModel(t *testing.T) {
	t.Parallel()
	_, err := NewPool(DefaultConfig("/nonexistent/silero.onnx"), 1)
	require.ErrorContains(t, err, "vad model")
}
