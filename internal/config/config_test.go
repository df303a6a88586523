package config_test

import (
	"bytes"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/config"
)

// TestEnvironmentThenFlags: each setting's NOTEGEN_ variable replaces the
// built-in default, and a flag replaces both.
func TestEnvironmentThenFlags(t *testing.T) {
	t.Parallel()
	env := map[string]string{"NOTEGEN_DATA_DIR": "/srv/notegen", "NOTEGEN_RATE_LIVE": "5/s",
		"NOTEGEN_KEEP_AUDIO": "true", "NOTEGEN_WAIT_RECHECK": "1s"}
	s, rest, err := config.Parse("serve", []string{"--wait-recheck", "250ms", "extra"}, func(k string) string { return env[k] }, &bytes.Buffer{})
	require.NoError(t, err)
	require.Equal(t, []string{"extra"}, rest)
	require.Equal(t, "/srv/notegen", s.DataDir)
	require.Equal(t, config.Rate{Limit: 5, Period: time.Second}, s.RateLive)
	require.True(t, s.KeepAudio)
	require.Equal(t, 250*time.Millisecond, s.WaitRecheck, "the flag wins over its variable")
	require.Equal(t, "127.0.0.1:8080", s.Addr, "built-in default")
	require.Equal(t, 100, s.FreeJobs, "built-in default")
}

// TestHelpNamesEachVariable: the help shows which variable sets a flag.
func TestHelpNamesEachVariable(t *testing.T) {
	t.Parallel()
	var help bytes.Buffer
	_, _, err := config.Parse("serve", []string{"-h"}, func(string) string { return "" }, &help)
	require.Error(t, err)
	require.Contains(t, help.String(), "directory for the SQLite database, the master key and stored files (env NOTEGEN_DATA_DIR)")
	require.Contains(t, help.String(), "delays between webhook delivery attempts (env NOTEGEN_WEBHOOK_RETRY_SCHEDULE)")
}

// TestEveryBadValueIsReported: one run names every flag whose value is
// wrong, each with what is wrong with it.
func TestEveryBadValueIsReported(t *testing.T) {
	t.Parallel()
	_, _, err := config.Parse("serve", []string{"--signup", "maybe", "--retention", "-1s", "--stream-abandon", "0",
		"--free-jobs", "-1", "--rate-live", "fast", "--log-level", "loud"}, func(string) string { return "" }, &bytes.Buffer{})
	require.Error(t, err)
	for _, want := range []string{
		`--signup: "maybe" is not true or false`,
		`--retention: "-1s" is not a duration`,
		`--stream-abandon: must be more than zero`,
		`--free-jobs: "-1" is not a whole number`,
		`--rate-live: rate "fast"`,
		`--log-level: "loud" is not debug, info, warn or error`,
	} {
		require.ErrorContains(t, err, want)
	}
}
