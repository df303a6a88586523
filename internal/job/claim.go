package job

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/notegen/notegen/internal/store"
)

// A job that the replica which accepted it runs at once is held by a claim
// on its own row (claimed_by, claimed_until), written by the insert that
// stores the job, rather than by a queued job: that queued job was, per
// text job, an insert and a delete in River's table, about a fifth of
// PostgreSQL's CPU under load. The job's end clears the claim in the
// update that ends it (setStatusWith). A run that fails hands the job to
// the queue (ReleaseClaim), and a claim whose replica died, or that is past
// its time, is taken over by any replica (TakeOverClaims): either way the
// claim is cleared and the job enqueued in one transaction, so that the
// job is enqueued once, and runs again from its stored status.

// Claim is a replica's hold on a job it runs itself.
type Claim struct {
	// By is the replica's ID.
	By string
	// Until is when the claim is overdue: the replica lost the job.
	Until time.Time
}

// Claimer is an Enqueuer that can run a job this replica inserts itself,
// held by a claim on the job's row instead of a queued job.
type Claimer interface {
	// ClaimRun arranges for the job that tx inserts (inserted) to run on
	// this replica once tx commits, and returns the claim to store with it.
	// ok false leaves the job to Enqueue (this replica is busy).
	ClaimRun(ctx context.Context, tx *store.Tx, jobID string, inserted *Job) (c Claim, ok bool)
}

// takeOverBatch bounds the claims one take-over transaction takes.
const takeOverBatch = 100

// ReleaseClaim gives up by's claim on a job whose run failed: the claim is
// cleared and, in the same transaction, requeue queues the job for the
// workers (with the run's error). A claim that is no longer by's (another
// replica took it over) or a job that ended is left alone: the job is
// already queued, or done.
func (s *Service) ReleaseClaim(ctx context.Context, jobID, by string, requeue func(tx *store.Tx) error) error {
	err := s.db.InTx(ctx, func(tx *store.Tx) error {
		res, err := tx.Exec(ctx, `UPDATE jobs SET claimed_by = NULL, claimed_until = NULL WHERE id = ? AND claimed_by = ? AND status NOT IN (?, ?)`,
			jobID, by, Completed, Failed)
		if err != nil {
			return fmt.Errorf("release job claim: %w", err)
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return err
		}
		return requeue(tx)
	})
	if err != nil {
		return fmt.Errorf("hand job %s to the queue: %w", jobID, err)
	}
	return nil
}

// TakeOverClaims enqueues the jobs claimed by a replica that is dead, or
// whose claim is past its time, and clears their claims, in one
// transaction; self's claims in time are its runs in flight. live reads
// the IDs of the replicas alive (replica.Live), only when there are other
// claims to look at. It returns how many jobs it enqueued.
func (s *Service) TakeOverClaims(ctx context.Context, self string, live func(context.Context) (map[string]bool, error)) (int, error) {
	now := store.Now()
	// The probe passes over self's claims in time on the claims' index.
	const candidates = `FROM jobs WHERE claimed_until IS NOT NULL AND (claimed_until < ? OR claimed_by <> ?)`
	var probe string
	err := s.db.QueryRow(ctx, `SELECT id `+candidates+` LIMIT 1`, now, self).Scan(&probe)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("look for job claims to take over: %w", err)
	}
	alive, err := live(ctx)
	if err != nil {
		return 0, err
	}
	lock := ""
	if s.db.Dialect() == store.Postgres {
		lock = " FOR UPDATE SKIP LOCKED"
	}
	liveIDs := []string{} // not nil: JSONArray(nil) is null
	for id := range alive {
		liveIDs = append(liveIDs, id)
	}
	// The live replicas' claims in time are left out by the query, so that
	// however many there are, each batch is all claims to take over.
	taken := 0
	for more := true; more && err == nil; {
		err = s.db.InTx(ctx, func(tx *store.Tx) error {
			type claimed struct {
				id     string
				status Status
			}
			rows, err := store.Collect(ctx, tx, "read job claims", func(row func(...any) error) (claimed, error) {
				var c claimed
				return c, row(&c.id, &c.status)
			}, `SELECT id, status FROM jobs WHERE claimed_until IS NOT NULL AND (claimed_until < ? OR NOT (claimed_by `+
				store.InJSONArray(tx.Dialect())+`)) ORDER BY claimed_until LIMIT ?`+lock, now, store.JSONArray(liveIDs), takeOverBatch)
			if err != nil {
				return err
			}
			more = len(rows) == takeOverBatch
			if len(rows) == 0 {
				return nil
			}
			ids := make([]string, 0, len(rows))
			var queued []string
			for _, c := range rows {
				ids = append(ids, c.id)
				if c.status != Completed && c.status != Failed {
					queued = append(queued, c.id)
				}
			}
			if _, err := tx.Exec(ctx, `UPDATE jobs SET claimed_by = NULL, claimed_until = NULL WHERE id `+store.InJSONArray(tx.Dialect()),
				store.JSONArray(ids)); err != nil {
				return fmt.Errorf("take over job claims: %w", err)
			}
			for _, id := range queued {
				if err := s.queue.Enqueue(ctx, tx, id, nil); err != nil {
					return err
				}
			}
			taken += len(queued)
			return nil
		})
	}
	if err != nil {
		return taken, fmt.Errorf("take over claimed jobs: %w", err)
	}
	return taken, nil
}
