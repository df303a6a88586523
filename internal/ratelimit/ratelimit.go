// Package ratelimit limits requests per API key with fixed windows counted
// in the database, so every replica shares one count.
package ratelimit

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"time"

	"github.com/notegen/notegen/internal/apperr"
	"github.com/notegen/notegen/internal/config"
	"github.com/notegen/notegen/internal/store"
)

// Limiter counts requests.
type Limiter struct {
	db *store.DB
}

// New returns a limiter on db.
func New(db *store.DB) *Limiter { return &Limiter{db: db} }

// Decision is the outcome of one request, with the X-RateLimit-* headers
// the client should see.
type Decision struct {
	Headers map[string]string
}

// Allow counts one request of key against rate. It refuses with a
// rate_limited error carrying Retry-After once the window's limit is used.
func (l *Limiter) Allow(ctx context.Context, keyID string, rate config.Rate) (Decision, error) {
	now := store.Now()
	window := now.Truncate(rate.Period)
	reset := window.Add(rate.Period)
	var count int
	err := l.db.QueryRowWrite(ctx, `INSERT INTO rate_windows (api_key_id, window_start, count) VALUES (?, ?, 1)
		ON CONFLICT (api_key_id, window_start) DO UPDATE SET count = rate_windows.count + 1 RETURNING count`, keyID, window).Scan(&count)
	if err != nil {
		return Decision{}, fmt.Errorf("count request: %w", err)
	}
	d := Decision{Headers: map[string]string{
		"X-RateLimit-Limit":     strconv.Itoa(rate.Limit),
		"X-RateLimit-Remaining": strconv.Itoa(max(0, rate.Limit-count)),
		"X-RateLimit-Reset":     strconv.FormatInt(reset.Unix(), 10),
	}}
	if count > rate.Limit {
		wait := time.Duration(math.Ceil(reset.Sub(now).Seconds())) * time.Second
		return d, &apperr.Error{Code: apperr.RateLimited, Message: fmt.Sprintf("Rate limit of %s exceeded for this API key", rate), RetryAfter: wait, Headers: d.Headers}
	}
	return d, nil
}
