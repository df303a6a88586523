// Package replica is this process's place among the replicas of one
// deployment: its heartbeat in the replicas table, the take-over of work
// that a dead replica left running, and the acknowledgement that its
// API-key cache has applied a credentials change.
//
// Heartbeats are written every two seconds. A replica whose heartbeat is
// older than DeadAfter is dead: the jobs and deliveries River shows as
// running under its client ID are made available again, so another replica
// runs them within DeadAfter plus a heartbeat (8 s), instead of after
// River's stuck-job rescue; work it held by a claim on the work's own row
// is taken over by the row's owner, called with each heartbeat
// (TakeOverWith). A replica that is alive keeps writing its
// heartbeat, so its running work is never taken over; one that cannot
// reach the database for DeadAfter may be, but it cannot record anything
// of that work either.
package replica

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/notegen/notegen/internal/broker"
	"github.com/notegen/notegen/internal/store"
)

// Heartbeat is how often a replica writes its heartbeat: often enough for
// a take-over within 10 s, rarely enough for an idle server to stay idle.
const Heartbeat = 2 * time.Second

// DeadAfter is how old a heartbeat is when its replica is taken for dead.
const DeadAfter = 6 * time.Second

// CredentialsTopic is the broker topic announcing a credentials change.
const CredentialsTopic = "credentials"

// awaitLimit bounds how long a revocation waits for the other replicas to
// acknowledge it before it answers anyway.
const awaitLimit = 5 * time.Second

// forgetAfter is when a dead replica's row is deleted.
const forgetAfter = time.Hour

// Replica is this process's entry in the replicas table.
type Replica struct {
	db     *store.DB
	events *broker.Broker
	log    *slog.Logger
	id     string

	changed  *broker.Subscription
	mu       sync.Mutex
	flushers []func()
	rescued  []func()
	// takers take over work that dead replicas hold outside River.
	takers []func(ctx context.Context, self string) (int, error)
	// beat is when the last heartbeat was written (Unix nanoseconds).
	beat atomic.Int64
	// forgot is when dead replicas' rows were last deleted (Run only).
	forgot time.Time
}

// Register adds this process to the replicas table under a new ID.
func Register(ctx context.Context, db *store.DB, events *broker.Broker, log *slog.Logger) (*Replica, error) {
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	r := &Replica{db: db, events: events, log: log, id: "replica-" + hex.EncodeToString(b)}
	// Subscribed before the epoch is read: a change committed in between
	// is heard.
	r.changed = events.Subscribe(CredentialsTopic)
	epoch, err := r.epoch(ctx)
	if err != nil {
		return nil, err
	}
	now := store.Now()
	if _, err := db.Exec(ctx, `INSERT INTO replicas (id, heartbeat_at, credentials_seen) VALUES (?, ?, ?)`, r.id, now, epoch); err != nil {
		return nil, fmt.Errorf("register replica: %w", err)
	}
	r.beat.Store(now.UnixNano())
	return r, nil
}

// ID names this replica; River runs its jobs under this client ID.
func (r *Replica) ID() string { return r.id }

// OnCredentialsChanged registers fn to be called when keys or accounts
// changed in a way that can refuse a key: caches empty themselves in it.
// fn runs before the change is acknowledged.
func (r *Replica) OnCredentialsChanged(fn func()) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.flushers = append(r.flushers, fn)
}

// OnRescued registers fn to be called after work of a dead replica was
// made available again, to wake this replica's workers.
func (r *Replica) OnRescued(fn func()) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.rescued = append(r.rescued, fn)
}

// TakeOverWith registers fn to be called with each heartbeat, to take
// over work that dead replicas, or runs past their time, left claimed
// outside River (a claim on the work's own row, which only the row's owner
// may clear); self is this replica's ID. fn returns how many pieces of
// work it made available again, which then wakes the workers as a rescue
// does.
func (r *Replica) TakeOverWith(fn func(ctx context.Context, self string) (int, error)) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.takers = append(r.takers, fn)
}

// Current reports whether this replica's heartbeat is fresh enough that
// the others count it alive and wait for its acknowledgements. A cache
// must not be trusted otherwise.
func (r *Replica) Current() bool {
	return time.Since(time.Unix(0, r.beat.Load())) < DeadAfter/2
}

// Run writes heartbeats, takes over dead replicas' work and acknowledges
// credentials changes until ctx ends; then it removes this replica's row.
func (r *Replica) Run(ctx context.Context) {
	defer r.changed.Close()
	ticker := time.NewTicker(Heartbeat)
	defer ticker.Stop()
	for {
		select {
		case <-ctx.Done():
			stopCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
			defer cancel()
			if _, err := r.db.Exec(stopCtx, `DELETE FROM replicas WHERE id = ?`, r.id); err != nil {
				r.log.Warn("could not remove replica row", "error", err.Error())
			}
			return
		case <-r.changed.C:
			if err := r.acknowledge(ctx); err != nil && ctx.Err() == nil {
				r.log.Error("acknowledge credentials change", "error", err.Error())
			}
		case <-ticker.C:
			if err := r.heartbeat(ctx); err != nil && ctx.Err() == nil {
				r.log.Error("replica heartbeat", "error", err.Error())
			}
		}
	}
}

// acknowledge empties the caches, then records the epoch they now reflect.
func (r *Replica) acknowledge(ctx context.Context) error {
	epoch, err := r.flushCaches(ctx)
	if err != nil {
		return err
	}
	if _, err := r.db.Exec(ctx, `UPDATE replicas SET credentials_seen = ? WHERE id = ? AND credentials_seen < ?`, epoch, r.id, epoch); err != nil {
		return fmt.Errorf("acknowledge credentials change: %w", err)
	}
	return nil
}

func (r *Replica) heartbeat(ctx context.Context) error {
	now := store.Now()
	res, err := r.db.Exec(ctx, `UPDATE replicas SET heartbeat_at = ? WHERE id = ?`, now, r.id)
	if err != nil {
		return fmt.Errorf("write heartbeat: %w", err)
	}
	if n, err := res.RowsAffected(); err == nil && n == 0 {
		// Taken for dead and forgotten: come back with empty caches, since
		// changes may have gone unacknowledged meanwhile.
		epoch, err := r.flushCaches(ctx)
		if err != nil {
			return err
		}
		if _, err := r.db.Exec(ctx, `INSERT INTO replicas (id, heartbeat_at, credentials_seen) VALUES (?, ?, ?)`, r.id, now, epoch); err != nil {
			return fmt.Errorf("register replica again: %w", err)
		}
	}
	r.beat.Store(now.UnixNano())
	if err := r.rescue(ctx, now); err != nil {
		return err
	}
	if now.Sub(r.forgot) < forgetAfter/60 {
		return nil
	}
	r.forgot = now
	if _, err := r.db.Exec(ctx, `DELETE FROM replicas WHERE heartbeat_at < ?`, now.Add(-forgetAfter)); err != nil {
		return fmt.Errorf("forget dead replicas: %w", err)
	}
	return nil
}

// rescue makes the running jobs of dead replicas available again. River
// records the client that runs an attempt last in attempted_by.
func (r *Replica) rescue(ctx context.Context, now time.Time) error {
	last := `json_extract(attempted_by, '$[#-1]')`
	if r.db.Dialect() == store.Postgres {
		last = `attempted_by[array_length(attempted_by, 1)]`
	}
	res, err := r.db.Exec(ctx, `UPDATE river_job SET state = 'available' WHERE state = 'running' AND attempted_by IS NOT NULL
		AND `+last+` NOT IN (SELECT id FROM replicas WHERE heartbeat_at >= ?)`, now.Add(-DeadAfter))
	if err != nil {
		return fmt.Errorf("take over dead replicas' jobs: %w", err)
	}
	n, _ := res.RowsAffected()
	if n > 0 {
		r.log.Warn("took over jobs of a dead replica", "jobs", n)
	}
	r.mu.Lock()
	rescued, takers := r.rescued, r.takers
	r.mu.Unlock()
	var errs []error
	for _, take := range takers {
		taken, err := take(ctx, r.id)
		if err != nil {
			errs = append(errs, err)
		}
		if taken > 0 {
			r.log.Warn("took over claimed work of a dead replica, or overdue", "jobs", taken)
			n += int64(taken)
		}
	}
	if n > 0 {
		for _, fn := range rescued {
			fn()
		}
	}
	return errors.Join(errs...)
}

// flushCaches empties every cache registered with OnCredentialsChanged,
// then reads the credentials epoch, which the caller records as seen.
func (r *Replica) flushCaches(ctx context.Context) (int64, error) {
	r.mu.Lock()
	flushers := r.flushers
	r.mu.Unlock()
	for _, fn := range flushers {
		fn()
	}
	return r.epoch(ctx)
}

func (r *Replica) epoch(ctx context.Context) (int64, error) {
	var epoch int64
	if err := r.db.QueryRow(ctx, `SELECT epoch FROM credentials_epoch WHERE id = 1`).Scan(&epoch); err != nil {
		return 0, fmt.Errorf("read credentials epoch: %w", err)
	}
	return epoch, nil
}

// CredentialsChanged records, in tx, a change that can refuse a key that
// authenticated before, and announces it to every replica's caches. It
// returns the change's epoch, for AwaitCredentials once tx commits.
func CredentialsChanged(ctx context.Context, tx *store.Tx, events *broker.Broker) (int64, error) {
	var epoch int64
	// Other processes on the same SQLite file stop trusting their caches
	// from here until tx has ended.
	tx.BumpSharedVersion()
	if err := tx.QueryRow(ctx, `UPDATE credentials_epoch SET epoch = epoch + 1 WHERE id = 1 RETURNING epoch`).Scan(&epoch); err != nil {
		return 0, fmt.Errorf("record credentials change: %w", err)
	}
	if events != nil {
		if err := events.PublishTx(ctx, tx, CredentialsTopic); err != nil {
			return 0, err
		}
	}
	return epoch, nil
}

// AwaitCredentials waits until every live replica has acknowledged the
// committed change of epoch, so that the answer to a revocation means the
// key is refused everywhere. Only PostgreSQL replicas cache keys; on
// SQLite it returns at once. After awaitLimit it gives up and logs: a
// replica that cannot acknowledge stops trusting its cache once its own
// heartbeat goes stale.
func (r *Replica) AwaitCredentials(ctx context.Context, epoch int64) {
	if r == nil || r.db.Dialect() != store.Postgres {
		return
	}
	deadline := time.Now().Add(awaitLimit)
	for wait := time.Millisecond; ; wait = min(2*wait, 50*time.Millisecond) {
		var behind int
		err := r.db.QueryRow(ctx, `SELECT COUNT(*) FROM replicas WHERE credentials_seen < ? AND heartbeat_at >= ?`,
			epoch, store.Now().Add(-DeadAfter)).Scan(&behind)
		if err == nil && behind == 0 {
			return
		}
		if err != nil && !errors.Is(err, context.Canceled) {
			r.log.Warn("check credentials acknowledgements", "error", err.Error())
		}
		if time.Now().After(deadline) || ctx.Err() != nil {
			r.log.Warn("replicas did not acknowledge a credentials change in time", "epoch", epoch, "behind", behind)
			return
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(wait):
		}
	}
}

// Live returns the IDs of the replicas whose heartbeat is recent: work
// claimed by any other replica is a dead replica's, to take over.
func Live(ctx context.Context, q store.Queryer) (map[string]bool, error) {
	ids, err := store.Collect(ctx, q, "read live replicas", func(row func(...any) error) (string, error) {
		var id string
		return id, row(&id)
	}, `SELECT id FROM replicas WHERE heartbeat_at >= ?`, store.Now().Add(-DeadAfter))
	if err != nil {
		return nil, err
	}
	live := make(map[string]bool, len(ids))
	for _, id := range ids {
		live[id] = true
	}
	return live, nil
}
