package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/notegen/notegen"
)

// Exit codes of the client commands.
const (
	exitFailure    = 1 // any other service error (conflict, rate limit, server error)
	exitUsage      = 2 // the command line could not be understood
	exitAuth       = 3 // not logged in, bad credentials, expired session
	exitForbidden  = 4 // not permitted, account inactive or cancelled
	exitValidation = 5 // invalid request: bad value, missing field, bad JSON
	exitNotFound   = 6 // no such key, job or account
	exitPayment    = 7 // payment required
	exitNetwork    = 8 // the service could not be reached or timed out
)

const exitCodesHelp = `Exit codes:
  0 success            1 other service error   2 usage error
  3 authentication     4 not permitted          5 invalid request
  6 not found          7 payment required       8 network failure
`

// clientError is an error of a client command with its exit code.
type clientError struct {
	code int
	err  error
}

func (e *clientError) Error() string { return e.err.Error() }
func (e *clientError) Unwrap() error { return e.err }

// ExitCode is the process exit status for the error.
func (e *clientError) ExitCode() int { return e.code }

func exitErr(code int, err error) error { return &clientError{code: code, err: err} }

// clientExitCode is the exit status of an error that carries one (an
// ExitCode method), else 1. ExitCode in cli.go falls back on it.
func clientExitCode(err error) int {
	var ec interface{ ExitCode() int }
	if errors.As(err, &ec) {
		return ec.ExitCode()
	}
	return exitFailure
}

// classify gives an SDK error its exit code.
func classify(err error) error {
	if err == nil {
		return nil
	}
	var ce *clientError
	if errors.As(err, &ce) || errors.Is(err, ErrUsage) {
		return err
	}
	code := exitFailure
	switch {
	case errors.Is(err, notegen.ErrAuthentication):
		code = exitAuth
	case errors.Is(err, notegen.ErrAuthorization):
		code = exitForbidden
	case errors.Is(err, notegen.ErrValidation), errors.Is(err, notegen.ErrInvalidField), errors.Is(err, notegen.ErrBadRequest):
		code = exitValidation
	case errors.Is(err, notegen.ErrNotFound):
		code = exitNotFound
	case errors.Is(err, notegen.ErrPaymentRequired):
		code = exitPayment
	case errors.Is(err, notegen.ErrNetwork):
		code = exitNetwork
	}
	return exitErr(code, err)
}

// usageErr is a command-line mistake: exit status 2.
func usageErr(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrUsage, fmt.Sprintf(format, args...))
}

// clientCmd is one client command, e.g. "keys create".
type clientCmd struct {
	name    string // "keys create"
	args    string // synopsis of positional arguments and flags
	summary string
	help    string // description and examples
	// setup registers the command's flags and returns its runner.
	setup func(fs *flag.FlagSet) func(ctx context.Context, s *session, args []string) error
}

// clientCommands lists every client command.
func clientCommands() []clientCmd {
	var cmds []clientCmd
	cmds = append(cmds, loginCommands()...)
	cmds = append(cmds, keyCommands()...)
	cmds = append(cmds, accountCommands()...)
	cmds = append(cmds, webhookCommands()...)
	cmds = append(cmds, noteCommands()...)
	return cmds
}

// clientGroups are the first words of the client commands.
var clientGroups = map[string]string{
	"login":   "log in and save the session",
	"logout":  "end the saved session",
	"keys":    "list, create and manage API keys",
	"account": "show, update, cancel or reactivate the account",
	"webhook": "webhook URLs, signing secret, deliveries, local receiver",
	"notes":   "submit audio or text, follow jobs, fetch notes",
	"usage":   "usage and billing for a range of months",
}

// ClientUsage summarises the client commands, for the top-level help.
const ClientUsage = `Client commands (talk to a running service; --help on each for examples):
  notegen login             log in; the session is saved in the config directory
  notegen logout            end the saved session
  notegen keys ...          list|create|metadata|activate|deactivate|delete
  notegen account ...       show|update|cancel|reactivate
  notegen webhook ...       show|set|secret|rotate|test|deliveries|listen
  notegen notes ...         submit|status|note|transcript|regenerate
  notegen usage             usage and billing
`

// runClient runs the client commands (login, keys, account, webhook, notes,
// usage) that talk to a running notegen service through the Go SDK. It
// reports handled=false for a name that is not a client command.
func runClient(ctx context.Context, env Env, args []string) (handled bool, err error) {
	if _, ok := clientGroups[args[0]]; !ok {
		return false, nil
	}
	cmds := map[string]clientCmd{}
	for _, c := range clientCommands() {
		cmds[c.name] = c
	}
	name, rest := args[0], args[1:]
	if _, ok := cmds[name]; !ok {
		if len(rest) == 0 || isHelp(rest) {
			groupHelp(env, args[0], cmds)
			if len(rest) == 0 {
				return true, ErrUsage
			}
			return true, nil
		}
		name, rest = args[0]+" "+rest[0], rest[1:]
	}
	cmd, ok := cmds[name]
	if !ok {
		fmt.Fprintf(env.Stderr, "notegen: unknown command %q\n\n", name)
		groupHelp(env, args[0], cmds)
		return true, ErrUsage
	}
	return true, runCmd(ctx, env, cmd, rest)
}

func runCmd(ctx context.Context, env Env, cmd clientCmd, args []string) error {
	fs := flag.NewFlagSet("notegen "+cmd.name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	s := &session{env: env}
	fs.StringVar(&s.flagURL, "url", "", "service URL (default $NOTEGEN_URL, the saved login's URL, or "+defaultURL+")")
	fs.BoolVar(&s.jsonOut, "json", false, "print JSON for scripts instead of tables")
	run := cmd.setup(fs)
	// The flag package would print usage on stderr for -h and for every
	// mistake; help goes to stdout below, mistakes are returned.
	fs.Usage = func() {}
	printUsage := func() {
		out := env.Stdout
		fmt.Fprintf(out, "Usage: notegen %s %s\n\n%s\n", cmd.name, cmd.args, cmd.summary)
		if cmd.help != "" {
			fmt.Fprintf(out, "\n%s\n", strings.TrimRight(cmd.help, "\n"))
		}
		fmt.Fprintln(out, "\nFlags:")
		fs.PrintDefaults()
		fmt.Fprintf(out, "\n%s", exitCodesHelp)
	}
	positional, err := parseInterleaved(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		fs.SetOutput(env.Stdout)
		printUsage()
		return nil
	}
	if err != nil {
		return fmt.Errorf("%w: notegen %s: %v", ErrUsage, cmd.name, err)
	}
	if err := s.load(); err != nil {
		return exitErr(exitFailure, err)
	}
	return classify(run(ctx, s, positional))
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

func groupHelp(env Env, group string, cmds map[string]clientCmd) {
	var names []string
	for name := range cmds {
		if name == group || strings.HasPrefix(name, group+" ") {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	fmt.Fprintf(env.Stdout, "notegen %s: %s\n\nCommands:\n", group, clientGroups[group])
	for _, n := range names {
		fmt.Fprintf(env.Stdout, "  notegen %-22s %s\n", n, cmds[n].summary)
	}
	fmt.Fprintf(env.Stdout, "\nRun `notegen %s COMMAND --help` for flags and examples.\n\n%s", group, exitCodesHelp)
}

// needArgs checks the number of positional arguments.
func needArgs(args []string, n int, what string) error {
	if len(args) != n {
		return usageErr("expected %s", what)
	}
	return nil
}
