package recognizer

import (
	"bytes"
	"encoding/binary"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/cmd/notegen-asr/internal/asrtest"
)

// sharedModelDir finds the shared test model; NOTEGEN_ASR_TEST_MODEL_DIR overrides.
func sharedModelDir(t *testing.T) string {
	t.Helper()
	dir, err := asrtest.ModelDir()
	if err != nil {
		t.Skipf("shared model not found: %v", err)
	}
	return dir
}

func TestDetectSharedModel(t *testing.T) {
	t.Parallel()
	spec, err := Detect(sharedModelDir(t), "")
	require.NoError(t, err)
	require.Equal(t, KindOnlineTransducer, spec.Kind)
	require.Contains(t, spec.Encoder, "encoder.int8.onnx")
	require.Contains(t, spec.Joiner, "joiner.int8.onnx")
}

func TestDetectRejectsUnknownLayout(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	_, err := Detect(dir, "")
	require.ErrorContains(t, err, "tokens")
	require.NoError(t, os.WriteFile(filepath.Join(dir, "tokens.txt"), []byte("a 0\n"), 0o644))
	_, err = Detect(dir, "")
	require.ErrorContains(t, err, "no known sherpa-onnx model layout")
	_, err = Detect(dir, "bogus")
	require.ErrorContains(t, err, "unknown model type")
}

func TestRecognizeSharedModel(t *testing.T) {
	t.Parallel()
	wav := "/usr/share/pocketsphinx/test/data/librivox/sense_and_sensibility_01_austen_64kb-0880.wav"
	if _, err := os.Stat(wav); err != nil {
		t.Skip("pocketsphinx-testdata not installed")
	}
	r, err := New(Config{ModelDir: sharedModelDir(t), NumThreads: 1, Debug: os.Getenv("NOTEGEN_ASR_DEBUG") != ""})
	require.NoError(t, err)
	defer r.Close()
	out, err := exec.Command("ffmpeg", "-nostdin", "-v", "error", "-i", wav, "-f", "f32le", "-ac", "1", "-ar", "16000", "-").Output()
	require.NoError(t, err)
	samples := make([]float32, len(out)/4)
	for i := range samples {
		samples[i] = math.Float32frombits(binary.LittleEndian.Uint32(out[4*i:]))
	}
	res, err := r.Recognize(samples, "")
	require.NoError(t, err)
	require.Contains(t, res.Text, "DISPOSED YOUNG MAN")
	require.Len(t, res.Timestamps, len(res.Tokens))
	_, err = r.Recognize(nil, "")
	require.ErrorIs(t, err, errEmpty)
}

// TestConfigLayout checks our struct prefixes against the library: sherpa-onnx
// prints the config it parsed (debug=1) before it validates file existence, so
// a recognizer over missing files shows where each of our fields landed. It
// runs in a child process because a layout mistake could crash the library.
func TestConfigLayout(t *testing.T) {
	t.Parallel()
	if os.Getenv("NOTEGEN_ASR_LAYOUT_CHILD") != "" {
		for _, spec := range []Spec{
			{Kind: KindWhisper, Tokens: "/x/tok.txt", Encoder: "/x/enc.onnx", Decoder: "/x/dec.onnx"},
			{Kind: KindMoonshine, Tokens: "/x/tok.txt", Preprocessor: "/x/pre.onnx", Encoder: "/x/enc.onnx", MergedDecoder: "/x/merged.onnx"},
			{Kind: KindNemoTransducer, Tokens: "/x/tok.txt", Encoder: "/x/enc.onnx", Decoder: "/x/dec.onnx", Joiner: "/x/join.onnx"},
		} {
			_, err := newFromSpec(spec, Config{NumThreads: 3, Language: "fr", Debug: true})
			require.Error(t, err)
		}
		online := Spec{Kind: KindOnlineTransducer, Tokens: "/x/otok.txt", Encoder: "/x/oenc.onnx", Decoder: "/x/odec.onnx", Joiner: "/x/ojoin.onnx"}
		_, err := newFromSpec(online, Config{NumThreads: 2, Debug: true, Endpoint: Endpoint{Rule1Silence: 1.7, Rule2Silence: 0.6, Rule3Length: 17}})
		require.Error(t, err)
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestConfigLayout$")
	cmd.Env = append(os.Environ(), "NOTEGEN_ASR_LAYOUT_CHILD=1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	require.NoError(t, cmd.Run(), stderr.String())
	out := stderr.String()
	for _, want := range []string{
		`whisper=OfflineWhisperModelConfig(encoder="/x/enc.onnx", decoder="/x/dec.onnx", language="fr", task="transcribe"`,
		`merged_decoder="/x/merged.onnx"`,
		`preprocessor="/x/pre.onnx"`,
		`joiner_filename="/x/join.onnx"`,
		`tokens="/x/tok.txt", num_threads=3`,
		`model_type="nemo_transducer"`,
		`decoding_method="greedy_search"`,
		`joiner="/x/ojoin.onnx"`,
		`tokens="/x/otok.txt", num_threads=2`,
		`rule1=EndpointRule(must_contain_nonsilence=False, min_trailing_silence=1.7`,
		`rule2=EndpointRule(must_contain_nonsilence=True, min_trailing_silence=0.6`,
		`min_utterance_length=17)`,
		`enable_endpoint=True`,
	} {
		require.True(t, strings.Contains(out, want), "library did not parse %q; stderr:\n%s", want, out)
	}
}
