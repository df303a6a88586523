package billing

import (
	"context"
	"fmt"
	"time"

	"github.com/notegen/notegen/internal/account"
	"github.com/notegen/notegen/internal/audit"
	"github.com/notegen/notegen/internal/auth"
	"github.com/notegen/notegen/internal/store"
)

// AccountSummary is one row of `notegen admin accounts`.
type AccountSummary struct {
	Email       string
	UserID      string
	Status      string
	Plan        string
	OpenCents   int64
	OpenInvoice int
}

// Accounts lists every account with its plan and open balance.
func Accounts(ctx context.Context, db *store.DB) ([]AccountSummary, error) {
	accounts, err := account.List(ctx, db)
	if err != nil {
		return nil, err
	}
	emails, err := auth.Emails(ctx, db)
	if err != nil {
		return nil, err
	}
	out := make([]AccountSummary, 0, len(accounts))
	for _, a := range accounts {
		open, cents, err := OpenBalance(ctx, db, a.UserID)
		if err != nil {
			return nil, err
		}
		out = append(out, AccountSummary{Email: emails[a.UserID], UserID: a.UserID, Status: string(a.Status), Plan: a.Plan,
			OpenCents: cents, OpenInvoice: open})
	}
	return out, nil
}

// UserByEmail finds the user id of an account owner.
func UserByEmail(ctx context.Context, q store.Queryer, email string) (string, error) {
	id, ok, err := auth.UserIDByEmail(ctx, q, email)
	if err != nil {
		return "", fmt.Errorf("find account: %w", err)
	}
	if !ok {
		return "", fmt.Errorf("%w: %s", ErrNoAccount, email)
	}
	return id, nil
}

// SetPlan puts the account on the trial or the paid plan.
func SetPlan(ctx context.Context, tx *store.Tx, userID, plan string, now time.Time) error {
	if plan != PlanTrial && plan != PlanPaid {
		return fmt.Errorf("plan must be %q or %q", PlanTrial, PlanPaid)
	}
	if err := account.SetPlan(ctx, tx, userID, plan, now); err != nil {
		return err
	}
	return audit.Record(ctx, tx, userID, "account.plan_changed", userID, map[string]string{"plan": plan}, now)
}
