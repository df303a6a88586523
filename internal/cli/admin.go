package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/notegen/notegen/internal/account"
	"github.com/notegen/notegen/internal/audit"
	"github.com/notegen/notegen/internal/auth"
	"github.com/notegen/notegen/internal/billing"
	"github.com/notegen/notegen/internal/config"
	"github.com/notegen/notegen/internal/logging"
	"github.com/notegen/notegen/internal/masterkey"
	"github.com/notegen/notegen/internal/store"
)

// flagHelp is what the flag package returns for -h; the usage is printed.
var flagHelp = flag.ErrHelp

const adminUsage = `notegen admin works directly on the service's database; it takes the same
database settings as notegen serve (--data-dir, --database-url, --master-key or
their NOTEGEN_* variables), given after the command.

Usage:
  notegen admin accounts                                    list accounts: email, user_id, status, plan, open balance
  notegen admin plan --email E --plan paid|trial            set the plan (paid lifts the free-job limit)
  notegen admin invoice issue --email E [--amount USD]      issue an invoice now (default: usage not yet invoiced)
  notegen admin invoice pay --email E                       mark every open invoice of the account paid
  notegen admin signing-key rotate                          sign new ID tokens with a fresh key

Examples:
  notegen admin accounts --data-dir ./notegen-data
  NOTEGEN_DATABASE_URL=postgres://localhost/notegen notegen admin plan --email owner@clinic.example --plan paid
  notegen admin invoice issue --email owner@clinic.example --amount 49.90
`

// adminCommand is an admin subcommand: its settings, the open database and
// the master key are ready when it runs.
type adminCommand struct {
	flags func(fs *flag.FlagSet) func() error
	run   func(ctx context.Context, a adminEnv) error
}

type adminEnv struct {
	db  *store.DB
	key *masterkey.Key
	out io.Writer
	cfg config.Settings
}

func admin(ctx context.Context, env Env, args []string) error {
	if len(args) == 0 || isHelp(args) {
		fmt.Fprint(env.Stdout, adminUsage)
		if len(args) == 0 {
			return ErrUsage
		}
		return nil
	}
	var email, plan, amount string
	emailFlag := func(fs *flag.FlagSet) { fs.StringVar(&email, "email", "", "account owner's email") }
	needEmail := func() error {
		if email == "" {
			return errors.New("--email is required")
		}
		return nil
	}
	commands := map[string]adminCommand{
		"accounts": {run: adminAccounts},
		"plan": {
			flags: func(fs *flag.FlagSet) func() error {
				emailFlag(fs)
				fs.StringVar(&plan, "plan", "", "paid or trial")
				return func() error {
					if plan != billing.PlanPaid && plan != billing.PlanTrial {
						return errors.New("--plan must be paid or trial")
					}
					return needEmail()
				}
			},
			run: func(ctx context.Context, a adminEnv) error { return adminPlan(ctx, a, email, plan) },
		},
		"invoice issue": {
			flags: func(fs *flag.FlagSet) func() error {
				emailFlag(fs)
				fs.StringVar(&amount, "amount", "", "amount in USD, e.g. 49.90 (default: usage not yet invoiced)")
				return needEmail
			},
			run: func(ctx context.Context, a adminEnv) error { return adminIssue(ctx, a, email, amount) },
		},
		"invoice pay": {
			flags: func(fs *flag.FlagSet) func() error { emailFlag(fs); return needEmail },
			run:   func(ctx context.Context, a adminEnv) error { return adminPay(ctx, a, email) },
		},
		"signing-key rotate": {run: adminRotateSigningKey},
	}
	name, rest := args[0], args[1:]
	if _, ok := commands[name]; !ok && len(args) > 1 {
		name, rest = args[0]+" "+args[1], args[2:]
	}
	cmd, ok := commands[name]
	if !ok {
		fmt.Fprintf(env.Stderr, "notegen admin: unknown command %q\n\n%s", args[0], adminUsage)
		return ErrUsage
	}
	fs := flag.NewFlagSet("notegen admin "+name, flag.ContinueOnError)
	fs.SetOutput(env.Stderr)
	check := func() error { return nil }
	if cmd.flags != nil {
		check = cmd.flags(fs)
	}
	// The command's own flags come first; the database settings follow.
	settingsArgs, err := splitFlags(fs, rest)
	if errors.Is(err, flagHelp) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("%w: %v", ErrUsage, err)
	}
	if err := check(); err != nil {
		return fmt.Errorf("%w: notegen admin %s: %v", ErrUsage, name, err)
	}
	settings, _, err := config.Parse("notegen admin "+name, settingsArgs, env.Getenv, env.Stderr)
	if errors.Is(err, flagHelp) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("%w: %v", ErrUsage, err)
	}
	db, key, err := openStore(ctx, settings, logging.New(env.Stderr, "warn"))
	if err != nil {
		return err
	}
	defer db.Close()
	ctx = audit.WithActor(ctx, audit.Actor{ID: "admin"})
	return cmd.run(ctx, adminEnv{db: db, key: key, out: env.Stdout, cfg: settings})
}

// splitFlags parses the flags fs knows and returns the others, so that a
// command's flags and the shared database settings can be mixed.
func splitFlags(fs *flag.FlagSet, args []string) ([]string, error) {
	var rest []string
	for i := 0; i < len(args); i++ {
		arg := args[i]
		name := arg
		for len(name) > 0 && name[0] == '-' {
			name = name[1:]
		}
		name, _, hasValue := strings.Cut(name, "=")
		if name == "h" || name == "help" {
			fs.Usage()
			return nil, flagHelp
		}
		if fs.Lookup(name) == nil {
			rest = append(rest, arg)
			if !hasValue && i+1 < len(args) && len(args[i+1]) > 0 && args[i+1][0] != '-' {
				rest = append(rest, args[i+1])
				i++
			}
			continue
		}
		value := ""
		if hasValue {
			_, value, _ = strings.Cut(arg, "=")
		} else if i+1 < len(args) {
			value = args[i+1]
			i++
		} else {
			return nil, fmt.Errorf("flag -%s needs a value", name)
		}
		if err := fs.Set(name, value); err != nil {
			return nil, fmt.Errorf("flag -%s: %w", name, err)
		}
	}
	return rest, nil
}

func adminAccounts(ctx context.Context, a adminEnv) error {
	accounts, err := billing.Accounts(ctx, a.db)
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(a.out, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "EMAIL\tUSER_ID\tSTATUS\tPLAN\tOPEN_BALANCE")
	for _, acc := range accounts {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t$%s\n", acc.Email, acc.UserID, acc.Status, acc.Plan, billing.FormatCents(acc.OpenCents))
	}
	return tw.Flush()
}

func adminPlan(ctx context.Context, a adminEnv, email, plan string) error {
	err := a.db.InTx(ctx, func(tx *store.Tx) error {
		userID, err := billing.UserByEmail(ctx, tx, email)
		if err != nil {
			return err
		}
		if _, err := account.Lock(ctx, tx, userID); err != nil {
			return err
		}
		return billing.SetPlan(ctx, tx, userID, plan, store.Now())
	})
	if err != nil {
		return err
	}
	fmt.Fprintf(a.out, "%s is now on the %s plan\n", email, plan)
	return nil
}

func parseUSD(s string) (int64, error) {
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || f < 0 || math.IsInf(f, 0) || f > 1e9 {
		return 0, fmt.Errorf("--amount %q is not a dollar amount", s)
	}
	return int64(math.Round(f * 100)), nil
}

func adminIssue(ctx context.Context, a adminEnv, email, amount string) error {
	cents := int64(-1)
	if amount != "" {
		var err error
		if cents, err = parseUSD(amount); err != nil {
			return fmt.Errorf("%w: %v", ErrUsage, err)
		}
	}
	var inv billing.Invoice
	err := a.db.InTx(ctx, func(tx *store.Tx) error {
		userID, err := billing.UserByEmail(ctx, tx, email)
		if err != nil {
			return err
		}
		if _, err := account.Lock(ctx, tx, userID); err != nil {
			return err
		}
		now := store.Now()
		inv, err = billing.Issue(ctx, tx, userID, billing.KindManual, cents, now)
		if err != nil {
			return err
		}
		return audit.Record(ctx, tx, userID, "invoice.issued", inv.ID, map[string]string{"amount": inv.Amount}, now)
	})
	if err != nil {
		return err
	}
	fmt.Fprintf(a.out, "invoice %s for $%s issued to %s (%s)\n", inv.ID, inv.Amount, email, inv.Status)
	return nil
}

func adminPay(ctx context.Context, a adminEnv, email string) error {
	var paid []billing.Invoice
	err := a.db.InTx(ctx, func(tx *store.Tx) error {
		userID, err := billing.UserByEmail(ctx, tx, email)
		if err != nil {
			return err
		}
		if _, err := account.Lock(ctx, tx, userID); err != nil {
			return err
		}
		now := store.Now()
		if paid, err = billing.PayAll(ctx, tx, userID, now); err != nil {
			return err
		}
		for _, inv := range paid {
			if err := audit.Record(ctx, tx, userID, "invoice.paid", inv.ID, map[string]string{"amount": inv.Amount}, now); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	fmt.Fprintf(a.out, "%d open invoice(s) of %s marked paid\n", len(paid), email)
	return nil
}

func adminRotateSigningKey(ctx context.Context, a adminEnv) error {
	signer, err := auth.NewSigner(ctx, a.db, a.key, a.cfg.PublicURL)
	if err != nil {
		return err
	}
	if err := signer.Rotate(ctx); err != nil {
		return err
	}
	fmt.Fprintln(a.out, "New signing key in use; previous keys stay published until their tokens expire.")
	return nil
}
