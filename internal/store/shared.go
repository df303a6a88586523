package store

import (
	"sync/atomic"
)

// sharedVersion is a change counter that every process on one SQLite file
// reads from shared memory, without a query: a cheap "has anything of this
// kind changed?" for caches whose rows other processes may change (API
// keys). Two words of a small file mapped by each process:
//
//   - pending counts changes whose transaction has begun and not yet ended;
//     while it is not zero, readers must not trust or fill their caches.
//   - version changes when such a transaction begins and again when it ends,
//     so an entry cached before either is never current after it.
//
// A process killed between the two leaves pending set: caches are then
// bypassed (correct, only slower) until the next write transaction resets
// it, which is safe because a write transaction holds SQLite's one write
// lock, so no other change can be under way.
type sharedVersion struct {
	mem     []byte
	pending *atomic.Int64
	version *atomic.Int64
}

// SharedVersion reads the change counter that BumpSharedVersion moves.
// settled is false while a change is under way (or on PostgreSQL, or when
// the counter is not available): then a cache must read the database.
func (db *DB) SharedVersion() (version uint64, settled bool) {
	s := db.shared
	if s == nil {
		return 0, false
	}
	if s.pending.Load() != 0 {
		return 0, false
	}
	return uint64(s.version.Load()), true
}

// BumpSharedVersion announces, through the SQLite shared counter, that tx
// changes what SharedVersion guards: from now until tx has ended, caches
// read the database, and after it they refill. A no-op on PostgreSQL,
// whose replicas hear of changes through notifications.
func (tx *Tx) BumpSharedVersion() {
	s := tx.shared
	if s == nil || tx.bumped {
		return
	}
	tx.bumped = true
	s.pending.Add(1)
	s.version.Add(1)
}

// endShared closes what BumpSharedVersion opened, once tx has committed or
// rolled back: the version moves again, then the change is no longer
// pending.
func (tx *Tx) endShared() {
	if !tx.bumped {
		return
	}
	tx.shared.version.Add(1)
	tx.shared.pending.Add(-1)
}

// settle clears a pending count left by a process that died mid-change. It
// runs inside a write transaction, when no other transaction on the file
// can be between its begin and its commit.
func (s *sharedVersion) settle() {
	if s == nil || s.pending.Load() == 0 {
		return
	}
	s.version.Add(1)
	s.pending.Store(0)
}
