package facts

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/transcript"
)

func TestNumberWords(t *testing.T) {
	t.Parallel()
	x := New()
	cases := []struct {
		lang, text, want string
		over             bool
	}{
		{"en", "one fifty over ninety", "150/90", true},
		{"en", "one twenty five", "125", false},
		{"en", "ninety eight point six", "98.6", false},
		{"en", "one hundred and twenty", "120", false},
		{"en", "a hundred", "100", false},
		{"en", "twenty-five", "25", false},
		{"en", "two and a half", "2.5", false},
		{"en", "five hundred", "500", false},
		{"en", "one thousand", "1000", false},
		{"en", "two thousand and five", "2005", false},
		{"en", "one thousand two hundred", "1200", false},
		{"en", "a thousand and fifty", "1050", false},
		{"en", "two hundred thousand", "200000", false},
		{"en", "130/85", "130/85", true},
		{"en", "120 over 80", "120/80", true},
		{"en", "seventy two", "72", false},
		{"en", "point five", "", false},
		{"fr", "quatre-vingt-quinze", "95", false},
		{"fr", "quatre-vingts", "80", false},
		{"fr", "soixante-dix", "70", false},
		{"fr", "soixante et onze", "71", false},
		{"fr", "soixante-dix-sept", "77", false},
		{"fr", "vingt et un", "21", false},
		{"fr", "dix-huit", "18", false},
		{"fr", "cent trente sur quatre-vingt-cinq", "130/85", true},
		{"fr", "trente-huit virgule cinq", "38.5", false},
		{"fr", "deux cent cinquante", "250", false},
		{"fr", "mille", "1000", false},
		{"fr", "38,5", "38.5", false},
		{"fr", "quatre-vingt-dix-neuf", "99", false},
	}
	for _, c := range cases {
		d := analyse([]transcript.Segment{{Text: c.text}}, x.lex[c.lang])
		num, ok := d.numberAt(0, c.over)
		if c.want == "" {
			require.False(t, ok, c.text)
			continue
		}
		require.True(t, ok, c.text)
		require.Equal(t, c.want, num.text, c.text)
		require.Equal(t, len(d.toks), num.n, "%s: every token is part of the number", c.text)
	}
}

func TestNumbersSaid(t *testing.T) {
	t.Parallel()
	x := New()
	require.Equal(t, []string{"150/90", "150", "90", "72", "98.6"},
		x.Numbers("blood pressure one fifty over ninety , pulse seventy two and temp ninety eight point six", "en"))
	require.Equal(t, []string{"130/85", "130", "85", "95"},
		x.Numbers("tension à cent trente sur quatre-vingt-cinq, pouls à quatre-vingt-quinze", "fr"))
	require.Empty(t, x.Numbers("no numbers here", "en"))
}
