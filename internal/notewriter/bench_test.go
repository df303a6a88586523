package notewriter_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/acibench"
	"github.com/notegen/notegen/internal/notewriter"
)

// BenchmarkOneHourTranscript writes the note of about an hour of
// conversation (the train dialogues joined until 9,000 words), the whole
// path a text job takes in the writer: segments with their roles, the
// clinical reading (units, the discourse models, findings) and the note.
// The budget is 50 ms.
func BenchmarkOneHourTranscript(b *testing.B) {
	text, words := acibench.OneHour(b)
	w := notewriter.New()
	for b.Loop() {
		_, err := w.Write(context.Background(), notewriter.Input{Transcript: text, Template: "primaryCare", Lang: "en",
			RecordingType: "conversation"})
		require.NoError(b, err)
	}
	b.ReportMetric(float64(words), "words")
}
