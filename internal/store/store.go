// Package store opens notegen's database, SQLite or PostgreSQL, applies the
// embedded migrations and runs transactions.
//
// Both backends are reached through database/sql so that one set of queries
// serves both. Queries are written with `?` placeholders and rewritten to
// `$n` for PostgreSQL. On SQLite every write goes through a single
// connection whose transactions begin IMMEDIATE, so concurrent requests wait
// their turn instead of failing with "database is locked"; reads use a
// separate pool and never block on writers thanks to WAL.
package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// Dialect names the database engine behind a DB.
type Dialect string

// The supported engines.
const (
	SQLite   Dialect = "sqlite"
	Postgres Dialect = "postgres"
)

// DB is an open notegen database.
type DB struct {
	dialect Dialect
	read    *sql.DB
	write   *sql.DB
	pool    *pgxpool.Pool
	// readStmts and writeStmts cache prepared statements on SQLite; nil on
	// PostgreSQL.
	readStmts, writeStmts *stmtCache
	wake                  *wakeups
	// lockPath is the file that serialises migrations on SQLite.
	lockPath string
	// shared is the change counter shared by the processes on one SQLite
	// file; nil on PostgreSQL.
	shared *sharedVersion
	// rebound holds the PostgreSQL form of each query.
	rebound *rebound
}

// Open connects to databaseURL, or to SQLite in dataDir when databaseURL is
// empty.
func Open(ctx context.Context, databaseURL, dataDir string) (*DB, error) {
	if databaseURL == "" {
		return openSQLite(dataDir)
	}
	return openPostgres(ctx, databaseURL)
}

func openSQLite(dataDir string) (*DB, error) {
	if err := os.MkdirAll(dataDir, 0o700); err != nil {
		return nil, fmt.Errorf("create data directory: %w", err)
	}
	path := filepath.Join(dataDir, "notegen.db")
	lockPath := path + ".migrate.lock"
	if err := enableWAL(path, lockPath); err != nil {
		return nil, err
	}
	// No journal_mode pragma here: the file is in WAL already, and setting
	// it again per connection is what raced between replicas.
	dsn := func(extra string) string {
		return "file:" + path + "?_pragma=busy_timeout(10000)" +
			"&_pragma=foreign_keys(1)&_pragma=synchronous(NORMAL)&_time_format=sqlite" + extra
	}
	write, err := openSQLiteDB(dsn("&_txlock=immediate"))
	if err != nil {
		return nil, fmt.Errorf("open sqlite: %w", err)
	}
	// One writer connection: SQLite allows one writer at a time anyway, and
	// queuing in the pool is fairer and cheaper than busy-waiting on locks.
	write.SetMaxOpenConns(1)
	write.SetConnMaxIdleTime(0)
	read, err := openSQLiteDB(dsn("&_pragma=query_only(1)"))
	if err != nil {
		write.Close()
		return nil, fmt.Errorf("open sqlite: %w", err)
	}
	read.SetMaxOpenConns(4)
	// Keep every reader open: a closed connection loses its prepared
	// statements and costs a reopen under load.
	read.SetMaxIdleConns(4)
	read.SetConnMaxIdleTime(0)
	if err := write.Ping(); err != nil {
		write.Close()
		read.Close()
		return nil, fmt.Errorf("open sqlite %s: %w", path, err)
	}
	shared, err := openSharedVersion(path + ".versions")
	if err != nil {
		write.Close()
		read.Close()
		return nil, err
	}
	return &DB{dialect: SQLite, read: read, write: write, lockPath: lockPath, shared: shared, rebound: &rebound{},
		readStmts: newStmtCache(read), writeStmts: newStmtCache(write), wake: &wakeups{}}, nil
}

func openPostgres(ctx context.Context, databaseURL string) (*DB, error) {
	cfg, err := pgxpool.ParseConfig(databaseURL)
	if err != nil {
		return nil, fmt.Errorf("parse database URL: %w", err)
	}
	// The job queue keeps a listening connection and fetches on others;
	// requests, the webhook dispatcher and transactions need their own.
	if cfg.MaxConns < 20 {
		cfg.MaxConns = 20
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("connect to postgres: %w", err)
	}
	pingCtx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := pool.Ping(pingCtx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("connect to postgres: %w", err)
	}
	db := stdlib.OpenDBFromPool(pool)
	return &DB{dialect: Postgres, read: db, write: db, pool: pool, wake: &wakeups{}, rebound: &rebound{}}, nil
}

// Dialect reports the engine.
func (db *DB) Dialect() Dialect { return db.dialect }

// Pool is the pgx pool on PostgreSQL, nil on SQLite.
func (db *DB) Pool() *pgxpool.Pool { return db.pool }

// SQL is the underlying write handle, for libraries that take a *sql.DB.
func (db *DB) SQL() *sql.DB { return db.write }

// Close closes every connection.
func (db *DB) Close() error {
	var err error
	if db.readStmts != nil {
		err = errors.Join(db.readStmts.close(), db.writeStmts.close())
	}
	err = errors.Join(err, db.write.Close())
	if db.read != db.write {
		err = errors.Join(err, db.read.Close())
	}
	if db.pool != nil {
		db.pool.Close()
	}
	return errors.Join(err, db.shared.close())
}

// Ping checks that the database answers.
func (db *DB) Ping(ctx context.Context) error { return db.read.PingContext(ctx) }

// Queryer runs statements; both *DB (outside a transaction) and *Tx are one.
type Queryer interface {
	Exec(ctx context.Context, query string, args ...any) (sql.Result, error)
	Query(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRow(ctx context.Context, query string, args ...any) *sql.Row
	// ForUpdate is " FOR UPDATE" where the engine has row locks, else "".
	ForUpdate() string
	Dialect() Dialect
}

// Exec runs a write statement outside a transaction.
func (db *DB) Exec(ctx context.Context, query string, args ...any) (sql.Result, error) {
	if s := db.prepared(ctx, db.writeStmts, query); s != nil {
		return s.ExecContext(ctx, args...)
	}
	return db.write.ExecContext(ctx, db.rebound.of(db.dialect, query), args...)
}

// Query runs a read query.
func (db *DB) Query(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	if s := db.prepared(ctx, db.readStmts, query); s != nil {
		return s.QueryContext(ctx, args...)
	}
	return db.read.QueryContext(ctx, db.rebound.of(db.dialect, query), args...)
}

// QueryRow runs a read query that returns at most one row.
func (db *DB) QueryRow(ctx context.Context, query string, args ...any) *sql.Row {
	if s := db.prepared(ctx, db.readStmts, query); s != nil {
		return s.QueryRowContext(ctx, args...)
	}
	return db.read.QueryRowContext(ctx, db.rebound.of(db.dialect, query), args...)
}

// ScanRow runs a read query that returns at most one row and scans it into
// dest; it answers an error that is sql.ErrNoRows when there is no row. On
// PostgreSQL it goes through pgx's own interface: for a hot single-row read
// (GET /v1/status) database/sql's pooling, row buffering and conversions
// cost about as much CPU as pgx's whole round trip. dest must then be types
// pgx scans into (string, bool, time.Time, sql.Null*); on SQLite it is the
// cached prepared statement, as QueryRow.
func (db *DB) ScanRow(ctx context.Context, query string, args []any, dest ...any) error {
	if db.pool != nil {
		return db.pool.QueryRow(ctx, db.rebound.of(db.dialect, query), args...).Scan(dest...)
	}
	return db.QueryRow(ctx, query, args...).Scan(dest...)
}

// ScanRows runs a read query and calls each for every row with the function
// that scans that row, as ScanRow does for one (pgx's own interface on
// PostgreSQL, the cached prepared statement on SQLite).
func (db *DB) ScanRows(ctx context.Context, query string, args []any, each func(scan func(dest ...any) error) error) error {
	if db.pool != nil {
		rows, err := db.pool.Query(ctx, db.rebound.of(db.dialect, query), args...)
		if err != nil {
			return err
		}
		defer rows.Close()
		return eachRow(rows, each)
	}
	rows, err := db.Query(ctx, query, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	return eachRow(rows, each)
}

// rowSource is what pgx.Rows and *sql.Rows share.
type rowSource interface {
	Next() bool
	Scan(dest ...any) error
	Err() error
}

func eachRow(rows rowSource, each func(scan func(dest ...any) error) error) error {
	for rows.Next() {
		if err := each(rows.Scan); err != nil {
			return err
		}
	}
	return rows.Err()
}

// QueryRowWrite runs a writing statement that returns a row (INSERT ...
// RETURNING) outside a transaction.
func (db *DB) QueryRowWrite(ctx context.Context, query string, args ...any) *sql.Row {
	if s := db.prepared(ctx, db.writeStmts, query); s != nil {
		return s.QueryRowContext(ctx, args...)
	}
	return db.write.QueryRowContext(ctx, db.rebound.of(db.dialect, query), args...)
}

// prepared is query's cached statement on SQLite, nil on PostgreSQL or when
// it cannot be cached.
func (db *DB) prepared(ctx context.Context, c *stmtCache, query string) *sql.Stmt {
	if c == nil {
		return nil
	}
	return c.get(ctx, query)
}

// ForUpdate is empty outside a transaction.
func (db *DB) ForUpdate() string { return "" }

// Tx is a write transaction.
type Tx struct {
	// tx is the database/sql transaction on SQLite, nil on PostgreSQL,
	// whose transactions store opens and commits itself (pgtx.go) on
	// conn.
	tx *sql.Tx
	// pg is the state of a PostgreSQL transaction, nil on SQLite.
	pg          *pgTx
	conn        *sql.Conn
	dialect     Dialect
	afterCommit []func()
	// stmts is the writer's statement cache on SQLite, nil on PostgreSQL.
	stmts *stmtCache
	wake  *wakeups
	// shared is the DB's cross-process change counter (SQLite); bumped
	// records that BumpSharedVersion was called.
	shared *sharedVersion
	bumped bool
	// rebound is the DB's cache of rewritten queries.
	rebound *rebound
}

// AfterCommit runs fn once the transaction has committed, and never if it
// rolls back: for telling others about a change only once they can see it.
func (tx *Tx) AfterCommit(fn func()) { tx.afterCommit = append(tx.afterCommit, fn) }

// stmt is query's cached statement bound to this transaction, or nil.
func (tx *Tx) stmt(ctx context.Context, query string) *sql.Stmt {
	if tx.stmts == nil {
		return nil
	}
	s := tx.stmts.cached(query)
	if s == nil {
		return nil
	}
	return tx.tx.StmtContext(ctx, s)
}

// Exec runs a statement in the transaction. On PostgreSQL it goes in one
// round trip with the transaction's BEGIN and deferred statements when they
// are still to be sent.
func (tx *Tx) Exec(ctx context.Context, query string, args ...any) (sql.Result, error) {
	if tx.pg != nil {
		return tx.pgExec(ctx, query, args)
	}
	if s := tx.stmt(ctx, query); s != nil {
		return s.ExecContext(ctx, args...)
	}
	return tx.tx.ExecContext(ctx, tx.rebound.of(tx.dialect, query), args...)
}

// Query runs a query in the transaction.
func (tx *Tx) Query(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	if tx.pg != nil {
		if err := tx.flush(ctx); err != nil {
			return nil, err
		}
		return tx.conn.QueryContext(ctx, tx.rebound.of(tx.dialect, query), args...)
	}
	if s := tx.stmt(ctx, query); s != nil {
		return s.QueryContext(ctx, args...)
	}
	return tx.tx.QueryContext(ctx, tx.rebound.of(tx.dialect, query), args...)
}

// QueryRow runs a one-row query in the transaction. On PostgreSQL an error
// of what had to be sent first (BEGIN, deferred statements) is the row's;
// ScanRow sends the query with them instead.
func (tx *Tx) QueryRow(ctx context.Context, query string, args ...any) *sql.Row {
	if tx.pg != nil {
		// A failed flush leaves the transaction aborted, so the query
		// fails too; the flush's own error is kept for the transaction's
		// end, since a row carries no error of store's making.
		_ = tx.flush(ctx)
		return tx.conn.QueryRowContext(ctx, tx.rebound.of(tx.dialect, query), args...)
	}
	if s := tx.stmt(ctx, query); s != nil {
		return s.QueryRowContext(ctx, args...)
	}
	return tx.tx.QueryRowContext(ctx, tx.rebound.of(tx.dialect, query), args...)
}

// ForUpdate locks selected rows on PostgreSQL. SQLite needs no row locks:
// its write transactions are serialised as a whole.
func (tx *Tx) ForUpdate() string {
	if tx.dialect == Postgres {
		return " FOR UPDATE"
	}
	return ""
}

// Dialect reports the engine.
func (tx *Tx) Dialect() Dialect { return tx.dialect }

// SQLTx exposes the database/sql transaction for libraries that join it
// (the job queue inserts its jobs in the caller's transaction) on SQLite;
// nil on PostgreSQL, where they join with PgxTx.
func (tx *Tx) SQLTx() *sql.Tx { return tx.tx }

// Lock takes a transaction-scoped lock named name. It serialises code paths
// that must not run concurrently across replicas on PostgreSQL; SQLite write
// transactions already run one at a time.
func (tx *Tx) Lock(ctx context.Context, name string) error {
	if tx.dialect != Postgres {
		return nil
	}
	if _, err := tx.Exec(ctx, "SELECT pg_advisory_xact_lock(hashtext($1))", name); err != nil {
		return fmt.Errorf("lock %s: %w", name, err)
	}
	return nil
}

// LockAll takes the transaction-scoped locks named names, in sorted order
// so that two transactions locking overlapping sets cannot deadlock, in
// one round trip rather than one per lock. Like Lock it does nothing on
// SQLite.
func (tx *Tx) LockAll(ctx context.Context, names []string) error {
	if tx.dialect != Postgres || len(names) == 0 {
		return nil
	}
	sorted := slices.Clone(names)
	slices.Sort(sorted)
	sorted = slices.Compact(sorted)
	// A function scan reads the array in order and the aggregate takes
	// each row's lock as it comes, so the locks are taken in sorted order.
	if _, err := tx.Exec(ctx, "SELECT COUNT(pg_advisory_xact_lock(hashtext(name))) FROM unnest($1::text[]) AS t(name)", sorted); err != nil {
		return fmt.Errorf("lock %d names: %w", len(sorted), err)
	}
	return nil
}

// InTx runs fn in a write transaction, committing if fn returns nil and
// rolling back otherwise.
func (db *DB) InTx(ctx context.Context, fn func(tx *Tx) error) error {
	// A dedicated connection lets PgxTx reach the driver connection that
	// runs this transaction.
	conn, err := db.write.Conn(ctx)
	if err != nil {
		return fmt.Errorf("begin transaction: %w", err)
	}
	defer conn.Close()
	if db.dialect == Postgres {
		return db.inPgTx(ctx, conn, fn)
	}
	sqlTx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin transaction: %w", err)
	}
	tx := &Tx{tx: sqlTx, conn: conn, dialect: db.dialect, stmts: db.writeStmts, wake: db.wake, shared: db.shared, rebound: db.rebound}
	db.shared.settle()
	// After the commit or the rollback, before the connection is given
	// back for the next transaction of this process.
	defer tx.endShared()
	// A panic in fn, or a test's FailNow inside it, rolls back too rather
	// than leaving the transaction (and on SQLite the write lock) open.
	ended := false
	defer func() {
		if !ended {
			_ = sqlTx.Rollback()
		}
	}()
	if err := fn(tx); err != nil {
		ended = true
		_ = sqlTx.Rollback()
		return err
	}
	ended = true
	if err := sqlTx.Commit(); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	for _, fn := range tx.afterCommit {
		fn()
	}
	return nil
}

// inPgTx is InTx on PostgreSQL: BEGIN goes with the first statement and
// COMMIT with the deferred ones (pgtx.go).
func (db *DB) inPgTx(ctx context.Context, conn *sql.Conn, fn func(tx *Tx) error) error {
	tx := &Tx{pg: &pgTx{}, conn: conn, dialect: db.dialect, wake: db.wake, rebound: db.rebound}
	// A panic in fn, or a test's FailNow inside it, rolls back too.
	ended := false
	defer func() {
		if !ended {
			tx.pgRollback()
		}
	}()
	if err := fn(tx); err != nil {
		ended = true
		tx.pgRollback()
		if tx.pg.err != nil {
			return errors.Join(err, tx.pg.err)
		}
		return err
	}
	ended = true
	if tx.pg.err != nil {
		tx.pgRollback()
		return tx.pg.err
	}
	if err := tx.pgCommit(ctx); err != nil {
		tx.pgRollback()
		return err
	}
	for _, fn := range tx.afterCommit {
		fn()
	}
	return nil
}

// Collect runs query on q and returns what scan makes of each row, in the
// order of the rows; never nil, so that an empty result encodes as []. An
// error, from the query, a row or scan, is wrapped with what: the name of
// the read, as the log should show it.
func Collect[T any](ctx context.Context, q Queryer, what string, scan func(row func(dest ...any) error) (T, error), query string, args ...any) ([]T, error) {
	rows, err := q.Query(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	defer rows.Close()
	out := []T{}
	for rows.Next() {
		v, err := scan(rows.Scan)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", what, err)
		}
		out = append(out, v)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	return out, nil
}

// CollectMap is Collect for a read that looks rows up by a key, such as a
// batch read by ids: scan returns each row's key with its value. A key
// that comes again keeps its last row's value.
func CollectMap[K comparable, V any](ctx context.Context, q Queryer, what string, scan func(row func(dest ...any) error) (K, V, error), query string, args ...any) (map[K]V, error) {
	type entry struct {
		key   K
		value V
	}
	entries, err := Collect(ctx, q, what, func(row func(dest ...any) error) (entry, error) {
		k, v, err := scan(row)
		return entry{k, v}, err
	}, query, args...)
	if err != nil {
		return nil, err
	}
	out := make(map[K]V, len(entries))
	for _, e := range entries {
		out[e.key] = e.value
	}
	return out, nil
}

// InJSONArray is the condition that a column's value is one of the
// strings of a JSON array bound as one parameter ("id "+InJSONArray(d)). A
// batch of ids then binds as one parameter, so the statement's text, and
// its prepared plan, is the same for every batch size.
//
// On PostgreSQL the array is turned into an ARRAY before it meets the
// table: the planner then probes the column's index once per element. As
// a joined set-returning function, estimated at a hundred rows whatever
// the batch holds, it scanned the whole table and hashed it instead, on
// every batch, until the table grew large enough for the index to look
// cheaper.
func InJSONArray(d Dialect) string {
	if d == Postgres {
		return "= ANY(ARRAY(SELECT json_array_elements_text(?::json)))"
	}
	return "IN (SELECT value FROM json_each(?))"
}

// JSONArray encodes values as the JSON array that InJSONArray reads.
func JSONArray(values []string) string {
	b, _ := json.Marshal(values) // a []string always encodes
	return string(b)
}

// IsUniqueViolation reports whether err is a unique-constraint violation.
func IsUniqueViolation(err error) bool {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		return pgErr.Code == "23505"
	}
	var sqliteErr *sqlite.Error
	if errors.As(err, &sqliteErr) {
		return sqliteErr.Code() == sqlite3.SQLITE_CONSTRAINT_UNIQUE || sqliteErr.Code() == sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY
	}
	return false
}

// rebind rewrites `?` placeholders to PostgreSQL's `$n`. Queries in notegen
// never contain a literal question mark.
func rebind(d Dialect, query string) string {
	if d != Postgres || !strings.Contains(query, "?") {
		return query
	}
	var b strings.Builder
	b.Grow(len(query) + 8)
	n := 0
	for _, r := range query {
		if r == '?' {
			n++
			b.WriteByte('$')
			b.WriteString(strconv.Itoa(n))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// Now returns the current time as the database stores it: UTC, to the
// microsecond, so that values read back compare equal on both engines.
func Now() time.Time { return time.Now().UTC().Truncate(time.Microsecond) }
