package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/notewriter"
	"github.com/notegen/notegen/internal/rouge"
)

const dataDir = "../../../shared/data/aci-bench"

func meanRouge1(t *testing.T, encounters []encounter, write func(string) (string, error)) float64 {
	t.Helper()
	sum := 0.0
	for _, e := range encounters {
		c, err := write(e.Dialogue)
		require.NoError(t, err)
		sum += rouge.Compute(e.Note, c).Rouge1.F1
	}
	return 100 * sum / float64(len(encounters))
}

// TestValidScores reproduces the published baselines (which validates the
// scorer and the CSV reading) and holds the writer to its target.
func TestValidScores(t *testing.T) {
	t.Parallel()
	if _, err := os.Stat(filepath.Join(dataDir, "valid.csv")); err != nil {
		// CI runs with shared/ beside the clone: missing data there is a
		// broken setup, not a reason to skip the writer's quality bar.
		if os.Getenv("CI") == "true" {
			t.Fatalf("ACI-BENCH data not found at %s (CI=true): %v", dataDir, err)
		}
		t.Skipf("ACI-BENCH data not found at %s: %v", dataDir, err)
	}
	encounters, err := loadSplit(dataDir, "valid")
	require.NoError(t, err)
	require.Len(t, encounters, 20)
	require.InDelta(t, 34.6, meanRouge1(t, encounters, plain(transcriptOnly)), 0.05)
	require.InDelta(t, 37.8, meanRouge1(t, encounters, plain(doctorTurns)), 0.05)
	labelled := meanRouge1(t, encounters, writerFor(notewriter.New(), "soap", "primaryCare"))
	require.GreaterOrEqual(t, labelled, 52.9)
	unlabelledScore := meanRouge1(t, encounters, func(d string) (string, error) {
		text, _, _ := unlabelled(d)
		return writerFor(notewriter.New(), "soap", "primaryCare")(text)
	})
	require.InDelta(t, labelled, unlabelledScore, 1.0, "roles inferred from unlabelled turns cost at most a point")
	// D2N082's tags are swapped in the data set; D2N076 is mostly a
	// parent speaking, whom the companion rule must find. Issue 14 asks
	// for 90% against the tags as given.
	tagged, corrected := roleAccuracy(encounters)
	require.GreaterOrEqual(t, tagged, 90.0)
	require.GreaterOrEqual(t, corrected, 97.0, "with D2N082's tags read the right way round")
}

func TestReadEncountersMultilineDialogue(t *testing.T) {
	t.Parallel()
	csvText := "dataset,encounter_id,dialogue,note\naci,D1,\"[doctor] hi , how are you ?\n[patient] my knee \"\"hurts\"\"\",\"CHIEF COMPLAINT\n\nKnee pain.\"\n"
	got, err := readEncounters(stringsReader(csvText), "inline")
	require.NoError(t, err)
	require.Equal(t, []encounter{{ID: "D1", Dialogue: "[doctor] hi , how are you ?\n[patient] my knee \"hurts\"", Note: "CHIEF COMPLAINT\n\nKnee pain."}}, got)
	require.Equal(t, "hi , how are you ?", doctorTurns(got[0].Dialogue))
	require.Equal(t, " hi , how are you ?\n my knee \"hurts\"", transcriptOnly(got[0].Dialogue))
}

func stringsReader(s string) *strings.Reader { return strings.NewReader(s) }
