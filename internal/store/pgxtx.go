package store

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/stdlib"
)

// PgxTx runs fn with a pgx.Tx view of this PostgreSQL transaction, for
// libraries that insert into the caller's transaction with pgx (the job
// queue). Statements fn runs are part of this transaction; fn must not
// commit or roll back, and must not use the Tx after it returns.
func (tx *Tx) PgxTx(fn func(pgx.Tx) error) error {
	if tx.dialect != Postgres {
		return errors.New("PgxTx needs PostgreSQL")
	}
	// What is still to be sent goes first, so that fn's statements see it.
	if err := tx.flush(context.Background()); err != nil {
		return err
	}
	return tx.conn.Raw(func(driverConn any) error {
		c, ok := driverConn.(*stdlib.Conn)
		if !ok {
			return fmt.Errorf("unexpected driver connection %T", driverConn)
		}
		return fn(&connTx{conn: c.Conn()})
	})
}

// connTx presents a connection that is inside a transaction opened through
// database/sql as a pgx.Tx. Nested transactions are savepoints; the outer
// transaction stays owned by database/sql.
type connTx struct {
	conn  *pgx.Conn
	depth int
}

func (t *connTx) Begin(ctx context.Context) (pgx.Tx, error) {
	nested := &connTx{conn: t.conn, depth: t.depth + 1}
	if _, err := t.conn.Exec(ctx, fmt.Sprintf("SAVEPOINT notegen_sp_%d", nested.depth)); err != nil {
		return nil, err
	}
	return nested, nil
}

func (t *connTx) Commit(ctx context.Context) error {
	if t.depth == 0 {
		return errors.New("the outer transaction is committed by its owner")
	}
	_, err := t.conn.Exec(ctx, fmt.Sprintf("RELEASE SAVEPOINT notegen_sp_%d", t.depth))
	return err
}

func (t *connTx) Rollback(ctx context.Context) error {
	if t.depth == 0 {
		return errors.New("the outer transaction is rolled back by its owner")
	}
	_, err := t.conn.Exec(ctx, fmt.Sprintf("ROLLBACK TO SAVEPOINT notegen_sp_%d", t.depth))
	return err
}

func (t *connTx) CopyFrom(ctx context.Context, table pgx.Identifier, cols []string, src pgx.CopyFromSource) (int64, error) {
	return t.conn.CopyFrom(ctx, table, cols, src)
}

func (t *connTx) SendBatch(ctx context.Context, b *pgx.Batch) pgx.BatchResults {
	return t.conn.SendBatch(ctx, b)
}

func (t *connTx) LargeObjects() pgx.LargeObjects { return pgx.LargeObjects{} }

func (t *connTx) Prepare(ctx context.Context, name, sql string) (*pgconn.StatementDescription, error) {
	return t.conn.Prepare(ctx, name, sql)
}

func (t *connTx) Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error) {
	return t.conn.Exec(ctx, sql, args...)
}

func (t *connTx) Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error) {
	return t.conn.Query(ctx, sql, args...)
}

func (t *connTx) QueryRow(ctx context.Context, sql string, args ...any) pgx.Row {
	return t.conn.QueryRow(ctx, sql, args...)
}

func (t *connTx) Conn() *pgx.Conn { return t.conn }
