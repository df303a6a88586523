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

func TestDictatedPunctuation(t *testing.T) {
	t.Parallel()
	fr := lexicon.For("fr")
	toks := fr.Dictated(fr.Tokenize("pas de fièvre virgule ramipril deux virgule cinq milligrammes point à la ligne Examen deux points souple"))
	require.Equal(t, []string{"pas", "de", "fievre", ",", "ramipril", "deux", "virgule", "cinq", "milligrammes", ".", "examen", ":", "souple"}, norms(toks),
		"a decimal comma between numbers stays; commands become marks")
	en := lexicon.For("en")
	toks = en.Dictated(en.Tokenize("Swelling of the left leg. Period. New paragraph. Temperature ninety eight point six comma pulse 92 end of dictation"))
	require.Equal(t, []string{"swelling", "of", "the", "left", "leg", ".", ".", ".", ".", ".", "temperature", "ninety", "eight", "point", "six", ",", "pulse", "92", "."}, norms(toks))
	require.Len(t, en.Sentences(toks), 2)
}

func TestCliticsAreWordsOfTheirOwn(t *testing.T) {
	t.Parallel()
	en := lexicon.For("en")
	require.Equal(t, []string{"my", "throat", "'s", "killing", "me", "and", "the", "doctor", "will", "see", "it", "is"},
		norms(en.Tokenize("My throat's killing me and the doctor'll see it's")))
}

// A recogniser writes an acronym said letter by letter as letters: the
// term matches them as it matches the acronym.
func TestSpelledOutAcronymsMatchTheirTerm(t *testing.T) {
	t.Parallel()
	en := lexicon.For("en")
	toks := en.Tokenize("we'll recheck the t s h in six weeks")
	e, n := en.List("labs").Match(toks, 4)
	require.NotNil(t, e)
	require.Equal(t, 3, n)
	require.Equal(t, en.List("labs").Lookup("tsh"), e)
}

// "A&E" matches the term the lexicon lists, its ampersand joining its
// letters.
func TestAmpersandJoinsATermsLetters(t *testing.T) {
	t.Parallel()
	en := lexicon.For("en")
	e, n := en.List("care_services").Match(en.Tokenize("A&E now"), 0)
	require.NotNil(t, e)
	require.Equal(t, 3, n)
	e, _ = en.List("care_services").Match(en.Tokenize("a & now"), 0)
	require.Nil(t, e)
}

// "Graves' disease" matches the term "graves disease": a plural
// possessive's apostrophe does not break a term; a quote does.
func TestPossessiveApostropheJoinsATerm(t *testing.T) {
	t.Parallel()
	en := lexicon.For("en")
	toks := en.Tokenize("it was Graves' disease")
	e, n := en.List("conditions").Match(toks, 2)
	require.NotNil(t, e)
	require.Equal(t, "hyperthyroidism", e.Name())
	require.Equal(t, 3, n)
	e, _ = en.List("conditions").Match(en.Tokenize("graves 'disease'"), 0)
	require.Nil(t, e)
}

// A request for agreement closes a sentence after a comma (TagAt), or,
// as speech is transcribed, without one after a sentence of a few words
// (BareTagAt); "okay" that says how something is ("have been okay?") is
// none.
func TestTagAt(t *testing.T) {
	t.Parallel()
	x := lexicon.For("en")
	for _, tc := range []struct {
		text      string
		tag, bare string // the tags' first tokens, "" for none
	}{
		{"We'll check your thyroid, okay?", ",", ""},
		{"We'll check your thyroid levels next week okay?", "", "okay"},
		{"Is that okay?", "", ""},
		{"Your blood pressures have been okay?", "", ""},
		{"Does the knee still feel okay?", "", ""},
		{"We'll check your thyroid levels next week.", "", ""},
	} {
		toks := x.Tokenize(tc.text)
		at := func(k int) string {
			if k < 0 {
				return ""
			}
			return toks[k].Norm
		}
		require.Equal(t, tc.tag, at(x.TagAt(toks)), tc.text)
		require.Equal(t, tc.bare, at(x.BareTagAt(toks)), tc.text)
	}
}

// A list of endings read as suffixes: "sending" ends in "ing" with letters
// enough before it; "bring" has too few, and French lists none.
func TestEndsWordReadsEndingsAsSuffixes(t *testing.T) {
	en := lexicon.For("en").List("participle_endings")
	require.True(t, en.EndsWord("sending", 2))
	require.False(t, en.EndsWord("bring", 2))
	require.False(t, en.EndsWord("send", 2))
	require.False(t, lexicon.For("fr").List("participle_endings").EndsWord("envoyant", 2))
}
