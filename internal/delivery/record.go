package delivery

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/google/uuid"
	"github.com/riverqueue/river"

	"github.com/notegen/notegen/internal/batch"
	"github.com/notegen/notegen/internal/queue"
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
func (d *Service) record(ctx context.Context, del delivery, t target, res result, attempt int, trigger string) (Attempt, time.Time, error) {
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
		dec := d.decide(del, t, res, attempt, trigger, cur, store.Now())
		if err := writeDecisions(ctx, tx, []*decision{&dec}); err != nil {
			return err
		}
		rec = dec.rec
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
//
// On PostgreSQL each id is looked up on its own, by the primary key, and
// locked as it is found, in the sorted order of the ids. The statement is
// prepared once per connection, and PostgreSQL keeps a generic plan for it
// after a few runs: made while webhook_deliveries was small (a fresh
// database, and the table is not analyzed for a minute), a plan over the
// whole list scanned the table and compared every row with every id, and
// kept doing so as the table grew (at 300 deliveries half a millisecond of
// the database's time per recording). Looked up per id the plan has no
// such choice to make.
func lockDeliveries(ctx context.Context, tx *store.Tx, ids []string) (map[string]delivery, error) {
	query := `SELECT id, status, attempts, claimed_until IS NOT NULL FROM webhook_deliveries WHERE id ` + store.InJSONArray(tx.Dialect()) + ` ORDER BY id`
	if tx.Dialect() == store.Postgres {
		ids = slices.Sorted(slices.Values(ids))
		query = `SELECT d.id, d.status, d.attempts, d.claimed_until IS NOT NULL
			FROM json_array_elements_text(?::json) WITH ORDINALITY AS k(id, n)
			CROSS JOIN LATERAL (SELECT id, status, attempts, claimed_until FROM webhook_deliveries WHERE id = k.id FOR UPDATE) AS d
			ORDER BY k.n`
	}
	return store.CollectMap(ctx, tx, "reload deliveries", func(row func(...any) error) (string, delivery, error) {
		var cur delivery
		err := row(&cur.ID, &cur.Status, &cur.Attempts, &cur.Claimed)
		return cur.ID, cur, err
	}, query, store.JSONArray(ids))
}

// decision is what an attempt decides: the attempt's row and, unless the
// delivery was decided meanwhile (a redelivery succeeded), the delivery's
// new state.
type decision struct {
	deliveryID string
	rec        recorded
	// update is false when the delivery keeps its state.
	update   bool
	status   string
	attempts int
	// next is when the next automatic attempt is due, nil when none.
	next *time.Time
	now  time.Time
	// release clears the delivery's claim (direct.go): an automatic
	// attempt is recorded. A redelivery leaves it to the attempt that
	// holds it.
	release bool
}

// decide works out what an attempt does to its delivery, whose state as
// locked in the recording transaction is cur.
func (d *Service) decide(del delivery, t target, res result, attempt int, trigger string, cur delivery, now time.Time) decision {
	out := Attempt{
		ID: uuid.Must(uuid.NewV7()).String(), Trigger: trigger, AttemptedAt: res.At,
		Env: t.Env, Endpoint: redactURL(t.URL), Outcome: res.Outcome, LatencyMS: res.Latency.Milliseconds(), Error: res.Error,
	}
	if res.StatusCode != 0 {
		code := res.StatusCode
		out.StatusCode = &code
	}
	dec := decision{deliveryID: del.ID, rec: recorded{attempt: out}, now: now}
	status, attempts := cur.Status, cur.Attempts
	if trigger == TriggerAutomatic {
		if cur.Status != StatusPending || cur.Attempts != attempt-1 {
			return dec // decided meanwhile
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
				dec.rec.nextAt = now.Add(delay)
				dec.next = &dec.rec.nextAt
			} else {
				status = StatusFailed
			}
		default:
			status = StatusFailed
		}
	} else if res.Outcome == OutcomeSucceeded {
		status = StatusSucceeded
	}
	dec.update, dec.status, dec.attempts = true, status, attempts
	dec.release = trigger == TriggerAutomatic
	dec.rec.released = isFinal(status) && !isFinal(cur.Status)
	return dec
}

// writeDecisions writes the attempts and the deliveries' new states of
// decisions on deliveries locked in tx, each delivery at most once. On
// PostgreSQL a batch costs two statements; SQLite, where a statement is a
// call and not a round trip, writes each in turn.
//
// An attempt takes the next number of its delivery in the statement that
// writes it: a statement of its own after the lock, so on PostgreSQL it
// counts the attempts committed while the lock was awaited.
func writeDecisions(ctx context.Context, tx *store.Tx, decs []*decision) error {
	if tx.Dialect() == store.Postgres && len(decs) > 1 {
		return writeDecisionsTogether(ctx, tx, decs)
	}
	for _, dec := range decs {
		a := &dec.rec.attempt
		if err := tx.QueryRow(ctx, `INSERT INTO webhook_attempts (id, delivery_id, number, trigger, env, endpoint, outcome, status_code, latency_ms, error, attempted_at)
			SELECT ?, ?, COUNT(*) + 1, ?, ?, ?, ?, ?, ?, ?, ? FROM webhook_attempts WHERE delivery_id = ? RETURNING number`,
			a.ID, dec.deliveryID, a.Trigger, a.Env, a.Endpoint, a.Outcome, a.StatusCode, a.LatencyMS, a.Error, a.AttemptedAt, dec.deliveryID).Scan(&a.Number); err != nil {
			return fmt.Errorf("record attempt: %w", err)
		}
		if !dec.update {
			continue
		}
		var next any
		if dec.next != nil {
			next = *dec.next
		}
		if _, err := tx.Exec(ctx, `UPDATE webhook_deliveries SET status = ?, attempts = ?, env = ?, endpoint = ?, last_status_code = ?, last_error = ?,
			next_attempt_at = ?, updated_at = ?, claimed_until = CASE WHEN ? THEN NULL ELSE claimed_until END WHERE id = ?`,
			dec.status, dec.attempts, a.Env, a.Endpoint, a.StatusCode, a.Error, next, dec.now, dec.release, dec.deliveryID); err != nil {
			return fmt.Errorf("update delivery: %w", err)
		}
	}
	return nil
}

// writeDecisionsTogether is writeDecisions on PostgreSQL: the batch's
// attempts in one INSERT and its deliveries in one UPDATE, both reading the
// same JSON rows, one per decision, bound as one parameter.
func writeDecisionsTogether(ctx context.Context, tx *store.Tx, decs []*decision) error {
	rows := make([]map[string]any, 0, len(decs))
	byID := make(map[string]*decision, len(decs))
	// updated names the deliveries the UPDATE changes: none, no UPDATE.
	updated := make([]string, 0, len(decs))
	for _, dec := range decs {
		a := dec.rec.attempt
		byID[dec.deliveryID] = dec
		if dec.update {
			updated = append(updated, dec.deliveryID)
		}
		rows = append(rows, map[string]any{"attempt_id": a.ID, "delivery_id": dec.deliveryID, "trigger": a.Trigger, "env": a.Env,
			"endpoint": a.Endpoint, "outcome": a.Outcome, "status_code": a.StatusCode, "latency_ms": a.LatencyMS, "error": a.Error,
			"attempted_at": a.AttemptedAt, "update": dec.update, "status": dec.status, "attempts": dec.attempts,
			"next_attempt_at": dec.next, "updated_at": dec.now, "release": dec.release})
	}
	list, err := json.Marshal(rows)
	if err != nil {
		return fmt.Errorf("record attempts: %w", err)
	}
	// Every delivery appears once, so the count each row reads is not
	// changed by the rows of the same statement.
	numbers, err := tx.Query(ctx, `INSERT INTO webhook_attempts (id, delivery_id, number, trigger, env, endpoint, outcome, status_code, latency_ms, error, attempted_at)
		SELECT a.attempt_id, a.delivery_id, (SELECT COUNT(*) FROM webhook_attempts w WHERE w.delivery_id = a.delivery_id) + 1, a.trigger, a.env,
			a.endpoint, a.outcome, a.status_code, a.latency_ms, a.error, a.attempted_at
		FROM json_to_recordset(?::json) AS a(attempt_id text, delivery_id text, trigger text, env text, endpoint text, outcome text,
			status_code integer, latency_ms bigint, error text, attempted_at timestamptz)
		RETURNING delivery_id, number`, string(list))
	if err != nil {
		return fmt.Errorf("record %d attempts: %w", len(decs), err)
	}
	defer numbers.Close()
	for numbers.Next() {
		var id string
		var number int
		if err := numbers.Scan(&id, &number); err != nil {
			return fmt.Errorf("record attempts: %w", err)
		}
		if dec := byID[id]; dec != nil {
			dec.rec.attempt.Number = number
		}
	}
	if err := numbers.Err(); err != nil {
		return fmt.Errorf("record attempts: %w", err)
	}
	numbers.Close()
	if len(updated) == 0 {
		return nil
	}
	// Each delivery is looked up by its key and then updated where its
	// row is (locked by lockDeliveries, so it stays there): a join of the
	// list with the table could be planned, once and for good, as a scan
	// of the whole table (see lockDeliveries).
	if _, err := tx.Exec(ctx, `UPDATE webhook_deliveries AS d SET status = u.status, attempts = u.attempts, env = u.env, endpoint = u.endpoint,
			last_status_code = u.status_code, last_error = u.error, next_attempt_at = u.next_attempt_at, updated_at = u.updated_at,
			claimed_until = CASE WHEN u.release THEN NULL ELSE d.claimed_until END
		FROM json_to_recordset(?::json) AS u(delivery_id text, "update" boolean, status text, attempts integer, env text, endpoint text,
			status_code integer, error text, next_attempt_at timestamptz, updated_at timestamptz, release boolean)
		CROSS JOIN LATERAL (SELECT ctid AS row FROM webhook_deliveries WHERE id = u.delivery_id OFFSET 0) AS l
		WHERE d.ctid = l.row AND u."update"`, string(list)); err != nil {
		return fmt.Errorf("update deliveries: %w", err)
	}
	return nil
}

// releaseAfter queues the next event of the delivery's job when rec
// decided the delivery for good.
func (d *Service) releaseAfter(ctx context.Context, tx *store.Tx, del delivery, rec recorded) error {
	if !rec.released {
		return nil
	}
	return d.releaseNext(ctx, tx, del.JobID, del.Type, store.Now())
}

// logAttempt counts and logs an attempt once it is recorded.
func (d *Service) logAttempt(del delivery, t target, res result, trigger string) {
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
	// direct is true for an attempt this replica made on its claim
	// (direct.go): there is no job to snooze, so the recording queues the
	// next attempt's.
	direct bool
	nextAt time.Time
	err    error
}

// newRecorder batches the recording of automatic attempts: under a burst,
// one commit (on PostgreSQL one WAL flush) and one row-locking read serve
// many deliveries. Two attempts of one delivery (its job rerun after a
// timeout) never share a batch.
func newRecorder(d *Service) *batch.Batcher[*pendingRecord] {
	return &batch.Batcher[*pendingRecord]{Max: maxRecordBatch, Distinct: func(p *pendingRecord) string { return p.del.ID }, Run: d.recordBatch}
}

// recordAutomatic records an automatic attempt, with the others that end
// meanwhile, and returns when the next attempt is due (zero when none
// follows).
func (d *Service) recordAutomatic(del delivery, t target, res result, attempt int) (time.Time, error) {
	p := &pendingRecord{del: del, t: t, res: res, attempt: attempt}
	_ = d.recorder.Do(context.Background(), p) // no deadline: it never ends early
	return p.nextAt, p.err
}

// recordBatch records a batch of automatic attempts in one transaction. If
// it fails, every attempt of the batch gets the error, as each would have
// from its own transaction, and its job retries.
func (d *Service) recordBatch(batch []*pendingRecord) {
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
	// retries are the due times of the next attempts queued for direct
	// attempts, to wake the queue at.
	var retries []time.Time
	err := d.db.InTx(ctx, func(tx *store.Tx) error {
		states, err := lockDeliveries(ctx, tx, ids)
		if err != nil {
			return err
		}
		now := store.Now()
		decs := make([]*decision, 0, len(batch))
		index := make([]int, 0, len(batch))
		for i, p := range batch {
			cur, ok := states[p.del.ID]
			if !ok {
				recs[i].gone = true
				continue
			}
			dec := d.decide(p.del, p.t, p.res, p.attempt, TriggerAutomatic, cur, now)
			decs, index = append(decs, &dec), append(index, i)
		}
		if err := writeDecisions(ctx, tx, decs); err != nil {
			return err
		}
		for j, dec := range decs {
			recs[index[j]] = dec.rec
		}
		// Job locks only after every row lock, as a lone recording takes
		// them.
		for i, p := range batch {
			if err := d.releaseAfter(ctx, tx, p.del, recs[i]); err != nil {
				return err
			}
		}
		retries = retries[:0]
		var jobs []river.InsertManyParams
		for i, p := range batch {
			// A claim taken over meanwhile has its job already.
			if p.direct && !recs[i].nextAt.IsZero() && states[p.del.ID].Claimed {
				retries = append(retries, recs[i].nextAt)
				// the worker snoozes until the delivery's next attempt: a
				// schedule would wait for River's scheduler
				jobs = append(jobs, river.InsertManyParams{Args: deliverArgs{DeliveryID: p.del.ID},
					InsertOpts: queue.DueOpts(recs[i].nextAt)})
			}
		}
		return d.queue.InsertManyTx(ctx, tx, jobs)
	})
	for _, at := range retries {
		if err == nil {
			d.queue.WakeAt(queue.Webhooks, at)
		}
	}
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
