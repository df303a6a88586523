package clitest

import (
	"bytes"
	"context"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
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
	for _, name := range clientCommands {
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

// runScript runs a shell script with bash and returns its output. The
// script runs in a process group of its own, which is killed when it times
// out and when the test ends, so that a server it started in the
// background never outlives a failed run.
func runScript(t *testing.T, script, stdin string, env []string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "bash", "-e", "-c", script)
	cmd.Env, cmd.Stdin = env, strings.NewReader(stdin)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 5 * time.Second
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	require.NoError(t, cmd.Start())
	t.Cleanup(func() { _ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) })
	err := cmd.Wait()
	require.NoError(t, err, "%s", out.String())
	return out.String()
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

// The README's webhook walkthrough follows the quick start, whose server
// still runs: it says to stop that one first (a second on the same address
// fails to bind), then runs as written, twice, on the same data, with the
// login of the CLI walkthrough.
func TestReadmeWebhookWalkThroughRunsTwice(t *testing.T) {
	t.Parallel()
	_, err := exec.LookPath("curl")
	require.NoError(t, err, "the walkthrough waits for the server with curl")
	const marker = "**Webhooks on your own machine.**"
	block := readmeBlock(t, marker)
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	require.NoError(t, err)
	_, prose, _ := strings.Cut(string(readme), marker)
	prose, _, _ = strings.Cut(prose, "```sh")
	require.Contains(t, prose, "stop the server you started above\nfirst", "the README says to stop the quick start's server")

	addr, receiver := st.ClosedPort(t), st.ClosedPort(t)
	_, receiverPort, _ := net.SplitHostPort(receiver)
	data, config := t.TempDir(), t.TempDir()
	env := []string{"PATH=" + os.Getenv("PATH"), "HOME=" + t.TempDir(), "XDG_CONFIG_HOME=" + config,
		"NOTEGEN_ADDR=" + addr, "NOTEGEN_DATA_DIR=" + data}

	// The quick start's server, with an owner logged in as the CLI
	// walkthrough leaves them; then stopped, as the README says.
	quickStart := exec.Command(binary, "serve")
	quickStart.Env = env
	require.NoError(t, quickStart.Start())
	t.Cleanup(func() { _ = quickStart.Process.Kill() })
	require.Eventually(t, func() bool {
		resp, err := http.Get("http://" + addr + "/readyz")
		if err != nil {
			return false
		}
		resp.Body.Close()
		return resp.StatusCode == http.StatusOK
	}, 30*time.Second, 50*time.Millisecond, "the quick start's server starts")
	resp, err := http.Post("http://"+addr+"/v1/auth/create-account", "application/json",
		strings.NewReader(`{"email":"owner@clinic.example","password":"a long passphrase"}`))
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusCreated, resp.StatusCode)
	owner := newUser(t, "http://"+addr)
	owner.env = env
	owner.ok("a long passphrase\n", "login", "--url", "http://"+addr, "--email", "owner@clinic.example", "--password-stdin")
	require.NoError(t, quickStart.Process.Signal(os.Interrupt))
	require.NoError(t, quickStart.Wait(), "the quick start's server stops on Ctrl-C")

	script := strings.ReplaceAll(block, "./notegen", binary)
	script = strings.ReplaceAll(script, "localhost:8080", addr)
	script = strings.ReplaceAll(script, "9000", receiverPort)
	for run := 1; run <= 2; run++ {
		out := runScript(t, script, "", env)
		require.Regexp(t, `(?m)^\S+Z  webhook\.test  id=\S+  user_id=`, out, "run %d: the listener printed the event", run)
		require.NotContains(t, out, "warning", "run %d", run)
	}
}
