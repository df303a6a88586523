package clitest

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	st "github.com/notegen/notegen/internal/servertest"
)

func TestAdminRefusesAMissingDatabase(t *testing.T) {
	st.Each(t, func(t *testing.T, b st.Backend) {
		db := st.NewDatabase(t, b) // empty: notegen never ran on it
		env := db.Env()
		if b == st.SQLite {
			env["NOTEGEN_DATA_DIR"] = filepath.Join(db.DataDir, "typo")
			delete(env, "NOTEGEN_MASTER_KEY")
		}
		extra := []string{}
		for k, v := range env {
			extra = append(extra, k+"="+v)
		}
		u := newUser(t, "http://127.0.0.1:1", extra...)
		r := u.fails(1, "admin", "accounts")
		require.Contains(t, r.stderr, "notegen: no notegen database")
		require.Empty(t, r.stdout)
		if b == st.SQLite {
			_, err := os.Stat(env["NOTEGEN_DATA_DIR"])
			require.ErrorIs(t, err, os.ErrNotExist, "no data directory or master key was created")
		} else {
			// Nothing was created in the empty schema: a server starting
			// on it later still finds it fresh.
			r = u.fails(1, "admin", "plan", "--email", "x@example.com", "--plan", "paid")
			require.Contains(t, r.stderr, "the database has no notegen tables")
		}
		// With the right settings the same command works.
		s := st.StartOn(t, db)
		o := s.NewOwner(t)
		good := newUser(t, s.URL, "NOTEGEN_DATA_DIR="+db.DataDir, "NOTEGEN_DATABASE_URL="+db.DatabaseURL, "NOTEGEN_MASTER_KEY="+db.MasterKey)
		require.Contains(t, good.ok("", "admin", "accounts"), o.Email)
		if b == st.SQLite {
			// A data directory without its master key is refused too.
			noKey := newUser(t, s.URL, "NOTEGEN_DATA_DIR="+db.DataDir)
			r = noKey.fails(1, "admin", "accounts")
			require.Contains(t, r.stderr, "master.key: file does not exist")
		}
	})
}

func TestAdminAndVersionHelp(t *testing.T) {
	t.Parallel()
	u := newUser(t, "http://127.0.0.1:1")
	out := u.ok("", "admin", "accounts", "--help")
	require.Contains(t, out, "Usage: notegen admin accounts [database settings]")
	for _, flag := range []string{"--data-dir", "--database-url", "--master-key"} {
		require.Contains(t, out, flag)
	}
	out = u.ok("", "admin", "plan", "--help")
	require.Contains(t, out, "-email")
	require.Contains(t, out, "-plan")
	require.Contains(t, out, "--data-dir")
	out = u.ok("", "admin", "invoice", "--help")
	require.Contains(t, out, "notegen admin invoice issue")
	require.Contains(t, out, "notegen admin invoice pay")
	out = u.ok("", "admin", "invoice", "issue", "--help")
	require.Contains(t, out, "-amount")
	require.Contains(t, u.ok("", "version", "--help"), "Usage: notegen version")
	require.Equal(t, "notegen dev\n", u.ok("", "version"))
	u.fails(2, "admin", "invoice")
	u.fails(2, "admin", "frobnicate")
}

func TestHelpOnEveryCommand(t *testing.T) {
	t.Parallel()
	u := newUser(t, "http://127.0.0.1:1")
	for _, name := range []string{"login", "logout", "usage",
		"keys list", "keys create", "keys metadata", "keys activate", "keys deactivate", "keys delete",
		"account show", "account update", "account cancel", "account reactivate",
		"webhook show", "webhook set", "webhook secret", "webhook rotate", "webhook test", "webhook deliveries", "webhook listen",
		"notes submit", "notes status", "notes note", "notes transcript", "notes regenerate"} {
		out := u.ok("", append(strings.Fields(name), "--help")...)
		require.Contains(t, out, "Usage: notegen "+name, name)
		require.Contains(t, out, "Example", name)
		require.Contains(t, out, "Exit codes:", name)
	}
	for _, group := range []string{"keys", "account", "webhook", "notes"} {
		out := u.ok("", group, "--help")
		require.Contains(t, out, "Exit codes:", group)
	}
}

// readmeBlock returns the first sh code block of the README after marker.
func readmeBlock(t *testing.T, marker string) string {
	t.Helper()
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	require.NoError(t, err)
	_, after, ok := strings.Cut(string(readme), marker)
	require.True(t, ok, marker)
	_, block, ok := strings.Cut(after, "```sh\n")
	require.True(t, ok, marker)
	block, _, ok = strings.Cut(block, "```")
	require.True(t, ok, marker)
	return block
}

// runScript runs a shell script with bash and returns its output.
func runScript(t *testing.T, script, stdin string, env []string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "bash", "-e", "-c", script)
	cmd.Env, cmd.Stdin = env, strings.NewReader(stdin)
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
	return string(out)
}

// The README's curl quick start runs as written against a real server, and
// runs again: the second time the account and its sandbox key exist.
func TestReadmeCurlQuickStartRunsTwice(t *testing.T) {
	t.Parallel()
	_, err := exec.LookPath("curl")
	require.NoError(t, err, "the quick start needs curl")
	s := st.Start(t, st.SQLite)
	script := strings.ReplaceAll(readmeBlock(t, "## Quick start with curl"), "localhost:8080", strings.TrimPrefix(s.URL, "http://"))
	for run := 1; run <= 2; run++ {
		out := runScript(t, script, "", os.Environ())
		require.Contains(t, out, `"status":"completed"`, "run %d", run)
		require.Contains(t, out, `"note":"`, "run %d", run)
	}
}

// The README's CLI walk-through runs as written (with the binary built
// once for these tests, and the password typed at the prompt), twice.
func TestReadmeCLIWalkThroughRunsTwice(t *testing.T) {
	t.Parallel()
	s := st.Start(t, st.SQLite)
	resp := s.Do(t, "POST", "/v1/auth/create-account",
		map[string]any{"email": "owner@clinic.example", "password": "a long passphrase", "company_name": "Clinic"})
	require.Equal(t, 201, resp.Status, "%s", resp.Body)
	block := readmeBlock(t, "And from a terminal")
	require.Contains(t, block, "go build -o notegen ./cmd/notegen\n")
	script := strings.ReplaceAll(block, "go build -o notegen ./cmd/notegen\n", "")
	script = strings.ReplaceAll(script, "./notegen", binary)
	script = strings.ReplaceAll(script, "http://localhost:8080", s.URL)
	env := []string{"PATH=" + os.Getenv("PATH"), "HOME=" + t.TempDir(), "XDG_CONFIG_HOME=" + t.TempDir()}
	for run := 1; run <= 2; run++ {
		out := runScript(t, script, "a long passphrase\n", env)
		require.Contains(t, out, "CHIEF COMPLAINT", "run %d", run)
		require.Contains(t, out, "Client commands", "run %d: --help ran", run)
	}
}
