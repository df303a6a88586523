// Package client holds the client commands of the notegen CLI (login,
// keys, account, webhook, notes, usage): each talks to a running service
// through the Go SDK in the repository's root package. The composition
// root, internal/cli, hands them the words after the program name.
package client

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"slices"
	"sort"
	"strings"

	"github.com/notegen/notegen"
	"github.com/notegen/notegen/internal/cli/suggest"
)

// Env is what a client command may touch of its process, passed in so that
// tests run the real commands without globals.
type Env struct {
	Getenv func(string) string
	Stdin  io.Reader
	Stdout io.Writer
	Stderr io.Writer
}

// runner runs a command once its flags are parsed; args are the positional
// arguments.
type runner func(ctx context.Context, s *session, args []string) error

// setupFunc registers a command's flags and returns its runner.
type setupFunc func(fs *flag.FlagSet) runner

// command is one client command, e.g. "keys create".
type command struct {
	name  string // "keys create"
	setup setupFunc
	doc
}

// commands lists every client command by name, with its documentation from
// help.txt.
func commands() []command {
	cmds := []command{
		{name: "login", setup: loginCmd},
		{name: "logout", setup: logoutCmd},
		{name: "keys list", setup: keysListCmd},
		{name: "keys create", setup: keysCreateCmd},
		{name: "keys metadata", setup: keysMetadataCmd},
		{name: "keys activate", setup: keysStatusCmd(notegen.KeyStatusActive)},
		{name: "keys deactivate", setup: keysStatusCmd(notegen.KeyStatusInactive)},
		{name: "keys delete", setup: keysDeleteCmd()},
		{name: "account show", setup: accountShowCmd},
		{name: "account update", setup: accountUpdateCmd},
		{name: "account cancel", setup: accountCancelCmd()},
		{name: "account reactivate", setup: accountReactivateCmd()},
		{name: "usage", setup: usageCmd},
		{name: "webhook show", setup: webhookShowCmd},
		{name: "webhook set", setup: webhookSetCmd},
		{name: "webhook secret", setup: webhookSecretCmd()},
		{name: "webhook rotate", setup: webhookRotateCmd()},
		{name: "webhook test", setup: webhookTestCmd},
		{name: "webhook deliveries", setup: webhookDeliveriesCmd},
		{name: "webhook listen", setup: webhookListenCmd},
		{name: "notes submit", setup: notesSubmitCmd},
		{name: "notes stream", setup: notesStreamCmd},
		{name: "notes status", setup: notesStatusCmd()},
		{name: "notes note", setup: notesNoteCmd()},
		{name: "notes show", setup: notesShowCmd},
		{name: "notes transcript", setup: notesTranscriptCmd()},
		{name: "notes regenerate", setup: notesRegenerateCmd},
	}
	docs := parseDocs(helpText)
	for i := range cmds {
		cmds[i].doc = docs.of(cmds[i].name)
	}
	return cmds
}

// groups are the first words of the client commands.
var groups = map[string]string{
	"login":   "log in and save the session",
	"logout":  "end the saved session",
	"keys":    "list, create and manage API keys",
	"account": "show, update, cancel or reactivate the account",
	"webhook": "webhook URLs, signing secret, deliveries, local receiver",
	"notes":   "submit audio or text, follow jobs, fetch notes",
	"usage":   "usage and billing for a range of months",
}

// Usage summarises the client commands for the top-level help. It is made
// from the command table, so that it lists every command there is.
func Usage() string {
	var b strings.Builder
	b.WriteString("Client commands (talk to a running service; --help on each for examples):\n")
	var order []string
	subs := map[string][]string{}
	for _, c := range commands() {
		group, sub, _ := strings.Cut(c.name, " ")
		if _, seen := subs[group]; !seen {
			order = append(order, group)
			subs[group] = nil
		}
		if sub != "" {
			subs[group] = append(subs[group], sub)
		}
	}
	for _, g := range order {
		if len(subs[g]) == 0 {
			fmt.Fprintf(&b, "  notegen %-17s %s\n", g, groups[g])
			continue
		}
		fmt.Fprintf(&b, "  notegen %-17s %s\n", g+" ...", strings.Join(subs[g], "|"))
	}
	b.WriteString(`
With --json a command prints JSON on standard output, and so does a failure:
  {"error":{"code":"...","message":"...","field":"...","flag":"...","request_id":"...","exit_code":N}}
  (field, flag and request_id only when known)
`)
	return b.String()
}

// Suggest returns the client command that words most likely meant when
// they name none ("notes submit" for "note submit" or "notes sumbit"), or
// "" when no command is near.
func Suggest(words []string) string {
	if len(words) == 0 {
		return ""
	}
	group, typed := words[0], IsCommand(words[0])
	if !typed {
		group = suggest.Closest(group, slices.Sorted(maps.Keys(groups)))
	}
	if group == "" {
		return ""
	}
	var subs []string
	for _, c := range commands() {
		if c.name == group {
			return group // a command of one word: the rest are its arguments
		}
		if g, sub, ok := strings.Cut(c.name, " "); ok && g == group {
			subs = append(subs, sub)
		}
	}
	if len(words) < 2 {
		return group
	}
	if slices.Contains(subs, words[1]) {
		return group + " " + words[1]
	}
	if sub := suggest.Closest(words[1], subs); sub != "" {
		return group + " " + sub
	}
	if typed {
		return "" // the group was right: its help, printed next, lists its commands
	}
	return group
}

// IsCommand reports whether name is the first word of a client command.
func IsCommand(name string) bool {
	_, ok := groups[name]
	return ok
}

// Run runs the client command named by args (e.g. ["keys", "list"]). The
// returned error carries the exit status (an ExitCode method); when it was
// already written out (help, or a JSON error object), it also has a
// Reported method that says so.
func Run(ctx context.Context, env Env, args []string) error {
	if len(args) == 0 || !IsCommand(args[0]) {
		return usageErr("not a client command")
	}
	cmds := map[string]command{}
	for _, c := range commands() {
		cmds[c.name] = c
	}
	name, rest := args[0], args[1:]
	if _, ok := cmds[name]; !ok {
		if len(rest) == 0 || isHelp(rest) {
			groupHelp(env.Stdout, args[0], cmds)
			if len(rest) == 0 {
				return reported(usageErr("%s needs a command", args[0]))
			}
			return nil
		}
		name, rest = args[0]+" "+rest[0], rest[1:]
	}
	cmd, ok := cmds[name]
	if !ok {
		fmt.Fprintf(env.Stderr, "notegen: unknown command %q%s\n\n", name, didYouMean(Suggest(args)))
		groupHelp(env.Stderr, args[0], cmds)
		return reported(usageErr("unknown command %q", name))
	}
	return cmd.run(ctx, env, rest)
}

// run parses the command's flags and runs it; with --json a failure is
// written as a JSON error object on standard output.
func (cmd command) run(ctx context.Context, env Env, args []string) error {
	fs := flag.NewFlagSet("notegen "+cmd.name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	// The flag package would print usage on stderr for -h and for every
	// mistake; help goes to stdout below, mistakes are returned.
	fs.Usage = func() {}
	s := &session{env: env}
	fs.StringVar(&s.flagURL, "url", "", "service URL (default $NOTEGEN_URL, the saved login's URL, or "+defaultURL+")")
	fs.BoolVar(&s.jsonOut, "json", false, "print JSON for scripts instead of tables; a failure too, as {\"error\":{...}}")
	run := cmd.setup(fs)
	positional, err := parseInterleaved(fs, args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		cmd.printHelp(env.Stdout, fs)
		return nil
	case err != nil:
		err = usageErr("notegen %s: %v", cmd.name, flagMistake(fs, err))
	default:
		err = s.load()
		if err == nil {
			err = run(ctx, s, positional)
		}
	}
	if err == nil {
		return nil
	}
	err = classify(err, flagNamer(fs))
	if s.jsonOut {
		return reported(writeJSONError(env.Stdout, err))
	}
	return err
}

func (cmd command) printHelp(out io.Writer, fs *flag.FlagSet) {
	fmt.Fprintf(out, "Usage: notegen %s %s\n\n%s\n", cmd.name, cmd.args, cmd.summary)
	if cmd.help != "" {
		fmt.Fprintf(out, "\n%s\n", strings.TrimRight(cmd.help, "\n"))
	}
	fmt.Fprintln(out, "\nFlags:")
	fs.SetOutput(out)
	fs.PrintDefaults()
	fmt.Fprintf(out, "\n%s", exitCodesHelp)
}

// parseInterleaved parses flags that come before, between or after the
// positional arguments, and returns the positional ones.
func parseInterleaved(fs *flag.FlagSet, args []string) ([]string, error) {
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			return positional, nil
		}
		positional = append(positional, args[0])
		args = args[1:]
	}
}

func groupHelp(out io.Writer, group string, cmds map[string]command) {
	var names []string
	for name := range cmds {
		if name == group || strings.HasPrefix(name, group+" ") {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	fmt.Fprintf(out, "notegen %s: %s\n\nCommands:\n", group, groups[group])
	for _, n := range names {
		fmt.Fprintf(out, "  notegen %-22s %s\n", n, cmds[n].summary)
	}
	fmt.Fprintf(out, "\nRun `notegen %s COMMAND --help` for flags and examples.\n\n%s", group, exitCodesHelp)
}

// didYouMean is the end of an "unknown command" line that names the
// command meant, when one is near.
func didYouMean(command string) string {
	if command == "" {
		return ""
	}
	return fmt.Sprintf("; did you mean %q?", "notegen "+command)
}

// undefinedFlag is how the flag package begins the error for a flag the
// command does not have.
const undefinedFlag = "flag provided but not defined: "

// flagMistake words a flag parsing error with the flag as the user typed
// it (--name) and, for an unknown flag, the command's flag it most likely
// meant.
func flagMistake(fs *flag.FlagSet, err error) error {
	name, ok := strings.CutPrefix(err.Error(), undefinedFlag)
	if !ok {
		return err
	}
	name = strings.TrimLeft(name, "-")
	var names []string
	fs.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
	if meant := suggest.Closest(name, names); meant != "" {
		return fmt.Errorf("unknown flag --%s; did you mean --%s?", name, meant)
	}
	return fmt.Errorf("unknown flag --%s (--help lists the flags)", name)
}

func isHelp(args []string) bool {
	return len(args) > 0 && (args[0] == "-h" || args[0] == "--help" || args[0] == "help" || strings.TrimLeft(args[0], "-") == "help")
}

// needArgs checks the number of positional arguments.
func needArgs(args []string, n int, what string) error {
	if len(args) != n {
		return usageErr("expected %s", what)
	}
	return nil
}

// noArgs checks that a command got no positional arguments.
func noArgs(args []string) error { return needArgs(args, 0, "no arguments") }
