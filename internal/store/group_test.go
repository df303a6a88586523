package store_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	st "github.com/notegen/notegen/internal/servertest"
	"github.com/notegen/notegen/internal/store"
)

// eachGroupDB runs fn, in parallel, on a database of each backend opened
// by groupDB.
func eachGroupDB(t *testing.T, fn func(t *testing.T, db *store.DB)) {
	for _, b := range []st.Backend{st.SQLite, st.Postgres} {
		t.Run(string(b), func(t *testing.T) {
			t.Parallel()
			fn(t, groupDB(t, b))
		})
	}
}

// groupDB opens a database of backend b with a table of its own for a
// Group test, or skips PostgreSQL when it is not configured.
func groupDB(t *testing.T, b st.Backend) *store.DB {
	t.Helper()
	if b == st.Postgres && os.Getenv(st.PostgresURLEnv) == "" {
		t.Skip(st.PostgresURLEnv + " is not set")
	}
	db := st.OpenStore(t, b)
	_, err := db.Exec(context.Background(), `CREATE TABLE group_rows (name TEXT PRIMARY KEY, value TEXT NOT NULL)`)
	require.NoError(t, err)
	return db
}

// TestGroupCommitsEachCallersWorkOrNone sends many concurrent transactions
// through one Group, every fifth of which fails after writing: every
// other caller's row is committed and its after-commit hook runs once,
// and no failed caller's row or hook is left, however the transactions
// were grouped.
func TestGroupCommitsEachCallersWorkOrNone(t *testing.T) {
	t.Parallel()
	eachGroupDB(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		g := db.NewGroup(8, 1)
		errRefused := errors.New("refused")
		const callers = 60
		var hooks [callers]atomic.Int32
		errs := make([]error, callers)
		var wg sync.WaitGroup
		for i := range callers {
			wg.Go(func() {
				errs[i] = g.InTx(ctx, func(tx *store.Tx) error {
					if _, err := tx.Exec(ctx, `INSERT INTO group_rows (name, value) VALUES (?, ?)`, fmt.Sprintf("group-%d", i), "v"); err != nil {
						return err
					}
					tx.AfterCommit(func() { hooks[i].Add(1) })
					if i%5 == 0 {
						return errRefused
					}
					return nil
				})
			})
		}
		wg.Wait()
		for i := range callers {
			var n int
			require.NoError(t, db.QueryRow(ctx, `SELECT COUNT(*) FROM group_rows WHERE name = ?`, fmt.Sprintf("group-%d", i)).Scan(&n))
			if i%5 == 0 {
				require.ErrorIs(t, errs[i], errRefused, "caller %d", i)
				require.Zero(t, n, "caller %d failed: its row is rolled back", i)
				require.Zero(t, hooks[i].Load(), "caller %d failed: its hook never runs", i)
				continue
			}
			require.NoError(t, errs[i], "caller %d", i)
			require.Equal(t, 1, n, "caller %d's row is committed once", i)
			require.Equal(t, int32(1), hooks[i].Load(), "caller %d's hook runs once", i)
		}
	})
}

// TestGroupSharesOneCommit holds the Group's only slot in a transaction
// while others queue behind it: they then run in one shared transaction,
// committed once, and a later caller sees what an earlier one wrote.
func TestGroupSharesOneCommit(t *testing.T) {
	t.Parallel()
	eachGroupDB(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		g := db.NewGroup(8, 1)
		release, held := make(chan struct{}), make(chan struct{})
		var wg sync.WaitGroup
		wg.Go(func() {
			require.NoError(t, g.InTx(ctx, func(tx *store.Tx) error {
				close(held)
				<-release
				return nil
			}))
		})
		<-held
		const callers = 5
		var mu sync.Mutex
		txs := map[*store.Tx]bool{}
		for i := range callers {
			wg.Go(func() {
				require.NoError(t, g.InTx(ctx, func(tx *store.Tx) error {
					mu.Lock()
					txs[tx] = true
					mu.Unlock()
					var n int
					if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM group_rows WHERE name LIKE 'shared-%'`).Scan(&n); err != nil {
						return err
					}
					_, err := tx.Exec(ctx, `INSERT INTO group_rows (name, value) VALUES (?, ?)`, fmt.Sprintf("shared-%d", i), fmt.Sprint(n))
					return err
				}))
			})
		}
		require.Eventually(t, func() bool { return g.Waiting() == callers }, 10*time.Second, time.Millisecond)
		close(release)
		wg.Wait()
		require.Len(t, txs, 1, "the callers that queued share one transaction")
		// Each caller stored how many rows of the others it saw: 0, 1,
		// ... in the order they ran.
		var seen []string
		rows, err := db.Query(ctx, `SELECT value FROM group_rows WHERE name LIKE 'shared-%' ORDER BY value`)
		require.NoError(t, err)
		defer rows.Close()
		for rows.Next() {
			var v string
			require.NoError(t, rows.Scan(&v))
			seen = append(seen, v)
		}
		require.NoError(t, rows.Err())
		require.Equal(t, []string{"0", "1", "2", "3", "4"}, seen)
	})
}
