package store

import (
	"context"
	"embed"
	"fmt"
	"hash/fnv"
	"io/fs"
	"log/slog"
	"os"
	"syscall"

	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"
)

//go:embed migrations
var migrations embed.FS

func (db *DB) migrator(ctx context.Context) (*goose.Provider, error) {
	dir := "migrations/sqlite"
	dialect := goose.DialectSQLite3
	var opts []goose.ProviderOption
	if db.dialect == Postgres {
		dir, dialect = "migrations/postgres", goose.DialectPostgres
		// A session-level advisory lock makes replicas that start together
		// apply each migration exactly once, one after the other.
		// The lock is per schema: deployments (and tests) that share a
		// PostgreSQL database in separate schemas do not wait for each other.
		var schema string
		if err := db.write.QueryRowContext(ctx, "SELECT current_schema()").Scan(&schema); err != nil {
			return nil, fmt.Errorf("read current schema: %w", err)
		}
		h := fnv.New64a()
		h.Write([]byte("notegen-migrations:" + schema))
		locker, err := lock.NewPostgresSessionLocker(lock.WithLockID(int64(h.Sum64()>>1)), lock.WithLockTimeout(1, 300))
		if err != nil {
			return nil, fmt.Errorf("migration lock: %w", err)
		}
		opts = append(opts, goose.WithSessionLocker(locker))
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

// Migrate applies every embedded migration not yet applied.
func (db *DB) Migrate(ctx context.Context, log *slog.Logger) error {
	if db.lockPath != "" {
		// Several processes may open one SQLite file at once (an operator's
		// admin command next to the server, or replicas on one host); a
		// file lock makes them migrate one after the other.
		unlock, err := lockFile(db.lockPath)
		if err != nil {
			return err
		}
		defer unlock()
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
