package facts_test

import (
	"strings"
	"testing"

	"github.com/notegen/notegen/internal/facts"
	"github.com/notegen/notegen/internal/transcript"
)

// BenchmarkExtractLongEncounter extracts facts from about an hour of
// conversation (the train dialogues joined until 9,000 words, roughly what
// an hour of speech holds).
func BenchmarkExtractLongEncounter(b *testing.B) {
	var sb strings.Builder
	words := 0
	for _, row := range readACIBenchRows(b) {
		sb.WriteString(row[0])
		sb.WriteString("\n")
		words += len(strings.Fields(row[0]))
		if words > 9000 {
			break
		}
	}
	segs := transcript.Split(sb.String(), nil)
	x := facts.New()
	b.ResetTimer()
	for b.Loop() {
		x.Extract(segs, "en")
	}
	b.ReportMetric(float64(words), "words")
}
