package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"

	"github.com/notegen/notegen/internal/auth"
	"github.com/notegen/notegen/internal/config"
	"github.com/notegen/notegen/internal/logging"
)

// flagHelp is what the flag package returns for -h; the usage is printed.
var flagHelp = flag.ErrHelp

const adminUsage = `notegen admin works directly on the service's database; it takes the same
database settings as notegen serve (--data-dir, --database-url, --master-key or
their NOTEGEN_* variables).

Usage:
  notegen admin signing-key rotate   start signing ID tokens with a new key

Example:
  NOTEGEN_DATABASE_URL=postgres://localhost/notegen notegen admin signing-key rotate
`

func admin(ctx context.Context, env Env, args []string) error {
	if len(args) == 0 || isHelp(args) {
		fmt.Fprint(env.Stdout, adminUsage)
		if len(args) == 0 {
			return ErrUsage
		}
		return nil
	}
	switch args[0] {
	case "signing-key":
		if len(args) < 2 || args[1] != "rotate" {
			fmt.Fprint(env.Stderr, adminUsage)
			return ErrUsage
		}
		settings, _, err := config.Parse("notegen admin signing-key rotate", args[2:], env.Getenv, env.Stderr)
		if errors.Is(err, flagHelp) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("%w: %v", ErrUsage, err)
		}
		log := logging.New(env.Stderr, "warn")
		db, key, err := openStore(ctx, settings, log)
		if err != nil {
			return err
		}
		defer db.Close()
		signer, err := auth.NewSigner(ctx, db, key, settings.PublicURL)
		if err != nil {
			return err
		}
		if err := signer.Rotate(ctx); err != nil {
			return err
		}
		fmt.Fprintln(env.Stdout, "New signing key in use; previous keys stay published until their tokens expire.")
		return nil
	default:
		fmt.Fprintf(env.Stderr, "notegen admin: unknown command %q\n\n%s", args[0], adminUsage)
		return ErrUsage
	}
}
