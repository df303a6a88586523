package main

import (
	"strings"

	"github.com/notegen/notegen/internal/notewriter"
)

// tagRoles maps ACI-BENCH's speaker tags to the writer's roles.
var tagRoles = map[string]notewriter.Role{
	"[doctor]": notewriter.RoleClinician, "[patient]": notewriter.RolePatient, "[patient_guest]": notewriter.RoleOther,
}

// unlabelled strips the speaker tags, one turn per line, as speech-to-text
// output arrives; it also returns the true role of each line.
func unlabelled(dialogue string) (text string, turns []string, roles []notewriter.Role) {
	var lines []string
	for _, line := range strings.Split(dialogue, "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		role := notewriter.RoleClinician
		if tag := speakerTags.FindString(line); tag != "" && strings.HasPrefix(line, tag) {
			role = tagRoles[tag]
			line = strings.TrimSpace(line[len(tag):])
		}
		lines = append(lines, line)
		roles = append(roles, role)
	}
	return strings.Join(lines, "\n"), lines, roles
}

// roleAccuracy is the share of turns, over all encounters, whose inferred
// role is the tagged one.
func roleAccuracy(encounters []encounter) float64 {
	right, total := 0, 0
	for _, e := range encounters {
		_, turns, want := unlabelled(e.Dialogue)
		got := notewriter.InferRoles(turns, "en")
		for i := range want {
			if got[i] == want[i] {
				right++
			}
			total++
		}
	}
	return 100 * float64(right) / float64(max(total, 1))
}
