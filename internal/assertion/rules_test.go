package assertion

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/lexicon"
)

// Every language's lists compile: each entry has a known category,
// direction and reply kind, and every gapped term has two parts.
func TestEveryLanguageCompiles(t *testing.T) {
	t.Parallel()
	for _, lang := range lexicon.Languages {
		x := lexicon.For(lang)
		r, err := compile(x)
		require.NoError(t, err, lang)
		require.NotEmpty(t, r.gapped, "%s: no gapped trigger", lang)
		seen := map[category]bool{}
		for _, ru := range r.byEntry {
			seen[ru.cat] = true
		}
		for c := negated; c < nCategories; c++ {
			require.True(t, seen[c], "%s: no %s entry", lang, c)
		}
		kinds := map[replyKind]bool{}
		for _, rep := range r.replies {
			kinds[rep.kind] = true
		}
		require.Len(t, kinds, len(replyNames), "%s: every reply kind has entries", lang)
	}
}

// A malformed entry is reported with its file and term.
func TestCompileRejectsMalformedEntries(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		attrs map[string]string
		want  string
	}{
		{map[string]string{"category": "negative"}, "not a ConText category"},
		{map[string]string{"category": "negated", "direction": "sideways"}, "direction"},
		{map[string]string{"category": "terminate", "ends": "negated,pseudo"}, "not a trigger category"},
		{map[string]string{"category": "experiencer", "subject": "neighbour"}, "subject"},
		{map[string]string{"category": "negated", "scope": "0"}, "scope"},
	} {
		_, err := compileRule(&lexicon.Entry{Terms: []string{"x"}, Attrs: tc.attrs})
		require.ErrorContains(t, err, tc.want)
	}
}

// A concept range outside the sentence is clipped, not a panic.
func TestOfClipsTheTarget(t *testing.T) {
	t.Parallel()
	x := lexicon.For("en")
	toks := x.Tokenize("No fever.")
	require.Equal(t, Absent, Of(x, toks, [2]int{1, 9}).Assertion)
	require.Equal(t, Present, Of(x, toks, [2]int{-3, -1}).Assertion)
	_, ok := Answered(x, toks, [2]int{5, 2}, x.Tokenize("What?"))
	require.False(t, ok)
}

func TestYearsAreMatchedAsAPlaceholder(t *testing.T) {
	t.Parallel()
	x := lexicon.For("en")
	toks := withYears(x.Tokenize("in 2019, 120/80, 3000 mg, 1899"))
	var norms []string
	for _, tk := range toks {
		norms = append(norms, tk.Norm)
	}
	require.Equal(t, []string{"in", yearNorm, ",", "120/80", ",", "3000", "mg", ",", "1899"}, norms)
}
