// Package asrtest finds the models the notegen-asr tests run on: the shared
// streaming model and the Silero VAD model fetched by scripts/fetch-libs.sh.
// Each test decides whether a missing model skips it or fails it.
package asrtest

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
)

// moduleDir is the notegen-asr module's folder, found from this file so
// that tests in any of its packages agree on the paths below.
func moduleDir() string {
	_, self, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(self), "..", "..")
}

// existing returns path, or how to get it when it is missing.
func existing(path, hint string) (string, error) {
	if _, err := os.Stat(path); err != nil {
		return "", fmt.Errorf("%s: %w (%s)", path, err, hint)
	}
	return path, nil
}

// ModelDir is the streaming model under the team's shared folder;
// NOTEGEN_ASR_TEST_MODEL_DIR overrides it (e.g. to run against a Whisper or
// Parakeet model).
func ModelDir() (string, error) {
	dir := os.Getenv("NOTEGEN_ASR_TEST_MODEL_DIR")
	if dir == "" {
		dir = filepath.Join(moduleDir(), "..", "..", "..", "shared", "models", "zipformer-en-kws-3.3M")
	}
	return existing(dir, "set NOTEGEN_ASR_TEST_MODEL_DIR")
}

// VADModel is the Silero model fetched by scripts/fetch-libs.sh;
// NOTEGEN_ASR_VAD_MODEL overrides it.
func VADModel() (string, error) {
	p := os.Getenv("NOTEGEN_ASR_VAD_MODEL")
	if p == "" {
		p = filepath.Join(moduleDir(), "lib", "silero_vad.onnx")
	}
	return existing(p, "run scripts/fetch-libs.sh")
}
