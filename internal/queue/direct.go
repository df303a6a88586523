package queue

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"github.com/notegen/notegen/internal/batch"
	"github.com/notegen/notegen/internal/store"
)

// A job inserted with InsertRunTx is run by the replica that inserted it
// as soon as the inserting transaction commits, rather than fetched by a
// worker: River's fetch and its completer were two more transactions per
// job (on SQLite, two more turns of the one writer; on PostgreSQL two
// more WAL flushes), and the fetch waited for the queue's cooldown.
//
// The job is still a River job, inserted in the caller's transaction, and
// it is inserted as running under this replica's client ID, as a fetch
// would leave it. So a replica that dies while it
// runs the job leaves it as a dead replica's running job, which another
// takes over (the replica package's rescue, or River's stuck-job rescue
// after the job timeout), and every other replica's workers leave it
// alone. A run that succeeds deletes the job: in the transaction that
// stores the run's result when the run asks for it (FinishTx), else
// afterwards, in batches; one that fails makes it available again, and
// River's workers retry it with the worker's own policy.
//
// A succeeded run's job is deleted rather than marked completed, as
// River's cleaner deletes completed jobs after a day: the row was only
// the run's claim, kept for a rescue, and nothing reads it once the run's
// result is stored. Marking it completed changed its indexed columns, so
// PostgreSQL wrote a new entry in each of river_job's seven indexes (two
// of them GIN, whose pending list every writer locks in turn): under load
// the costliest statement of a job, where a delete writes the heap alone.

// maxFinishBatch bounds the jobs one completion statement marks.
const maxFinishBatch = 64

// DirectConfig lets an Inserter run jobs itself (InsertRunTx).
type DirectConfig struct {
	// ID is this replica's River client ID (Config.ID), under which its
	// direct runs are recorded as running.
	ID string
	// Slots bounds the direct runs at once; the others wait for a slot.
	Slots int
	// Backlog bounds the direct jobs inserted and not yet finished; an
	// insert that finds that many leaves its job to the workers.
	Backlog int
	// Timeout bounds one run, as Config.JobTimeout bounds a worker's.
	Timeout time.Duration
	Log     *slog.Logger
}

// directRuns is an Inserter's state for direct runs.
type directRuns struct {
	cfg   DirectConfig
	slots chan struct{}
	// backlog counts the direct jobs inserted and not yet finished.
	backlog atomic.Int64
	runs    sync.WaitGroup
	// finisher marks succeeded runs' jobs completed, in batches.
	finisher *batch.Batcher[int64]
	// ids are River job ids reserved for direct runs (PostgreSQL).
	ids idReserve
}

// EnableDirect makes InsertRunTx run jobs on this replica. It is called
// once, before any insert.
func (i *Inserter) EnableDirect(cfg DirectConfig) {
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	d := &directRuns{cfg: cfg, slots: make(chan struct{}, max(cfg.Slots, 1))}
	d.finisher = &batch.Batcher[int64]{Max: maxFinishBatch, Run: func(ids []int64) { i.finish(ids) }}
	i.direct = d
}

// WaitDirect waits for the direct runs in flight, or for ctx to end.
func (i *Inserter) WaitDirect(ctx context.Context) {
	if i.direct == nil {
		return
	}
	done := make(chan struct{})
	go func() {
		i.direct.runs.Wait()
		close(done)
	}()
	select {
	case <-done:
	case <-ctx.Done():
	}
}

// InsertRunTx adds a job as part of tx, like InsertTx, and once tx commits
// runs it on this replica with run, which is the job's worker's Work
// (WorkOnce). Without EnableDirect, or with every slot taken, the job is
// inserted for the workers as InsertTx does.
func (i *Inserter) InsertRunTx(ctx context.Context, tx *store.Tx, args river.JobArgs, opts *river.InsertOpts, run func(context.Context) error) error {
	d := i.direct
	if d == nil || d.backlog.Load() >= int64(d.cfg.Backlog) {
		return i.InsertTx(ctx, tx, args, opts)
	}
	p, ok := plainJob(args, opts)
	if !ok {
		return i.InsertTx(ctx, tx, args, opts)
	}
	id, err := i.insertRunning(ctx, tx, p, d.cfg.ID)
	if err != nil {
		return fmt.Errorf("enqueue %s: %w", args.Kind(), err)
	}
	tx.AfterCommit(func() {
		d.backlog.Add(1)
		d.runs.Add(1)
		go i.run(id, p.queue, p.kind, run)
	})
	return nil
}

// plain is a job that River would insert with nothing but its args, kind,
// queue, priority and attempts.
type plain struct {
	args        []byte
	kind, queue string
	priority    int
	maxAttempts int
}

// plainJob resolves args and opts as River's insert does (opts first, then
// the args' own options, then River's defaults). ok is false for a job
// that needs more of River's insert (uniqueness, tags, metadata, a
// schedule, pending), which then goes through it.
func plainJob(args river.JobArgs, opts *river.InsertOpts) (plain, bool) {
	var own river.InsertOpts
	if a, ok := args.(river.JobArgsWithInsertOpts); ok {
		own = a.InsertOpts()
	}
	given := river.InsertOpts{}
	if opts != nil {
		given = *opts
	}
	for _, o := range []river.InsertOpts{given, own} {
		u := o.UniqueOpts
		if u.ByArgs || u.ByPeriod != 0 || u.ByQueue || u.ByState != nil || u.ExcludeKind ||
			o.Tags != nil || len(o.Metadata) > 0 || o.Pending || !o.ScheduledAt.IsZero() {
			return plain{}, false
		}
	}
	encoded, err := json.Marshal(args)
	if err != nil {
		return plain{}, false // River's insert reports it
	}
	p := plain{args: encoded, kind: args.Kind(), queue: cmp.Or(given.Queue, own.Queue, river.QueueDefault),
		priority:    cmp.Or(given.Priority, own.Priority, river.PriorityDefault),
		maxAttempts: cmp.Or(given.MaxAttempts, own.MaxAttempts, river.MaxAttemptsDefault)}
	if p.priority < 1 || p.priority > 4 {
		return plain{}, false // River's insert refuses it
	}
	return p, true
}

// insertRunning writes a plain job as River's insert followed by its fetch
// would leave it: running under client, its first attempt started now. It
// is one statement where River's insert and the update that marked the job
// running were two; River's insert path (its parameters, uniqueness, the
// row it returns) was about a tenth of the server's CPU per text job, and
// on PostgreSQL the most expensive statement of a submission after the
// commit. On PostgreSQL the id is one reserved beforehand (ids.go) and the
// insert is deferred to the transaction's next round trip.
func (i *Inserter) insertRunning(ctx context.Context, tx *store.Tx, p plain, client string) (int64, error) {
	if tx.Dialect() == store.Postgres {
		id, err := i.direct.ids.take(ctx, i.db)
		if err != nil {
			return 0, err
		}
		err = tx.Defer(ctx, "insert running job", `INSERT INTO river_job (id, args, kind, queue, priority, max_attempts, state, attempt,
			attempted_at, attempted_by, created_at, scheduled_at, metadata, tags)
			VALUES (?, ?::jsonb, ?, ?, ?, ?, 'running', 1, now(), ARRAY[?::text], now(), now(), '{}', '{}')`,
			id, p.args, p.kind, p.queue, p.priority, p.maxAttempts, client)
		return id, err
	}
	query := `INSERT INTO river_job (args, kind, queue, priority, max_attempts, state, attempt, attempted_at, attempted_by,
		created_at, scheduled_at, metadata, tags)
		VALUES (?, ?, ?, ?, ?, 'running', 1, datetime('now', 'subsec'), json_array(?), datetime('now', 'subsec'),
			datetime('now', 'subsec'), json('{}'), json('[]')) RETURNING id`
	var id int64
	if err := tx.ScanRow(ctx, query, []any{p.args, p.kind, p.queue, p.priority, p.maxAttempts, client}, &id); err != nil {
		return 0, fmt.Errorf("insert running job: %w", err)
	}
	return id, nil
}

// run runs a direct job and records how it ended.
func (i *Inserter) run(id int64, queueName, kind string, run func(context.Context) error) {
	d := i.direct
	defer d.runs.Done()
	defer d.backlog.Add(-1)
	r := &directRun{id: id}
	err := d.runInSlot(context.WithValue(context.Background(), directRunKey{}, r), run)
	if err == nil {
		if !r.finished.Load() {
			_ = d.finisher.Do(context.Background(), id) // no deadline: it never ends early
		}
		return
	}
	d.cfg.Log.Warn("job attempt failed; its workers retry it", "kind", kind, "job", id, "error", err.Error())
	i.release(id, queueName, err)
}

// runInSlot runs run in one of the direct slots, waiting for one, under
// the run timeout, and returns its error (or its panic's); the slot is
// free again when it returns.
func (d *directRuns) runInSlot(ctx context.Context, run func(context.Context) error) error {
	d.slots <- struct{}{}
	defer func() { <-d.slots }()
	if d.cfg.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, d.cfg.Timeout)
		defer cancel()
	}
	return runRecovered(ctx, run)
}

// directRun is a direct run in progress, carried by its context so that
// the transaction that stores its result can finish its River job too.
type directRun struct {
	id int64
	// finished is set once a transaction that marked the job completed
	// has committed.
	finished atomic.Bool
}

// directRunKey is the context key of a direct run's *directRun.
type directRunKey struct{}

// FinishTx ends the River job of the direct run that ctx is part of (it
// deletes it, see above), as part of tx, when ctx is a direct run's (InsertRunTx) and
// nothing otherwise (a worker's attempt, which River's completer
// finishes). A run calls it in the transaction that stores its result, so
// that the job and its River job end in one commit: the completion was a
// transaction of its own (on PostgreSQL, a third of a WAL flush per job
// under load, and a round trip). Should the run still fail after tx
// commits, the job stays completed, as its result is stored.
func FinishTx(ctx context.Context, tx *store.Tx) error {
	r, ok := ctx.Value(directRunKey{}).(*directRun)
	if !ok {
		return nil
	}
	if err := tx.Defer(ctx, "end direct job", `DELETE FROM river_job WHERE id = ? AND state = 'running'`, r.id); err != nil {
		return err
	}
	tx.AfterCommit(func() { r.finished.Store(true) })
	return nil
}

// runRecovered is run with a panic turned into its error, as River's
// executor turns a worker's.
func runRecovered(ctx context.Context, run func(context.Context) error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("job panicked: %v", r)
		}
	}()
	return run(ctx)
}

// finish deletes the jobs of succeeded runs that FinishTx did not end. A
// job whose delete is lost (the database failed) stays running until a
// rescue, and its next attempt finds its work done.
func (i *Inserter) finish(ids []int64) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	list, _ := json.Marshal(ids) // a []int64 always encodes
	query := `DELETE FROM river_job WHERE state = 'running' AND id IN (SELECT value FROM json_each(?))`
	if i.db.Dialect() == store.Postgres {
		query = `DELETE FROM river_job WHERE state = 'running' AND id = ANY(ARRAY(SELECT json_array_elements_text(?::json)::bigint))`
	}
	if _, err := i.db.Exec(ctx, query, string(list)); err != nil && i.direct != nil {
		i.direct.cfg.Log.Error("end direct jobs", "jobs", len(ids), "error", err.Error())
	}
}

// release makes a failed direct job available to the workers at once,
// with the error of its attempt.
func (i *Inserter) release(id int64, queueName string, runErr error) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	attemptErr, _ := json.Marshal(rivertype.AttemptError{At: time.Now().UTC(), Attempt: 1, Error: runErr.Error()})
	query := `UPDATE river_job SET state = 'available', scheduled_at = datetime('now', 'subsec'),
		errors = json_insert(coalesce(errors, json('[]')), '$[#]', json(?)) WHERE id = ? AND state = 'running'`
	if i.db.Dialect() == store.Postgres {
		query = `UPDATE river_job SET state = 'available', scheduled_at = now(), errors = array_append(errors, ?::jsonb)
			WHERE id = ? AND state = 'running'`
	}
	if _, err := i.db.Exec(ctx, query, string(attemptErr), id); err != nil {
		i.direct.cfg.Log.Error("give a failed direct job to the workers", "job", id, "error", err.Error())
		return
	}
	i.hub.jobInserted(queueName)
}

// WorkOnce is worker w's Work on a job of args as its first attempt: the
// run of InsertRunTx.
func WorkOnce[T river.JobArgs](w river.Worker[T], args T, queueName string, maxAttempts int) func(context.Context) error {
	return func(ctx context.Context) error {
		return w.Work(ctx, &river.Job[T]{JobRow: &rivertype.JobRow{Attempt: 1, MaxAttempts: maxAttempts, Queue: queueName,
			Kind: args.Kind(), AttemptedAt: ptr(time.Now())}, Args: args})
	}
}

func ptr[T any](v T) *T { return &v }

// jobIDs are the ids of inserted jobs.
func jobIDs(res []*rivertype.JobInsertResult) []int64 {
	ids := make([]int64, 0, len(res))
	for _, r := range res {
		if r != nil && r.Job != nil {
			ids = append(ids, r.Job.ID)
		}
	}
	return ids
}
