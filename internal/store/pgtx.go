package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/stdlib"
)

// A PostgreSQL transaction is opened and committed by store itself rather
// than by database/sql, so that its BEGIN travels with its first statement
// and its COMMIT with the statements deferred to it (Defer): one round trip
// each where database/sql's BEGIN and COMMIT were round trips of their own.
// On PostgreSQL a round trip, not the rows, is most of what a statement
// costs (both processes' CPU, and the wait), and a job's transactions were
// mostly BEGIN, one or two statements, and COMMIT.
//
// The statements are sent in one pipeline (a pgx batch): BEGIN opens an
// explicit transaction block, so the pipeline's end does not commit, and a
// statement that fails leaves the block aborted, which the rollback ends.
// A connection given back in a transaction is closed by the pool, never
// reused.

// rollbackTimeout bounds a rollback, which runs under no caller's context.
const rollbackTimeout = 10 * time.Second

// pgTx is the state of a PostgreSQL transaction.
type pgTx struct {
	// begun is set once BEGIN has been sent.
	begun bool
	// pending are the statements deferred to the next round trip.
	pending []deferred
	// err is the first error of a round trip whose error no caller got
	// (one sent before a QueryRow): the transaction's end returns it.
	err error
}

// deferred is a statement whose only result is whether it failed.
type deferred struct {
	query string
	args  []any
	// what names the statement in its error, as the caller's wrapping
	// would have.
	what string
	// counted, when set, is given the rows the statement wrote once its
	// result is read (DeferCounted).
	counted func(rows int64)
}

// Defer runs a statement whose only result is whether it failed. On
// PostgreSQL it is sent with the transaction's next statement, or with its
// COMMIT, in the same round trip; its error, wrapped with what, is then
// that statement's or the commit's. Every later statement of the
// transaction sees what it wrote. On SQLite it runs at once.
func (tx *Tx) Defer(ctx context.Context, what, query string, args ...any) error {
	return tx.DeferCounted(ctx, what, query, nil, args...)
}

// DeferCounted is Defer for a caller that must learn how many rows the
// statement wrote: counted (when not nil) is given the count once the
// statement has run, which on PostgreSQL is when the round trip that
// carries it is read, at the latest the commit's, before any AfterCommit
// function runs. A transaction that fails may have called it.
func (tx *Tx) DeferCounted(ctx context.Context, what, query string, counted func(rows int64), args ...any) error {
	if tx.pg == nil {
		res, err := tx.Exec(ctx, query, args...)
		if err != nil {
			return fmt.Errorf("%s: %w", what, err)
		}
		if counted != nil {
			n, err := res.RowsAffected()
			if err != nil {
				return fmt.Errorf("%s: %w", what, err)
			}
			counted(n)
		}
		return nil
	}
	tx.pg.pending = append(tx.pg.pending, deferred{query: tx.rebound.of(tx.dialect, query), args: args, what: what, counted: counted})
	return nil
}

// ScanRow runs a query that returns at most one row (a SELECT, or a write
// with RETURNING) and scans it into dest, as DB.ScanRow does: an error that
// is sql.ErrNoRows when there is no row. On PostgreSQL it goes in one round
// trip with the transaction's BEGIN and deferred statements when they are
// still to be sent, and dest must be types pgx scans into.
func (tx *Tx) ScanRow(ctx context.Context, query string, args []any, dest ...any) error {
	if tx.pg == nil {
		return tx.QueryRow(ctx, query, args...).Scan(dest...)
	}
	var err error
	rerr := tx.raw(func(c *pgx.Conn) error {
		err = tx.pg.send(ctx, c, tx.rebound.of(tx.dialect, query), args, func(br pgx.BatchResults) error {
			return br.QueryRow().Scan(dest...)
		})
		return nil
	})
	return errors.Join(rerr, err)
}

// raw runs fn on the pgx connection of this PostgreSQL transaction.
func (tx *Tx) raw(fn func(*pgx.Conn) error) error {
	return tx.conn.Raw(func(driverConn any) error {
		c, ok := driverConn.(*stdlib.Conn)
		if !ok {
			return fmt.Errorf("unexpected driver connection %T", driverConn)
		}
		return fn(c.Conn())
	})
}

// pgExec is Exec on PostgreSQL: in one round trip with what is still to be
// sent.
func (tx *Tx) pgExec(ctx context.Context, query string, args []any) (pgResult, error) {
	var tag pgconn.CommandTag
	var err error
	rerr := tx.raw(func(c *pgx.Conn) error {
		err = tx.pg.send(ctx, c, tx.rebound.of(tx.dialect, query), args, func(br pgx.BatchResults) error {
			var eerr error
			tag, eerr = br.Exec()
			return eerr
		})
		return nil
	})
	if err = errors.Join(rerr, err); err != nil {
		return pgResult{}, err
	}
	return pgResult{tag: tag}, nil
}

// flush sends BEGIN and the deferred statements, if any is still to be
// sent, before a statement that cannot go with them (one read through
// database/sql, or a library's on the pgx connection).
func (tx *Tx) flush(ctx context.Context) error {
	if tx.pg == nil || (tx.pg.begun && len(tx.pg.pending) == 0) {
		return nil
	}
	var err error
	rerr := tx.raw(func(c *pgx.Conn) error {
		err = tx.pg.send(ctx, c, "", nil, nil)
		return nil
	})
	if err = errors.Join(rerr, err); err != nil && tx.pg.err == nil {
		tx.pg.err = err
	}
	return err
}

// send sends, in one round trip, BEGIN if it was not sent yet, the
// deferred statements and then query (none when query is ""), whose result
// last reads. The first error is returned: a deferred statement's wrapped
// with its name, query's as it is.
func (p *pgTx) send(ctx context.Context, c *pgx.Conn, query string, args []any, last func(pgx.BatchResults) error) error {
	if p.begun && len(p.pending) == 0 {
		if query == "" {
			return nil
		}
		if last == nil {
			_, err := c.Exec(ctx, query, args...)
			return err
		}
	}
	b := &pgx.Batch{}
	begin := !p.begun
	if begin {
		b.Queue("BEGIN")
	}
	pending := p.pending
	p.pending = nil
	for _, d := range pending {
		b.Queue(d.query, d.args...)
	}
	if query != "" {
		b.Queue(query, args...)
	}
	// Once sent, BEGIN may have run whatever follows: the rollback must
	// end the block.
	p.begun = true
	br := c.SendBatch(ctx, b)
	err := p.read(br, begin, pending, query != "", last)
	return errors.Join(err, br.Close())
}

// read reads a pipeline's results in the order send queued them.
func (p *pgTx) read(br pgx.BatchResults, begin bool, pending []deferred, withQuery bool, last func(pgx.BatchResults) error) error {
	if begin {
		if _, err := br.Exec(); err != nil {
			return fmt.Errorf("begin transaction: %w", err)
		}
	}
	for _, d := range pending {
		tag, err := br.Exec()
		if err != nil {
			return fmt.Errorf("%s: %w", d.what, err)
		}
		if d.counted != nil {
			d.counted(tag.RowsAffected())
		}
	}
	if !withQuery {
		return nil
	}
	if last == nil {
		_, err := br.Exec()
		return err
	}
	return last(br)
}

// pgCommit sends the deferred statements and COMMIT in one round trip. A
// transaction that sent nothing has nothing to commit.
func (tx *Tx) pgCommit(ctx context.Context) error {
	if !tx.pg.begun && len(tx.pg.pending) == 0 {
		return nil
	}
	var tag pgconn.CommandTag
	var err error
	rerr := tx.raw(func(c *pgx.Conn) error {
		err = tx.pg.send(ctx, c, "COMMIT", nil, func(br pgx.BatchResults) error {
			var cerr error
			tag, cerr = br.Exec()
			return cerr
		})
		return nil
	})
	if err = errors.Join(rerr, err); err != nil {
		return err
	}
	// COMMIT of a block that a statement aborted answers ROLLBACK, without
	// an error.
	if tag.String() != "COMMIT" {
		return errors.New("commit: the transaction was rolled back")
	}
	return nil
}

// pgRollback ends the transaction without committing, when BEGIN was sent.
func (tx *Tx) pgRollback() {
	tx.pg.pending = nil
	if !tx.pg.begun {
		return
	}
	// A connection left in its transaction (this failed too) is closed by
	// the pool when it is given back, never reused.
	_ = tx.raw(func(c *pgx.Conn) error {
		ctx, cancel := context.WithTimeout(context.Background(), rollbackTimeout)
		defer cancel()
		_, err := c.Exec(ctx, "ROLLBACK")
		return err
	})
}

// pgResult is the sql.Result of a statement run on the pgx connection.
type pgResult struct{ tag pgconn.CommandTag }

// LastInsertId is not supported by PostgreSQL, as with database/sql.
func (r pgResult) LastInsertId() (int64, error) {
	return 0, errors.New("LastInsertId is not supported by PostgreSQL")
}

// RowsAffected is the statement's count of rows.
func (r pgResult) RowsAffected() (int64, error) { return r.tag.RowsAffected(), nil }
