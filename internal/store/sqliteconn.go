package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"fmt"
	"reflect"

	"modernc.org/sqlite"
)

// maxConnStatements bounds the statements one SQLite connection keeps
// prepared. The queries run here are string constants of notegen and of
// River, a few hundred at most; beyond the bound a query runs unprepared.
const maxConnStatements = 512

// openSQLiteDB opens a SQLite handle whose connections keep every statement
// they are given as text prepared for its next use.
//
// The statement cache of this package (stmtcache.go) covers notegen's own
// queries, but River's SQLite driver runs its queries as text on the
// *sql.DB it is given, and database/sql re-prepares text on every call:
// parsing River's fetch, insert and completion statements was about 30% of
// the server's CPU while delivering webhooks. Caching at the connection
// covers every caller.
func openSQLiteDB(dsn string) (*sql.DB, error) {
	base, err := sqlite.NewConnector(dsn)
	if err != nil {
		return nil, err
	}
	return sql.OpenDB(stmtConnector{base}), nil
}

// stmtConnector opens connections that keep their statements prepared.
type stmtConnector struct{ driver.Connector }

// Connect opens one connection.
func (c stmtConnector) Connect(ctx context.Context) (driver.Conn, error) {
	conn, err := c.Connector.Connect(ctx)
	if err != nil {
		return nil, err
	}
	inner, ok := conn.(sqliteDriverConn)
	if !ok {
		conn.Close()
		return nil, fmt.Errorf("sqlite connection of type %T lacks the context interfaces", conn)
	}
	return &stmtConn{sqliteDriverConn: inner, stmts: map[string]*connStmt{}}, nil
}

// sqliteDriverConn is what the SQLite driver's connections implement and
// database/sql uses.
type sqliteDriverConn interface {
	driver.Conn
	driver.ConnBeginTx
	driver.ConnPrepareContext
	driver.ExecerContext
	driver.QueryerContext
	driver.Pinger
	driver.SessionResetter
	driver.Validator
}

// stmtConn is one connection with its prepared statements. database/sql
// never uses a connection from two goroutines at once (it holds the
// connection's lock around every call, Rows.Next and Rows.Close included),
// so the map needs no lock of its own.
type stmtConn struct {
	sqliteDriverConn
	stmts map[string]*connStmt
}

// connStmt is a prepared statement; busy while rows read from it are open,
// when running it again would reset those rows.
type connStmt struct {
	stmt interface {
		driver.Stmt
		driver.StmtExecContext
		driver.StmtQueryContext
	}
	busy bool
}

// statement returns query's prepared statement, preparing it on first use,
// or nil when the query is to run as text: the statement is reading rows
// already, the cache is full, or preparing failed (the text run reports
// the error as it always did).
func (c *stmtConn) statement(ctx context.Context, query string) *connStmt {
	if s, ok := c.stmts[query]; ok {
		if s.busy {
			return nil
		}
		return s
	}
	if len(c.stmts) >= maxConnStatements {
		return nil
	}
	ds, err := c.sqliteDriverConn.PrepareContext(ctx, query)
	if err != nil {
		return nil
	}
	st, ok := ds.(interface {
		driver.Stmt
		driver.StmtExecContext
		driver.StmtQueryContext
	})
	if !ok {
		ds.Close()
		return nil
	}
	s := &connStmt{stmt: st}
	c.stmts[query] = s
	return s
}

// ExecContext runs query on its prepared statement.
func (c *stmtConn) ExecContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Result, error) {
	if s := c.statement(ctx, query); s != nil {
		return s.stmt.ExecContext(ctx, args)
	}
	return c.sqliteDriverConn.ExecContext(ctx, query, args)
}

// QueryContext runs query on its prepared statement; the statement is busy
// until the rows are closed.
func (c *stmtConn) QueryContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Rows, error) {
	s := c.statement(ctx, query)
	if s == nil {
		return c.sqliteDriverConn.QueryContext(ctx, query, args)
	}
	rows, err := s.stmt.QueryContext(ctx, args)
	if err != nil {
		return nil, err
	}
	s.busy = true
	return &stmtRows{Rows: rows, stmt: s}, nil
}

// Close closes the statements and then the connection.
func (c *stmtConn) Close() error {
	for query, s := range c.stmts {
		s.stmt.Close()
		delete(c.stmts, query)
	}
	return c.sqliteDriverConn.Close()
}

// stmtRows are rows of a cached statement: closing them frees the
// statement for its next use.
type stmtRows struct {
	driver.Rows
	stmt *connStmt
}

// Close closes the rows and frees their statement.
func (r *stmtRows) Close() error {
	err := r.Rows.Close()
	r.stmt.busy = false
	return err
}

// The column type interfaces of the driver's rows, passed through so that
// sql.Rows.ColumnTypes says what it said without the cache.

// ColumnTypeDatabaseTypeName implements driver.RowsColumnTypeDatabaseTypeName.
func (r *stmtRows) ColumnTypeDatabaseTypeName(i int) string {
	if t, ok := r.Rows.(driver.RowsColumnTypeDatabaseTypeName); ok {
		return t.ColumnTypeDatabaseTypeName(i)
	}
	return ""
}

// ColumnTypeNullable implements driver.RowsColumnTypeNullable.
func (r *stmtRows) ColumnTypeNullable(i int) (nullable, ok bool) {
	if t, ok := r.Rows.(driver.RowsColumnTypeNullable); ok {
		return t.ColumnTypeNullable(i)
	}
	return false, false
}

// ColumnTypeScanType implements driver.RowsColumnTypeScanType.
func (r *stmtRows) ColumnTypeScanType(i int) reflect.Type {
	if t, ok := r.Rows.(driver.RowsColumnTypeScanType); ok {
		return t.ColumnTypeScanType(i)
	}
	return reflect.TypeFor[any]()
}

// ColumnTypeLength implements driver.RowsColumnTypeLength.
func (r *stmtRows) ColumnTypeLength(i int) (length int64, ok bool) {
	if t, ok := r.Rows.(driver.RowsColumnTypeLength); ok {
		return t.ColumnTypeLength(i)
	}
	return 0, false
}

// ColumnTypePrecisionScale implements driver.RowsColumnTypePrecisionScale.
func (r *stmtRows) ColumnTypePrecisionScale(i int) (precision, scale int64, ok bool) {
	if t, ok := r.Rows.(driver.RowsColumnTypePrecisionScale); ok {
		return t.ColumnTypePrecisionScale(i)
	}
	return 0, 0, false
}
