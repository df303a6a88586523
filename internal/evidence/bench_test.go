package evidence_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/acibench"
	"github.com/notegen/notegen/internal/evidence"
	"github.com/notegen/notegen/internal/notewriter"
	"github.com/notegen/notegen/internal/transcript"
)

// BenchmarkNoteDetailOneHour computes what the server stores beside a
// built-in note of about an hour of conversation (the train dialogues
// joined until 9,000 words): sections, evidence, facts, and the check that
// every number a sentence states was said.
func BenchmarkNoteDetailOneHour(b *testing.B) {
	var sb strings.Builder
	words := 0
	for _, e := range acibench.Read(b, "train") {
		sb.WriteString(e.Dialogue)
		sb.WriteString("\n")
		words += len(strings.Fields(e.Dialogue))
		if words > 9000 {
			break
		}
	}
	text := sb.String()
	segs := transcript.Split(text, nil)
	note, err := notewriter.New().Write(context.Background(), notewriter.Input{Transcript: text, Template: "primaryCare", Lang: "en", RecordingType: "conversation"})
	require.NoError(b, err)
	builder := evidence.NewBuilder()
	for b.Loop() {
		d := builder.Written(note.Sections, text, segs, "en")
		builder.FlagUnsaid(&d, segs, "en")
	}
	b.ReportMetric(float64(words), "words")
}
