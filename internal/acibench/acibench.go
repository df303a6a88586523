// Package acibench reads the ACI-BENCH encounters (a dialogue and the
// clinician's note) kept beside the repository, in ../shared/data/aci-bench:
// the one reader of its CSV files, for the evaluation commands and for the
// tests and benchmarks that measure on real dialogues. Only the splits
// shared for learning and validation are read (train, valid, test2, test3
// and their speech-recognised versions); ACI-BENCH's first test split is
// held out and never is.
package acibench

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Encounter is one row of a split.
type Encounter struct {
	ID       string // encounter_id, e.g. "D2N001"
	Dialogue string // "[doctor] ... \n[patient] ..."
	Note     string // the clinician's note
}

// Splits are the splits that may be read. The first test split is held
// out: a score measured on it would no longer say how the writer does on
// dialogues nobody tuned it on.
var Splits = []string{"train", "valid", "test2", "test3"}

// Load reads <dir>/<split>.csv; split is one of Splits, or one of their
// speech-recognised versions in speech/ ("speech/valid_aci_asr").
func Load(dir, split string) ([]Encounter, error) {
	base, _, _ := strings.Cut(strings.TrimPrefix(split, "speech/"), "_")
	if !slices.Contains(Splits, base) || (base != split && !strings.HasPrefix(split, "speech/"+base+"_")) {
		return nil, fmt.Errorf("split %q: only %s and their speech/ versions are read (the first test split is held out)", split, strings.Join(Splits, ", "))
	}
	path := filepath.Join(dir, split+".csv")
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("open split %q: %w", split, err)
	}
	defer f.Close()
	return Parse(f, path)
}

// Parse reads encounters from CSV with the columns encounter_id, dialogue
// and note (in any order, others ignored); name says where they come from in
// errors. The dialogue column holds multi-line quoted fields, which is why
// encoding/csv (not line splitting) reads it.
func Parse(r io.Reader, name string) ([]Encounter, error) {
	reader := csv.NewReader(r)
	header, err := reader.Read()
	if err != nil {
		return nil, fmt.Errorf("read header of %s: %w", name, err)
	}
	col := map[string]int{}
	for i, h := range header {
		col[strings.TrimSpace(h)] = i
	}
	if _, ok := col["encounter_id"]; !ok {
		// the speech-recognised versions name the column "id"
		if i, ok := col["id"]; ok {
			col["encounter_id"] = i
		}
	}
	for _, want := range []string{"encounter_id", "dialogue", "note"} {
		if _, ok := col[want]; !ok {
			return nil, fmt.Errorf("%s: missing column %q", name, want)
		}
	}
	var out []Encounter
	for {
		rec, err := reader.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("read %s: %w", name, err)
		}
		out = append(out, Encounter{ID: rec[col["encounter_id"]], Dialogue: rec[col["dialogue"]], Note: rec[col["note"]]})
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no encounters", name)
	}
	return out, nil
}

// TB is the part of testing.TB that Read and OneHour use. It is declared
// here so that the evaluation commands, which share the reader, do not link
// the testing package into their binaries.
type TB interface {
	Helper()
	Skip(args ...any)
	Fatalf(format string, args ...any)
}

// Read returns the encounters of split ("train" or "valid") in file order,
// for a test or benchmark. Where the data is not beside the repository the
// test is skipped, except in CI (CI set), where that fails it: CI must
// measure.
func Read(t TB, split string) []Encounter {
	t.Helper()
	dir, err := Dir()
	if errors.Is(err, os.ErrNotExist) && os.Getenv("CI") == "" {
		t.Skip("ACI-BENCH data not beside the repository")
	}
	if err != nil {
		t.Fatalf("ACI-BENCH data: %v", err)
	}
	encounters, err := Load(dir, split)
	if err != nil {
		t.Fatalf("ACI-BENCH %s: %v", split, err)
	}
	return encounters
}

// OneHourWords is about an hour of speech at 150 words per minute.
const OneHourWords = 9000

// OneHour joins the train dialogues, in file order, until they hold about an
// hour of speech (OneHourWords), for the benchmarks of long encounters. It
// returns the text and its number of words.
func OneHour(t TB) (string, int) {
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

// Dir finds the data beside the repository: ../shared/data/aci-bench from
// the folder that holds go.mod, wherever below it the caller runs.
func Dir() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", fmt.Errorf("find the ACI-BENCH data: %w", err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			path := filepath.Join(dir, "..", "shared", "data", "aci-bench")
			if _, err := os.Stat(path); err != nil {
				return "", fmt.Errorf("find the ACI-BENCH data: %w", err)
			}
			return path, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("no go.mod above the working directory: %w", os.ErrNotExist)
		}
		dir = parent
	}
}
