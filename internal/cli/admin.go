package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/notegen/notegen/internal/account"
	"github.com/notegen/notegen/internal/audit"
	"github.com/notegen/notegen/internal/auth"
	"github.com/notegen/notegen/internal/billing"
	"github.com/notegen/notegen/internal/cli/suggest"
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

// adminSettingsHelp lists the settings every admin command takes.
const adminSettingsHelp = `Database settings (as for notegen serve; the database must exist already):
  --data-dir DIR       NOTEGEN_DATA_DIR: the data directory of notegen serve (default ./notegen-data)
  --database-url URL   NOTEGEN_DATABASE_URL: postgres://... (default: SQLite in the data directory)
  --master-key KEY     NOTEGEN_MASTER_KEY (default: the data directory's master.key)
`

// adminCommand is an admin subcommand: its settings, the open database and
// the master key are ready when it runs.
type adminCommand struct {
	synopsis string
	summary  string
	// flags registers the command's own flags and returns the check that
	// runs once they are parsed.
	flags func(fs *flag.FlagSet) func() error
	run   func(ctx context.Context, a adminEnv) error
}

type adminEnv struct {
	db  *store.DB
	key *masterkey.Key
	out io.Writer
	cfg config.Settings
}

// adminFlags are the values the admin commands' flags fill.
type adminFlags struct{ email, plan, amount string }

func (f *adminFlags) emailFlag(fs *flag.FlagSet) func() error {
	fs.StringVar(&f.email, "email", "", "account owner's email (required)")
	return func() error {
		if f.email == "" {
			return errors.New("--email is required")
		}
		return nil
	}
}

func adminCommands(f *adminFlags) map[string]adminCommand {
	return map[string]adminCommand{
		"accounts": {summary: "List accounts: email, user_id, status, plan, open balance.", run: adminAccounts},
		"plan": {
			synopsis: "--email E --plan paid|trial", summary: "Set the plan (paid lifts the free-job limit).",
			flags: func(fs *flag.FlagSet) func() error {
				needEmail := f.emailFlag(fs)
				fs.StringVar(&f.plan, "plan", "", "paid or trial (required)")
				return func() error {
					if f.plan != billing.PlanPaid && f.plan != billing.PlanTrial {
						return errors.New("--plan must be paid or trial")
					}
					return needEmail()
				}
			},
			run: func(ctx context.Context, a adminEnv) error { return adminPlan(ctx, a, f.email, f.plan) },
		},
		"invoice issue": {
			synopsis: "--email E [--amount USD]", summary: "Issue an invoice now (default amount: usage not yet invoiced).",
			flags: func(fs *flag.FlagSet) func() error {
				fs.StringVar(&f.amount, "amount", "", "amount in USD, e.g. 49.90 (default: usage not yet invoiced)")
				return f.emailFlag(fs)
			},
			run: func(ctx context.Context, a adminEnv) error { return adminIssue(ctx, a, f.email, f.amount) },
		},
		"invoice pay": {
			synopsis: "--email E", summary: "Mark every open invoice of the account paid.",
			flags: f.emailFlag,
			run:   func(ctx context.Context, a adminEnv) error { return adminPay(ctx, a, f.email) },
		},
		"signing-key rotate": {summary: "Sign new ID tokens with a fresh key; old keys stay published until their tokens expire.", run: adminRotateSigningKey},
	}
}

func admin(ctx context.Context, env Env, args []string) error {
	if len(args) == 0 || isHelp(args) {
		fmt.Fprint(env.Stdout, adminUsage)
		if len(args) == 0 {
			return ErrUsage
		}
		return nil
	}
	var values adminFlags
	commands := adminCommands(&values)
	name, rest := args[0], args[1:]
	if _, ok := commands[name]; !ok && len(rest) > 0 && !isHelp(rest) {
		name, rest = args[0]+" "+rest[0], rest[1:]
	}
	cmd, ok := commands[name]
	if !ok {
		if isGroup(commands, args[0]) && (len(rest) == 0 || isHelp(rest)) {
			// "admin invoice --help" lists the group's commands.
			fmt.Fprint(env.Stdout, adminUsage)
			if len(rest) == 0 {
				return ErrUsage
			}
			return nil
		}
		hint := ""
		if meant := suggest.Closest(name, slices.Sorted(maps.Keys(commands))); meant != "" {
			hint = fmt.Sprintf("; did you mean %q?", "notegen admin "+meant)
		}
		fmt.Fprintf(env.Stderr, "notegen admin: unknown command %q%s\n\n%s", name, hint, adminUsage)
		return ErrUsage
	}
	fs := flag.NewFlagSet("notegen admin "+name, flag.ContinueOnError)
	fs.SetOutput(env.Stdout)
	check := func() error { return nil }
	if cmd.flags != nil {
		check = cmd.flags(fs)
	}
	fs.Usage = func() {
		fmt.Fprintf(env.Stdout, "Usage: notegen admin %s\n\n%s\n\n", strings.Join(strings.Fields(name+" "+cmd.synopsis+" [database settings]"), " "), cmd.summary)
		if cmd.flags != nil {
			fmt.Fprintln(env.Stdout, "Flags:")
			fs.PrintDefaults()
			fmt.Fprintln(env.Stdout)
		}
		fmt.Fprint(env.Stdout, adminSettingsHelp)
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
	db, key, err := openStore(ctx, settings, logging.New(env.Stderr, "warn"), true)
	if err != nil {
		return err
	}
	defer db.Close()
	ctx = audit.WithActor(ctx, audit.Actor{ID: "admin"})
	return cmd.run(ctx, adminEnv{db: db, key: key, out: env.Stdout, cfg: settings})
}

// isGroup reports whether word is the first of two-word commands
// ("invoice" of "invoice issue").
func isGroup(commands map[string]adminCommand, word string) bool {
	for name := range commands {
		if strings.HasPrefix(name, word+" ") {
			return true
		}
	}
	return false
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

// onAccount runs fn in a transaction that holds the lock of the account
// whose owner has this email, as the service's own changes do.
func (a adminEnv) onAccount(ctx context.Context, email string, fn func(tx *store.Tx, userID string, now time.Time) error) error {
	return a.db.InTx(ctx, func(tx *store.Tx) error {
		userID, err := billing.UserByEmail(ctx, tx, email)
		if err != nil {
			return err
		}
		if _, err := account.Lock(ctx, tx, userID); err != nil {
			return err
		}
		return fn(tx, userID, store.Now())
	})
}

func adminPlan(ctx context.Context, a adminEnv, email, plan string) error {
	err := a.onAccount(ctx, email, func(tx *store.Tx, userID string, now time.Time) error {
		return billing.SetPlan(ctx, tx, userID, plan, now)
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
	err := a.onAccount(ctx, email, func(tx *store.Tx, userID string, now time.Time) error {
		var err error
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
	err := a.onAccount(ctx, email, func(tx *store.Tx, userID string, now time.Time) error {
		var err error
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
