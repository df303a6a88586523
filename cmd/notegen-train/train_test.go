package main

import (
	"errors"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/discourse"
	"github.com/notegen/notegen/internal/lexicon"
	"github.com/notegen/notegen/internal/transcript"
)

// repoRoot is the folder holding go.mod, above the working directory.
func repoRoot(t *testing.T) string {
	t.Helper()
	dir, err := os.Getwd()
	require.NoError(t, err)
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		require.NotEqual(t, dir, parent, "no go.mod above %s", dir)
		dir = parent
	}
}

// TestEmbeddedModelsAreWhatTrainingMakes retrains every model on the data
// beside the repository and checks that the embedded files (models,
// decodings and MANIFEST.md) are what it writes, byte for byte: the
// repository's models can be made again by anyone. Where the data is not
// beside the repository the test is skipped, except in CI (CI set), where
// that fails it. It takes about 40 s, and about 12 minutes under the race
// detector, which has nothing to find in one goroutine's arithmetic: built
// with -race it is skipped, and CI runs it in a step of its own without.
func TestEmbeddedModelsAreWhatTrainingMakes(t *testing.T) {
	t.Parallel()
	if raceDetector {
		t.Skip("training under -race takes minutes; run without -race (CI runs it in its own step)")
	}
	root := repoRoot(t)
	data := filepath.Join(root, "..", "shared", "data")
	if _, err := os.Stat(data); errors.Is(err, os.ErrNotExist) && os.Getenv("CI") == "" {
		t.Skip("training data not beside the repository")
	}
	res, err := Train(data, DefaultOptions(), testLog{t})
	require.NoError(t, err)
	dir := filepath.Join(root, "internal", "discourse", "models")
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	var have []string
	for _, e := range entries {
		have = append(have, e.Name())
	}
	var made []string
	for name, want := range res.Files {
		made = append(made, name)
		got, err := os.ReadFile(filepath.Join(dir, name))
		require.NoError(t, err, "%s is not in the repository: run %s", name, Command)
		require.True(t, string(want) == string(got), "%s differs from what training makes: run %s", name, Command)
	}
	sort.Strings(made)
	require.Equal(t, made, have, "the models directory holds exactly what training makes")
}

type testLog struct{ t *testing.T }

func (l testLog) Write(p []byte) (int, error) { l.t.Log(string(p)); return len(p), nil }

// The alignment gives a unit the part of the note sentence it shares
// most with, lets a question share its short answer's part, leaves names
// and small talk to drop, and cuts ASSESSMENT AND PLAN into its two parts.
func TestAlignment(t *testing.T) {
	t.Parallel()
	en := lexicon.For("en")
	rules, err := loadRules(en)
	require.NoError(t, err)
	enc := &Encounter{Source: &Source{Kind: ACI}, Names: []string{"Maria", "Lopez"}, Note: `CHIEF COMPLAINT

Left knee pain.

HISTORY OF PRESENT ILLNESS

Maria Lopez reports left knee pain for two weeks after a fall while hiking.

ALLERGIES

Sulfa.

ASSESSMENT AND PLAN

1. Left knee sprain.
- Medical Reasoning: The swelling and the mechanism suggest a sprain of the medial collateral ligament.
- Medical Treatment: I will prescribe meloxicam 15 mg daily and we will order an MRI of the left knee.
`}
	segs := transcript.Split(`[doctor] hi maria .
[patient] hi .
[doctor] what brings you in ?
[patient] my left knee has hurt for two weeks since i fell hiking .
[doctor] any allergies to medicines ?
[patient] sulfa .
[doctor] i think this is a sprain of the medial collateral ligament .
[doctor] i will prescribe meloxicam 15 mg daily and we will order an mri of your left knee .
[patient] great , thanks .`, nil)
	units := discourse.UnitsWith(segs, en, discourse.NewQuestioner(nil, en), nil, en.Tokenize)
	sents, unknown := rules.NoteSentences(enc, en)
	require.Empty(t, unknown)
	parts := map[string]discourse.Part{}
	for _, s := range sents {
		parts[s.Text] = s.Part
	}
	require.Equal(t, discourse.Assessment, parts["Left knee sprain."])
	require.Equal(t, discourse.Plan, parts["- Medical Treatment: I will prescribe meloxicam 15 mg daily and we will order an MRI of the left knee."])
	var unitKeys, noteKeys [][]string
	for _, u := range units {
		unitKeys = append(unitKeys, rules.keys(u.Tokens))
	}
	for _, s := range sents {
		noteKeys = append(noteKeys, s.keys)
	}
	// in a corpus of one visit every word is common: ask less shared weight
	opt := DefaultOptions().Align
	opt.MinShared = 1
	a := Align(units, sents, enc.Names, rules, NewVocabulary(unitKeys, noteKeys), opt)
	got := make([]discourse.Part, len(units))
	for i, l := range a.Labels {
		got[i] = discourse.Parts[l]
	}
	require.Equal(t, []discourse.Part{discourse.Drop, discourse.Drop, discourse.Drop, discourse.History,
		discourse.Allergies, discourse.Allergies, discourse.Assessment, discourse.Plan, discourse.Drop}, got)
}
