// Command notegen runs the notegen service (`notegen serve`), its operator
// commands (`notegen admin`) and its client commands.
package main

import (
	"context"
	"os"

	"github.com/notegen/notegen/internal/cli"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "dev"

func main() {
	os.Exit(cli.Main(context.Background(), cli.Env{
		Args: os.Args, Getenv: os.Getenv, Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr, Version: version,
	}))
}
