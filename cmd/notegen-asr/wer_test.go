package main

import (
	"strings"
	"testing"
	"unicode"

	"github.com/stretchr/testify/require"
)

// normalizeWords lower-cases and drops punctuation (keeping apostrophes), so
// models that case and punctuate are scored on words only.
func normalizeWords(s string) []string {
	s = strings.Map(func(r rune) rune {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '\'':
			return unicode.ToLower(r)
		default:
			return ' '
		}
	}, s)
	return strings.Fields(s)
}

// wordErrors returns the word-level edit distance between ref and hyp and the
// number of reference words.
func wordErrors(ref, hyp string) (errors, words int) {
	r, h := normalizeWords(ref), normalizeWords(hyp)
	prev := make([]int, len(h)+1)
	cur := make([]int, len(h)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(r); i++ {
		cur[0] = i
		for j := 1; j <= len(h); j++ {
			sub := prev[j-1]
			if r[i-1] != h[j-1] {
				sub++
			}
			cur[j] = min(sub, prev[j]+1, cur[j-1]+1)
		}
		prev, cur = cur, prev
	}
	return prev[len(h)], len(r)
}

func TestWordErrors(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		ref, hyp string
		want     int
	}{
		{"he was not an ill disposed young man", "HE WAS NOT AN ILL DISPOSED YOUNG MAN", 0},
		{"he was not an ill disposed young man", "He was not an old, disposed young man.", 1},
		{"a b c", "", 3},
		{"a b c", "a x b c d", 2},
	} {
		got, n := wordErrors(c.ref, c.hyp)
		require.Equal(t, c.want, got, c.hyp)
		require.Equal(t, len(strings.Fields(c.ref)), n)
	}
}
