package queue

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"github.com/notegen/notegen/internal/store"
)

// A claimed run is a direct run with no River job at all: the work's own
// row holds the claim (its owner writes who runs it and until when, in the
// statement that stores the work), and only a run that fails, or a claim
// that a dead replica left or let run past its time, becomes a River job.
// The River job of InsertRunTx was, per text job, an insert into river_job
// (a heap row and seven index entries) and its delete: about a fifth of
// PostgreSQL's CPU under 03_webhook_throughput.sh's load.

// claimGrace is how long past the run's timeout a claim is still held: the
// run is cancelled at its timeout and hands its work over (RunFailed), so
// a claim past its time is one whose replica lost it.
const claimGrace = time.Minute

// defaultClaimLease is a claim's length when runs have no timeout.
const defaultClaimLease = 30 * time.Minute

// Claim is who runs a claimed run and until when the claim holds: the
// columns the work's owner stores.
type Claim struct {
	// By is the replica's ID (DirectConfig.ID).
	By string
	// Until is when the claim is overdue, and any replica may take it over.
	Until time.Time
}

// ClaimRunTx reserves a run of work on this replica once tx commits, held
// by the claim it returns, which the caller stores in tx on the work's own
// row. run is the work (a worker's Work, WorkOnce); failed is called with
// run's error, or its panic's, to hand the work to the workers (its owner
// clears the claim and queues a River job, as one transaction, InsertRetryTx).
// ok is false when direct runs are off or their backlog is full: the caller
// then queues the work for the workers instead.
func (i *Inserter) ClaimRunTx(tx *store.Tx, run func(context.Context) error, failed func(context.Context, error)) (Claim, bool) {
	d := i.direct
	if d == nil || d.backlog.Load() >= int64(d.cfg.Backlog) {
		return Claim{}, false
	}
	lease := defaultClaimLease
	if d.cfg.Timeout > 0 {
		// a run may wait for a slot behind the backlog before its own
		// timeout starts: the claim holds for the runs ahead of it, a
		// slot's worth at a time, so that a run waiting is never taken
		// over (and run twice) while its replica lives
		ahead := d.backlog.Load() / int64(max(d.cfg.Slots, 1))
		lease = time.Duration(ahead+1)*d.cfg.Timeout + claimGrace
	}
	tx.AfterCommit(func() {
		d.backlog.Add(1)
		d.runs.Add(1)
		go i.runClaimed(run, failed)
	})
	return Claim{By: d.cfg.ID, Until: store.Now().Add(lease)}, true
}

// runClaimed runs a claimed run in one of the direct slots.
func (i *Inserter) runClaimed(run func(context.Context) error, failed func(context.Context, error)) {
	d := i.direct
	defer d.runs.Done()
	defer d.backlog.Add(-1)
	if err := d.runInSlot(context.Background(), run); err != nil {
		// Its own context: the run's may have ended with its timeout.
		hctx, hcancel := context.WithTimeout(context.Background(), time.Minute)
		defer hcancel()
		failed(hctx, err)
	}
}

// InsertRetryTx adds, as part of tx, the River job of work whose claimed
// run failed with runErr: available to the workers at once, as its first
// attempt's, with that attempt's error, as a direct run's failed job is
// left (so the worker's retry policy counts the claimed run as attempt 1).
func (i *Inserter) InsertRetryTx(ctx context.Context, tx *store.Tx, args river.JobArgs, opts *river.InsertOpts, runErr error) error {
	p, ok := plainJob(args, opts)
	if !ok {
		return i.InsertTx(ctx, tx, args, opts)
	}
	client := ""
	if i.direct != nil {
		client = i.direct.cfg.ID
	}
	attemptErr, _ := json.Marshal(rivertype.AttemptError{At: time.Now().UTC(), Attempt: 1, Error: runErr.Error()})
	query := `INSERT INTO river_job (args, kind, queue, priority, max_attempts, state, attempt, attempted_at, attempted_by,
		created_at, scheduled_at, metadata, tags, errors)
		VALUES (?, ?, ?, ?, ?, 'available', 1, datetime('now', 'subsec'), json_array(?), datetime('now', 'subsec'),
			datetime('now', 'subsec'), json('{}'), json('[]'), json_array(json(?)))`
	if tx.Dialect() == store.Postgres {
		query = `INSERT INTO river_job (args, kind, queue, priority, max_attempts, state, attempt, attempted_at, attempted_by,
			created_at, scheduled_at, metadata, tags, errors)
			VALUES (?::jsonb, ?, ?, ?, ?, 'available', 1, now(), ARRAY[?::text], now(), now(), '{}', '{}', ARRAY[?::jsonb])`
	}
	if _, err := tx.Exec(ctx, query, p.args, p.kind, p.queue, p.priority, p.maxAttempts, client, string(attemptErr)); err != nil {
		return fmt.Errorf("queue failed run of %s: %w", p.kind, err)
	}
	tx.AfterCommit(func() { i.hub.jobInserted(p.queue) })
	return nil
}
