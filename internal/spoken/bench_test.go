package spoken_test

import (
	"strings"
	"testing"

	"github.com/notegen/notegen/internal/acibench"
	"github.com/notegen/notegen/internal/spoken"
)

// BenchmarkNumbersOneHour reads the numbers of about an hour of
// conversation (acibench.OneHour) already tokenised, as the note writer
// does with the tokens it reads everything else from.
func BenchmarkNumbersOneHour(b *testing.B) {
	text, words := acibench.OneHour(b)
	r := spoken.For("en")
	toks := r.Lexicon().Tokenize(text)
	n := 0
	for b.Loop() {
		n = len(r.Numbers(toks))
	}
	b.ReportMetric(float64(words), "words")
	b.ReportMetric(float64(n), "numbers")
}

// BenchmarkTokenizeAndNumbersOneHour is the same from the text: the
// lexicon's tokeniser, then the numbers.
func BenchmarkTokenizeAndNumbersOneHour(b *testing.B) {
	text, _ := acibench.OneHour(b)
	r := spoken.For("en")
	for b.Loop() {
		r.Numbers(r.Lexicon().Tokenize(text))
	}
}

// BenchmarkRewriteOneHour writes the numbers of an hour in digits.
func BenchmarkRewriteOneHour(b *testing.B) {
	text, _ := acibench.OneHour(b)
	r := spoken.For("en")
	toks := r.Lexicon().Tokenize(text)
	for b.Loop() {
		r.Rewrite(toks)
	}
}

// BenchmarkHearOneHour is the check's side: tokenising every segment of
// an hour and reading what it said in numbers.
func BenchmarkHearOneHour(b *testing.B) {
	text, _ := acibench.OneHour(b)
	segs := strings.Split(text, "\n")
	r := spoken.For("en")
	for b.Loop() {
		r.Hear(segs...)
	}
}
