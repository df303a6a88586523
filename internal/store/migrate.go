package store

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"hash/fnv"
	"io/fs"
	"log/slog"
	"os"
	"syscall"

	"github.com/jackc/pgx/v5"
	"github.com/pressly/goose/v3"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/riverdriver/riversqlite"
	"github.com/riverqueue/river/rivermigrate"
)

//go:embed migrations
var migrations embed.FS

func (db *DB) migrator(ctx context.Context) (*goose.Provider, error) {
	dir := "migrations/sqlite"
	dialect := goose.DialectSQLite3
	var opts []goose.ProviderOption
	if db.dialect == Postgres {
		dir, dialect = "migrations/postgres", goose.DialectPostgres
	}
	sub, err := fs.Sub(migrations, dir)
	if err != nil {
		return nil, fmt.Errorf("embedded migrations: %w", err)
	}
	opts = append(opts, goose.WithDisableGlobalRegistry(true))
	p, err := goose.NewProvider(dialect, db.write, sub, opts...)
	if err != nil {
		return nil, fmt.Errorf("migrations: %w", err)
	}
	return p, nil
}

// Migrate applies every embedded migration not yet applied, notegen's own
// and the job queue's. Replicas that start together take turns: a
// PostgreSQL advisory lock (per schema) or, on SQLite, a file lock.
func (db *DB) Migrate(ctx context.Context, log *slog.Logger) error {
	unlock, err := db.migrationLock(ctx)
	if err != nil {
		return err
	}
	defer unlock()
	if err := db.migrateQueue(ctx); err != nil {
		return err
	}
	p, err := db.migrator(ctx)
	if err != nil {
		return err
	}
	results, err := p.Up(ctx)
	if err != nil {
		return fmt.Errorf("apply migrations: %w", err)
	}
	for _, r := range results {
		log.InfoContext(ctx, "migration applied", "version", r.Source.Version, "duration", r.Duration)
	}
	return nil
}

// MigrationsPending reports whether the database lacks an embedded migration.
func (db *DB) MigrationsPending(ctx context.Context) (bool, error) {
	p, err := db.migrator(ctx)
	if err != nil {
		return false, err
	}
	current, target, err := p.GetVersions(ctx)
	if err != nil {
		return false, fmt.Errorf("migration versions: %w", err)
	}
	return current < target, nil
}

func (db *DB) migrationLock(ctx context.Context) (unlock func(), err error) {
	if db.dialect != Postgres {
		// Several processes may open one SQLite file at once (an operator's
		// admin command next to the server, or replicas on one host).
		return lockFile(db.lockPath)
	}
	conn, err := db.pool.Acquire(ctx)
	if err != nil {
		return nil, fmt.Errorf("migration lock: %w", err)
	}
	// Per schema: deployments (and tests) that share a PostgreSQL database
	// in separate schemas do not wait for each other.
	var schema string
	if err := conn.QueryRow(ctx, "SELECT current_schema()").Scan(&schema); err != nil {
		conn.Release()
		return nil, fmt.Errorf("read current schema: %w", err)
	}
	h := fnv.New64a()
	h.Write([]byte("notegen-migrations:" + schema))
	id := int64(h.Sum64() >> 1)
	if _, err := conn.Exec(ctx, "SELECT pg_advisory_lock($1)", id); err != nil {
		conn.Release()
		return nil, fmt.Errorf("migration lock: %w", err)
	}
	return func() {
		_, _ = conn.Exec(context.Background(), "SELECT pg_advisory_unlock($1)", id)
		conn.Release()
	}, nil
}

// migrateQueue applies River's migrations for its job tables.
func (db *DB) migrateQueue(ctx context.Context) error {
	var err error
	if db.dialect == Postgres {
		var m *rivermigrate.Migrator[pgx.Tx]
		if m, err = rivermigrate.New(riverpgxv5.New(db.pool), nil); err == nil {
			_, err = m.Migrate(ctx, rivermigrate.DirectionUp, nil)
		}
	} else {
		var m *rivermigrate.Migrator[*sql.Tx]
		if m, err = rivermigrate.New(riversqlite.New(db.write), nil); err == nil {
			_, err = m.Migrate(ctx, rivermigrate.DirectionUp, nil)
		}
	}
	if err != nil {
		return fmt.Errorf("apply job queue migrations: %w", err)
	}
	return nil
}

// lockFile takes an exclusive advisory lock on path, waiting for it.
func lockFile(path string) (unlock func(), err error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("open migration lock: %w", err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		f.Close()
		return nil, fmt.Errorf("take migration lock: %w", err)
	}
	return func() {
		_ = syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
		f.Close()
	}, nil
}
