package queue_test

import (
	"context"
	"errors"
	"os"
	"testing"
	"time"

	"github.com/riverqueue/river"
	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/queue"
	st "github.com/notegen/notegen/internal/servertest"
	"github.com/notegen/notegen/internal/store"
)

// directArgs is a job with options of its own, as the note job has.
type directArgs struct{ N int }

func (directArgs) Kind() string { return "direct_test" }

func (directArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: queue.Notes, MaxAttempts: 6}
}

// riverJob is what River reads of a job row.
type riverJob struct {
	state, kind, queue, by string
	attempt, maxAttempts   int
	priority               int
	args                   string
	finalized              bool
}

func readRiverJob(t *testing.T, db *store.DB, kind string) riverJob {
	t.Helper()
	by := `json_extract(attempted_by, '$[0]')`
	if db.Dialect() == store.Postgres {
		by = `attempted_by[1]`
	}
	var j riverJob
	require.NoError(t, db.QueryRow(context.Background(), `SELECT state, kind, queue, `+by+`, attempt, max_attempts, priority, CAST(args AS TEXT),
		finalized_at IS NOT NULL FROM river_job WHERE kind = ?`, kind).Scan(&j.state, &j.kind, &j.queue, &j.by, &j.attempt, &j.maxAttempts,
		&j.priority, &j.args, &j.finalized))
	return j
}

// TestDirectRunIsARunningRiverJob checks the row a direct run leaves for
// River, which is what lets another replica take over a dead replica's
// job: while it runs, the job is River's running job of this replica,
// first attempt, with the queue and attempts its args ask for; once the
// run succeeds it is deleted (as River's cleaner deletes completed jobs),
// and a run that fails leaves it available
// to the workers with the error of its attempt.
func TestDirectRunIsARunningRiverJob(t *testing.T) {
	t.Parallel()
	onEachBackend(t, 2, 10, func(t *testing.T, db *store.DB, inserter *queue.Inserter) {
		ctx := context.Background()

		seen := make(chan riverJob, 1)
		require.NoError(t, db.InTx(ctx, func(tx *store.Tx) error {
			return inserter.InsertRunTx(ctx, tx, directArgs{N: 7}, nil, func(context.Context) error {
				seen <- readRiverJob(t, db, "direct_test")
				return nil
			})
		}))
		running := <-seen
		require.Equal(t, riverJob{state: "running", kind: "direct_test", queue: queue.Notes, by: "replica-test", attempt: 1,
			maxAttempts: 6, priority: 1, args: running.args}, running)
		require.JSONEq(t, `{"N":7}`, running.args)
		require.Eventually(t, func() bool {
			return countRiverJobs(t, db, "direct_test") == 0
		}, 10*time.Second, 10*time.Millisecond, "a succeeded run's job is ended")

		require.NoError(t, db.InTx(ctx, func(tx *store.Tx) error {
			return inserter.InsertRunTx(ctx, tx, failingArgs{}, nil, func(context.Context) error {
				return errors.New("provider down")
			})
		}))
		require.Eventually(t, func() bool {
			j := readRiverJob(t, db, "direct_test_failing")
			return j.state == "available" && !j.finalized
		}, 10*time.Second, 10*time.Millisecond, "a failed run's job is left to the workers")
		var errs string
		q := `SELECT CAST(errors AS TEXT) FROM river_job WHERE kind = 'direct_test_failing'`
		require.NoError(t, db.QueryRow(ctx, q).Scan(&errs))
		require.Contains(t, errs, "provider down")
	})
}

// countRiverJobs counts the River jobs of kind.
func countRiverJobs(t *testing.T, db *store.DB, kind string) int {
	t.Helper()
	var n int
	require.NoError(t, db.QueryRow(context.Background(), `SELECT COUNT(*) FROM river_job WHERE kind = ?`, kind).Scan(&n))
	return n
}

// failingArgs is a job whose direct run fails.
type failingArgs struct{}

func (failingArgs) Kind() string { return "direct_test_failing" }

// TestDirectRunFinishesInItsOwnTransaction checks FinishTx: a direct run
// that stores its result in a transaction with FinishTx has its River job
// ended by that commit, before the run returns, and a transaction that
// rolls back leaves the job running; outside a direct run FinishTx does
// nothing.
func TestDirectRunFinishesInItsOwnTransaction(t *testing.T) {
	t.Parallel()
	onEachBackend(t, 2, 10, func(t *testing.T, db *store.DB, inserter *queue.Inserter) {
		ctx := context.Background()
		require.NoError(t, db.InTx(ctx, func(tx *store.Tx) error { return queue.FinishTx(ctx, tx) }), "no direct run: nothing to do")

		seen := make(chan [2]int, 1)
		require.NoError(t, db.InTx(ctx, func(tx *store.Tx) error {
			return inserter.InsertRunTx(ctx, tx, directArgs{N: 8}, nil, func(ctx context.Context) error {
				rollback := errors.New("rolled back")
				require.ErrorIs(t, db.InTx(ctx, func(tx *store.Tx) error {
					require.NoError(t, queue.FinishTx(ctx, tx))
					return rollback
				}), rollback)
				afterRollback := countRiverJobs(t, db, "direct_test")
				if err := db.InTx(ctx, func(tx *store.Tx) error { return queue.FinishTx(ctx, tx) }); err != nil {
					return err
				}
				seen <- [2]int{afterRollback, countRiverJobs(t, db, "direct_test")}
				return nil
			})
		}))
		got := <-seen
		require.Equal(t, 1, got[0], "a rolled back transaction leaves the job running")
		require.Equal(t, 0, got[1], "the run's commit ends its job")
	})
}

// TestDirectRunIdsNeverCollide checks the ids of direct runs' jobs, which
// on PostgreSQL come from blocks reserved in advance: direct inserts and
// River's own inserts, interleaved and in more than one block, all commit,
// each job with an id of its own.
func TestDirectRunIdsNeverCollide(t *testing.T) {
	t.Parallel()
	onEachBackend(t, 4, 1000, func(t *testing.T, db *store.DB, inserter *queue.Inserter) {
		ctx := context.Background()
		const n = 150 // more than two blocks
		// The runs wait until the rows are counted: a succeeded run
		// deletes its job.
		release := make(chan struct{})
		defer close(release)
		for k := range n {
			require.NoError(t, db.InTx(ctx, func(tx *store.Tx) error {
				if k%10 == 0 {
					if err := inserter.InsertTx(ctx, tx, riverOnlyArgs{}, nil); err != nil {
						return err
					}
				}
				return inserter.InsertRunTx(ctx, tx, directArgs{N: k}, nil, func(context.Context) error {
					<-release
					return nil
				})
			}))
		}
		var rows, ids int
		require.NoError(t, db.QueryRow(ctx, `SELECT COUNT(*), COUNT(DISTINCT id) FROM river_job WHERE kind IN ('direct_test', 'river_only_test')`).
			Scan(&rows, &ids))
		require.Equal(t, n+n/10, rows)
		require.Equal(t, rows, ids)
	})
}

// riverOnlyArgs is a job inserted through River's own insert.
type riverOnlyArgs struct{}

func (riverOnlyArgs) Kind() string { return "river_only_test" }

// onEachBackend runs test on SQLite and PostgreSQL in parallel subtests,
// each with its own store and direct inserter (directInserter).
func onEachBackend(t *testing.T, slots, backlog int, test func(t *testing.T, db *store.DB, inserter *queue.Inserter)) {
	t.Helper()
	for _, backend := range []st.Backend{st.SQLite, st.Postgres} {
		t.Run(string(backend), func(t *testing.T) {
			t.Parallel()
			db, inserter := directInserter(t, backend, slots, backlog)
			test(t, db, inserter)
		})
	}
}

// directInserter opens a fresh store of backend (skipping PostgreSQL when
// no server is given) and an inserter that runs jobs directly with slots
// and backlog, as replica "replica-test".
func directInserter(t *testing.T, backend st.Backend, slots, backlog int) (*store.DB, *queue.Inserter) {
	t.Helper()
	if backend == st.Postgres && os.Getenv(st.PostgresURLEnv) == "" {
		t.Skip(st.PostgresURLEnv + " is not set")
	}
	db := st.OpenStore(t, backend)
	inserter, err := queue.NewInserter(db)
	require.NoError(t, err)
	inserter.EnableDirect(queue.DirectConfig{ID: "replica-test", Slots: slots, Backlog: backlog, Timeout: time.Minute})
	return db, inserter
}
