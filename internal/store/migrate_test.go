package store

import (
	"io/fs"
	"strings"
	"testing"

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
