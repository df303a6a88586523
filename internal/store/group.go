package store

import (
	"context"
	"time"

	"github.com/notegen/notegen/internal/batch"
)

// groupTimeout bounds one shared transaction, which runs for several
// callers and so under none of their deadlines (each caller's statements
// still run under its own context).
const groupTimeout = time.Minute

// Group commits the write transactions of concurrent callers together:
// under a burst, the transactions that arrive while one commits are run
// one after another inside a single transaction, and so share its begin,
// its commit and its write of the pages they touch (on SQLite, one turn of
// the one writer; on PostgreSQL, one WAL flush). A lone transaction runs
// at once, as InTx runs it.
//
// Each caller's fn still commits all or nothing: when one fails, the
// shared transaction is rolled back and every fn of it runs again in a
// transaction of its own, so that one caller's error (a refused charge, an
// idempotency race) is only its own. An fn may therefore run twice, and
// must keep what it does outside the database for AfterCommit, as any
// transaction's fn should. Within the shared transaction a later fn sees
// what an earlier one wrote, as it would had that one committed first.
type Group struct {
	db *DB
	b  *batch.Batcher[*member]
}

// member is one caller's transaction in a Group.
type member struct {
	ctx context.Context
	fn  func(tx *Tx) error
	err error
}

// NewGroup returns a Group of at most max transactions each, running at
// most slots shared transactions at once (SQLite serialises its writers
// anyway; PostgreSQL commits several at once).
func (db *DB) NewGroup(max, slots int) *Group {
	g := &Group{db: db}
	g.b = &batch.Batcher[*member]{Max: max, Slots: slots, Run: g.run}
	return g
}

// InTx runs fn in a write transaction shared with the other callers of the
// moment, and returns once it has committed (nil) or failed (fn's error,
// or the database's). See Group for what fn may do.
func (g *Group) InTx(ctx context.Context, fn func(tx *Tx) error) error {
	m := &member{ctx: ctx, fn: fn}
	// No deadline on the wait: a caller whose context ends while its fn
	// waits in a batch would leave the fn to run anyway. fn's statements
	// run under ctx, so an ended ctx fails them.
	_ = g.b.Do(context.Background(), m)
	return m.err
}

// run serves a batch: one shared transaction, or each member on its own
// when the batch is one or the shared transaction fails.
func (g *Group) run(batch []*member) {
	if len(batch) == 1 {
		m := batch[0]
		m.err = g.db.InTx(m.ctx, m.fn)
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), groupTimeout)
	defer cancel()
	err := g.db.InTx(ctx, func(tx *Tx) error {
		for _, m := range batch {
			if err := m.ctx.Err(); err != nil {
				return err
			}
			if err := m.fn(tx); err != nil {
				return err
			}
		}
		return nil
	})
	if err == nil {
		return
	}
	// Which member failed, and whether the others would have committed,
	// is told by running each alone: the error it gets then is its own.
	for _, m := range batch {
		m.err = g.db.InTx(m.ctx, m.fn)
	}
}
