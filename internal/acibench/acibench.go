// Package acibench reads the ACI-BENCH encounters (a dialogue and the
// clinician's note) kept beside the repository, in ../shared/data/aci-bench,
// for the tests and benchmarks that measure on real dialogues. Only the
// train and valid splits are there; the test splits are never read.
package acibench

import (
	"encoding/csv"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Encounter is one row of a split.
type Encounter struct {
	ID       string // encounter_id, e.g. "D2N001"
	Dialogue string // "[doctor] ... \n[patient] ..."
	Note     string // the clinician's note
}

// Read returns the encounters of split ("train" or "valid") in file order.
// Where the data is not beside the repository the test is skipped, except
// in CI (CI set), where that fails it: CI must measure.
func Read(t testing.TB, split string) []Encounter {
	t.Helper()
	path, err := dataPath(split)
	if errors.Is(err, os.ErrNotExist) && os.Getenv("CI") == "" {
		t.Skip("ACI-BENCH data not beside the repository")
	}
	require.NoError(t, err)
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	require.NoError(t, err)
	require.NotEmpty(t, rows, path)
	require.Equal(t, []string{"dataset", "encounter_id", "dialogue", "note"}, rows[0], "%s: columns", path)
	out := make([]Encounter, 0, len(rows)-1)
	for _, r := range rows[1:] {
		out = append(out, Encounter{ID: r[1], Dialogue: r[2], Note: r[3]})
	}
	return out
}

// OneHourWords is about an hour of speech at 150 words per minute.
const OneHourWords = 9000

// OneHour joins the train dialogues, in file order, until they hold about an
// hour of speech (OneHourWords), for the benchmarks of long encounters. It
// returns the text and its number of words.
func OneHour(t testing.TB) (string, int) {
	t.Helper()
	var b strings.Builder
	words := 0
	for _, e := range Read(t, "train") {
		b.WriteString(e.Dialogue)
		b.WriteString("\n")
		words += len(strings.Fields(e.Dialogue))
		if words > OneHourWords {
			break
		}
	}
	return b.String(), words
}

// dataPath finds the split's file beside the repository: the folder that
// holds go.mod is the repository, wherever the test runs below it.
func dataPath(split string) (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			path := filepath.Join(dir, "..", "shared", "data", "aci-bench", split+".csv")
			_, err := os.Stat(path)
			return path, err
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("no go.mod above the working directory: %w", os.ErrNotExist)
		}
		dir = parent
	}
}
