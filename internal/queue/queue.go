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

	"github.com/notegen/notegen/internal/store"
)

// Queue names, each with its own concurrency so that slow note jobs cannot
// starve webhook deliveries.
const (
	Notes       = "notes"
	Webhooks    = "webhooks"
	Maintenance = "maintenance"
)

// Register adds a component's workers to w and returns its periodic jobs.
// It receives the queue being built, so workers can enqueue follow-up work.
type Register func(q *Queue, w *river.Workers) []*river.PeriodicJob

// Config chooses what the queue runs.
type Config struct {
	// Queues maps a queue name to how many of its jobs run at once on this
	// replica.
	Queues map[string]int
	// JobTimeout bounds one attempt of a job. A job whose replica died is
	// picked up again once this has passed.
	JobTimeout time.Duration
	Log        *slog.Logger
}

// Queue inserts and runs background jobs.
type Queue struct {
	start    func(context.Context) error
	stop     func(context.Context) error
	insertTx func(context.Context, *store.Tx, river.JobArgs, *river.InsertOpts) error
	insert   func(context.Context, river.JobArgs, *river.InsertOpts) error
	hub      *wakeHub
}

// New builds the queue on db with the workers of every register function.
// It does not start working until Start.
func New(db *store.DB, cfg Config, registers ...Register) (*Queue, error) {
	q := &Queue{}
	workers := river.NewWorkers()
	var periodic []*river.PeriodicJob
	for _, register := range registers {
		periodic = append(periodic, register(q, workers)...)
	}
	rc := &river.Config{
		Workers:      workers,
		PeriodicJobs: periodic,
		JobTimeout:   cfg.JobTimeout,
		// A replica killed mid-job leaves its jobs "running"; they are
		// rescued once an attempt could not possibly still be going.
		RescueStuckJobsAfter: cfg.JobTimeout + max(5*time.Second, cfg.JobTimeout/10),
		Logger:               cfg.Log,
		Queues:               map[string]river.QueueConfig{},
		FetchCooldown:        10 * time.Millisecond,
	}
	for name, n := range cfg.Queues {
		rc.Queues[name] = river.QueueConfig{MaxWorkers: n, FetchPollInterval: pollInterval(db.Dialect(), name)}
	}
	hub := newWakeHub()
	if db.Dialect() == store.Postgres {
		client, err := river.NewClient(wakeDriver[pgx.Tx]{Driver: riverpgxv5.New(db.Pool()), hub: hub}, rc)
		if err != nil {
			return nil, fmt.Errorf("job queue: %w", err)
		}
		q.start, q.stop = client.Start, client.Stop
		q.insertTx = func(ctx context.Context, tx *store.Tx, args river.JobArgs, opts *river.InsertOpts) error {
			return tx.PgxTx(func(ptx pgx.Tx) error {
				_, err := client.InsertTx(ctx, ptx, args, opts)
				return err
			})
		}
		q.insert = func(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) error {
			_, err := client.Insert(ctx, args, opts)
			return err
		}
		q.hub = hub
		return q, nil
	}
	// SQLite takes one writer at a time: River shares the service's single
	// writer connection. It has no LISTEN/NOTIFY: the hub wakes this
	// replica's producers when a job commits, and other replicas on the same
	// file find it at their next poll.
	rc.FetchPollInterval = time.Second
	client, err := river.NewClient(wakeDriver[*sql.Tx]{Driver: riversqlite.New(db.SQL()), hub: hub}, rc)
	if err != nil {
		return nil, fmt.Errorf("job queue: %w", err)
	}
	q.start, q.stop = client.Start, client.Stop
	q.insertTx = func(ctx context.Context, tx *store.Tx, args river.JobArgs, opts *river.InsertOpts) error {
		_, err := client.InsertTx(ctx, tx.SQLTx(), args, opts)
		return err
	}
	q.insert = func(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) error {
		_, err := client.Insert(ctx, args, opts)
		return err
	}
	q.hub = hub
	return q, nil
}

// pollInterval is how often a queue looks for work it was not told about:
// a safety net only. A job committed on this replica wakes its queue at
// once (the wake hub), and on PostgreSQL other replicas hear it through
// LISTEN/NOTIFY; polls find what those missed (a job committed on another
// SQLite replica, an announcement River rate-limited away) and keep an idle
// server idle.
func pollInterval(_ store.Dialect, queueName string) time.Duration {
	if queueName == Maintenance {
		return 5 * time.Second
	}
	return time.Second
}

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

// InsertTx adds a job as part of tx: it runs only if tx commits.
// This replica's workers are woken once tx commits.
func (q *Queue) InsertTx(ctx context.Context, tx *store.Tx, args river.JobArgs, opts *river.InsertOpts) error {
	if err := q.insertTx(ctx, tx, args, opts); err != nil {
		return fmt.Errorf("enqueue %s: %w", args.Kind(), err)
	}
	name := queueOf(args, opts)
	tx.AfterCommit(func() { q.hub.jobInserted(name) })
	return nil
}

// Insert adds a job outside any transaction.
func (q *Queue) Insert(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) error {
	if err := q.insert(ctx, args, opts); err != nil {
		return fmt.Errorf("enqueue %s: %w", args.Kind(), err)
	}
	q.hub.jobInserted(queueOf(args, opts))
	return nil
}
