package account

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/notegen/notegen/internal/store"
)

// The account row also holds state whose rules live elsewhere: the billing
// plan and live-job count (billing decides), and the webhook URLs (webhook
// validates and uses them). account owns the table, so those packages read
// and write these columns through the functions below, inside their own
// transactions; the rules stay with them.

// PlanState is the billing state kept on the account row.
type PlanState struct {
	Plan         string
	LiveJobsUsed int64
	// TrialExhaustedAt is when the last free job was used, once.
	TrialExhaustedAt sql.NullTime
	// CreatedAt is when the account opened: the start of its first
	// billing period.
	CreatedAt time.Time
}

const planColumns = `plan, live_jobs_used, trial_exhausted_at, created_at`

// scanAccount scans the account's row into dest: no row is errNoUser, any
// other failure is wrapped with what was being read.
func scanAccount(row *sql.Row, what string, dest ...any) error {
	err := row.Scan(dest...)
	if errors.Is(err, sql.ErrNoRows) {
		return errNoUser
	}
	if err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	return nil
}

func scanPlan(row *sql.Row) (PlanState, error) {
	var p PlanState
	if err := scanAccount(row, "read account plan", &p.Plan, &p.LiveJobsUsed, &p.TrialExhaustedAt, &p.CreatedAt); err != nil {
		return PlanState{}, err
	}
	p.CreatedAt = p.CreatedAt.UTC()
	return p, nil
}

// ReadPlan reads the account's plan state.
func ReadPlan(ctx context.Context, q store.Queryer, userID string) (PlanState, error) {
	return scanPlan(q.QueryRow(ctx, `SELECT `+planColumns+` FROM accounts WHERE user_id = ?`, userID))
}

// LockPlan takes the account's row lock for the rest of tx and reads its
// plan state, so a decision made on it holds until tx commits.
func LockPlan(ctx context.Context, tx *store.Tx, userID string) (PlanState, error) {
	return scanPlan(tx.QueryRow(ctx, `SELECT `+planColumns+` FROM accounts WHERE user_id = ?`+tx.ForUpdate(), userID))
}

// AddLiveJob counts one more live job on a locked account.
func AddLiveJob(ctx context.Context, tx *store.Tx, userID string) error {
	if _, err := tx.Exec(ctx, `UPDATE accounts SET live_jobs_used = live_jobs_used + 1 WHERE user_id = ?`, userID); err != nil {
		return fmt.Errorf("count live job: %w", err)
	}
	return nil
}

// MarkTrialExhausted records when the account used its last free job.
func MarkTrialExhausted(ctx context.Context, tx *store.Tx, userID string, now time.Time) error {
	if _, err := tx.Exec(ctx, `UPDATE accounts SET trial_exhausted_at = ? WHERE user_id = ?`, now, userID); err != nil {
		return fmt.Errorf("record trial exhausted: %w", err)
	}
	return nil
}

// SetPlan stores the account's plan.
func SetPlan(ctx context.Context, tx *store.Tx, userID, plan string, now time.Time) error {
	if _, err := tx.Exec(ctx, `UPDATE accounts SET plan = ?, updated_at = ? WHERE user_id = ?`, plan, now, userID); err != nil {
		return fmt.Errorf("set plan: %w", err)
	}
	return nil
}

// Summary is one account as the operator's listing shows it.
type Summary struct {
	UserID string
	Status Status
	Plan   string
}

// List returns every account, oldest first.
func List(ctx context.Context, q store.Queryer) ([]Summary, error) {
	rows, err := q.Query(ctx, `SELECT user_id, status, plan FROM accounts ORDER BY created_at, user_id`)
	if err != nil {
		return nil, fmt.Errorf("list accounts: %w", err)
	}
	defer rows.Close()
	var out []Summary
	for rows.Next() {
		var s Summary
		if err := rows.Scan(&s.UserID, &s.Status, &s.Plan); err != nil {
			return nil, fmt.Errorf("list accounts: %w", err)
		}
		out = append(out, s)
	}
	return out, rows.Err()
}

// StatusOf reads the account's status without locking it.
func StatusOf(ctx context.Context, q store.Queryer, userID string) (Status, error) {
	var status Status
	err := scanAccount(q.QueryRow(ctx, `SELECT status FROM accounts WHERE user_id = ?`, userID), "read account status", &status)
	return status, err
}

// WebhookURLs are the account's webhook endpoints; "" where none is set.
type WebhookURLs struct {
	Dev, Prod string
}

// ReadWebhookURLs reads the account's webhook endpoints.
func ReadWebhookURLs(ctx context.Context, q store.Queryer, userID string) (WebhookURLs, error) {
	var dev, prod sql.NullString
	if err := scanAccount(q.QueryRow(ctx, `SELECT webhook_dev, webhook_prod FROM accounts WHERE user_id = ?`, userID), "read webhook settings", &dev, &prod); err != nil {
		return WebhookURLs{}, err
	}
	return WebhookURLs{Dev: dev.String, Prod: prod.String}, nil
}

// ReadWebhookURLsOf reads the webhook endpoints of several accounts in one
// statement, for a batch of deliveries; an account that does not exist is
// missing from the map.
func ReadWebhookURLsOf(ctx context.Context, q store.Queryer, userIDs []string) (map[string]WebhookURLs, error) {
	return store.CollectMap(ctx, q, "read webhook settings", func(row func(...any) error) (string, WebhookURLs, error) {
		var userID string
		var dev, prod sql.NullString
		err := row(&userID, &dev, &prod)
		return userID, WebhookURLs{Dev: dev.String, Prod: prod.String}, err
	}, `SELECT user_id, webhook_dev, webhook_prod FROM accounts WHERE user_id `+store.InJSONArray(q.Dialect()), store.JSONArray(userIDs))
}

// SetWebhookURL stores the endpoint of env ("dev" or "prod"); "" removes
// it.
func SetWebhookURL(ctx context.Context, tx *store.Tx, userID, env, url string, now time.Time) error {
	column := map[string]string{"dev": "webhook_dev", "prod": "webhook_prod"}[env]
	if column == "" {
		return fmt.Errorf("unknown webhook environment %q", env)
	}
	var v any
	if url != "" {
		v = url
	}
	if _, err := tx.Exec(ctx, `UPDATE accounts SET `+column+` = ?, updated_at = ? WHERE user_id = ?`, v, now, userID); err != nil {
		return fmt.Errorf("update %s: %w", column, err)
	}
	return nil
}
