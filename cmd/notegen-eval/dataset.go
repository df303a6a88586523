package main

import (
	"encoding/csv"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// encounter is one ACI-BENCH row: the dialogue and the clinician's note.
type encounter struct {
	ID       string
	Dialogue string
	Note     string
}

// loadSplit reads <dir>/<split>.csv. The dialogue column holds multi-line
// quoted fields, which is why encoding/csv (not line splitting) is used.
func loadSplit(dir, split string) ([]encounter, error) {
	path := filepath.Join(dir, split+".csv")
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("open split %q: %w", split, err)
	}
	defer f.Close()
	return readEncounters(f, path)
}

func readEncounters(r io.Reader, name string) ([]encounter, error) {
	reader := csv.NewReader(r)
	header, err := reader.Read()
	if err != nil {
		return nil, fmt.Errorf("read header of %s: %w", name, err)
	}
	col := map[string]int{}
	for i, h := range header {
		col[strings.TrimSpace(h)] = i
	}
	for _, want := range []string{"encounter_id", "dialogue", "note"} {
		if _, ok := col[want]; !ok {
			return nil, fmt.Errorf("%s: missing column %q", name, want)
		}
	}
	var out []encounter
	for {
		rec, err := reader.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("read %s: %w", name, err)
		}
		out = append(out, encounter{
			ID:       rec[col["encounter_id"]],
			Dialogue: rec[col["dialogue"]],
			Note:     rec[col["note"]],
		})
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no encounters", name)
	}
	return out, nil
}

// doctorTurns keeps only the lines spoken by the doctor, tag removed: the
// "doctor's turns alone" baseline.
func doctorTurns(dialogue string) string {
	var lines []string
	for _, line := range strings.Split(dialogue, "\n") {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(line), "[doctor]"); ok {
			lines = append(lines, strings.TrimSpace(rest))
		}
	}
	return strings.Join(lines, "\n")
}

// speakerTags matches "[doctor]", "[patient]", "[patient_guest]".
var speakerTags = regexp.MustCompile(`\[[a-z_]+\]`)

// transcriptOnly is the raw-transcript baseline: the dialogue with speaker
// tags removed, as the published ACI-BENCH baseline does (keeping the tags
// adds a "doctor"/"patient" token per line and scores 0.4 lower).
func transcriptOnly(dialogue string) string {
	return speakerTags.ReplaceAllString(dialogue, "")
}
