// Package ratelimit limits requests per API key with fixed windows whose
// budget lives in the database, so every replica shares one count.
//
// A request does not write to the database. Each replica leases tokens of
// a key's window from the database in batches and spends them in memory;
// the database row counts the tokens handed out to all replicas, and a
// lease never takes more than is left. So:
//
//   - across replicas a key is never admitted more than its limit in a
//     window;
//   - a replica holds at most leaseCap(limit) unspent tokens of a key
//     (limit/20, at least 1, at most 1000), which other replicas cannot
//     spend: with R replicas a key may be refused at most (R-1)*leaseCap
//     requests before its limit, and only while those tokens sit unspent.
//
// Leases start at one token per window and double while the key keeps
// spending them, so a quiet key costs one write per request it makes while
// a busy key costs one write per leaseCap requests. With a limit of 20 or
// less every lease is one token and the count is exact.
package ratelimit

import (
	"context"
	"fmt"
	"math"
	"sync"
	"sync/atomic"
	"time"

	"github.com/notegen/notegen/internal/apperr"
	"github.com/notegen/notegen/internal/config"
	"github.com/notegen/notegen/internal/store"
)

// maxLease bounds one lease, however large the limit.
const maxLease = 1000

// pruneEvery is how often buckets of ended windows are dropped.
const pruneEvery = time.Minute

// Limiter counts requests.
type Limiter struct {
	db *store.DB

	mu      sync.Mutex
	buckets map[bucketKey]*bucket
	pruned  time.Time
}

// New returns a limiter on db.
func New(db *store.DB) *Limiter {
	return &Limiter{db: db, buckets: map[bucketKey]*bucket{}}
}

type bucketKey struct {
	keyID  string
	period time.Duration
}

// bucket is this replica's share of one key's current window.
type bucket struct {
	mu     sync.Mutex
	window time.Time
	// local is tokens leased from the database and not yet spent here.
	local int
	// handedOut is the window's count in the database after this replica's
	// last lease: tokens leased by every replica so far.
	handedOut int
	// next is the size of the next lease.
	next int
	// ends is when the bucket's window ends (Unix nanoseconds), for pruning
	// without taking mu.
	ends atomic.Int64
}

// Decision is the outcome of one request: what the client is told of its
// rate (the HTTP edge writes it as the X-RateLimit-* headers, on a refusal
// too).
type Decision struct {
	// Limit is the requests a window allows, Remaining how many of them
	// are left, and Reset when the window ends (Unix seconds).
	Limit, Remaining int
	Reset            int64
}

// Allow counts one request of key against rate. It refuses with a
// rate_limited error carrying Retry-After once the window's limit is used,
// and returns the Decision with it.
func (l *Limiter) Allow(ctx context.Context, keyID string, rate config.Rate) (Decision, error) {
	now := store.Now()
	window := now.Truncate(rate.Period)
	reset := window.Add(rate.Period)
	b := l.bucket(keyID, rate.Period, now)

	b.mu.Lock()
	defer b.mu.Unlock()
	if !b.window.Equal(window) {
		b.window, b.local, b.handedOut, b.next = window, 0, 0, 1
		b.ends.Store(reset.UnixNano())
	}
	if b.local == 0 && b.handedOut < rate.Limit {
		if err := l.lease(ctx, b, keyID, rate.Limit); err != nil {
			return Decision{}, err
		}
	}
	admitted := b.local > 0
	if admitted {
		b.local--
	}
	// Tokens nobody has leased yet plus this replica's unspent ones: exact
	// with one replica or one-token leases, an upper bound otherwise.
	remaining := max(0, rate.Limit-b.handedOut) + b.local
	d := Decision{Limit: rate.Limit, Remaining: remaining, Reset: reset.Unix()}
	if !admitted {
		wait := time.Duration(math.Ceil(reset.Sub(now).Seconds())) * time.Second
		return d, &apperr.Error{Code: apperr.RateLimited, Message: fmt.Sprintf("Rate limit of %s exceeded for this API key", rate), RetryAfter: wait}
	}
	return d, nil
}

// lease takes up to b.next tokens of b's window from the database. The
// row's count may pass the limit (a lease asks before it knows what is
// left); what a lease gets is only what was left below the limit.
func (l *Limiter) lease(ctx context.Context, b *bucket, keyID string, limit int) error {
	want := b.next
	var count int
	err := l.db.QueryRowWrite(ctx, `INSERT INTO rate_windows (api_key_id, window_start, count) VALUES (?, ?, ?)
		ON CONFLICT (api_key_id, window_start) DO UPDATE SET count = rate_windows.count + excluded.count RETURNING count`,
		keyID, b.window, want).Scan(&count)
	if err != nil {
		return fmt.Errorf("lease rate budget: %w", err)
	}
	got := max(0, min(want, limit-(count-want)))
	b.local += got
	b.handedOut = min(count, limit)
	b.next = min(want*2, leaseCap(limit))
	return nil
}

// leaseCap is the most tokens one lease takes: a twentieth of the limit,
// so that tokens stranded on other replicas are a small share of it.
func leaseCap(limit int) int {
	return max(1, min(limit/20, maxLease))
}

// bucket returns this replica's bucket for key and period, and now and then
// drops the buckets of windows that have ended.
func (l *Limiter) bucket(keyID string, period time.Duration, now time.Time) *bucket {
	k := bucketKey{keyID: keyID, period: period}
	l.mu.Lock()
	defer l.mu.Unlock()
	if now.Sub(l.pruned) >= pruneEvery {
		l.pruned = now
		for key, b := range l.buckets {
			if b.ends.Load() < now.UnixNano() {
				delete(l.buckets, key)
			}
		}
	}
	b, ok := l.buckets[k]
	if !ok {
		b = &bucket{}
		b.ends.Store(now.Truncate(period).Add(period).UnixNano())
		l.buckets[k] = b
	}
	return b
}

// windowRetention is how long a window's row is kept after it starts:
// longer than any window, so a row is never deleted while it counts.
const windowRetention = 2 * time.Hour

// ForgetWindows deletes the rows of windows that started before
// now - windowRetention. The retention sweep calls it.
func ForgetWindows(ctx context.Context, q store.Queryer, now time.Time) error {
	if _, err := q.Exec(ctx, `DELETE FROM rate_windows WHERE window_start < ?`, now.Add(-windowRetention)); err != nil {
		return fmt.Errorf("forget rate windows: %w", err)
	}
	return nil
}
