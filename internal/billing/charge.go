package billing

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/notegen/notegen/internal/account"
	"github.com/notegen/notegen/internal/apperr"
	"github.com/notegen/notegen/internal/outbox"
	"github.com/notegen/notegen/internal/store"
)

// ChargeLiveJob counts one live job against the account's free allowance,
// inside the transaction that creates the job: the account's row stays
// locked until it commits, so under any concurrency exactly as many jobs
// get through as are left. The job that uses the last free one sends
// billing.trial_exhausted, once.
func ChargeLiveJob(ctx context.Context, tx *store.Tx, userID string, freeJobs int, now time.Time) error {
	p, err := account.LockPlan(ctx, tx, userID)
	if err != nil {
		return err
	}
	if p.Plan != PlanPaid && p.LiveJobsUsed >= int64(freeJobs) {
		return apperr.New(apperr.PaymentRequired, "The account has used its %d free jobs; ask for the paid plan to continue", freeJobs)
	}
	if err := account.AddLiveJob(ctx, tx, userID); err != nil {
		return err
	}
	if p.Plan != PlanTrial || p.LiveJobsUsed+1 < int64(freeJobs) || p.TrialExhaustedAt.Valid {
		return nil
	}
	if err := account.MarkTrialExhausted(ctx, tx, userID, now); err != nil {
		return err
	}
	_, err = outbox.Add(ctx, tx, outbox.Event{UserID: userID, Type: outbox.BillingTrialExhausted,
		Fields: map[string]any{"user_id": userID, "invoice": nil, "free_jobs": freeJobs}}, now)
	return err
}

// JobUsage is what one completed live job used.
type JobUsage struct {
	UserID, APIKeyID, JobID string
	TranscriptionTokens     int64
	NoteTokens              int64
}

// RecordUsage writes a completed live job's tokens to the usage ledger,
// inside the transaction that completes the job.
func RecordUsage(ctx context.Context, tx *store.Tx, u JobUsage, now time.Time) error {
	_, err := tx.Exec(ctx, `INSERT INTO usage_records (id, user_id, api_key_id, job_id, transcription_tokens, note_tokens, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?)`, uuid.Must(uuid.NewV7()).String(), u.UserID, u.APIKeyID, u.JobID, u.TranscriptionTokens, u.NoteTokens, now)
	if err != nil {
		return fmt.Errorf("record usage: %w", err)
	}
	return nil
}
