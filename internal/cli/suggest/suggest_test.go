package suggest

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestClosestIsASlipOfTheFingers(t *testing.T) {
	t.Parallel()
	commands := []string{"serve", "admin", "version", "login", "logout", "keys", "account", "webhook", "notes", "usage"}
	for typed, want := range map[string]string{
		"note":     "notes", // a letter left out
		"key":      "keys",
		"acount":   "account",
		"webhoks":  "webhook",
		"srve":     "serve",
		"lgoin":    "login", // two letters swapped
		"frobnize": "",      // nothing near
		"x":        "",
		"notes":    "", // not a slip: the word itself
	} {
		require.Equal(t, want, Closest(typed, commands), typed)
	}
	flags := []string{"template", "visit-type", "recording-type", "lang", "text", "wait", "consent"}
	require.Equal(t, "template", Closest("templte", flags))
	require.Equal(t, "template", Closest("tempalte", flags))
	require.Equal(t, "visit-type", Closest("visittype", flags))
	require.Equal(t, "", Closest("templates-dir", flags))
}
