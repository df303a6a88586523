// Package queue runs notegen's durable background work (note jobs, webhook
// deliveries, retention sweeps) on River, over the service's own database:
// PostgreSQL through pgx, or SQLite. Work is inserted in the same
// transaction as the change that causes it, so neither exists without the
// other, and survives restarts and crashes.
package queue

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/riverdriver/riversqlite"
	"github.com/riverqueue/river/rivertype"

	"github.com/notegen/notegen/internal/store"
)

// Queue names, each with its own concurrency so that slow note jobs cannot
// starve webhook deliveries.
const (
	Notes       = "notes"
	Webhooks    = "webhooks"
	Maintenance = "maintenance"
)

// DefaultWorkers is how many jobs of each queue one replica of notegen
// serve runs at once.
//
// A note job mostly waits (on a provider, on the database); with
// two workers a replica finished at most ~140 sandbox jobs a second,
// which capped webhook deliveries too. The pipeline bounds its
// CPU-heavy step (ffmpeg) to the CPUs itself.
//
// A delivery mostly waits on its receiver, and the workers of the
// moment share their reads and their recording (internal/batch),
// so more workers make bigger batches rather than more statements;
// and while up to delivery.maxPerEndpoint of them wait on a hanging endpoint,
// and others on its slots for a moment, the rest serve everyone
// else. 32 rather than 16 gave 5-30% more deliveries a second on
// the shared harness (03_webhook_throughput.sh, 8 of 8 alternated
// comparisons, with and without a hanging endpoint).
func DefaultWorkers() map[string]int {
	return map[string]int{Notes: 16, Webhooks: 32, Maintenance: 1}
}

// Register adds a component's workers to w and returns its periodic jobs.
// Components that enqueue work were given an Inserter when they were
// built, so the queue is built last, from components that are complete.
type Register func(w *river.Workers) []*river.PeriodicJob

// Config chooses what the queue runs.
type Config struct {
	// Queues maps a queue name to how many of its jobs run at once on this
	// replica.
	Queues map[string]int
	// JobTimeout bounds one attempt of a job. A job whose replica died is
	// picked up again once this has passed.
	JobTimeout time.Duration
	Log        *slog.Logger
	// Inserter is the inserter whose committed jobs wake this queue's
	// workers at once; without it they wait for a poll.
	Inserter *Inserter
	// ID is the River client ID this replica's attempts are recorded
	// under (replica.Replica.ID), so that a dead replica's running jobs can
	// be found; River makes one up when empty.
	ID string
}

// fetchCooldown is the shortest time between two fetches of one queue, and
// between two announcements of new jobs on it: short, since a client waits
// for its note.
const fetchCooldown = 10 * time.Millisecond

// Inserter adds background jobs. It is River's insert-only client on the
// service's database: it works no job, so the components that enqueue work
// can be built before the Queue that runs their workers.
type Inserter struct {
	// insertTx inserts jobs in tx and returns their ids.
	insertTx func(context.Context, *store.Tx, []river.InsertManyParams) ([]int64, error)
	hub      *wakeHub
	db       *store.DB
	// direct runs jobs in process after their insert commits (direct.go);
	// nil until EnableDirect.
	direct *directRuns
}

// NewInserter returns the inserter for db.
func NewInserter(db *store.DB) (*Inserter, error) {
	cfg := &river.Config{FetchCooldown: fetchCooldown}
	if db.Dialect() == store.Postgres {
		client, err := river.NewClient(riverpgxv5.New(db.Pool()), cfg)
		if err != nil {
			return nil, fmt.Errorf("job queue inserter: %w", err)
		}
		return &Inserter{hub: newWakeHub(), db: db, insertTx: func(ctx context.Context, tx *store.Tx, params []river.InsertManyParams) ([]int64, error) {
			var ids []int64
			err := tx.PgxTx(func(ptx pgx.Tx) error {
				res, err := client.InsertManyTx(ctx, ptx, params)
				ids = jobIDs(res)
				return err
			})
			return ids, err
		}}, nil
	}
	client, err := river.NewClient(riversqlite.New(db.SQL()), cfg)
	if err != nil {
		return nil, fmt.Errorf("job queue inserter: %w", err)
	}
	return &Inserter{hub: newWakeHub(), db: db, insertTx: func(ctx context.Context, tx *store.Tx, params []river.InsertManyParams) ([]int64, error) {
		res, err := client.InsertManyTx(ctx, tx.SQLTx(), params)
		return jobIDs(res), err
	}}, nil
}

// InsertTx adds a job as part of tx: it runs only if tx commits. This
// replica's workers of its queue are woken once tx commits.
func (i *Inserter) InsertTx(ctx context.Context, tx *store.Tx, args river.JobArgs, opts *river.InsertOpts) error {
	if _, err := i.insertTx(ctx, tx, []river.InsertManyParams{{Args: args, InsertOpts: opts}}); err != nil {
		return fmt.Errorf("enqueue %s: %w", args.Kind(), err)
	}
	name := queueOf(args, opts)
	tx.AfterCommit(func() { i.hub.jobInserted(name) })
	return nil
}

// InsertManyTx adds jobs as part of tx in one statement, rather than one
// round trip per job: the webhook dispatcher queues up to a hundred
// deliveries per transaction. Each job's queue is woken once tx commits.
func (i *Inserter) InsertManyTx(ctx context.Context, tx *store.Tx, params []river.InsertManyParams) error {
	if len(params) == 0 {
		return nil
	}
	if _, err := i.insertTx(ctx, tx, params); err != nil {
		return fmt.Errorf("enqueue %d %s jobs: %w", len(params), params[0].Args.Kind(), err)
	}
	queues := map[string]bool{}
	for _, p := range params {
		queues[queueOf(p.Args, p.InsertOpts)] = true
	}
	tx.AfterCommit(func() {
		for name := range queues {
			i.hub.jobInserted(name)
		}
	})
	return nil
}

// Wake makes this replica's workers of queueName look for work now: for
// jobs made available by other means than an insert (a dead replica's
// jobs taken over).
func (i *Inserter) Wake(queueName string) { i.hub.jobInserted(queueName) }

// Queue runs background jobs.
type Queue struct {
	start func(context.Context) error
	stop  func(context.Context) error
}

// New builds the queue on db with the workers of every register function.
// It does not start working until Start.
func New(db *store.DB, cfg Config, registers ...Register) (*Queue, error) {
	q := &Queue{}
	workers := river.NewWorkers()
	var periodic []*river.PeriodicJob
	for _, register := range registers {
		periodic = append(periodic, register(workers)...)
	}
	hub := newWakeHub()
	if cfg.Inserter != nil {
		hub = cfg.Inserter.hub
	}
	rc := &river.Config{
		Middleware:   []rivertype.Middleware{&retryWake{hub: hub}},
		Workers:      workers,
		PeriodicJobs: periodic,
		JobTimeout:   cfg.JobTimeout,
		// A replica killed mid-job leaves its jobs "running"; they are
		// rescued once an attempt could not possibly still be going.
		RescueStuckJobsAfter: cfg.JobTimeout + max(5*time.Second, cfg.JobTimeout/10),
		Logger:               cfg.Log,
		Queues:               map[string]river.QueueConfig{},
		FetchCooldown:        fetchCooldown,
		ID:                   cfg.ID,
	}
	for name, n := range cfg.Queues {
		rc.Queues[name] = river.QueueConfig{MaxWorkers: n, FetchPollInterval: pollInterval}
	}
	if db.Dialect() == store.Postgres {
		client, err := river.NewClient(wakeDriver[pgx.Tx]{Driver: riverpgxv5.New(db.Pool()), hub: hub}, rc)
		if err != nil {
			return nil, fmt.Errorf("job queue: %w", err)
		}
		q.start, q.stop = client.Start, client.Stop
		return q, nil
	}
	// SQLite takes one writer at a time: River shares the service's single
	// writer connection. It has no LISTEN/NOTIFY: the hub wakes this
	// replica's producers when a job commits, and other replicas on the same
	// file find it at their next poll.
	client, err := river.NewClient(wakeDriver[*sql.Tx]{Driver: riversqlite.New(db.SQL()), hub: hub}, rc)
	if err != nil {
		return nil, fmt.Errorf("job queue: %w", err)
	}
	q.start, q.stop = client.Start, client.Stop
	return q, nil
}

// pollInterval is how often a queue looks for work it was not told about:
// a safety net only. A job committed on this replica wakes its queue at
// once (the wake hub), and on PostgreSQL other replicas hear it through
// LISTEN/NOTIFY; a snooze or retry due soon wakes it at its time (retryWake,
// Inserter.WakeAt). Polls find what those missed (a job committed on another
// SQLite replica, an announcement River rate-limited away, a replica's full
// queue) and cost a query on both sides of a server with nothing to do.
const pollInterval = 5 * time.Second

// Start begins working jobs; it returns at once.
func (q *Queue) Start(ctx context.Context) error {
	if err := q.start(ctx); err != nil {
		return fmt.Errorf("start job queue: %w", err)
	}
	return nil
}

// Stop waits for running jobs to finish, or for ctx to end.
func (q *Queue) Stop(ctx context.Context) error {
	if err := q.stop(ctx); err != nil {
		return fmt.Errorf("stop job queue: %w", err)
	}
	return nil
}
