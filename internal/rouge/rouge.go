// Package rouge computes ROUGE-1, ROUGE-2 and ROUGE-Lsum exactly as
// Google's rouge_score Python package defines them (without stemming), so
// that scores printed here can be compared with published ACI-BENCH numbers.
package rouge

import (
	"strings"
)

// Score holds precision, recall and F1 of one ROUGE measure, each in [0, 1].
type Score struct {
	Precision float64
	Recall    float64
	F1        float64
}

// Scores groups the three measures reported for a candidate note.
type Scores struct {
	Rouge1    Score
	Rouge2    Score
	RougeLsum Score
}

// Tokenize lower-cases text, turns every character outside [a-z0-9] into a
// space and splits on whitespace, as rouge_score's default tokenizer does.
// Non-ASCII letters (accents) are therefore separators, which matches the
// reference implementation even though it is unkind to French.
func Tokenize(text string) []string {
	var b strings.Builder
	b.Grow(len(text))
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case c >= 'A' && c <= 'Z':
			b.WriteByte(c + ('a' - 'A'))
		case (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'):
			b.WriteByte(c)
		default:
			// Bytes of multi-byte UTF-8 runes also land here, which is what
			// Python's [^a-z0-9] does to each non-ASCII code point.
			b.WriteByte(' ')
		}
	}
	return strings.Fields(b.String())
}

// Compute scores candidate against reference with all three measures.
func Compute(reference, candidate string) Scores {
	refTokens, candTokens := Tokenize(reference), Tokenize(candidate)
	return Scores{
		Rouge1:    NGram(refTokens, candTokens, 1),
		Rouge2:    NGram(refTokens, candTokens, 2),
		RougeLsum: Lsum(reference, candidate),
	}
}

// NGram computes ROUGE-N from token slices: clipped n-gram overlap divided by
// the candidate's (precision) and the reference's (recall) n-gram counts.
func NGram(reference, candidate []string, n int) Score {
	refCounts := ngramCounts(reference, n)
	candCounts := ngramCounts(candidate, n)
	refTotal, candTotal := total(refCounts), total(candCounts)
	overlap := 0
	for gram, c := range candCounts {
		overlap += min(c, refCounts[gram])
	}
	return newScore(float64(overlap)/float64(max(candTotal, 1)), float64(overlap)/float64(max(refTotal, 1)))
}

func ngramCounts(tokens []string, n int) map[string]int {
	counts := make(map[string]int)
	for i := 0; i+n <= len(tokens); i++ {
		counts[strings.Join(tokens[i:i+n], " ")]++
	}
	return counts
}

func total(counts map[string]int) int {
	sum := 0
	for _, c := range counts {
		sum += c
	}
	return sum
}

func newScore(precision, recall float64) Score {
	f := 0.0
	if precision+recall > 0 {
		f = 2 * precision * recall / (precision + recall)
	}
	return Score{Precision: precision, Recall: recall, F1: f}
}
