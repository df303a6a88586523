// Package cli is the notegen command line: `notegen serve` runs the
// service, `notegen admin` works on its database, and the client commands
// talk to a running service.
package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
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

// ErrUsage marks a command line that could not be understood.
var ErrUsage = errors.New("usage")

const usage = `notegen turns clinical encounters into structured medical notes.

Usage:
  notegen serve [flags]     run the service (notegen serve --help for settings)
  notegen admin COMMAND     operator commands on the service's database
  notegen version           print the version

`

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
		fmt.Fprintln(env.Stdout, "notegen", env.Version)
		return nil
	case "help", "-h", "--help":
		fmt.Fprint(env.Stdout, usage+ClientUsage)
		return nil
	default:
		if handled, err := runClient(ctx, env, args); handled {
			return err
		}
		fmt.Fprintf(env.Stderr, "notegen: unknown command %q\n\n%s", args[0], usage)
		return ErrUsage
	}
}

// ExitCode maps a command's error to the process exit status.
func ExitCode(err error) int {
	switch {
	case err == nil:
		return 0
	case errors.Is(err, ErrUsage):
		return 2
	default:
		return clientExitCode(err)
	}
}

func isHelp(args []string) bool {
	return len(args) > 0 && (args[0] == "-h" || args[0] == "--help" || args[0] == "help" || strings.TrimLeft(args[0], "-") == "help")
}
