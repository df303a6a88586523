package store_test

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	st "github.com/notegen/notegen/internal/servertest"
	"github.com/notegen/notegen/internal/store"
)

// TestSchemasAgree migrates a SQLite and a PostgreSQL database with their
// own dialect's migrations and compares what they end with: the same
// tables, each with the same columns (name, kind of type, NOT NULL, whether
// it has a default) and the same indexes (name, uniqueness). The job
// queue's own tables are River's and left out.
func TestSchemasAgree(t *testing.T) {
	t.Parallel()
	if os.Getenv(st.PostgresURLEnv) == "" {
		t.Skip(st.PostgresURLEnv + " is not set: the schemas need both databases")
	}
	ctx := context.Background()
	var got [2]map[string][]string
	for i, b := range []st.Backend{st.SQLite, st.Postgres} {
		d := st.NewDatabase(t, b)
		db, err := store.Open(ctx, d.DatabaseURL, d.DataDir)
		require.NoError(t, err)
		t.Cleanup(func() { db.Close() })
		require.NoError(t, db.Migrate(ctx, slog.New(slog.DiscardHandler)))
		got[i] = schema(t, db)
	}
	require.NotEmpty(t, got[0]["jobs"], "the schema was read")
	require.Equal(t, got[1], got[0], "SQLite's schema (expected) against PostgreSQL's (actual)")
}

// schema reads notegen's tables as "column type [not null] [default]"
// lines and their indexes as "index name [unique]" lines, sorted.
func schema(t *testing.T, db *store.DB) map[string][]string {
	t.Helper()
	ctx := context.Background()
	out := map[string][]string{}
	var tables []string
	q := `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`
	if db.Dialect() == store.Postgres {
		q = `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`
	}
	rows, err := db.Query(ctx, q)
	require.NoError(t, err)
	for rows.Next() {
		var name string
		require.NoError(t, rows.Scan(&name))
		if !strings.HasPrefix(name, "river_") && name != "goose_db_version" {
			tables = append(tables, name)
		}
	}
	require.NoError(t, rows.Err())
	rows.Close()
	for _, table := range tables {
		out[table] = append(columns(t, db, table), indexes(t, db, table)...)
		sort.Strings(out[table])
	}
	return out
}

// typeKinds maps each dialect's declared types to one name per kind.
var typeKinds = map[string]string{
	"text": "text", "timestamp": "time", "timestamp with time zone": "time", "blob": "bytes", "bytea": "bytes",
	"integer": "integer", "bigint": "integer", "boolean": "bool", "real": "real", "double precision": "real",
}

func columns(t *testing.T, db *store.DB, table string) []string {
	t.Helper()
	ctx := context.Background()
	q := `SELECT name, type, "notnull" = 1 OR pk > 0, dflt_value IS NOT NULL FROM pragma_table_info(?)`
	if db.Dialect() == store.Postgres {
		q = `SELECT column_name, data_type, is_nullable = 'NO', column_default IS NOT NULL FROM information_schema.columns
			WHERE table_schema = current_schema() AND table_name = ?`
	}
	rows, err := db.Query(ctx, q, table)
	require.NoError(t, err)
	defer rows.Close()
	var out []string
	for rows.Next() {
		var name, typ string
		var notNull, hasDefault bool
		require.NoError(t, rows.Scan(&name, &typ, &notNull, &hasDefault))
		kind, ok := typeKinds[strings.ToLower(typ)]
		require.True(t, ok, "%s.%s has type %q, which this test does not know", table, name, typ)
		line := name + " " + kind
		if notNull {
			line += " not null"
		}
		if hasDefault {
			line += " default"
		}
		out = append(out, line)
	}
	require.NoError(t, rows.Err())
	return out
}

func indexes(t *testing.T, db *store.DB, table string) []string {
	t.Helper()
	ctx := context.Background()
	// Only indexes a migration created: SQLite's automatic ones for
	// UNIQUE and PRIMARY KEY constraints, and PostgreSQL's *_pkey and
	// *_key constraint indexes, are the constraints, compared as columns.
	q := `SELECT name, "unique" = 1 FROM pragma_index_list(?) WHERE origin = 'c'`
	if db.Dialect() == store.Postgres {
		q = `SELECT i.relname, x.indisunique FROM pg_index x
			JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class c ON c.oid = x.indrelid
			JOIN pg_namespace n ON n.oid = c.relnamespace
			WHERE n.nspname = current_schema() AND c.relname = ?
			AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = x.indexrelid)`
	}
	rows, err := db.Query(ctx, q, table)
	require.NoError(t, err)
	defer rows.Close()
	var out []string
	for rows.Next() {
		var name string
		var unique bool
		require.NoError(t, rows.Scan(&name, &unique))
		out = append(out, fmt.Sprintf("index %s unique=%t", name, unique))
	}
	require.NoError(t, rows.Err())
	return out
}
