package discourse

import (
	"io/fs"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/learn"
	"github.com/notegen/notegen/internal/lexicon"
	"github.com/notegen/notegen/internal/transcript"
)

func unitsOf(t *testing.T, x *lexicon.Lexicon, lines ...string) []Unit {
	t.Helper()
	segs := make([]transcript.Segment, len(lines))
	for i, l := range lines {
		who := transcript.Clinician
		if i%2 == 1 {
			who = transcript.Patient
		}
		segs[i] = transcript.Segment{ID: i, Speaker: who, Text: l}
	}
	return UnitsWith(segs, x, NewQuestioner(nil, x), nil, x.Tokenize)
}

// The universal model must read any language alike: its features name no
// word, only roles, positions, lengths and the lexicon's lists.
func TestAbstractFeaturesNameNoWord(t *testing.T) {
	t.Parallel()
	for lang, lines := range map[string][]string{
		"en": {"Any allergies to penicillin?", "Amoxicillin gives me a rash on my chest, 3 days ago."},
		"fr": {"Des allergies à la pénicilline ?", "L'amoxicilline me donne des plaques sur le thorax, il y a 3 jours."},
	} {
		x := lexicon.For(lang)
		spec := FeatureSpec{Lists: x.ListNames()}
		units := unitsOf(t, x, lines...)
		var toks [][]lexicon.Token
		for _, u := range units {
			toks = append(toks, u.Tokens)
		}
		all := PartFeatures(units, x, spec)
		all = append(all, RoleFeatures(toks, []bool{true, false}, false, x, spec)...)
		all = append(all, ChangeFeatures(toks, []bool{true, false}, x, spec)...)
		lists := false
		for _, fs := range all {
			for _, f := range fs {
				f = strings.TrimPrefix(f, "t|")
				require.True(t, strings.HasPrefix(f, "A:"), "%s: %q", lang, f)
				lists = lists || strings.HasPrefix(f, "A:l:")
				for _, u := range units {
					for _, tok := range u.Tokens {
						if tok.Kind == lexicon.Word && len(tok.Norm) > 3 && !strings.Contains(strings.Join(spec.Lists, " "), tok.Norm) {
							require.NotContains(t, f, tok.Norm, "%s: %q names a word", lang, f)
						}
					}
				}
			}
		}
		require.True(t, lists, "%s: the drug and the reaction match lists", lang)
	}
}

// Numbers in digits and in words are one feature: "5 days" and "five
// days" say the same of a part.
func TestNumbersAreOneClass(t *testing.T) {
	t.Parallel()
	x := lexicon.For("en")
	spec := FeatureSpec{Lexical: true}
	a := PartFeatures(unitsOf(t, x, "for 5 days"), x, spec)
	b := PartFeatures(unitsOf(t, x, "for five days"), x, spec)
	require.Equal(t, a, b)
	require.Contains(t, a[0], "A:num")
}

// Without a companion in the room, adapting the shares of roles changes
// no answer; with one answering throughout, her modest probabilities add
// up and her turns become hers.
func TestAdaptPriors(t *testing.T) {
	t.Parallel()
	prior := []float64{0.55, 0.41, 0.04}
	twoParty := [][]float64{{0.9, 0.08, 0.02}, {0.1, 0.88, 0.02}, {0.85, 0.1, 0.05}, {0.2, 0.75, 0.05}}
	probs := clone(twoParty)
	share := adaptPriors(probs, []int{-1, -1, -1, -1}, prior)
	require.Less(t, share[2], prior[2])
	for i := range probs {
		require.Equal(t, learn.Argmax(twoParty[i]), learn.Argmax(probs[i]))
	}
	companion := [][]float64{{0.9, 0.05, 0.05}, {0.05, 0.6, 0.35}, {0.9, 0.05, 0.05}, {0.05, 0.55, 0.4}, {0.9, 0.05, 0.05}, {0.05, 0.6, 0.35}}
	probs = clone(companion)
	share = adaptPriors(probs, []int{-1, -1, -1, -1, -1, -1}, prior)
	require.Greater(t, share[2], 0.2)
	require.Equal(t, 2, learn.Argmax(probs[1]))
	// a labelled segment is neither counted nor changed
	probs = clone(companion)
	adaptPriors(probs, []int{0, -1, 0, -1, 0, -1}, prior)
	require.Equal(t, companion[0], probs[0])
}

func clone(p [][]float64) [][]float64 {
	out := make([][]float64, len(p))
	for i := range p {
		out[i] = append([]float64(nil), p[i]...)
	}
	return out
}

// Where the change model says the speaker goes on, an ambiguous segment
// keeps its predecessor's role; where it says the speaker changes, it
// takes the other's.
func TestDecodeTurnsFollowsChanges(t *testing.T) {
	t.Parallel()
	tr := learn.CountTransitions([][]int{{0, 1, 0, 1, 0, 2, 0}}, 3)
	probs := [][]float64{{0.9, 0.05, 0.05}, {0.5, 0.45, 0.05}, {0.5, 0.45, 0.05}}
	require.Equal(t, []int{0, 0, 0}, decodeTurns(probs, []float64{0, 0.05, 0.05}, tr, 1))
	require.Equal(t, []int{0, 1, 0}, decodeTurns(probs, []float64{0, 0.95, 0.95}, tr, 1))
}

// Voices get the role their segments agree on, and a conversation of two
// voices has a clinician even when both lean the same way.
func TestAssignVoices(t *testing.T) {
	t.Parallel()
	seg := func(v string) transcript.Segment { return transcript.Segment{Speaker: transcript.Unknown, Voice: v} }
	segs := []transcript.Segment{seg("A"), seg("B"), seg("A"), seg("B")}
	probs := [][]float64{{0.45, 0.5, 0.05}, {0.1, 0.85, 0.05}, {0.4, 0.55, 0.05}, {0.2, 0.75, 0.05}}
	roles := assignVoices(segs, probs, []int{-1, -1, -1, -1})
	require.Equal(t, map[string]int{"A": 0, "B": 1}, roles)
	// a labelled clinician makes a clinician voice unnecessary
	roles = assignVoices(append(segs, transcript.Segment{Speaker: transcript.Clinician}), append(probs, []float64{1, 0, 0}),
		[]int{-1, -1, -1, -1, 0})
	require.Equal(t, 1, roles["A"])
}

// Every embedded model loads, with the labels the package reads it by,
// and is small.
func TestEmbeddedModels(t *testing.T) {
	t.Parallel()
	models, dec := embedded()
	require.NotEmpty(t, models)
	manifest, err := fs.ReadFile(modelFiles, "models/MANIFEST.md")
	require.NoError(t, err)
	for name, m := range models {
		data, err := fs.ReadFile(modelFiles, "models/"+name)
		require.NoError(t, err)
		require.Less(t, len(data), 1<<20, name)
		require.Contains(t, string(manifest), name)
		task, _, _ := strings.Cut(name, "_")
		switch task {
		case "part":
			require.Len(t, m.Labels, len(Parts), name)
			for i, p := range Parts {
				require.Equal(t, string(p), m.Labels[i], name)
			}
			require.Len(t, dec[name].Transitions.From, len(Parts), name)
		case "role":
			require.Len(t, m.Labels, len(Roles), name)
			for i, r := range Roles {
				require.Equal(t, string(r), m.Labels[i], name)
			}
		case "change", "question", "boundary":
			require.Len(t, m.Labels, 2, name)
		default:
			t.Fatalf("unknown model %s", name)
		}
	}
	for _, lang := range lexicon.Languages {
		require.NotNil(t, PartModelFor(lang))
		require.NotNil(t, RoleModelFor(lang).Change, lang)
	}
}
