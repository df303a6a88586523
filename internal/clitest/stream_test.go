package clitest

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/audio/audiotest"
	st "github.com/notegen/notegen/internal/servertest"
)

func TestNotesStreamPrintsSegmentsThenTheNote(t *testing.T) {
	t.Parallel()
	s := st.Start(t, st.SQLite)
	keyed := keyedUser(t, s, "sandbox")

	dir := t.TempDir()
	wav := filepath.Join(dir, "visit.wav")
	require.NoError(t, os.WriteFile(wav, audiotest.WAV(1.5, 8000), 0o600))
	r := keyed.run("", "notes", "stream", "--file", wav, "--realtime", "--template", "primaryCare", "--visit-type", "followUp")
	require.Equal(t, 0, r.code, "stdout: %s\nstderr: %s", r.stdout, r.stderr)
	require.Contains(t, r.stderr, "[   0.0s-   1.5s] ", "the segment prints with its times, read at the WAV's own rate")
	require.Contains(t, r.stdout, "CHIEF COMPLAINT", "then the note")

	raw := filepath.Join(dir, "visit.pcm")
	require.NoError(t, os.WriteFile(raw, make([]byte, 16000), 0o600))
	r = keyed.run("", "notes", "stream", "--file", raw, "--sample-rate", "16000")
	require.Equal(t, 0, r.code, "stdout: %s\nstderr: %s", r.stdout, r.stderr)
	require.Contains(t, r.stderr, "-   0.5s] ", "raw PCM is read at --sample-rate")

	keyed.fails(5, "notes", "stream", "--file", raw, "--sample-rate", "100")
	keyed.fails(2, "notes", "stream", raw)
}
