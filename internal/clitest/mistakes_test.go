package clitest

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/notetemplate"
	st "github.com/notegen/notegen/internal/servertest"
)

// The top-level help lists every client command (the README uses notes
// show and notes stream), and the job flags' help lists every template.
func TestHelpListsEveryCommandAndTemplate(t *testing.T) {
	t.Parallel()
	u := newUser(t, "http://127.0.0.1:1")
	top := u.ok("", "--help")
	for _, name := range clientCommands {
		group, sub, _ := strings.Cut(name, " ")
		if sub == "" {
			require.Regexp(t, `(?m)^  notegen `+group+` `, top, name)
			continue
		}
		line := regexp.MustCompile(`(?m)^  notegen ` + group + ` \.\.\. +(\S+)$`).FindStringSubmatch(top)
		require.NotNil(t, line, "%s\n%s", name, top)
		require.Contains(t, strings.Split(line[1], "|"), sub, name)
	}
	for _, cmd := range [][]string{{"notes", "submit"}, {"notes", "stream"}, {"notes", "regenerate"}} {
		help := u.ok("", append(cmd, "--help")...)
		for _, id := range notetemplate.IDs() {
			require.Contains(t, help, id, cmd)
		}
		require.NotContains(t, help, "...,", cmd)
	}
}

// A mistyped command or flag is answered with the one meant.
func TestMistypedCommandsAndFlagsGetADidYouMean(t *testing.T) {
	t.Parallel()
	u := newUser(t, "http://127.0.0.1:1", "NOTEGEN_API_KEY=ng_sandbox_"+strings.Repeat("b", 38))
	for typed, meant := range map[string]string{
		"note submit":    "notes submit",
		"notes sumbit":   "notes submit",
		"nots show":      "notes show",
		"key list":       "keys list",
		"webhook listne": "webhook listen",
		"srve":           "serve",
		"admin acounts":  "admin accounts",
	} {
		r := u.fails(2, strings.Fields(typed)...)
		require.Contains(t, r.stderr, `; did you mean "notegen `+meant+`"?`, typed)
	}
	for _, typed := range []string{"frobnicate", "notes frobnicate"} {
		r := u.fails(2, strings.Fields(typed)...)
		require.NotContains(t, r.stderr, "did you mean", "%s: nothing is near", typed)
	}
	r := u.fails(2, "note", "frobnicate")
	require.Contains(t, r.stderr, `; did you mean "notegen notes"?`, "the group, when only it is near")

	r = u.fails(2, "notes", "submit", "--text", "hello", "--templte", "er")
	require.Equal(t, "notegen: usage: notegen notes submit: unknown flag --templte; did you mean --template?\n", r.stderr)
	r = u.fails(2, "keys", "list", "--show-ful")
	require.Contains(t, r.stderr, "unknown flag --show-ful; did you mean --show-full?")
	r = u.fails(2, "keys", "list", "--colour")
	require.Contains(t, r.stderr, "unknown flag --colour (--help lists the flags)")
}

// Errors name the flag the user typed, not the API field behind it; a
// file that cannot be audio, or is not there, is a usage error (2) that
// says what to do.
func TestErrorsNameTheFlagTheUserTyped(t *testing.T) {
	t.Parallel()
	s := st.Start(t, st.SQLite)
	owner, _ := loggedInOwner(t, s)
	r := owner.fails(5, "keys", "create", "--type", "gold")
	require.Regexp(t, `^notegen: 400 validation_error: --type must be "sandbox" or "live" \[request req_\S+\]\n$`, r.stderr)
	r = owner.fails(5, "webhook", "set", "--prod", "http://clinic.example/hook")
	require.Regexp(t, `^notegen: 400 validation_error: Production webhook URL must use https \(--prod\) \[request req_\S+\]\n$`, r.stderr)

	keyed := keyedUser(t, s, "sandbox")
	r = keyed.fails(5, "notes", "submit", "--text", "Doctor: hello.", "--recording-type", "conversation")
	require.Regexp(t, `^notegen: 400 validation_error: --consent is required to record a conversation \[request req_\S+\]\n$`, r.stderr)
	r = keyed.fails(5, "notes", "submit", "--text", "Doctor: hello.", "--recording-type", "conversation", "--json")
	var out map[string]map[string]any
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &out), r.stdout)
	require.Equal(t, "--consent is required to record a conversation", out["error"]["message"])
	require.Equal(t, "patient_consent", out["error"]["field"], "scripts still get the API field")
	require.Equal(t, "--consent", out["error"]["flag"])

	dir := t.TempDir()
	notes := filepath.Join(dir, "visit.txt")
	require.NoError(t, os.WriteFile(notes, []byte("Patient reports chest pain."), 0o600))
	r = keyed.fails(2, "notes", "submit", notes)
	require.Equal(t, "notegen: usage: "+notes+" is text, not audio: submit text with --text, e.g. notegen notes submit --text - < "+notes+"\n", r.stderr)
	keyed.fails(2, "notes", "stream", "--file", notes)
	r = keyed.fails(2, "notes", "submit", filepath.Join(dir, "missing.mp3"))
	require.Equal(t, "notegen: usage: "+filepath.Join(dir, "missing.mp3")+": cannot read the audio file: no such file or directory\n", r.stderr)
	r = keyed.fails(2, "notes", "stream", "--file", filepath.Join(dir, "missing.wav"))
	require.Contains(t, r.stderr, "--file "+filepath.Join(dir, "missing.wav")+": cannot read the audio file")
}

// A --json failure writes only the keys it knows: a local failure has no
// field, flag or request id, and says so by leaving them out.
func TestJSONFailuresLeaveOutWhatIsNotKnown(t *testing.T) {
	t.Parallel()
	u := newUser(t, "http://127.0.0.1:1")
	for _, args := range [][]string{{"keys", "create", "--json"}, {"account", "show", "--json"}, {"notes", "submit", "--json", "--templte", "er"}} {
		r := u.run("", args...)
		require.NotZero(t, r.code, args)
		var out map[string]map[string]any
		require.NoError(t, json.Unmarshal([]byte(r.stdout), &out), "%v: %s", args, r.stdout)
		for _, key := range []string{"field", "flag", "request_id"} {
			require.NotContains(t, out["error"], key, "%v: %s", args, r.stdout)
		}
		require.NotEmpty(t, out["error"]["code"], args)
		require.NotEmpty(t, out["error"]["message"], args)
	}
}

// clientCommands are every client command, as the README and help name
// them.
var clientCommands = []string{"login", "logout", "usage",
	"keys list", "keys create", "keys metadata", "keys activate", "keys deactivate", "keys delete",
	"account show", "account update", "account cancel", "account reactivate",
	"webhook show", "webhook set", "webhook secret", "webhook rotate", "webhook test", "webhook deliveries", "webhook listen",
	"notes submit", "notes stream", "notes status", "notes note", "notes show", "notes transcript", "notes regenerate"}
