package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
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
// TestGateScores holds the writer to its scores on the two splits it was
// not tuned on (valid and test2; train and test3 tune it): ROUGE-1 of the
// labelled transcript, the same within a point with the speaker tags
// removed, and the roles inferred from untagged turns. The floors sit a
// few tenths under the scores measured when they were set (valid 52.8,
// test2 53.1), so that a change that costs the note fails here.
func TestGateScores(t *testing.T) {
	t.Parallel()
	if _, err := os.Stat(filepath.Join(dataDir, "valid.csv")); err != nil {
		// CI runs with shared/ beside the clone: missing data there is a
		// broken setup, not a reason to skip the writer's quality bar.
		if os.Getenv("CI") == "true" {
			t.Fatalf("ACI-BENCH data not found at %s (CI=true): %v", dataDir, err)
		}
		t.Skipf("ACI-BENCH data not found at %s: %v", dataDir, err)
	}
	for _, gate := range []struct {
		split               string
		size                int
		writer, tagged, fix float64
	}{
		// D2N082's tags are swapped in valid; D2N076 is mostly a parent
		// speaking, whom the companion rule must find. Issue 14 asks for
		// 90% against the tags as given.
		{"valid", 20, 52.5, 90.0, 94.0},
		{"test2", 40, 52.7, 95.0, 95.0},
	} {
		t.Run(gate.split, func(t *testing.T) {
			t.Parallel()
			encounters, err := loadSplit(dataDir, gate.split)
			require.NoError(t, err)
			require.Len(t, encounters, gate.size)
			labelled := meanRouge1(t, encounters, writerFor(notewriter.New(), "soap", "primaryCare"))
			require.GreaterOrEqual(t, labelled, gate.writer)
			require.Equal(t, fmt.Sprintf("%.1f", labelled), readmeScore(t, gate.split),
				"README.md's writer table quotes another score for %s than the writer makes: update it", gate.split)
			unlabelledScore := meanRouge1(t, encounters, func(d string) (string, error) {
				text, _, _ := unlabelled(d)
				return writerFor(notewriter.New(), "soap", "primaryCare")(text)
			})
			require.GreaterOrEqual(t, unlabelledScore, labelled-1.0, "roles inferred from unlabelled turns cost at most a point")
			tagged, corrected := roleAccuracy(encounters)
			require.GreaterOrEqual(t, tagged, gate.tagged)
			require.GreaterOrEqual(t, corrected, gate.fix, "with swapped tags read the right way round")
		})
	}
}

// readmeScore is the full ROUGE-1 README.md's writer table gives a split
// ("| valid | measured | 52.9 (...").
func readmeScore(t *testing.T, split string) string {
	t.Helper()
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	require.NoError(t, err)
	m := regexp.MustCompile(`(?m)^\| ` + regexp.QuoteMeta(split) + ` \| measured \| ([0-9.]+) `).FindSubmatch(readme)
	require.NotNil(t, m, "README.md's writer table has no row for %s", split)
	return string(m[1])
}

// TestBaselines pins the two baselines the writer is compared with: the
// transcript itself, and the clinician's turns alone.
func TestBaselines(t *testing.T) {
	t.Parallel()
	if _, err := os.Stat(filepath.Join(dataDir, "valid.csv")); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("ACI-BENCH data not found at %s (CI=true): %v", dataDir, err)
		}
		t.Skipf("ACI-BENCH data not found at %s: %v", dataDir, err)
	}
	encounters, err := loadSplit(dataDir, "valid")
	require.NoError(t, err)
	require.InDelta(t, 34.6, meanRouge1(t, encounters, plain(transcriptOnly)), 0.05)
	require.InDelta(t, 37.8, meanRouge1(t, encounters, plain(doctorTurns)), 0.05)
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
