package job

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/notegen/notegen/internal/apperr"
	"github.com/notegen/notegen/internal/outbox"
	"github.com/notegen/notegen/internal/store"
)

// errCodeBilling marks job errors about billing, whose webhook carries no
// error object (the interface says so).
const errCodeBilling = "billing"

// chargeLiveJob counts one live job against the account's free allowance,
// inside the transaction that creates the job. The conditional update is
// the whole rule: under any concurrency the database lets exactly as many
// jobs through as are left. The job that uses the last free one sends
// billing.trial_exhausted, once.
func chargeLiveJob(ctx context.Context, tx *store.Tx, userID string, freeJobs int, now time.Time) error {
	res, err := tx.Exec(ctx, `UPDATE accounts SET live_jobs_used = live_jobs_used + 1
		WHERE user_id = ? AND (plan = 'paid' OR live_jobs_used < ?)`, userID, freeJobs)
	if err != nil {
		return fmt.Errorf("count live job: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return fmt.Errorf("count live job: %w", err)
	} else if n == 0 {
		return apperr.New(apperr.PaymentRequired, "The account has used its %d free jobs; ask for the paid plan to continue", freeJobs)
	}
	var used int64
	var plan string
	var exhausted sql.NullTime
	if err := tx.QueryRow(ctx, `SELECT live_jobs_used, plan, trial_exhausted_at FROM accounts WHERE user_id = ?`, userID).
		Scan(&used, &plan, &exhausted); err != nil {
		return fmt.Errorf("read live job count: %w", err)
	}
	if plan != "trial" || used < int64(freeJobs) || exhausted.Valid {
		return nil
	}
	if _, err := tx.Exec(ctx, `UPDATE accounts SET trial_exhausted_at = ? WHERE user_id = ?`, now, userID); err != nil {
		return fmt.Errorf("record trial exhausted: %w", err)
	}
	_, err = outbox.Add(ctx, tx, outbox.Event{UserID: userID, Type: outbox.BillingTrialExhausted,
		Fields: map[string]any{"user_id": userID, "invoice": nil, "free_jobs": freeJobs}}, now)
	return err
}

// recordUsage writes a completed live job's tokens to the usage ledger.
func recordUsage(ctx context.Context, tx *store.Tx, j *Job, transcriptionTokens, noteTokens int64, now time.Time) error {
	_, err := tx.Exec(ctx, `INSERT INTO usage_records (id, user_id, api_key_id, job_id, transcription_tokens, note_tokens, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?)`, uuid.Must(uuid.NewV7()).String(), j.UserID, j.APIKeyID, j.ID, transcriptionTokens, noteTokens, now)
	if err != nil {
		return fmt.Errorf("record usage: %w", err)
	}
	return nil
}
