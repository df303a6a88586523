package store

import (
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/require"
)

// TestSQLiteMigrationsLeaveNoPostgresTypes guards the translation: a type
// the translator does not know would reach SQLite as an unknown type name,
// which SQLite accepts silently with the wrong affinity.
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
		for _, pgOnly := range []string{"TIMESTAMPTZ", "BYTEA", "BIGINT", "DOUBLE PRECISION", "JSONB", "SERIAL", "BOOLEAN DEFAULT FALSE", "now()"} {
			require.NotContains(t, strings.ToUpper(string(data)), strings.ToUpper(pgOnly), "%s", name)
		}
	}
}

// The translated migrations are a well-behaved io/fs file system (goose
// globs and opens them) holding every embedded migration, and nothing else.
func TestSQLiteMigrationFilesAreAFileSystem(t *testing.T) {
	t.Parallel()
	embedded, err := fs.Glob(migrations, "migrations/*.sql")
	require.NoError(t, err)
	want := make([]string, len(embedded))
	for i, p := range embedded {
		want[i] = strings.TrimPrefix(p, "migrations/")
	}
	files, err := (&DB{dialect: SQLite}).migrationFiles()
	require.NoError(t, err)
	require.NoError(t, fstest.TestFS(files, want...))
	_, err = files.Open("missing.sql")
	require.ErrorIs(t, err, fs.ErrNotExist)
	_, err = files.Open("../migrations")
	require.ErrorIs(t, err, fs.ErrInvalid)
}
