// Package clitest runs the built notegen binary's client commands against
// a real server started in the test process.
package clitest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen"
	st "github.com/notegen/notegen/internal/servertest"
)

// binary is the notegen command built once for the package's tests.
var binary string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "notegen-clitest-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	binary = filepath.Join(dir, "notegen")
	build := exec.Command("go", "build", "-o", binary, "github.com/notegen/notegen/cmd/notegen")
	build.Stdout, build.Stderr = os.Stderr, os.Stderr
	if err := build.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "build notegen:", err)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// user is one person at a terminal: a config directory and a server URL.
type user struct {
	t      *testing.T
	config string
	env    []string
}

func newUser(t *testing.T, url string, extra ...string) *user {
	config := t.TempDir()
	env := []string{"PATH=" + os.Getenv("PATH"), "HOME=" + t.TempDir(), "XDG_CONFIG_HOME=" + config, "NOTEGEN_URL=" + url}
	return &user{t: t, config: config, env: append(env, extra...)}
}

// result is one finished command.
type result struct {
	stdout, stderr string
	code           int
}

// run runs the binary with args and stdin.
func (u *user) run(stdin string, args ...string) result {
	u.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, binary, args...)
	cmd.Env = u.env
	cmd.Stdin = strings.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		code = exit.ExitCode()
	} else {
		require.NoError(u.t, err)
	}
	return result{out.String(), errb.String(), code}
}

// ok runs a command that must succeed and returns its stdout.
func (u *user) ok(stdin string, args ...string) string {
	u.t.Helper()
	r := u.run(stdin, args...)
	require.Equal(u.t, 0, r.code, "notegen %s\nstdout: %s\nstderr: %s", strings.Join(args, " "), r.stdout, r.stderr)
	return r.stdout
}

// fails runs a command that must fail with code.
func (u *user) fails(code int, args ...string) result {
	u.t.Helper()
	r := u.run("", args...)
	require.Equal(u.t, code, r.code, "notegen %s\nstdout: %s\nstderr: %s", strings.Join(args, " "), r.stdout, r.stderr)
	return r
}

func (u *user) credentials() map[string]any {
	u.t.Helper()
	data, err := os.ReadFile(filepath.Join(u.config, "notegen", "credentials.json"))
	require.NoError(u.t, err)
	var m map[string]any
	require.NoError(u.t, json.Unmarshal(data, &m))
	return m
}

func (u *user) login(o *st.Owner) string {
	u.t.Helper()
	return u.ok(o.Password+"\n", "login", "--email", o.Email, "--password-stdin")
}

// keyedOwner signs up an owner on s, logs a CLI user in as them and creates
// a key of keyType with the CLI; it returns that user, a CLI user who sends
// the key (NOTEGEN_API_KEY), and the key.
func keyedOwner(t *testing.T, s *st.Server, keyType string) (owner, keyed *user, key string) {
	t.Helper()
	owner, _ = loggedInOwner(t, s)
	key = strings.Split(strings.TrimSpace(owner.ok("", "keys", "create", "--type", keyType)), "\n")[1]
	return owner, newUser(t, s.URL, "NOTEGEN_API_KEY="+key), key
}

// keyedUser is keyedOwner's user who sends the key.
func keyedUser(t *testing.T, s *st.Server, keyType string) *user {
	t.Helper()
	_, keyed, _ := keyedOwner(t, s, keyType)
	return keyed
}

// loggedInOwner signs up an owner on s and logs a new CLI user in as them.
func loggedInOwner(t *testing.T, s *st.Server) (*user, *st.Owner) {
	t.Helper()
	o := s.NewOwner(t)
	u := newUser(t, s.URL)
	u.login(o)
	return u, o
}

func TestLoginSavesPrivateSession(t *testing.T) {
	st.EachServer(t, func(t *testing.T, s *st.Server) {
		o := s.NewOwner(t)
		u := newUser(t, s.URL)

		u.fails(3, "account", "show")
		r := u.run("wrong-password\n", "login", "--email", o.Email, "--password-stdin")
		require.Equal(t, 3, r.code, r.stderr)

		out := u.login(o)
		require.Equal(t, fmt.Sprintf("Logged in to %s as %s (user %s).\nSession saved in %s.\n",
			s.URL, o.Email, o.UserID, filepath.Join(u.config, "notegen", "credentials.json")), out)
		fi, err := os.Stat(filepath.Join(u.config, "notegen", "credentials.json"))
		require.NoError(t, err)
		require.Equal(t, os.FileMode(0o600), fi.Mode().Perm())
		creds := u.credentials()
		require.Equal(t, s.URL, creds["url"])
		require.NotContains(t, out, creds["refresh_token"].(string))
		require.NotContains(t, out, o.Password)

		// The password is never a flag.
		u.fails(2, "login", "--email", o.Email, "--password", o.Password)

		// A refused ID token is renewed with the refresh token, and the
		// rotated tokens are saved.
		creds["id_token"] = "eyJhbGciOiJFZERTQSJ9.e30.c2ln"
		data, err := json.Marshal(creds)
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(u.config, "notegen", "credentials.json"), data, 0o600))
		require.Contains(t, u.ok("", "account", "show"), "Status:")
		after := u.credentials()
		require.NotEqual(t, creds["refresh_token"], after["refresh_token"])
		require.NotEqual(t, "eyJhbGciOiJFZERTQSJ9.e30.c2ln", after["id_token"])
		require.Contains(t, u.ok("", "account", "show"), "Status:")

		require.Equal(t, "Logged out.\n", u.ok("", "logout"))
		u.fails(3, "account", "show")
	})
}

func TestKeysCommands(t *testing.T) {
	st.EachServer(t, func(t *testing.T, s *st.Server) {
		u, _ := loggedInOwner(t, s)

		require.Equal(t, "KEY  TYPE  STATUS  CREATED  LAST USED  METADATA\n", u.ok("", "keys", "list"))
		out := u.ok("", "keys", "create", "--type", "sandbox")
		lines := strings.Split(strings.TrimSpace(out), "\n")
		require.Equal(t, "Created sandbox key (listed masked; `keys list --show-full` prints it again):", lines[0])
		sandbox := lines[1]
		require.True(t, strings.HasPrefix(sandbox, "ng_sandbox_"), out)

		var created map[string]any
		require.NoError(t, json.Unmarshal([]byte(u.ok("", "keys", "create", "--type", "live", "--metadata", "team=er", "--json")), &created))
		live := created["api_key"].(string)
		require.Equal(t, map[string]any{"team": "er"}, created["metadata"])

		list := u.ok("", "keys", "list")
		require.NotContains(t, list, sandbox)
		require.NotContains(t, list, live)
		rows := strings.Split(strings.TrimSpace(list), "\n")
		require.Len(t, rows, 3)
		require.Regexp(t, `^\*+`+sandbox[len(sandbox)-4:]+` +sandbox +active +\d{4}-\d\d-\d\dT\S+Z +never +-$`, rows[1])
		require.Regexp(t, `^\*+`+live[len(live)-4:]+` +live +active +\S+ +never +team=er$`, rows[2])
		require.Contains(t, u.ok("", "keys", "list", "--show-full"), live)

		var entries []map[string]any
		require.NoError(t, json.Unmarshal([]byte(u.ok("", "keys", "list", "--json")), &entries))
		require.Len(t, entries, 2)
		require.Equal(t, "sandbox", entries[0]["type"])

		require.NotEmpty(t, u.ok(live+"\n", "keys", "metadata", "-", "site=north"))
		require.Contains(t, u.ok("", "keys", "list"), "site=north")
		u.ok(live+"\n", "keys", "deactivate", "-")
		require.Regexp(t, `live +inactive`, u.ok("", "keys", "list"))
		u.ok("", "keys", "activate", live)
		u.ok("", "keys", "delete", live)
		require.Contains(t, u.ok("", "account", "show"), "Status:         inactive")

		u.fails(5, "keys", "create", "--type", "gold")
		u.fails(1, "keys", "create", "--type", "sandbox") // conflict: one sandbox key
		u.fails(6, "keys", "delete", "ng_live_"+strings.Repeat("a", 38))
		u.fails(2, "keys", "create")
		u.fails(2, "keys", "frobnicate")
	})
}

func TestAccountAndWebhookCommands(t *testing.T) {
	st.EachServer(t, func(t *testing.T, s *st.Server) {
		u, o := loggedInOwner(t, s)

		require.Equal(t, "Account updated (company_name, phone_number)\n",
			u.ok("", "account", "update", "--company-name", "North Clinic", "--phone-number", "+1 555 0100"))
		show := u.ok("", "account", "show")
		require.Regexp(t, `^Status:         inactive
Company:        North Clinic
Contact email:  -
Phone:          \+1 555 0100
Address:        -
Created:        \S+Z
$`, show)
		var acct map[string]any
		require.NoError(t, json.Unmarshal([]byte(u.ok("", "account", "show", "--json")), &acct))
		require.Equal(t, "North Clinic", acct["company_name"])
		u.fails(5, "account", "update")
		u.fails(5, "account", "update", "--contact-email", "nope")
		u.fails(5, "account", "reactivate")
		u.fails(2, "account", "cancel")

		_, err := s.DB.Admin("invoice", "issue", "--email", o.Email, "--amount", "5")
		require.NoError(t, err)
		u.fails(7, "account", "cancel", "--yes")
		_, err = s.DB.Admin("invoice", "pay", "--email", o.Email)
		require.NoError(t, err)
		require.NotEmpty(t, u.ok("", "account", "cancel", "--yes"))
		u.fails(4, "keys", "create", "--type", "live")
		u.ok("", "account", "reactivate")

		require.Equal(t, "Development:  -\nProduction:   -\n", u.ok("", "webhook", "show"))
		u.ok("", "webhook", "set", "--dev", "http://localhost:9000/hook")
		require.Equal(t, "Development:  http://localhost:9000/hook\nProduction:   -\n", u.ok("", "webhook", "show"))
		r := u.fails(5, "webhook", "set", "--prod", "http://example.com/hook")
		require.Contains(t, r.stderr, "(--prod)")
		u.fails(2, "webhook", "set")
		u.ok("", "webhook", "set", "--dev", "")
		require.Equal(t, "Development:  -\nProduction:   -\n", u.ok("", "webhook", "show"))
		secret := strings.TrimSpace(u.ok("", "webhook", "secret"))
		require.True(t, strings.HasPrefix(secret, "whsec_"))
		rotated := strings.TrimSpace(u.ok("", "webhook", "rotate"))
		require.NotEqual(t, secret, rotated)
	})
}

func TestNoteCommandsAndFailures(t *testing.T) {
	t.Parallel()
	s := st.Start(t, st.SQLite)
	u, keyed, key := keyedOwner(t, s, "sandbox")

	// A note from text, waited for and printed.
	note := keyed.ok("", "notes", "submit", "--text", "Patient reports chest pain for two days.", "--template", "primaryCare",
		"--visit-type", "followUp", "--recording-type", "dictation", "--wait")
	require.NotEmpty(t, strings.TrimSpace(note))
	require.NotContains(t, note, "Job ")

	// Submitted without waiting: the job id, then status, note and JSON.
	var job map[string]any
	require.NoError(t, json.Unmarshal([]byte(keyed.ok("Dictated follow-up. BP 128/82.\n", "notes", "submit", "--text", "-", "--json")), &job))
	id := job["job_id"].(string)
	require.NotEmpty(t, id)
	// A --json status is the job's status object; --wait on submit already
	// showed the job ends, so this one is done within seconds.
	require.Eventually(t, func() bool {
		var status map[string]any
		r := keyed.run("", "notes", "status", id, "--json")
		return r.code == 0 && json.Unmarshal([]byte(r.stdout), &status) == nil && status["status"] == notegen.JobCompleted
	}, 60*time.Second, 50*time.Millisecond)
	require.Regexp(t, `(?m)^Job: +`+id+`\nStatus: +completed\n`, keyed.ok("", "notes", "status", id))
	require.NotEmpty(t, strings.TrimSpace(keyed.ok("", "notes", "note", id)))
	var fetched map[string]any
	require.NoError(t, json.Unmarshal([]byte(keyed.ok("", "notes", "note", id, "--json")), &fetched))
	require.Equal(t, id, fetched["job_id"])
	require.NotEmpty(t, fetched["note"])
	regen := keyed.ok("", "notes", "regenerate", id, "--style", "soap", "--wait")
	require.NotEmpty(t, strings.TrimSpace(regen))

	u.fails(3, "notes", "status", "job_1")
	keyed.fails(6, "notes", "status", "job_missing")
	keyed.fails(6, "notes", "note", "job_missing", "--api-key", key)
	keyed.fails(3, "notes", "status", "job_1", "--api-key", "ng_sandbox_"+strings.Repeat("b", 38))
	keyed.fails(2, "notes", "submit")
	keyed.fails(2, "notes", "submit", "a.mp3", "--text", "hello")
	keyed.fails(2, "notes", "submit", filepath.Join(t.TempDir(), "missing.mp3"))

	offline := newUser(t, "http://"+st.ClosedPort(t))
	offline.fails(8, "notes", "status", "job_1", "--api-key", key)
	keyed.fails(5, "notes", "status", "job_1", "--url", "not a url")
	// The saved session is only ever sent to the server it belongs to.
	u.fails(3, "account", "show", "--url", "http://"+st.ClosedPort(t))

	// A logged-in user whose server went away.
	gone := st.Start(t, st.SQLite)
	g := newUser(t, gone.URL)
	g.login(gone.NewOwner(t))
	gone.Stop(t)
	g.fails(8, "account", "show")
}

func TestErrorsPrintOnceAndAsJSON(t *testing.T) {
	st.EachServer(t, func(t *testing.T, s *st.Server) {
		u, _ := loggedInOwner(t, s)
		bad := "ng_sandbox_" + strings.Repeat("b", 38)

		// One prefix, the status and code, the server's message and the
		// request id to quote.
		r := u.fails(3, "notes", "status", "job_1", "--api-key", bad)
		require.Regexp(t, `^notegen: 401 authentication_error: [^\n]+ \[request req_\S+\]\n$`, r.stderr)
		require.Empty(t, r.stdout)
		r = u.fails(5, "account", "update", "--contact-email", "nope")
		require.Regexp(t, `^notegen: 400 validation_error: --contact-email must be an email address \[request req_\S+\]\n$`, r.stderr)

		// With --json the failure is a JSON object on stdout, same exit code.
		r = u.fails(5, "account", "update", "--contact-email", "nope", "--json")
		require.Empty(t, r.stderr)
		var out struct {
			Error struct {
				Code      string `json:"code"`
				Message   string `json:"message"`
				Field     string `json:"field"`
				RequestID string `json:"request_id"`
				Status    int    `json:"status"`
				ExitCode  int    `json:"exit_code"`
			} `json:"error"`
		}
		require.NoError(t, json.Unmarshal([]byte(r.stdout), &out), r.stdout)
		require.Equal(t, "validation_error", out.Error.Code)
		require.Equal(t, "contact_email", out.Error.Field)
		require.NotEmpty(t, out.Error.Message)
		require.True(t, strings.HasPrefix(out.Error.RequestID, "req_"), out.Error.RequestID)
		require.Equal(t, 400, out.Error.Status)
		require.Equal(t, 5, out.Error.ExitCode)
		var raw map[string]map[string]any
		require.NoError(t, json.Unmarshal([]byte(r.stdout), &raw))
		for _, k := range []string{"code", "message", "field", "request_id"} {
			require.Contains(t, raw["error"], k)
		}

		// A local failure has the same shape, with the exit code's name.
		r = newUser(t, s.URL).fails(3, "account", "show", "--json")
		require.NoError(t, json.Unmarshal([]byte(r.stdout), &out), r.stdout)
		require.Equal(t, "authentication_error", out.Error.Code)
		require.Contains(t, out.Error.Message, "not logged in")
		r = u.fails(2, "keys", "create", "--json")
		require.NoError(t, json.Unmarshal([]byte(r.stdout), &out), r.stdout)
		require.Equal(t, "usage_error", out.Error.Code)
		require.Equal(t, 2, out.Error.ExitCode)
		r = newUser(t, "http://"+st.ClosedPort(t)).fails(8, "notes", "status", "job_1", "--api-key", bad, "--json")
		require.NoError(t, json.Unmarshal([]byte(r.stdout), &out), r.stdout)
		require.Equal(t, "network_error", out.Error.Code)
	})
}
