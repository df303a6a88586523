package apikey

import (
	"sync"
	"time"

	"github.com/notegen/notegen/internal/replica"
	"github.com/notegen/notegen/internal/store"
)

// cacheTTL bounds how long a cached key is trusted, in case a change
// notice was lost (the broker also wakes every subscriber when its
// listening connection is back).
const cacheTTL = time.Minute

// maxCachedKeys bounds the cache; past it the cache starts over.
const maxCachedKeys = 100_000

// keyCache remembers the keys that authenticated, by hash, so that a
// request does not read the database. Only good keys are cached: an
// unknown, inactive or deleted key, or one of a cancelled account, is
// looked up every time.
//
// Every change that can make a cached key fail (deactivation, deletion, an
// account cancelled) is recorded with replica.CredentialsChanged in its
// transaction, and answered only after every live replica has emptied its
// cache and acknowledged it (replica.AwaitCredentials). A replica whose
// own heartbeat is stale, and so is not waited for, does not use its
// cache.
//
// PostgreSQL only: on SQLite the broker does not reach other processes on
// the same file, so there every request reads the key's row.
type keyCache struct {
	replica *replica.Replica

	mu      sync.Mutex
	entries map[string]cachedKey
	// gen counts the times the cache was emptied: a row read before a
	// change is not stored after it.
	gen uint64
}

type cachedKey struct {
	caller   Caller
	cachedAt time.Time
	// usedAt is the last time this replica wrote the key's last_used.
	usedAt time.Time
}

// newKeyCache returns the cache for db, or nil where it cannot be kept
// coherent.
func newKeyCache(db *store.DB, r *replica.Replica) *keyCache {
	if r == nil || db.Dialect() != store.Postgres {
		return nil
	}
	c := &keyCache{replica: r, entries: map[string]cachedKey{}}
	r.OnCredentialsChanged(c.flush)
	return c
}

// flush empties the cache.
func (c *keyCache) flush() {
	c.mu.Lock()
	defer c.mu.Unlock()
	clear(c.entries)
	c.gen++
}

// get returns the cached key for hash and the generation to store under
// if it is not there.
func (c *keyCache) get(hash string, now time.Time) (cachedKey, uint64, bool) {
	current := c.replica.Current()
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.entries[hash]
	if ok && (!current || now.Sub(e.cachedAt) >= cacheTTL) {
		delete(c.entries, hash)
		ok = false
	}
	return e, c.gen, ok
}

// put stores a key read under generation gen, unless the cache was emptied
// since.
func (c *keyCache) put(hash string, e cachedKey, gen uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.gen != gen {
		return
	}
	if len(c.entries) >= maxCachedKeys {
		clear(c.entries)
	}
	c.entries[hash] = e
}

// used records that this replica wrote the key's last_used at t.
func (c *keyCache) used(hash string, t time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.entries[hash]; ok {
		e.usedAt = t
		c.entries[hash] = e
	}
}
