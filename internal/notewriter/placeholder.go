package notewriter

import "strings"

// IsPlaceholder reports whether a note line is the writer's mark for a
// section the encounter did not cover ("Not discussed."): such a line states
// nothing from the encounter, so it carries no evidence and is left out of
// evidence coverage.
func IsPlaceholder(line string) bool {
	line = strings.TrimSpace(line)
	for _, p := range placeholders {
		if line == p {
			return true
		}
	}
	return false
}
