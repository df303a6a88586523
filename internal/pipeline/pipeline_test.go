package pipeline

import (
	"errors"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/audio"
	"github.com/notegen/notegen/internal/provider"
)

// A failure becomes the error code the client sees, and only failures that
// another attempt could mend are retried: unreadable audio and a provider's
// refusal end the job at once, an outage or an unknown error is retried.
func TestFailuresAreClassifiedForTheClient(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct {
		err       error
		code      string
		permanent bool
	}{
		"unreadable audio": {fmt.Errorf("normalise: %w", &audio.DecodeError{Detail: "no stream"}), "audio_unreadable", true},
		"no ffmpeg":        {fmt.Errorf("normalise: %w", audio.ErrNoFFmpeg), "unavailable", true},
		"stt refused":      {&provider.Error{Provider: "speech-to-text", Message: "bad audio"}, "transcription_failed", true},
		"stt outage":       {&provider.Error{Provider: "speech-to-text", Message: "503", Transient: true}, "transcription_failed", false},
		"writer refused":   {&provider.Error{Provider: "language model", Message: "refused"}, "note_generation_failed", true},
		"anything else":    {errors.New("database is locked"), "internal_error", false},
	} {
		code, message, permanent := classify(tc.err)
		require.Equal(t, tc.code, code, name)
		require.Equal(t, tc.permanent, permanent, name)
		require.NotContains(t, message, "database", name+": the cause of a server error is not shown")
	}
}

// The same one-shot fields are the same request for its Idempotency-Key
// whatever order they are read in (a map's order changes from one read to
// the next); another value is another request.
func TestFormDigestIgnoresFieldOrder(t *testing.T) {
	t.Parallel()
	fields := map[string]string{"template": "primaryCare", "lang": "en", "visit_type": "followUp", "recording_type": "dictation",
		"output_language": "en", "documentation_style": "soap", "webhook_env": "dev", "file_extension": "wav"}
	first := formDigest(fields)
	for range 20 {
		require.Equal(t, first, formDigest(fields))
	}
	fields["lang"] = "fr"
	require.NotEqual(t, first, formDigest(fields))
	require.NotEqual(t, formDigest(map[string]string{"a": "b;c=d"}), formDigest(map[string]string{"a": "b", "c": "d"}),
		"values are quoted, so one field cannot pass for two")
}
