package billing

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/notegen/notegen/internal/audit"
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
	rows, err := db.Query(ctx, `SELECT u.email, u.id, a.status, a.plan,
			COALESCE((SELECT SUM(amount_cents) FROM invoices i WHERE i.user_id = u.id AND i.status = 'open'), 0),
			(SELECT COUNT(*) FROM invoices i WHERE i.user_id = u.id AND i.status = 'open')
		FROM users u JOIN accounts a ON a.user_id = u.id ORDER BY u.created_at, u.id`)
	if err != nil {
		return nil, fmt.Errorf("list accounts: %w", err)
	}
	defer rows.Close()
	var out []AccountSummary
	for rows.Next() {
		var a AccountSummary
		if err := rows.Scan(&a.Email, &a.UserID, &a.Status, &a.Plan, &a.OpenCents, &a.OpenInvoice); err != nil {
			return nil, fmt.Errorf("list accounts: %w", err)
		}
		out = append(out, a)
	}
	return out, rows.Err()
}

// UserByEmail finds the user id of an account owner.
func UserByEmail(ctx context.Context, q store.Queryer, email string) (string, error) {
	var id string
	err := q.QueryRow(ctx, `SELECT id FROM users WHERE email = ?`, strings.ToLower(strings.TrimSpace(email))).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return "", fmt.Errorf("%w: %s", ErrNoAccount, email)
	}
	if err != nil {
		return "", fmt.Errorf("find account: %w", err)
	}
	return id, nil
}

// SetPlan puts the account on the trial or the paid plan.
func SetPlan(ctx context.Context, tx *store.Tx, userID, plan string, now time.Time) error {
	if plan != PlanTrial && plan != PlanPaid {
		return fmt.Errorf("plan must be %q or %q", PlanTrial, PlanPaid)
	}
	if _, err := tx.Exec(ctx, `UPDATE accounts SET plan = ?, updated_at = ? WHERE user_id = ?`, plan, now, userID); err != nil {
		return fmt.Errorf("set plan: %w", err)
	}
	return audit.Record(ctx, tx, userID, "account.plan_changed", userID, map[string]string{"plan": plan}, now)
}
