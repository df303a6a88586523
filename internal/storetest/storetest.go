// Package storetest runs a rule package's tests against both databases the
// way River's driver suite does: one migrated database per backend for the
// whole test binary, and each test inside a transaction that is rolled back
// when it ends, so tests share nothing and need no server. The black-box
// suite (internal/conformance) keeps the HTTP contract; the rules are
// tested here, in milliseconds.
package storetest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/account"
	"github.com/notegen/notegen/internal/store"
)

// PostgresURLEnv names the variable that enables the PostgreSQL runs.
const PostgresURLEnv = "NOTEGEN_TEST_DATABASE_URL"

// NewSchema creates a schema with a fresh name in the PostgreSQL database
// at base and returns the URL that selects it and a function that drops it.
func NewSchema(ctx context.Context, base string) (url string, drop func(context.Context) error, err error) {
	suffix := make([]byte, 6)
	_, _ = rand.Read(suffix)
	schema := "t_" + hex.EncodeToString(suffix)
	conn, err := pgx.Connect(ctx, base)
	if err != nil {
		return "", nil, fmt.Errorf("connect to %s: %w", PostgresURLEnv, err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "CREATE SCHEMA "+schema); err != nil {
		return "", nil, fmt.Errorf("create schema: %w", err)
	}
	drop = func(ctx context.Context) error {
		conn, err := pgx.Connect(ctx, base)
		if err != nil {
			return fmt.Errorf("drop schema %s: %w", schema, err)
		}
		defer conn.Close(ctx)
		if _, err := conn.Exec(ctx, "DROP SCHEMA "+schema+" CASCADE"); err != nil {
			return fmt.Errorf("drop schema %s: %w", schema, err)
		}
		return nil
	}
	sep := "?"
	if strings.Contains(base, "?") {
		sep = "&"
	}
	return base + sep + "search_path=" + schema, drop, nil
}

// backend is one migrated database shared by a test binary's tests.
type backend struct {
	once    sync.Once
	db      *store.DB
	err     error
	cleanup func()
}

var (
	mainRan  bool
	backends = map[string]*backend{"sqlite": {}, "postgres": {}}
)

// Main runs the package's tests and then closes and removes the databases
// they used. Call it from TestMain.
func Main(m *testing.M) {
	mainRan = true
	code := m.Run()
	for _, b := range backends {
		if b.cleanup != nil {
			b.cleanup()
		}
	}
	os.Exit(code)
}

// open migrates the backend's database on first use.
func (b *backend) open(name string) (*store.DB, error) {
	b.once.Do(func() {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		var url, dir string
		var drop func(context.Context) error
		if name == "postgres" {
			url, drop, b.err = NewSchema(ctx, os.Getenv(PostgresURLEnv))
		} else {
			dir, b.err = os.MkdirTemp("", "notegen-storetest-")
		}
		if b.err != nil {
			return
		}
		b.cleanup = func() {
			if b.db != nil {
				b.db.Close()
			}
			if drop != nil {
				_ = drop(context.Background())
			}
			if dir != "" {
				_ = os.RemoveAll(dir)
			}
		}
		if b.db, b.err = store.Open(ctx, url, dir); b.err != nil {
			return
		}
		b.err = b.db.Migrate(ctx, slog.New(slog.DiscardHandler))
	})
	return b.db, b.err
}

// errRollback ends every test's transaction.
var errRollback = errors.New("storetest: rolled back")

// Each runs fn once per backend as parallel subtests named "sqlite" and
// "postgres", inside a transaction rolled back when fn returns (or fails).
// The PostgreSQL run is skipped when NOTEGEN_TEST_DATABASE_URL is unset.
// The caller must not call t.Parallel itself, and fn must do its work in
// tx: on SQLite a second transaction would wait for tx's write lock.
func Each(t *testing.T, fn func(t *testing.T, tx *store.Tx)) {
	t.Helper()
	EachDB(t, func(t *testing.T, db *store.DB) { rolledBack(t, db, fn) })
}

// EachDB runs fn once per backend as parallel subtests, with the backend's
// shared database, for rules that commit transactions of their own (rate
// leases, say): what fn writes stays, so it must use names of its own (a
// fresh key id) and never count rows it did not write. The caller must
// not call t.Parallel itself.
func EachDB(t *testing.T, fn func(t *testing.T, db *store.DB)) {
	t.Helper()
	require.True(t, mainRan, "call storetest.Main from the package's TestMain")
	t.Parallel()
	for _, name := range []string{"sqlite", "postgres"} {
		t.Run(name, func(t *testing.T) {
			if name == "postgres" && os.Getenv(PostgresURLEnv) == "" {
				t.Skip(PostgresURLEnv + " is not set")
			}
			t.Parallel()
			fn(t, open(t, name))
		})
	}
}

// InTx runs fn inside a transaction on the named backend's database and
// rolls it back.
func InTx(t *testing.T, name string, fn func(t *testing.T, tx *store.Tx)) {
	t.Helper()
	rolledBack(t, open(t, name), fn)
}

// open is the named backend's shared database, migrated on first use.
func open(t *testing.T, name string) *store.DB {
	t.Helper()
	db, err := backends[name].open(name)
	require.NoError(t, err, "open the %s test database", name)
	return db
}

// rolledBack runs fn inside a transaction on db and rolls it back.
func rolledBack(t *testing.T, db *store.DB, fn func(t *testing.T, tx *store.Tx)) {
	t.Helper()
	err := db.InTx(context.Background(), func(tx *store.Tx) error {
		fn(t, tx)
		return errRollback
	})
	require.ErrorIs(t, err, errRollback)
}

// NewUser inserts a user and its account (inactive, on the trial plan), as
// signing up does, and returns the user's id.
func NewUser(t testing.TB, tx *store.Tx) string {
	t.Helper()
	ctx := context.Background()
	id := uuid.Must(uuid.NewV7()).String()
	now := store.Now()
	_, err := tx.Exec(ctx, `INSERT INTO users (id, email, password_hash, created_at) VALUES (?, ?, ?, ?)`,
		id, id+"@example.test", "not-a-hash", now)
	require.NoError(t, err)
	require.NoError(t, account.Create(ctx, tx, id, account.Profile{}, now))
	return id
}
