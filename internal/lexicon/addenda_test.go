package lexicon

import (
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/require"
)

// withTestAddenda loads language "xx" from files, addenda applied.
func withTestAddenda(t *testing.T, files map[string]string) (*Lexicon, error) {
	t.Helper()
	fsys := fstest.MapFS{}
	for name, text := range files {
		fsys["data/xx/"+name] = &fstest.MapFile{Data: []byte(text)}
	}
	base, err := load(fsys, "xx")
	require.NoError(t, err)
	return withAddenda(fsys, "data/xx", base)
}

func TestAddendaAreReadButNotByTheTrainedLexicon(t *testing.T) {
	t.Parallel()
	x, err := withTestAddenda(t, map[string]string{
		"symptoms.txt":         "pain | pains | hurts ; system=general\ncough ; system=respiratory\n",
		"addenda/symptoms.txt": "# added since training\npain | hurt\nsores | skin sores ; system=skin\n",
	})
	require.NoError(t, err)
	full, trained := x.List("symptoms"), x.Trained().List("symptoms")

	// an addendum naming an entry adds to it: "hurt" is the pain, with the
	// pain's attributes, and every old term still finds the one entry
	require.Equal(t, "pain", full.Lookup("hurt").Name())
	require.Equal(t, "general", full.Lookup("hurt").Attr("system"))
	require.Same(t, full.Lookup("pains"), full.Lookup("hurt"))
	require.Equal(t, []string{"pain", "pains", "hurts", "hurt"}, full.Lookup("pain").Terms)
	require.Equal(t, "skin", full.Lookup("skin sores").Attr("system"))
	require.Len(t, full.Entries(), 3)
	require.True(t, x.Knows("sores"))

	// the trained lexicon is the lists as they were
	require.False(t, trained.Has("hurt"))
	require.False(t, trained.Has("sores"))
	require.Equal(t, []string{"pain", "pains", "hurts"}, trained.Lookup("pain").Terms)
	require.Len(t, trained.Entries(), 2)
	require.False(t, x.Trained().Knows("sores"))

	// a language without addenda is its own trained lexicon
	plain, err := withTestAddenda(t, map[string]string{"symptoms.txt": "pain\n"})
	require.NoError(t, err)
	require.Same(t, plain, plain.Trained())
}

func TestAddendaErrors(t *testing.T) {
	t.Parallel()
	for name, addendum := range map[string]map[string]string{
		"a list that does not exist": {"addenda/drugs.txt": "aspirin\n"},
		"a term of another entry":    {"addenda/symptoms.txt": "pain | cough\n"},
		"attributes on an extension": {"addenda/symptoms.txt": "pain | hurt ; system=skin\n"},
		"a new entry's old term":     {"addenda/symptoms.txt": "sore | pains\n"},
	} {
		files := map[string]string{"symptoms.txt": "pain | pains\ncough\n"}
		for k, v := range addendum {
			files[k] = v
		}
		_, err := withTestAddenda(t, files)
		require.Error(t, err, name)
	}
}

func TestEveryLanguagesAddendaLoad(t *testing.T) {
	t.Parallel()
	en := For("en")
	// the English addenda of this revision: "it hurt" is pain to the
	// reading, and no feature the part model was not trained on
	require.Equal(t, "pain", en.List("symptoms").Lookup("hurt").Name())
	require.False(t, en.Trained().List("symptoms").Has("hurt"))
	require.Same(t, en.Trained(), en.Trained().Trained())
}
