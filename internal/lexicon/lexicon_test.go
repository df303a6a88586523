package lexicon_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/lexicon"
)

func norms(toks []lexicon.Token) []string {
	out := make([]string, len(toks))
	for i, t := range toks {
		out[i] = t.Norm
	}
	return out
}

func TestTokenizeWritesOutContractionsAndKeepsSpans(t *testing.T) {
	t.Parallel()
	en := lexicon.For("en")
	text := "I don't have an X-ray, it's 120/80 and 2.5 mg. They ca n't gon na"
	toks := en.Tokenize(text)
	require.Equal(t, []string{"i", "do", "not", "have", "an", "x", "ray", ",", "it", "is", "120/80", "and", "2.5", "mg", ".",
		"they", "can", "not", "going", "to"}, norms(toks))
	rs := []rune(text)
	// both halves of "don't" point at the whole word
	require.Equal(t, "don't", string(rs[toks[1].Start:toks[1].End]))
	require.Equal(t, "don't", string(rs[toks[2].Start:toks[2].End]))
	require.Equal(t, "X-ray", string(rs[toks[5].Start:toks[6].End]))
	require.Equal(t, lexicon.Number, toks[10].Kind)
}

func TestTokenizeFrenchElisionsAndAccents(t *testing.T) {
	t.Parallel()
	fr := lexicon.For("fr")
	toks := fr.Tokenize("Pas d'ibuprofène, température à 38,5 ; quatre-vingt-quinze.")
	require.Equal(t, []string{"pas", "d'", "ibuprofene", ",", "temperature", "a", "38.5", ";", "quatre", "vingt", "quinze", "."}, norms(toks))
}

func TestSentences(t *testing.T) {
	t.Parallel()
	en := lexicon.For("en")
	text := "Dr. Smith saw him. Any fever?! No... okay so 98.6 today"
	toks := en.Tokenize(text)
	var got []string
	rs := []rune(text)
	for _, s := range en.Sentences(toks) {
		got = append(got, string(rs[toks[s[0]].Start:toks[s[1]-1].End]))
	}
	require.Equal(t, []string{"Dr. Smith saw him.", "Any fever?!", "No...", "okay so 98.6 today"}, got)
}

// Every language has the same lists and phrase keys, so the engine never
// asks one language for something only another has.
func TestLanguagesHaveTheSameFiles(t *testing.T) {
	t.Parallel()
	en := lexicon.For("en")
	for _, lang := range lexicon.Languages {
		x := lexicon.For(lang)
		require.Equal(t, lang, x.Lang)
		require.Equal(t, en.ListNames(), x.ListNames(), lang)
		require.Equal(t, en.PhraseKeys(), x.PhraseKeys(), lang)
	}
}
