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

// The migrations are written for each dialect, one directory each, with the
// same versions; TestSchemasAgree migrates both databases and compares the
// tables, columns and indexes they end with, so the two cannot drift apart.
//
//go:embed migrations/postgres/*.sql migrations/sqlite/*.sql
var migrations embed.FS

// migrationFiles returns the embedded migrations of the database's dialect.
func (db *DB) migrationFiles() (fs.FS, error) {
	dir := "migrations/sqlite"
	if db.dialect == Postgres {
		dir = "migrations/postgres"
	}
	sub, err := fs.Sub(migrations, dir)
	if err != nil {
		return nil, fmt.Errorf("embedded migrations: %w", err)
	}
	return sub, nil
}

func (db *DB) migrator() (*goose.Provider, error) {
	dialect := goose.DialectSQLite3
	if db.dialect == Postgres {
		dialect = goose.DialectPostgres
	}
	files, err := db.migrationFiles()
	if err != nil {
		return nil, err
	}
	p, err := goose.NewProvider(dialect, db.write, files, goose.WithDisableGlobalRegistry(true))
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
	p, err := db.migrator()
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
	p, err := db.migrator()
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
