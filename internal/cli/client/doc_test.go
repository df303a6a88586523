package client

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestEveryCommandHasOneEntryInHelp checks help.txt against the commands:
// each command finds its entry (a summary and examples), and each entry
// names exactly one command, so a renamed command cannot lose its help
// silently and no entry documents a command that does not exist.
func TestEveryCommandHasOneEntryInHelp(t *testing.T) {
	t.Parallel()
	entries := parseDocs(helpText)
	used := map[string]int{}
	for _, cmd := range commands() {
		require.NotEmpty(t, cmd.summary, cmd.name)
		require.Contains(t, cmd.help, "Example", cmd.name)
		for synopsis := range entries {
			if synopsis == cmd.name || strings.HasPrefix(synopsis, cmd.name+" ") {
				used[synopsis]++
			}
		}
	}
	for synopsis := range entries {
		require.Equal(t, 1, used[synopsis], "help.txt entry %q names one command", synopsis)
	}
}
