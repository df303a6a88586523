package spoken_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/spoken"
)

// TestPortedFactsCases are internal/facts' number cases: the whole text
// is one number, with the key a fact records. One verdict changed: "point
// five" was no number and is now 0.5 (see the case).
func TestPortedFactsCases(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ lang, text, want string }{
		{"en", "one fifty over ninety", "150/90"},
		{"en", "one twenty five", "125"},
		{"en", "ninety eight point six", "98.6"},
		{"en", "one hundred and twenty", "120"},
		{"en", "a hundred", "100"},
		{"en", "twenty-five", "25"},
		{"en", "two and a half", "2.5"},
		{"en", "five hundred", "500"},
		{"en", "one thousand", "1000"},
		{"en", "two thousand and five", "2005"},
		{"en", "one thousand two hundred", "1200"},
		{"en", "a thousand and fifty", "1050"},
		{"en", "two hundred thousand", "200000"},
		{"en", "130/85", "130/85"},
		{"en", "120 over 80", "120/80"},
		{"en", "seventy two", "72"},
		// Was no number: the point is said, and the number said is 0.5
		// (a note writes its zero: a bare ".5" is the misread kind). The
		// rewrite still leaves it in words, "point" being a noun too.
		{"en", "point five", "0.5"},
		{"fr", "quatre-vingt-quinze", "95"},
		{"fr", "quatre-vingts", "80"},
		{"fr", "soixante-dix", "70"},
		{"fr", "soixante et onze", "71"},
		{"fr", "soixante-dix-sept", "77"},
		{"fr", "vingt et un", "21"},
		{"fr", "dix-huit", "18"},
		{"fr", "cent trente sur quatre-vingt-cinq", "130/85"},
		{"fr", "trente-huit virgule cinq", "38.5"},
		{"fr", "deux cent cinquante", "250"},
		{"fr", "mille", "1000"},
		{"fr", "38,5", "38.5"},
		{"fr", "quatre-vingt-dix-neuf", "99"},
	} {
		r := spoken.For(c.lang)
		toks := r.Lexicon().Tokenize(c.text)
		got := r.Numbers(toks)
		require.Len(t, got, 1, c.text)
		require.Equal(t, c.want, got[0].Key, c.text)
		require.Equal(t, len(toks), got[0].End, "%s: every token is part of the number", c.text)
	}
}

// TestNumbersSaid: what an encounter says in numbers, a ratio with its
// parts (ported from internal/facts).
func TestNumbersSaid(t *testing.T) {
	t.Parallel()
	keys := func(lang, text string) []string {
		r := spoken.For(lang)
		var out []string
		for _, n := range r.Numbers(r.Lexicon().Tokenize(text)) {
			out = append(out, n.Key)
		}
		return out
	}
	require.Equal(t, []string{"150/90", "72", "98.6"},
		keys("en", "blood pressure one fifty over ninety , pulse seventy two and temp ninety eight point six"))
	require.Equal(t, []string{"130/85", "95"}, keys("fr", "tension à cent trente sur quatre-vingt-cinq, pouls à quatre-vingt-quinze"))
	require.Empty(t, keys("en", "no numbers here"))
	h := spoken.For("en").Hear("blood pressure one fifty over ninety , pulse seventy two and temp ninety eight point six")
	require.Empty(t, h.Unsaid([]string{"150/90", "150", "90", "72", "98.6"}))
}

// unsaid is what of a note sentence's numbers said never states.
func unsaid(lang, sentence string, said ...string) []string {
	r := spoken.For(lang)
	return r.Hear(said...).Unsaid(r.Stated(sentence))
}

// TestPortedEvidenceCases are internal/evidence's number cases: numbers
// match exactly, a ratio may be said as its parts in order, a list's
// enumerator is no number, a decimal may be said with its point written as
// a full stop.
func TestPortedEvidenceCases(t *testing.T) {
	t.Parallel()
	said := "i hear a two out of six systolic murmur and your temperature is ninety eight . two"
	require.Empty(t, unsaid("en", "A 2/6 systolic murmur.", said), "a ratio is said as its parts")
	require.Empty(t, unsaid("en", "Temperature 98.2.", said), "a decimal as speech-to-text writes it")
	require.Empty(t, unsaid("en", "1. Murmur.", said), "a list's enumerator is not a stated number")
	require.Contains(t, unsaid("en", "A 3/6 murmur.", "two out of six"), "3", "a number not said is reported")
	require.NotEmpty(t, unsaid("en", "Lisinopril 20 mg daily.", "lisinopril ten mg daily"))
	require.Empty(t, unsaid("en", "Lisinopril 10 mg daily.", "lisinopril ten mg daily"))
	for _, c := range []struct{ sentence, said string }{
		{"Blood pressure 130/85.", "your blood pressure is one thirty over eighty"},
		{"Blood pressure 85/130.", "your blood pressure is one thirty over eighty five"},
		{"A 6/3 systolic murmur.", "a three out of six systolic murmur"},
		{"Temperature 98.6.", "your temperature is ninety eight point two"},
		{"Temperature 98.2.", "temperature ninety eight and then two weeks of cough"},
		{"Metformin 500 mg twice a day.", "metformin five mg twice a day"},
		{"Metformin 50 mg twice a day.", "metformin five hundred mg twice a day"},
		{"Follow up in 2 weeks.", "follow up in twelve weeks"},
	} {
		require.NotEmpty(t, unsaid("en", c.sentence, c.said), "%q was not said in %q", c.sentence, c.said)
	}
	for _, c := range []struct{ sentence, said string }{
		{"Blood pressure 130/85.", "your blood pressure is one thirty over eighty five"},
		{"A 3/6 systolic murmur.", "a three out of six systolic murmur"},
		{"Temperature 98.2.", "temperature ninety eight . two"},
		{"Metformin 500 mg twice a day.", "metformin five hundred mg twice a day"},
	} {
		require.Empty(t, unsaid("en", c.sentence, c.said), "%q was said in %q", c.sentence, c.said)
	}
	segs := []string{"your blood pressure is one thirty over eighty five", "okay",
		"i hear a two out of six murmur and your temperature is ninety eight . two"}
	require.Empty(t, unsaid("en", "A 2/6 murmur, temperature 98.2.", segs...), "numbers said in any segment")
	require.Equal(t, []string{"72"}, unsaid("en", "Heart rate 72.", segs...))
	require.Empty(t, unsaid("en", "1. Rest.", segs...))
}

// TestHeardIsExactWhereTheGrammarSettles: the check accepts the one-number
// reading of hundreds said in pairs only where the grammar left them
// unsettled; a count before a dose is never read as hundreds.
func TestHeardIsExactWhereTheGrammarSettles(t *testing.T) {
	t.Parallel()
	require.Empty(t, unsaid("en", "Platelets 250.", "platelets two fifty"), "an unsettled pair may be one number")
	require.Empty(t, unsaid("en", "Platelets 2 to 50.", "platelets two fifty"), "or two")
	require.Equal(t, []string{"240"}, unsaid("en", "Propranolol 240 mg.", "two forty milligram tablets"),
		"two tablets of 40 mg are not 240 mg")
	require.Empty(t, unsaid("en", "Propranolol 40 mg, two tablets.", "two forty milligram tablets"))
	require.Equal(t, []string{"56"}, unsaid("en", "For 56 days.", "for five six days"), "a range is never one number")
	require.Equal(t, []string{"2030"}, unsaid("en", "For 2030 minutes.", "twenty thirty minutes"))
	require.Equal(t, []string{"5"}, unsaid("en", "A 5 cm stone.", "it does show a . five centimeter stone"),
		"a point heard as a full stop after an article is still a point")
	require.Empty(t, unsaid("en", "A 0.5 cm stone.", "it does show a . five centimeter stone"))
	require.Empty(t, unsaid("en", "Lorazepam 0.5 mg.", "point five milligrams of lorazepam"))
	require.Equal(t, []string{"5"}, unsaid("en", "Lorazepam 5 mg.", "point five milligrams of lorazepam"))
	require.Empty(t, unsaid("en", "Seen in 2019.", "back in twenty nineteen"))
	require.Empty(t, unsaid("en", "Came back at 2:30.", "come back at two thirty"), "a time's parts were said")
	require.Equal(t, []string{"150"}, unsaid("en", "Blood pressure 150.", "one", "fifty"),
		"a number never runs from one segment into the next")
	require.Empty(t, unsaid("en", "A count of 1792.", "a count of 1,792"), "a thousands mark")
	require.Empty(t, unsaid("fr", "Température 38,5.", "trente-huit virgule cinq"))
	require.Empty(t, unsaid("fr", "Température 38.5.", "trente-huit virgule cinq"), "a key compares across notations")
	require.Empty(t, unsaid("fr", "Température 38,5.", "trente-huit . cinq"))
}
