package facts_test

import (
	"strings"
	"testing"

	"github.com/notegen/notegen/internal/acibench"
	"github.com/notegen/notegen/internal/facts"
	"github.com/notegen/notegen/internal/transcript"
)

// BenchmarkExtractLongEncounter extracts facts from about an hour of
// conversation (the train dialogues joined until 9,000 words, roughly what
// an hour of speech holds).
func BenchmarkExtractLongEncounter(b *testing.B) {
	text, words := acibench.OneHour(b)
	segs := transcript.Split(text, nil)
	x := facts.New()
	b.ResetTimer()
	for b.Loop() {
		x.Extract(segs, "en")
	}
	b.ReportMetric(float64(words), "words")
}

// BenchmarkExtractUnpunctuated extracts facts from 60,000 words with no
// punctuation and no turns, as speech-to-text without punctuation gives:
// one endless sentence must not make extraction quadratic.
func BenchmarkExtractUnpunctuated(b *testing.B) {
	unit := "blood pressure one fifty over ninety lisinopril twenty milligrams daily no chest pain order an mri "
	segs := transcript.Split(strings.Repeat(unit, 4000), nil)
	x := facts.New()
	for b.Loop() {
		x.Extract(segs, "en")
	}
}
