package delivery

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/riverqueue/river"

	"github.com/notegen/notegen/internal/outbox"
	"github.com/notegen/notegen/internal/store"
)

// dispatchBatch is how many outbox events one dispatch transaction takes.
const dispatchBatch = 100

// maxIdlePoll is the longest the dispatcher's safety-net poll backs off to
// while it finds nothing: events committed on this replica wake it at once,
// so the poll only finds another replica's leftovers (after a crash), and
// an idle server should not wake for them every two seconds.
const maxIdlePoll = 16 * time.Second

// Start runs the dispatcher until ctx ends or Stop: it turns new outbox
// events into deliveries. Every replica runs one; on PostgreSQL they share
// the work with SKIP LOCKED.
func (d *Service) Start(ctx context.Context) {
	ctx, d.stop = context.WithCancel(ctx)
	d.done = make(chan struct{})
	d.startDirect()
	go func() {
		defer close(d.done)
		poll := d.poll
		timer := time.NewTimer(poll)
		defer timer.Stop()
		committed := d.db.Wakeups(outbox.Topic)
		for {
			found := false
			for {
				n, err := d.dispatch(ctx)
				if err != nil && ctx.Err() == nil {
					d.log.Error("webhook dispatch", "error", err.Error())
				}
				found = found || n > 0
				if err != nil || n < dispatchBatch {
					break
				}
			}
			// While another replica holds claims, look again at the
			// configured interval: if it died they are taken over within
			// it, as its running jobs are.
			if n, held, err := d.reclaim(ctx); err != nil && ctx.Err() == nil {
				d.log.Error("webhook reclaim", "error", err.Error())
			} else if n > 0 || held {
				found = true
			}
			// Back off while polls find nothing; any work starts over at
			// the configured interval.
			if found {
				poll = d.poll
			} else {
				poll = min(2*poll, max(d.poll, maxIdlePoll))
			}
			select {
			case <-ctx.Done():
				return
			case <-timer.C:
			case <-d.wake:
			case <-committed:
			}
			timer.Reset(poll)
		}
	}()
}

// Stop ends the dispatcher and waits for it, then for the attempts this
// replica makes itself, which it cuts short.
func (d *Service) Stop() {
	if d.stop == nil {
		return
	}
	d.stop()
	<-d.done
	d.stopDirect()
}

// Notify asks the dispatcher to look at the outbox now rather than at its
// next tick.
func (d *Service) Notify() {
	select {
	case d.wake <- struct{}{}:
	default:
	}
}

// dispatch moves one batch of undispatched outbox events into deliveries,
// each with its first attempt queued (or waiting behind an earlier event of
// its job), in one transaction. It returns how many it moved.
//
// A batch costs a fixed number of statements whatever its size (claim,
// job locks, deliveries, outbox marks, attempts' jobs): on PostgreSQL the
// round trips, not the rows, are what an event waits for. Only an event
// with an earlier event of its job outside the batch checks the order on
// its own.
func (d *Service) dispatch(ctx context.Context) (int, error) {
	if waiting, err := outbox.AnyUndispatched(ctx, d.db); err != nil || !waiting {
		return 0, err
	}
	var n, reserved int
	err := d.db.InTx(ctx, func(tx *store.Tx) error {
		events, err := outbox.ClaimUndispatched(ctx, tx, dispatchBatch)
		if err != nil || len(events) == 0 {
			return err
		}
		var locks []string
		for _, ev := range events {
			if ev.JobID != "" {
				locks = append(locks, "webhook-job:"+ev.JobID)
			}
		}
		if err := tx.LockAll(ctx, locks); err != nil {
			return err
		}
		now := store.Now()
		rows := make([]deliveryRow, 0, len(events))
		ids := make([]string, 0, len(events))
		var queued []river.InsertManyParams
		// claimed are the deliveries this replica attempts at once, in
		// place of a queued job (direct.go); each holds a reserved place,
		// given back below if the transaction does not commit.
		var claimed []delivery
		// batched holds, per job, the lowest sequence among its events
		// seen in this batch: an event after it waits behind it, as it
		// would behind a delivery already written.
		batched := map[string]int64{}
		for _, ev := range events {
			row := deliveryRow{ID: ev.ID, UserID: ev.UserID, EventType: ev.Type, Status: StatusPending}
			if ev.JobID != "" {
				row.JobID, row.Sequence = &ev.JobID, &ev.Sequence
				lowest, seen := batched[ev.JobID]
				blocked := seen && lowest < ev.Sequence
				// A job's first event has nothing before it to wait for.
				if !blocked && ev.Sequence > 1 {
					if blocked, err = blockedBehind(ctx, tx, ev.JobID, ev.Sequence); err != nil {
						return err
					}
				}
				if blocked {
					row.Status = StatusWaiting
				}
				if !seen || ev.Sequence < lowest {
					batched[ev.JobID] = ev.Sequence
				}
			}
			if row.Status == StatusPending && d.reserve() {
				reserved++
				row.Claimed = true
				claimed = append(claimed, delivery{ID: ev.ID, UserID: ev.UserID, Type: ev.Type, JobID: ev.JobID, Env: ev.Env,
					Payload: ev.Payload, Status: StatusPending})
			} else if row.Status == StatusPending {
				queued = append(queued, river.InsertManyParams{Args: deliverArgs{DeliveryID: ev.ID}})
			}
			rows = append(rows, row)
			ids = append(ids, ev.ID)
		}
		if err := insertDeliveries(ctx, tx, rows, now, claim{by: d.replicaID, until: now.Add(claimLease)}); err != nil {
			return err
		}
		if err := outbox.MarkDispatched(ctx, tx, ids, now); err != nil {
			return err
		}
		if err := d.queue.InsertManyTx(ctx, tx, queued); err != nil {
			return err
		}
		tx.AfterCommit(func() {
			for _, del := range claimed {
				d.direct.queue <- del // never blocks: its place was reserved
			}
		})
		n = len(events)
		return nil
	})
	if err != nil {
		d.unreserve(reserved)
		return 0, err
	}
	d.metrics.dispatched.Add(float64(n))
	return n, nil
}

// deliveryRow is a new delivery as insertDeliveries writes it.
type deliveryRow struct {
	ID        string  `json:"id"`
	UserID    string  `json:"user_id"`
	EventType string  `json:"event_type"`
	JobID     *string `json:"job_id"`
	Sequence  *int64  `json:"sequence"`
	Status    string  `json:"status"`
	// Claimed is true when this replica attempts the delivery at once,
	// without a queued job, until the claim's time.
	Claimed bool `json:"claimed"`
}

// insertDeliveries writes a batch of new deliveries in one statement: the
// rows go as one JSON parameter, so the statement's text is the same for
// every batch size. A claimed delivery gets claim, bound on its own so
// that its time is stored as every other time is.
func insertDeliveries(ctx context.Context, tx *store.Tx, rows []deliveryRow, now time.Time, c claim) error {
	list, err := json.Marshal(rows)
	if err != nil {
		return fmt.Errorf("create deliveries: %w", err)
	}
	query := `INSERT INTO webhook_deliveries (id, user_id, event_type, job_id, sequence, status, created_at, updated_at, claimed_until, claimed_by)
		SELECT json_extract(value, '$.id'), json_extract(value, '$.user_id'), json_extract(value, '$.event_type'),
			json_extract(value, '$.job_id'), json_extract(value, '$.sequence'), json_extract(value, '$.status'), ?, ?,
			CASE WHEN json_extract(value, '$.claimed') THEN ? END, CASE WHEN json_extract(value, '$.claimed') THEN ? END
		FROM json_each(?)`
	if tx.Dialect() == store.Postgres {
		query = `INSERT INTO webhook_deliveries (id, user_id, event_type, job_id, sequence, status, created_at, updated_at, claimed_until, claimed_by)
			SELECT d.id, d.user_id, d.event_type, d.job_id, d.sequence, d.status, ?, ?, CASE WHEN d.claimed THEN ?::timestamptz END,
				CASE WHEN d.claimed THEN ?::text END
			FROM json_to_recordset(?::json) AS d(id text, user_id text, event_type text, job_id text, sequence bigint, status text, claimed boolean)`
	}
	if _, err := tx.Exec(ctx, query, now, now, c.until, c.by, string(list)); err != nil {
		return fmt.Errorf("create %d deliveries: %w", len(rows), err)
	}
	return nil
}

// blockedBehind reports whether an earlier event of the job is not decided
// yet: not dispatched (an event becomes a delivery in the transaction that
// marks it dispatched), or a delivery still waiting or pending.
func blockedBehind(ctx context.Context, tx *store.Tx, jobID string, sequence int64) (bool, error) {
	undispatched, err := outbox.UndispatchedBefore(ctx, tx, jobID, sequence)
	if err != nil || undispatched > 0 {
		return undispatched > 0, err
	}
	var n int
	err = tx.QueryRow(ctx, `SELECT COUNT(*) FROM webhook_deliveries WHERE job_id = ? AND sequence < ? AND status IN ('waiting', 'pending')`,
		jobID, sequence).Scan(&n)
	if err != nil {
		return false, fmt.Errorf("check earlier job events: %w", err)
	}
	return n > 0, nil
}

// releaseNext queues the next waiting event of a job once nothing earlier
// is undecided. It runs in the transaction that decides the delivery of
// an event of type eventType. The event that ends its job has none after
// it: the job's lock and the look-up (two of a delivery's round trips on
// PostgreSQL) are spared.
func (d *Service) releaseNext(ctx context.Context, tx *store.Tx, jobID, eventType string, now time.Time) error {
	if jobID == "" || outbox.EndsJob(eventType) {
		return nil
	}
	if err := tx.Lock(ctx, "webhook-job:"+jobID); err != nil {
		return err
	}
	var id string
	var sequence int64
	err := tx.QueryRow(ctx, `SELECT id, sequence FROM webhook_deliveries WHERE job_id = ? AND status = ? ORDER BY sequence, id LIMIT 1`,
		jobID, StatusWaiting).Scan(&id, &sequence)
	if errors.Is(err, sql.ErrNoRows) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("find next job event: %w", err)
	}
	blocked, err := blockedBehind(ctx, tx, jobID, sequence)
	if err != nil || blocked {
		return err
	}
	if _, err := tx.Exec(ctx, `UPDATE webhook_deliveries SET status = ?, updated_at = ? WHERE id = ?`, StatusPending, now, id); err != nil {
		return fmt.Errorf("release job event: %w", err)
	}
	return d.enqueue(ctx, tx, id)
}

// enqueue queues the durable job that makes a delivery's automatic
// attempts, in tx.
func (d *Service) enqueue(ctx context.Context, tx *store.Tx, id string) error {
	return d.queue.InsertTx(ctx, tx, deliverArgs{DeliveryID: id}, nil)
}
