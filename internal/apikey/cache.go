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
// request does not read the key's and its account's rows. Only good keys
// are cached: an unknown, inactive or deleted key, or one of a cancelled
// account, is looked up every time.
//
// Every change that can make a cached key fail (deactivation, deletion, an
// account cancelled) bumps the credentials epoch in its transaction
// (replica.CredentialsChanged). Then:
//
//   - On PostgreSQL the change is announced through the broker, and answered
//     only after every live replica has emptied its cache and acknowledged
//     it (replica.AwaitCredentials). A replica whose own heartbeat is stale,
//     and so is not waited for, does not use its cache. No database read.
//   - On SQLite, where the broker does not reach other processes on the same
//     file, the change also moves the counter the processes on the file
//     share in memory (store.DB.SharedVersion): each look-up reads it, with
//     no query, and trusts only entries cached under the same version.
//     While a change is under way the cache is not used at all.
type keyCache struct {
	db      *store.DB
	replica *replica.Replica
	// byVersion is the SQLite mode: entries are checked against the
	// shared version.
	byVersion bool

	mu      sync.Mutex
	entries map[string]cachedKey
	// gen counts the times the cache was emptied (PostgreSQL): a row read
	// before a change is not stored after it.
	gen uint64
}

type cachedKey struct {
	caller   Caller
	cachedAt time.Time
	// stamp is the generation (PostgreSQL) or the shared version plus one
	// (SQLite) the entry was read under.
	stamp uint64
	// usedAt is the last time this replica wrote the key's last_used.
	usedAt time.Time
}

// newKeyCache returns the cache, or nil without a replica.
func newKeyCache(db *store.DB, r *replica.Replica) *keyCache {
	if r == nil {
		return nil
	}
	c := &keyCache{db: db, replica: r, byVersion: db.Dialect() != store.Postgres, entries: map[string]cachedKey{}}
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

// get returns the cached key for hash, and the stamp to store a freshly
// read key under.
func (c *keyCache) get(hash string, now time.Time) (cachedKey, uint64, bool) {
	var stamp uint64
	current := true
	if c.byVersion {
		version, settled := c.db.SharedVersion()
		if !settled {
			// A change is under way: read the rows, store nothing.
			return cachedKey{}, 0, false
		}
		stamp = version + 1
	} else {
		current = c.replica.Current()
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.byVersion {
		stamp = c.gen
	}
	e, ok := c.entries[hash]
	if ok && (!current || e.stamp != stamp || now.Sub(e.cachedAt) >= cacheTTL) {
		delete(c.entries, hash)
		ok = false
	}
	return e, stamp, ok
}

// put stores a key read under stamp, unless the cache was emptied since
// (PostgreSQL). Stamp 0 is never stored.
func (c *keyCache) put(hash string, e cachedKey) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if (c.byVersion && e.stamp == 0) || (!c.byVersion && c.gen != e.stamp) {
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
