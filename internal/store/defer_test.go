package store_test

import (
	"context"
	"maps"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/store"
)

// A deferred statement is part of its transaction like any other: a later
// statement of the transaction sees what it wrote, it commits with the
// transaction, and when it fails (here at the commit it was sent with) the
// whole transaction is rolled back and the error names the statement.
func TestDeferredStatementsCommitOrFailWithTheirTransaction(t *testing.T) {
	t.Parallel()
	eachGroupDB(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		require.NoError(t, db.InTx(ctx, func(tx *store.Tx) error {
			require.NoError(t, tx.Defer(ctx, "write a", `INSERT INTO group_rows (name, value) VALUES (?, ?)`, "a", "1"))
			var v string
			require.NoError(t, tx.ScanRow(ctx, `SELECT value FROM group_rows WHERE name = ?`, []any{"a"}, &v))
			require.Equal(t, "1", v, "a later read sees the deferred write")
			return tx.Defer(ctx, "write b", `INSERT INTO group_rows (name, value) VALUES (?, ?)`, "b", "2")
		}))
		var n int
		require.NoError(t, db.QueryRow(ctx, `SELECT COUNT(*) FROM group_rows`).Scan(&n))
		require.Equal(t, 2, n, "both deferred writes committed")

		err := db.InTx(ctx, func(tx *store.Tx) error {
			if _, err := tx.Exec(ctx, `UPDATE group_rows SET value = ? WHERE name = ?`, "changed", "a"); err != nil {
				return err
			}
			// A duplicate key: on PostgreSQL it fails with the commit.
			return tx.Defer(ctx, "write a again", `INSERT INTO group_rows (name, value) VALUES (?, ?)`, "a", "3")
		})
		require.Error(t, err)
		require.True(t, store.IsUniqueViolation(err), err.Error())
		require.Contains(t, err.Error(), "write a again")
		var v string
		require.NoError(t, db.QueryRow(ctx, `SELECT value FROM group_rows WHERE name = ?`, "a").Scan(&v))
		require.Equal(t, "1", v, "the failed transaction's update was rolled back")

		// The connection the failed transaction used serves the next one.
		for range 4 {
			require.NoError(t, db.InTx(ctx, func(tx *store.Tx) error {
				_, err := tx.Exec(ctx, `UPDATE group_rows SET value = value WHERE name = ?`, "a")
				return err
			}))
		}
	})
}

// A deferred statement whose caller must learn how many rows it wrote
// (DeferCounted) is given the count before the transaction's AfterCommit
// functions run, also when it went to the database with the commit, and
// a count per statement when a transaction defers several.
func TestDeferredStatementsCountTheirRowsBeforeAfterCommit(t *testing.T) {
	t.Parallel()
	eachGroupDB(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		counts := map[string]int64{}
		var seen map[string]int64
		require.NoError(t, db.InTx(ctx, func(tx *store.Tx) error {
			count := func(name string) func(int64) { return func(n int64) { counts[name] = n } }
			require.NoError(t, tx.DeferCounted(ctx, "write two", `INSERT INTO group_rows (name, value) VALUES (?, ?), (?, ?)`,
				count("two"), "a", "1", "b", "2"))
			require.NoError(t, tx.DeferCounted(ctx, "write none", `INSERT INTO group_rows (name, value) SELECT ?, ? WHERE false`,
				count("none"), "c", "3"))
			tx.AfterCommit(func() { seen = maps.Clone(counts) })
			return nil
		}))
		require.Equal(t, map[string]int64{"two": 2, "none": 0}, seen, "counted before the AfterCommit functions")
	})
}
