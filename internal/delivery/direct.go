package delivery

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math/rand/v2"
	"sync"
	"time"

	"github.com/riverqueue/river"

	"github.com/notegen/notegen/internal/outbox"
	"github.com/notegen/notegen/internal/queue"
	"github.com/notegen/notegen/internal/replica"
	"github.com/notegen/notegen/internal/store"
)

// A delivery's first attempt is made by the replica that dispatched it, at
// once, rather than through a queued job: the job's insert, its fetch and
// its completion were three writes of the one SQLite writer (three round
// trips on PostgreSQL) per delivery, and the fetch waited for the queue's
// cooldown. The delivery row is still written first, in the dispatch
// transaction, with claimed_until set: until then this replica holds the
// delivery. Recording the attempt clears the claim in the transaction
// that records it, queueing the job of the next attempt when one follows,
// so every attempt is recorded once as before. A claim left past its time
// or held by a replica that died mid-attempt is taken over by any
// dispatcher, which queues the delivery's job (reclaim), as a dead
// replica's running jobs are; a delivery this replica cannot
// attempt now (its endpoint is busy or hangs, a read failed, the server
// stops) is handed to the queue at once (handOver).

// claimLease is how long a replica holds a delivery it attempts itself: the
// attempt's own bound and as long again for the reads and the recording
// around it, as a queued attempt's job timeout allows.
const claimLease = DeliveryTimeout + 15*time.Second

// directQueue bounds the claimed deliveries waiting for a direct worker; a
// dispatch that finds it full queues jobs for the rest.
const directQueue = 256

// directWorkers is how many first attempts this replica makes at once, as
// many as the webhooks queue's workers (queue.DefaultWorkers). At most
// maxPerEndpoint of them wait on one endpoint; the deliveries of a busy
// endpoint go to the queue after endpointWait.
const directWorkers = 32

// reclaimBatch is how many overdue claims one reclaim transaction takes.
const reclaimBatch = 100

// direct is the state of the direct attempts.
type direct struct {
	// slots holds a token per claimed delivery not yet attempted, reserved
	// in the dispatch transaction, so that handing the delivery to a worker
	// after the commit never blocks.
	slots chan struct{}
	queue chan delivery
	// ctx ends in Stop: attempts in flight are cut short and recorded, and
	// deliveries not yet attempted are handed to the queue.
	ctx     context.Context
	cancel  context.CancelFunc
	workers sync.WaitGroup
	// mu guards open: deliveries written with their job's first event
	// (Dispatched) are handed to the workers from the committing
	// transactions, not by the dispatcher alone, so the queue is closed
	// under it.
	mu sync.RWMutex
	// open is true while the workers run (startDirect to stopDirect).
	open bool
	// lastReclaim is when the dispatcher last looked for overdue claims.
	lastReclaim time.Time
}

func newDirect() direct {
	ctx, cancel := context.WithCancel(context.Background())
	return direct{slots: make(chan struct{}, directQueue), queue: make(chan delivery, directQueue), ctx: ctx, cancel: cancel}
}

// reserve takes a place for a delivery to attempt directly; false when the
// direct workers are that far behind.
func (d *Service) reserve() bool {
	select {
	case d.direct.slots <- struct{}{}:
		return true
	default:
		return false
	}
}

// unreserve gives back n places.
func (d *Service) unreserve(n int) {
	for range n {
		<-d.direct.slots
	}
}

// startDirect runs the direct workers until stopDirect.
func (d *Service) startDirect() {
	d.direct.mu.Lock()
	d.direct.open = true
	d.direct.mu.Unlock()
	for range directWorkers {
		d.direct.workers.Go(func() {
			for del := range d.direct.queue {
				d.unreserve(1)
				if d.direct.ctx.Err() != nil {
					d.handOver(del, 0)
					continue
				}
				d.attemptDirect(d.direct.ctx, del)
			}
		})
	}
}

// stopDirect cuts the attempts in flight short (each is recorded, and
// retried on schedule) and hands the waiting deliveries to the queue. The
// dispatcher, the only sender, has stopped.
func (d *Service) stopDirect() {
	d.direct.mu.Lock()
	d.direct.open = false
	d.direct.cancel()
	close(d.direct.queue)
	d.direct.mu.Unlock()
	d.direct.workers.Wait()
}

// DeliveryOf implements outbox.Dispatcher: a job's first event becomes a
// pending delivery claimed for this replica's attempt, as dispatch writes
// one, in the statement that writes the event (the job's change, its
// event and its delivery are one statement, deferred to the commit).
func (d *Service) DeliveryOf(now time.Time) (string, []any) {
	return `INSERT INTO webhook_deliveries (id, user_id, event_type, job_id, sequence, status, created_at, updated_at, claimed_until, claimed_by)
		SELECT id, user_id, type, job_id, sequence, 'pending', ?::timestamptz, ?::timestamptz, ?::timestamptz, ?::text FROM dispatched`,
		[]any{now, now, now.Add(claimLease), d.replicaID}
}

// Dispatched implements outbox.Dispatcher: the delivery written with its
// event, now committed, is attempted by the direct workers, or, when they
// are that far behind or not running, handed to the queue at once, as
// dispatch queues a job for it then.
func (d *Service) Dispatched(ev outbox.Stored) {
	d.metrics.dispatched.Inc()
	del := delivery{ID: ev.ID, UserID: ev.UserID, Type: ev.Type, JobID: ev.JobID, Env: ev.Env, Payload: ev.Payload,
		Status: StatusPending}
	if d.handDirect(del) {
		return
	}
	// Off the committing goroutine, which may be a shared transaction's
	// with other callers waiting on it.
	go func() { _ = d.overflow.Do(context.Background(), del.ID) }() // no deadline: it never ends early
}

// handOverBatch gives claimed deliveries to the queue at once, in one
// transaction: their claims are given up and their jobs queued. A claim
// that cannot be given up now is taken over by reclaim once it is
// overdue, as handOver's.
func (d *Service) handOverBatch(ids []string) {
	ctx, cancel := context.WithTimeout(context.Background(), recordTimeout)
	defer cancel()
	err := d.db.InTx(ctx, func(tx *store.Tx) error {
		released, err := store.Collect(ctx, tx, "give up delivery claims", func(row func(...any) error) (string, error) {
			var id string
			return id, row(&id)
		}, `UPDATE webhook_deliveries SET claimed_until = NULL WHERE id `+store.InJSONArray(tx.Dialect())+`
			AND claimed_until IS NOT NULL AND status = ? RETURNING id`, store.JSONArray(ids), StatusPending)
		if err != nil {
			return err
		}
		jobs := make([]river.InsertManyParams, 0, len(released))
		for _, id := range released {
			jobs = append(jobs, river.InsertManyParams{Args: deliverArgs{DeliveryID: id}})
		}
		return d.queue.InsertManyTx(ctx, tx, jobs)
	})
	if err != nil {
		d.log.Error("webhook delivery: hand-over to the queue failed; taken over when the claims end", "deliveries", len(ids),
			"error", err.Error())
	}
}

// handDirect gives a claimed delivery to the direct workers when they run
// and have room for it.
func (d *Service) handDirect(del delivery) bool {
	d.direct.mu.RLock()
	defer d.direct.mu.RUnlock()
	if !d.direct.open || !d.reserve() {
		return false
	}
	d.direct.queue <- del // never blocks: its place was reserved
	return true
}

// attemptDirect makes the first automatic attempt of a delivery this
// replica claimed, as the queued job would (work).
func (d *Service) attemptDirect(ctx context.Context, del delivery) {
	p := &pendingLoad{id: del.ID, known: true, del: del}
	_ = d.loader.Do(context.Background(), p) // no deadline: it never ends early
	if p.err != nil {
		d.log.Warn("webhook delivery: read before the attempt failed; queued", "delivery_id", del.ID, "error", p.err.Error())
		d.handOver(del, 0)
		return
	}
	if !p.found {
		return // the account and its events are gone
	}
	t := routeWith(p.settings, del)
	if t.URL == "" {
		if err := d.skip(ctx, del, t); err != nil {
			d.handOver(del, 0)
		}
		return
	}
	key := endpointKey(t.URL)
	if !d.limiter.acquire(ctx, key) {
		// As a queued attempt snoozes: free this worker for other accounts.
		d.handOver(del, 2*time.Second+rand.N(3*time.Second))
		return
	}
	res := d.sendSigned(ctx, del, t, p.secrets, p.secretsErr)
	d.limiter.release(key)
	rec := &pendingRecord{del: del, t: t, res: res, attempt: 1, direct: true}
	_ = d.recorder.Do(context.Background(), rec)
	if rec.err != nil {
		d.log.Warn("webhook delivery: recording the attempt failed; queued", "delivery_id", del.ID, "error", rec.err.Error())
		d.handOver(del, 0)
	}
}

// handOver gives a claimed delivery to the queue: its job runs after
// delay. When the claim cannot be given up now, reclaim does it once the
// claim is overdue.
func (d *Service) handOver(del delivery, delay time.Duration) {
	ctx, cancel := context.WithTimeout(context.Background(), recordTimeout)
	defer cancel()
	at := time.Now().Add(delay)
	err := d.db.InTx(ctx, func(tx *store.Tx) error {
		res, err := tx.Exec(ctx, `UPDATE webhook_deliveries SET claimed_until = NULL WHERE id = ? AND claimed_until IS NOT NULL AND status = ?`,
			del.ID, StatusPending)
		if err != nil {
			return fmt.Errorf("give up delivery claim: %w", err)
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return err // decided, or taken over, meanwhile
		}
		var opts *river.InsertOpts
		if delay > 0 {
			opts = &river.InsertOpts{ScheduledAt: at}
		}
		return d.queue.InsertTx(ctx, tx, deliverArgs{DeliveryID: del.ID}, opts)
	})
	if err != nil {
		d.log.Error("webhook delivery: hand-over to the queue failed; it is taken over when its claim ends", "delivery_id", del.ID,
			"error", err.Error())
		return
	}
	if delay > 0 {
		d.queue.WakeAt(queue.Webhooks, at)
	}
}

// claim is how a replica holds the deliveries it attempts itself.
type claim struct {
	by    string
	until time.Time
}

// reclaim queues the jobs of claimed deliveries whose replica is dead, or
// whose claim is overdue (the replica lost them). It looks at most once
// per poll interval; held reports claims of other replicas still alive,
// which it will look at again. It returns how many it took over.
func (d *Service) reclaim(ctx context.Context) (taken int, held bool, err error) {
	now := store.Now()
	if now.Sub(d.direct.lastReclaim) < d.poll {
		return 0, false, nil
	}
	d.direct.lastReclaim = now
	// Claims of this replica in time are its attempts in flight: the probe
	// passes over them on the claims' index.
	const candidates = `FROM webhook_deliveries WHERE claimed_until IS NOT NULL AND (claimed_until < ? OR claimed_by IS NULL OR claimed_by <> ?)`
	var probe string
	err = d.db.QueryRow(ctx, `SELECT id `+candidates+` LIMIT 1`, now, d.replicaID).Scan(&probe)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, false, nil
	}
	if err != nil {
		return 0, false, fmt.Errorf("look for delivery claims to take over: %w", err)
	}
	live, err := replica.Live(ctx, d.db)
	if err != nil {
		return 0, false, err
	}
	lock := ""
	if d.db.Dialect() == store.Postgres {
		lock = " FOR UPDATE SKIP LOCKED"
	}
	err = d.db.InTx(ctx, func(tx *store.Tx) error {
		type claimed struct {
			id, status string
			by         sql.NullString
			until      time.Time
		}
		rows, err := store.Collect(ctx, tx, "read delivery claims", func(row func(...any) error) (claimed, error) {
			var c claimed
			return c, row(&c.id, &c.status, &c.by, &c.until)
		}, `SELECT id, status, claimed_by, claimed_until `+candidates+` ORDER BY claimed_until LIMIT ?`+lock, now, d.replicaID, reclaimBatch)
		if err != nil {
			return err
		}
		var ids []string
		var queued []river.InsertManyParams
		for _, c := range rows {
			if c.until.After(now) && (c.by.String == "" || live[c.by.String]) {
				held = true // a live replica's attempt in flight
				continue
			}
			ids = append(ids, c.id)
			if c.status == StatusPending {
				queued = append(queued, river.InsertManyParams{Args: deliverArgs{DeliveryID: c.id}})
			}
		}
		if len(ids) == 0 {
			return nil
		}
		if _, err := tx.Exec(ctx, `UPDATE webhook_deliveries SET claimed_until = NULL WHERE id `+store.InJSONArray(tx.Dialect()),
			store.JSONArray(ids)); err != nil {
			return fmt.Errorf("take over delivery claims: %w", err)
		}
		taken = len(queued)
		return d.queue.InsertManyTx(ctx, tx, queued)
	})
	if err != nil {
		return 0, false, fmt.Errorf("take over claimed deliveries: %w", err)
	}
	if taken > 0 {
		d.log.Warn("took over deliveries of a dead replica, or overdue", "deliveries", taken)
	}
	return taken, held, nil
}
