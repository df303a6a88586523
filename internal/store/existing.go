package store

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// ErrNoDatabase is returned by OpenExisting for a database notegen has not
// set up: a mistyped data directory or database URL.
var ErrNoDatabase = errors.New("no notegen database")

// OpenExisting opens a database that notegen set up before and refuses any
// other, so that an operator command given a mistyped data directory or
// database URL says so instead of creating an empty database.
func OpenExisting(ctx context.Context, databaseURL, dataDir string) (*DB, error) {
	if databaseURL == "" {
		path := filepath.Join(dataDir, "notegen.db")
		if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("%w in %s (%s does not exist): give the data directory `notegen serve` uses", ErrNoDatabase, dataDir, path)
		} else if err != nil {
			return nil, fmt.Errorf("open sqlite %s: %w", path, err)
		}
	}
	db, err := Open(ctx, databaseURL, dataDir)
	if err != nil {
		return nil, err
	}
	ok, err := db.hasSchema(ctx)
	if err == nil && !ok {
		err = fmt.Errorf("%w: the database has no notegen tables; start `notegen serve` on it first, or check the database URL", ErrNoDatabase)
	}
	if err != nil {
		db.Close()
		return nil, err
	}
	return db, nil
}

// hasSchema reports whether migrations were ever applied: whether the
// migration tool's version table exists (in the search path's schema on
// PostgreSQL).
func (db *DB) hasSchema(ctx context.Context) (bool, error) {
	query := `SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'goose_db_version'`
	if db.dialect == Postgres {
		query = `SELECT count(*) FROM (SELECT to_regclass('goose_db_version') AS t) v WHERE t IS NOT NULL`
	}
	var n int
	if err := db.write.QueryRowContext(ctx, query).Scan(&n); err != nil {
		return false, fmt.Errorf("look for notegen tables: %w", err)
	}
	return n > 0, nil
}
