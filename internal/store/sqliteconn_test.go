package store

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestSQLiteConnStatementCache runs the connection-level statement cache
// through what a reused statement could get wrong: the same query read
// while its earlier rows are still open, a query after the table changed,
// errors, and transactions.
func TestSQLiteConnStatementCache(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db, err := openSQLiteDB("file:" + filepath.Join(t.TempDir(), "cache.db") + "?_pragma=busy_timeout(10000)")
	require.NoError(t, err)
	t.Cleanup(func() { db.Close() })
	// One connection, so every statement below meets the cache of the
	// statements before it.
	db.SetMaxOpenConns(1)

	_, err = db.ExecContext(ctx, `CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL)`)
	require.NoError(t, err)
	const insert = `INSERT INTO items (id, name) VALUES (?, ?)`
	for i, name := range []string{"a", "b", "c"} {
		_, err := db.ExecContext(ctx, insert, i+1, name)
		require.NoError(t, err)
	}

	t.Run("same query while its rows are open", func(t *testing.T) {
		const q = `SELECT name FROM items WHERE id >= ? ORDER BY id`
		tx, err := db.BeginTx(ctx, nil)
		require.NoError(t, err)
		defer tx.Rollback()
		outer, err := tx.QueryContext(ctx, q, 1)
		require.NoError(t, err)
		var got []string
		for outer.Next() {
			var name string
			require.NoError(t, outer.Scan(&name))
			// The inner run must not reset the outer rows.
			var inner string
			require.NoError(t, tx.QueryRowContext(ctx, q, 3).Scan(&inner))
			require.Equal(t, "c", inner)
			got = append(got, name)
		}
		require.NoError(t, outer.Err())
		require.NoError(t, outer.Close())
		require.Equal(t, []string{"a", "b", "c"}, got)
	})

	t.Run("schema change", func(t *testing.T) {
		const q = `SELECT * FROM items WHERE id = ?`
		rows, err := db.QueryContext(ctx, q, 1)
		require.NoError(t, err)
		cols, err := rows.Columns()
		require.NoError(t, err)
		require.NoError(t, rows.Close())
		require.Equal(t, []string{"id", "name"}, cols)
		_, err = db.ExecContext(ctx, `ALTER TABLE items ADD COLUMN note TEXT NOT NULL DEFAULT 'x'`)
		require.NoError(t, err)
		var id int
		var name, note string
		require.NoError(t, db.QueryRowContext(ctx, q, 1).Scan(&id, &name, &note))
		require.Equal(t, "x", note)
	})

	t.Run("errors", func(t *testing.T) {
		_, err := db.ExecContext(ctx, insert, 1, "dup")
		require.ErrorContains(t, err, "UNIQUE")
		// The statement that failed works for the next call.
		_, err = db.ExecContext(ctx, insert, 4, "d")
		require.NoError(t, err)
		_, err = db.ExecContext(ctx, `INSERT INTO nowhere VALUES (1)`)
		require.ErrorContains(t, err, "no such table")
	})

	t.Run("rollback", func(t *testing.T) {
		tx, err := db.BeginTx(ctx, nil)
		require.NoError(t, err)
		_, err = tx.ExecContext(ctx, insert, 9, "gone")
		require.NoError(t, err)
		require.NoError(t, tx.Rollback())
		var n int
		require.NoError(t, db.QueryRowContext(ctx, `SELECT COUNT(*) FROM items WHERE id = ?`, 9).Scan(&n))
		require.Zero(t, n)
	})
}
