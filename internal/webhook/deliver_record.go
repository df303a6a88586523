package webhook

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/google/uuid"

	"github.com/notegen/notegen/internal/store"
)

// maxRecordBatch bounds the attempts one recording transaction takes.
const maxRecordBatch = 64

// recordTimeout bounds one recording transaction, which runs for several
// workers and so not under any one worker's deadline.
const recordTimeout = 30 * time.Second

// record stores an attempt and decides what follows, in one transaction:
// the time of the next attempt, or the final status, which releases the
// next event of the same job.
//
// It returns the attempt and, when another automatic attempt follows, when.
func (d *Deliveries) record(ctx context.Context, del delivery, t target, res result, attempt int, trigger string) (Attempt, time.Time, error) {
	var rec recorded
	err := d.db.InTx(ctx, func(tx *store.Tx) error {
		states, err := lockDeliveries(ctx, tx, []string{del.ID})
		if err != nil {
			return err
		}
		cur, ok := states[del.ID]
		if !ok {
			return fmt.Errorf("reload delivery %s: it is gone", del.ID)
		}
		if rec, err = d.recordLocked(ctx, tx, del, t, res, attempt, trigger, cur, store.Now()); err != nil {
			return err
		}
		return d.releaseAfter(ctx, tx, del, rec)
	})
	if err != nil {
		return Attempt{}, time.Time{}, err
	}
	d.logAttempt(del, t, res, trigger)
	return rec.attempt, rec.nextAt, nil
}

// recorded is what recording an attempt decided.
type recorded struct {
	attempt Attempt
	// nextAt is when the next automatic attempt is due; zero when none
	// follows.
	nextAt time.Time
	// released is true when the delivery was decided for good by this
	// attempt, so the next event of its job may go.
	released bool
	// gone is true when the delivery no longer exists (its account was
	// deleted): nothing was recorded.
	gone bool
}

// lockDeliveries reads the status and automatic attempts of the deliveries
// ids and, on PostgreSQL, locks their rows until tx ends, in id order so
// that two batches cannot deadlock. The row lock is what keeps an
// automatic attempt and a redelivery (or two redeliveries) recorded at
// once from counting the same attempts and taking the same number. A
// delivery that is gone (its account deleted) is missing from the map.
func lockDeliveries(ctx context.Context, tx *store.Tx, ids []string) (map[string]delivery, error) {
	rows, err := tx.Query(ctx, `SELECT id, status, attempts FROM webhook_deliveries WHERE id IN (SELECT value FROM `+
		store.JSONArrayElements(tx.Dialect())+`) ORDER BY id`+tx.ForUpdate(), store.JSONArray(ids))
	if err != nil {
		return nil, fmt.Errorf("reload deliveries: %w", err)
	}
	defer rows.Close()
	states := make(map[string]delivery, len(ids))
	for rows.Next() {
		var cur delivery
		if err := rows.Scan(&cur.ID, &cur.Status, &cur.Attempts); err != nil {
			return nil, fmt.Errorf("reload deliveries: %w", err)
		}
		states[cur.ID] = cur
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("reload deliveries: %w", err)
	}
	return states, nil
}

// recordLocked writes the attempt and the delivery's new state; cur is the
// delivery's state as locked in tx.
func (d *Deliveries) recordLocked(ctx context.Context, tx *store.Tx, del delivery, t target, res result, attempt int, trigger string,
	cur delivery, now time.Time) (recorded, error) {
	out := Attempt{
		ID: uuid.Must(uuid.NewV7()).String(), Trigger: trigger, AttemptedAt: res.At,
		Env: t.Env, Endpoint: redactURL(t.URL), Outcome: res.Outcome, LatencyMS: res.Latency.Milliseconds(), Error: res.Error,
	}
	if res.StatusCode != 0 {
		code := res.StatusCode
		out.StatusCode = &code
	}
	// The attempt takes the next number in the statement that writes it:
	// a statement of its own after the lock, so on PostgreSQL it counts
	// the attempts committed while the lock was awaited.
	if err := tx.QueryRow(ctx, `INSERT INTO webhook_attempts (id, delivery_id, number, trigger, env, endpoint, outcome, status_code, latency_ms, error, attempted_at)
		SELECT ?, ?, COUNT(*) + 1, ?, ?, ?, ?, ?, ?, ?, ? FROM webhook_attempts WHERE delivery_id = ? RETURNING number`,
		out.ID, del.ID, trigger, out.Env, out.Endpoint, out.Outcome, out.StatusCode, out.LatencyMS, out.Error, res.At, del.ID).Scan(&out.Number); err != nil {
		return recorded{}, fmt.Errorf("record attempt: %w", err)
	}
	rec := recorded{attempt: out}
	status, attempts := cur.Status, cur.Attempts
	var next any
	if trigger == TriggerAutomatic {
		if cur.Status != StatusPending || cur.Attempts != attempt-1 {
			return rec, nil // decided meanwhile (a redelivery succeeded)
		}
		attempts = attempt
		switch res.Outcome {
		case OutcomeSucceeded:
			status = StatusSucceeded
		case OutcomeRetry:
			if attempt <= len(d.schedule) {
				delay := d.schedule[attempt-1]
				if res.RetryAfter > 0 {
					delay = res.RetryAfter
				}
				rec.nextAt = now.Add(delay)
				next = rec.nextAt
			} else {
				status = StatusFailed
			}
		default:
			status = StatusFailed
		}
	} else if res.Outcome == OutcomeSucceeded {
		status = StatusSucceeded
	}
	if _, err := tx.Exec(ctx, `UPDATE webhook_deliveries SET status = ?, attempts = ?, env = ?, endpoint = ?, last_status_code = ?, last_error = ?,
		next_attempt_at = ?, updated_at = ? WHERE id = ?`, status, attempts, out.Env, out.Endpoint, out.StatusCode, out.Error, next, now, del.ID); err != nil {
		return recorded{}, fmt.Errorf("update delivery: %w", err)
	}
	rec.released = isFinal(status) && !isFinal(cur.Status)
	return rec, nil
}

// releaseAfter queues the next event of the delivery's job when rec
// decided the delivery for good.
func (d *Deliveries) releaseAfter(ctx context.Context, tx *store.Tx, del delivery, rec recorded) error {
	if !rec.released {
		return nil
	}
	return d.releaseNext(ctx, tx, del.JobID, del.Type, store.Now())
}

// logAttempt counts and logs an attempt once it is recorded.
func (d *Deliveries) logAttempt(del delivery, t target, res result, trigger string) {
	d.metrics.observe(del.Type, res)
	d.log.Info("webhook attempt", "delivery_id", del.ID, "event", del.Type, "trigger", trigger,
		"host", hostOf(t.URL), "outcome", res.Outcome, "status_code", res.StatusCode, "latency_ms", res.Latency.Milliseconds())
}

// pendingRecord is one automatic attempt to record, and then what was
// decided.
type pendingRecord struct {
	del     delivery
	t       target
	res     result
	attempt int
	nextAt  time.Time
	err     error
}

// newRecorder batches the recording of automatic attempts: under a burst,
// one commit (on PostgreSQL one WAL flush) and one row-locking read serve
// many deliveries. Two attempts of one delivery (its job rerun after a
// timeout) never share a batch.
func newRecorder(d *Deliveries) *batcher[*pendingRecord] {
	return &batcher[*pendingRecord]{max: maxRecordBatch, distinct: func(p *pendingRecord) string { return p.del.ID }, run: d.recordBatch}
}

// recordAutomatic records an automatic attempt, with the others that end
// meanwhile, and returns when the next attempt is due (zero when none
// follows).
func (d *Deliveries) recordAutomatic(del delivery, t target, res result, attempt int) (time.Time, error) {
	p := &pendingRecord{del: del, t: t, res: res, attempt: attempt}
	d.recorder.do(p)
	return p.nextAt, p.err
}

// recordBatch records a batch of automatic attempts in one transaction. If
// it fails, every attempt of the batch gets the error, as each would have
// from its own transaction, and its job retries.
func (d *Deliveries) recordBatch(batch []*pendingRecord) {
	ctx, cancel := context.WithTimeout(context.Background(), recordTimeout)
	defer cancel()
	slices.SortFunc(batch, func(a, b *pendingRecord) int {
		if a.del.ID < b.del.ID {
			return -1
		}
		if a.del.ID > b.del.ID {
			return 1
		}
		return 0
	})
	ids := make([]string, len(batch))
	for i, p := range batch {
		ids[i] = p.del.ID
	}
	recs := make([]recorded, len(batch))
	err := d.db.InTx(ctx, func(tx *store.Tx) error {
		states, err := lockDeliveries(ctx, tx, ids)
		if err != nil {
			return err
		}
		now := store.Now()
		for i, p := range batch {
			cur, ok := states[p.del.ID]
			if !ok {
				recs[i].gone = true
				continue
			}
			if recs[i], err = d.recordLocked(ctx, tx, p.del, p.t, p.res, p.attempt, TriggerAutomatic, cur, now); err != nil {
				return err
			}
		}
		// Job locks only after every row lock, as a lone recording takes
		// them.
		for i, p := range batch {
			if err := d.releaseAfter(ctx, tx, p.del, recs[i]); err != nil {
				return err
			}
		}
		return nil
	})
	for i, p := range batch {
		if err != nil {
			p.err = err
			continue
		}
		p.nextAt = recs[i].nextAt
		if recs[i].gone {
			continue
		}
		d.logAttempt(p.del, p.t, p.res, TriggerAutomatic)
	}
}
