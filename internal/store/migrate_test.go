package store

import (
	"io/fs"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestSQLiteMigrationsLeaveNoPostgresTypes guards the SQLite migrations
// against a PostgreSQL type copied in: SQLite accepts an unknown type name
// silently, with the wrong affinity.
func TestSQLiteMigrationsLeaveNoPostgresTypes(t *testing.T) {
	t.Parallel()
	files, err := (&DB{dialect: SQLite}).migrationFiles()
	require.NoError(t, err)
	names, err := fs.Glob(files, "*.sql")
	require.NoError(t, err)
	require.NotEmpty(t, names)
	for _, name := range names {
		data, err := fs.ReadFile(files, name)
		require.NoError(t, err)
		for _, pgOnly := range []string{"TIMESTAMPTZ", "BYTEA", "BIGINT", "DOUBLE PRECISION", "JSONB", "SERIAL", "DEFAULT FALSE", "DEFAULT TRUE", "now()"} {
			require.NotContains(t, strings.ToUpper(string(data)), strings.ToUpper(pgOnly), "%s", name)
		}
	}
}

// TestDialectsHaveTheSameMigrations: each version is written for both
// databases, so a deployment can move between them and goose's version
// table means the same schema on each.
func TestDialectsHaveTheSameMigrations(t *testing.T) {
	t.Parallel()
	var names [2][]string
	for i, d := range []Dialect{Postgres, SQLite} {
		files, err := (&DB{dialect: d}).migrationFiles()
		require.NoError(t, err)
		names[i], err = fs.Glob(files, "*.sql")
		require.NoError(t, err)
	}
	require.NotEmpty(t, names[0])
	require.Equal(t, names[0], names[1], "migrations/postgres and migrations/sqlite hold the same versions")
}
