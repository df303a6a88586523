package client

import (
	"context"
	"flag"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/notegen/notegen"
)

func accountShowCmd(fs *flag.FlagSet) runner {
	return asOwner(func(ctx context.Context, s *session, c *notegen.Client) error {
		a, err := c.GetAccount(ctx)
		if err != nil {
			return err
		}
		return s.show(a, func() error {
			return s.fields("Status", a.AccountStatus, "Company", orDash(a.CompanyName), "Contact email", orDash(a.ContactEmail),
				"Phone", orDash(a.PhoneNumber), "Address", orDash(a.Address), "Created", fmtTime(a.CreatedAt))
		})
	})
}

func accountUpdateCmd(fs *flag.FlagSet) runner {
	vals := map[string]*string{}
	for _, n := range []string{"company-name", "contact-email", "phone-number", "address"} {
		vals[n] = fs.String(n, "", strings.ReplaceAll(n, "-", " "))
	}
	return asOwner(func(ctx context.Context, s *session, c *notegen.Client) error {
		set := map[string]bool{}
		fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
		pick := func(n string) *string {
			if set[n] {
				return vals[n]
			}
			return nil
		}
		res, err := c.UpdateAccount(ctx, notegen.AccountUpdate{CompanyName: pick("company-name"), ContactEmail: pick("contact-email"),
			PhoneNumber: pick("phone-number"), Address: pick("address")})
		if err != nil {
			return err
		}
		return s.say(res, fmt.Sprintf("%s (%s)", res.Message, strings.Join(res.UpdatedFields, ", ")))
	})
}

// statusChangeCmd changes the account's status; confirm asks for --yes.
func statusChangeCmd(confirm bool, call func(context.Context, *notegen.Client) (*notegen.AccountStatusChange, error)) setupFunc {
	return func(fs *flag.FlagSet) runner {
		yes := fs.Bool("yes", false, "confirm")
		return func(ctx context.Context, s *session, args []string) error {
			if confirm && !*yes && len(args) == 0 {
				return usageErr("cancelling deactivates every live key and issues the final invoice: pass --yes to confirm")
			}
			c, err := ownerCall(s, args)
			if err != nil {
				return err
			}
			res, err := call(ctx, c)
			if err != nil {
				return err
			}
			return s.say(res, res.Message)
		}
	}
}

func accountCancelCmd() setupFunc {
	return statusChangeCmd(true,
		func(ctx context.Context, c *notegen.Client) (*notegen.AccountStatusChange, error) {
			return c.CancelAccount(ctx)
		})
}

func accountReactivateCmd() setupFunc {
	return statusChangeCmd(false,
		func(ctx context.Context, c *notegen.Client) (*notegen.AccountStatusChange, error) {
			return c.ReactivateAccount(ctx)
		})
}

func usageCmd(fs *flag.FlagSet) runner {
	start := fs.String("start", "", "first month, YYYY-MM")
	end := fs.String("end", "", "last month, YYYY-MM")
	return asOwner(func(ctx context.Context, s *session, c *notegen.Client) error {
		u, err := c.GetUsage(ctx, notegen.UsageRequest{StartMonth: *start, EndMonth: *end})
		if err != nil {
			return err
		}
		return s.show(u, func() error { return printUsage(s, u) })
	})
}

// printUsage writes the usage report. The two billing lines say what they
// count: "Free jobs left" beside a bare "Amount: 0.17" read as if the free
// jobs were charged by mistake, when the allowance counts live jobs and
// every live job's tokens are priced from the first one.
func printUsage(s *session, u *notegen.Usage) error {
	n := func(v int64) string { return strconv.FormatInt(v, 10) }
	freeLeft := "none: the paid plan has no job limit"
	if u.Totals.FreeJobsLeft != nil {
		freeLeft = n(*u.Totals.FreeJobsLeft) + " live jobs before the paid plan is needed (their tokens are charged)"
	}
	if err := s.fields("Period", u.Period.StartMonth+" to "+u.Period.EndMonth, "Live jobs", n(u.Totals.Jobs),
		"Tokens", fmt.Sprintf("%d (transcription %d, notes %d)", u.Totals.TotalTokens, u.Totals.TranscriptionTokens, u.Totals.NoteTokens),
		"Free jobs left", freeLeft,
		"Charges this month", fmt.Sprintf("$%.2f so far (live jobs' tokens at the tiered price; sandbox jobs are free)", u.Billing.CurrentUsageAmount),
		"Plan", orDash(u.Billing.SubscriptionStatus)); err != nil {
		return err
	}
	fmt.Fprintln(s.env.Stdout)
	rows := make([][]string, len(u.MonthlyBreakdown))
	for i, m := range u.MonthlyBreakdown {
		rows[i] = []string{m.Month, n(m.Jobs), n(m.TranscriptionTokens), n(m.NoteTokens), n(m.TotalTokens)}
	}
	if err := s.table([]string{"MONTH", "JOBS", "TRANSCRIPTION", "NOTES", "TOTAL"}, rows); err != nil {
		return err
	}
	keys := slices.Sorted(maps.Keys(u.APIKeys))
	if len(keys) == 0 {
		return nil
	}
	fmt.Fprintln(s.env.Stdout)
	rows = rows[:0]
	for _, k := range keys {
		ku := u.APIKeys[k]
		rows = append(rows, []string{k, n(ku.Jobs), n(ku.Tokens.Total), strconv.FormatFloat(ku.UsagePercentage, 'f', 1, 64) + "%"})
	}
	return s.table([]string{"KEY", "JOBS", "TOKENS", "SHARE"}, rows)
}
