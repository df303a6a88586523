// Package cli is the notegen command line's composition root: `notegen
// serve` wires the service together and runs it, `notegen admin` works on
// its database, and the client commands (package client) talk to a
// running service.
package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/notegen/notegen/internal/cli/client"
	"github.com/notegen/notegen/internal/cli/suggest"
)

// Env is everything a command may touch of its process, passed in so that
// tests run the real commands without globals.
type Env struct {
	Args    []string
	Getenv  func(string) string
	Stdin   io.Reader
	Stdout  io.Writer
	Stderr  io.Writer
	Version string
}

// ErrUsage marks a command line that could not be understood (exit
// status 2); the usage was printed already.
var ErrUsage = errors.New("usage")

const usage = `notegen turns clinical encounters into structured medical notes.

Usage:
  notegen serve [flags]     run the service (notegen serve --help for settings)
  notegen admin COMMAND     operator commands on the service's database
  notegen version           print the version

`

// Main runs the command named by env.Args[1:], reports a failure on
// standard error with one "notegen: " prefix (unless the command wrote it
// already, as help or a JSON error object), and returns the exit status.
func Main(ctx context.Context, env Env) int {
	err := Run(ctx, env)
	if err == nil {
		return 0
	}
	if !isReported(err) {
		fmt.Fprintln(env.Stderr, "notegen:", err)
	}
	return ExitCode(err)
}

// Run runs the command named by env.Args[1:].
func Run(ctx context.Context, env Env) error {
	args := env.Args[1:]
	if len(args) == 0 {
		fmt.Fprint(env.Stderr, usage)
		return ErrUsage
	}
	switch args[0] {
	case "serve":
		return serve(ctx, env, args[1:])
	case "admin":
		return admin(ctx, env, args[1:])
	case "version":
		return version(env, args[1:])
	case "help", "-h", "--help":
		fmt.Fprint(env.Stdout, usage+client.Usage())
		return nil
	}
	if client.IsCommand(args[0]) {
		return client.Run(ctx, client.Env{Getenv: env.Getenv, Stdin: env.Stdin, Stdout: env.Stdout, Stderr: env.Stderr}, args)
	}
	fmt.Fprintf(env.Stderr, "notegen: unknown command %q%s\n\n%s", args[0], didYouMean(args), usage)
	return ErrUsage
}

// didYouMean names the command args most likely meant ("note submit" is
// "notes submit"), as the end of the "unknown command" line; "" when none
// is near.
func didYouMean(args []string) string {
	meant := client.Suggest(args)
	if meant == "" {
		meant = suggest.Closest(args[0], []string{"serve", "admin", "version", "help"})
	}
	if meant == "" {
		return ""
	}
	return fmt.Sprintf("; did you mean %q?", "notegen "+meant)
}

func version(env Env, args []string) error {
	if isHelp(args) {
		fmt.Fprint(env.Stdout, "Usage: notegen version\n\nPrint the version of this notegen binary.\n")
		return nil
	}
	if len(args) > 0 {
		fmt.Fprintf(env.Stderr, "notegen version: takes no arguments\n")
		return ErrUsage
	}
	fmt.Fprintln(env.Stdout, "notegen", env.Version)
	return nil
}

// ExitCode maps a command's error to the process exit status: 2 for a
// usage error, the code an error carries (an ExitCode method, as the
// client commands' errors have), else 1.
func ExitCode(err error) int {
	var ec interface{ ExitCode() int }
	switch {
	case err == nil:
		return 0
	case errors.Is(err, ErrUsage):
		return 2
	case errors.As(err, &ec):
		return ec.ExitCode()
	}
	return 1
}

// isReported says whether the error was written out already: the bare
// ErrUsage (usage printed) or an error whose Reported method says so.
func isReported(err error) bool {
	if err == ErrUsage {
		return true
	}
	var r interface{ Reported() bool }
	return errors.As(err, &r) && r.Reported()
}

func isHelp(args []string) bool {
	return len(args) > 0 && (args[0] == "-h" || args[0] == "--help" || args[0] == "help" || strings.TrimLeft(args[0], "-") == "help")
}
