package config_test

import (
	"bytes"
	"maps"
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

// TestSecretsAreNeverPrinted: the usage printed for -h, or after a mistyped
// flag into a server's logs, shows no secret the environment holds, while
// those variables still set their settings and a flag still wins.
func TestSecretsAreNeverPrinted(t *testing.T) {
	t.Parallel()
	env := map[string]string{
		"NOTEGEN_MASTER_KEY":    "bWFzdGVyLXNlY3JldC12YWx1ZQ==",
		"NOTEGEN_DATABASE_URL":  "postgres://notegen:db-password@db.internal/notegen",
		"NOTEGEN_S3_ACCESS_KEY": "s3-access-value",
		"NOTEGEN_S3_SECRET_KEY": "s3-secret-value",
		"NOTEGEN_STT_API_KEY":   "stt-secret-value",
		"NOTEGEN_LLM_API_KEY":   "llm-secret-value",
	}
	getenv := func(k string) string { return env[k] }
	for _, args := range [][]string{{"-h"}, {"--no-such-flag"}} {
		var usage bytes.Buffer
		_, _, err := config.Parse("serve", args, getenv, &usage)
		require.Error(t, err)
		require.Contains(t, usage.String(), "(env NOTEGEN_MASTER_KEY)", "the usage was printed")
		for name, value := range env {
			require.NotContains(t, usage.String(), value, "%s printed by %v", name, args)
		}
	}
	s, _, err := config.Parse("serve", []string{"--llm-api-key", "from-flag"}, getenv, &bytes.Buffer{})
	require.NoError(t, err)
	got := map[string]string{"NOTEGEN_MASTER_KEY": s.MasterKey, "NOTEGEN_DATABASE_URL": s.DatabaseURL, "NOTEGEN_S3_ACCESS_KEY": s.S3AccessKey,
		"NOTEGEN_S3_SECRET_KEY": s.S3SecretKey, "NOTEGEN_STT_API_KEY": s.STTAPIKey, "NOTEGEN_LLM_API_KEY": s.LLMAPIKey}
	want := maps.Clone(env)
	want["NOTEGEN_LLM_API_KEY"] = "from-flag" // the flag wins over its variable
	require.Equal(t, want, got)
}
