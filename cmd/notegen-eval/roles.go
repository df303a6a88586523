package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/notegen/notegen/internal/discourse"
	"github.com/notegen/notegen/internal/transcript"
)

// tagRoles maps ACI-BENCH's speaker tags to the writer's roles.
var tagRoles = map[string]transcript.Speaker{
	"[doctor]": transcript.Clinician, "[patient]": transcript.Patient, "[patient_guest]": transcript.Other,
}

// unlabelled strips the speaker tags, one turn per line, as speech-to-text
// output arrives; it also returns the true role of each line.
func unlabelled(dialogue string) (text string, turns []string, roles []transcript.Speaker) {
	var lines []string
	for _, line := range strings.Split(dialogue, "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		role := transcript.Clinician
		if tag := speakerTags.FindString(line); tag != "" && strings.HasPrefix(line, tag) {
			role = tagRoles[tag]
			line = strings.TrimSpace(line[len(tag):])
		}
		lines = append(lines, line)
		roles = append(roles, role)
	}
	return strings.Join(lines, "\n"), lines, roles
}

// swappedTags are the encounters whose [doctor] and [patient] tags are the
// wrong way round in ACI-BENCH, checked by reading each one: the turns
// tagged [patient] greet the patient by name, take the history, examine
// and prescribe ("[patient] hi kyle how are you today", "[doctor] i'm doing
// well i'm just anxious about ..."). Scored against those tags, every
// correctly inferred turn of them counts as an error.
var swappedTags = map[string]bool{
	"D2N034": true, "D2N038": true, "D2N056": true, "D2N057": true, "D2N059": true, // train
	"D2N082": true, // valid
}

// trueRole is the true role of a turn tagged role in encounter id: the
// tag read the right way round where the encounter's tags are swapped.
func trueRole(id string, role transcript.Speaker) transcript.Speaker {
	if swappedTags[id] {
		switch role {
		case transcript.Clinician:
			return transcript.Patient
		case transcript.Patient:
			return transcript.Clinician
		}
	}
	return role
}

// roleAccuracy is the share of turns, over all encounters, whose inferred
// role is the tagged one; corrected is the same share with the tags of
// the swappedTags encounters read the right way round.
func roleAccuracy(encounters []encounter) (tagged, corrected float64) {
	right, fixed, total := 0, 0, 0
	for _, e := range encounters {
		_, turns, want := unlabelled(e.Dialogue)
		got := inferred(turns)
		for i := range want {
			truth := trueRole(e.ID, want[i])
			if got[i] == want[i] {
				right++
			}
			if got[i] == truth {
				fixed++
			}
			total++
		}
	}
	n := float64(max(total, 1))
	return 100 * float64(right) / n, 100 * float64(fixed) / n
}

// printMisattributed writes, for error analysis on the training split, the
// confusion of inferred against true roles (swapped tags corrected) and
// every turn whose inferred role is wrong, with its neighbours' roles.
func printMisattributed(w io.Writer, encounters []encounter) {
	idx := map[transcript.Speaker]int{transcript.Clinician: 0, transcript.Patient: 1, transcript.Other: 2, transcript.Unknown: 3}
	var confusion [4][4]int
	for _, e := range encounters {
		_, turns, want := unlabelled(e.Dialogue)
		got := inferred(turns)
		for i := range want {
			truth := trueRole(e.ID, want[i])
			confusion[idx[truth]][idx[got[i]]]++
			if got[i] != truth {
				fmt.Fprintf(w, "%s #%d want %s got %s: %s\n", e.ID, i, truth, got[i], turns[i])
			}
		}
	}
	fmt.Fprintln(w, "confusion (rows true, columns inferred: clinician patient other unknown):")
	for r, row := range confusion {
		fmt.Fprintf(w, "%-10s %5d %5d %5d %5d\n", []string{"clinician", "patient", "other", "unknown"}[r], row[0], row[1], row[2], row[3])
	}
}

// inferred is the role the discourse model gives each unlabelled turn.
func inferred(turns []string) []transcript.Speaker {
	segs := make([]transcript.Segment, len(turns))
	for i, t := range turns {
		segs[i] = transcript.Segment{ID: i, Speaker: transcript.Unknown, Text: t}
	}
	discourse.InferRoles("en")(segs)
	out := make([]transcript.Speaker, len(segs))
	for i, s := range segs {
		out[i] = s.Speaker
	}
	return out
}
