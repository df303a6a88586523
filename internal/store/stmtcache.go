package store

import (
	"context"
	"database/sql"
	"errors"
	"sync"
	"sync/atomic"
)

// maxCachedStatements bounds the statement cache. notegen's queries are
// string constants, so the bound is only a guard against a query built
// from data slipping in.
const maxCachedStatements = 1024

// stmtCache keeps one prepared statement per query text on a SQLite
// handle. Parsing is a large share of a SQLite query's cost (a third of the
// server's CPU on the status path before this cache), and database/sql
// re-prepares every statement it is given as text. A *sql.Stmt is prepared
// once per connection of its pool and reused; a transaction reuses the
// statement already prepared on its connection (sql.Tx.StmtContext).
//
// PostgreSQL needs none of this: pgx prepares and caches statements per
// connection itself (its default QueryExecModeCacheStatement).
type stmtCache struct {
	db *sql.DB
	mu sync.RWMutex
	m  map[string]*sql.Stmt
	// pending marks queries being prepared in the background.
	pending map[string]bool
	closed  bool
}

func newStmtCache(db *sql.DB) *stmtCache {
	return &stmtCache{db: db, m: map[string]*sql.Stmt{}, pending: map[string]bool{}}
}

// get returns the prepared statement for query, preparing it on first use.
// It returns nil when the statement cannot be prepared or the cache is
// full; the caller then runs the query as text and gets the error there.
// No lock is held while preparing: on the single-connection writer a
// prepare waits for the running transaction, which may itself look here.
func (c *stmtCache) get(ctx context.Context, query string) *sql.Stmt {
	if s := c.lookup(query); s != nil {
		return s
	}
	if c.full() {
		return nil
	}
	// Prepared without the caller's deadline: the statement outlives the
	// request that first needs it.
	s, err := c.db.PrepareContext(context.WithoutCancel(ctx), query)
	if err != nil {
		return nil
	}
	return c.keep(query, s)
}

// cached returns query's statement if it is prepared already. Otherwise
// it has it prepared in the background and returns nil: inside a
// transaction on the single-connection writer a prepare would wait for
// the very connection the transaction holds.
func (c *stmtCache) cached(query string) *sql.Stmt {
	if s := c.lookup(query); s != nil {
		return s
	}
	c.mu.Lock()
	start := !c.closed && !c.pending[query] && len(c.m)+len(c.pending) < maxCachedStatements
	if start {
		c.pending[query] = true
	}
	c.mu.Unlock()
	if start {
		go func() {
			s, err := c.db.PrepareContext(context.Background(), query)
			c.mu.Lock()
			delete(c.pending, query)
			c.mu.Unlock()
			if err == nil {
				c.keep(query, s)
			}
		}()
	}
	return nil
}

func (c *stmtCache) lookup(query string) *sql.Stmt {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return c.m[query]
}

func (c *stmtCache) full() bool {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return c.closed || len(c.m) >= maxCachedStatements
}

// keep stores s for query, or closes it when another caller stored one
// first or the cache is closed or full, and returns the statement to use.
func (c *stmtCache) keep(query string, s *sql.Stmt) *sql.Stmt {
	c.mu.Lock()
	defer c.mu.Unlock()
	if prev := c.m[query]; prev != nil {
		_ = s.Close()
		return prev
	}
	if c.closed || len(c.m) >= maxCachedStatements {
		_ = s.Close()
		return nil
	}
	c.m[query] = s
	return s
}

// close closes every cached statement; later prepares are not kept.
func (c *stmtCache) close() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.closed = true
	var err error
	for q, s := range c.m {
		err = errors.Join(err, s.Close())
		delete(c.m, q)
	}
	return err
}

// maxRebound bounds the rewritten queries kept: notegen's queries are
// constants, so the bound is only a guard against a query built per call.
const maxRebound = 4096

// rebound remembers each query's PostgreSQL form, so a request does not
// rewrite the same text again: rewriting cost a few percent of the CPU of
// GET /v1/status on PostgreSQL.
type rebound struct {
	m sync.Map
	n atomic.Int64
}

// of returns query with PostgreSQL placeholders when d is PostgreSQL.
func (r *rebound) of(d Dialect, query string) string {
	if d != Postgres {
		return query
	}
	if r == nil {
		return rebind(d, query)
	}
	if q, ok := r.m.Load(query); ok {
		return q.(string)
	}
	q := rebind(d, query)
	if r.n.Load() < maxRebound {
		if _, loaded := r.m.LoadOrStore(query, q); !loaded {
			r.n.Add(1)
		}
	}
	return q
}
