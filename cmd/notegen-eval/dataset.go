package main

import (
	"io"
	"regexp"
	"strings"

	"github.com/notegen/notegen/internal/acibench"
)

// encounter is one ACI-BENCH row: the dialogue and the clinician's note.
type encounter = acibench.Encounter

// loadSplit reads <dir>/<split>.csv with the repository's one ACI-BENCH
// reader, which refuses the held-out test splits.
func loadSplit(dir, split string) ([]encounter, error) { return acibench.Load(dir, split) }

// readEncounters reads encounters from CSV; name says where in errors.
func readEncounters(r io.Reader, name string) ([]encounter, error) { return acibench.Parse(r, name) }

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
