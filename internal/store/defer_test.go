package store_test

import (
	"context"
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
