package notegen

import (
	"context"
	"math/rand/v2"
	"time"
)

// RetryPolicy says how the client retries. It retries a 429 always, and a
// 502, 503, 504 or network error only when the call is idempotent: reads,
// replacements, uploads, and submissions, which carry an Idempotency-Key.
// It never retries a non-idempotent call (creating a key, cancelling the
// account, rotating a secret, refreshing a token) after a network error.
type RetryPolicy struct {
	// MaxAttempts counts the first try; 1 disables retries.
	MaxAttempts int
	// BaseDelay is the first backoff; each retry doubles it, with jitter.
	BaseDelay time.Duration
	// MaxDelay caps one backoff.
	MaxDelay time.Duration
	// MaxRetryAfter is the longest Retry-After the client waits for;
	// beyond it the call returns the error with ServiceError.RetryAfter.
	MaxRetryAfter time.Duration
}

// DefaultRetryPolicy returns 4 attempts with a backoff from 500 ms up to
// 8 s, waiting up to 60 s when the server sends Retry-After.
func DefaultRetryPolicy() RetryPolicy {
	return RetryPolicy{MaxAttempts: 4, BaseDelay: 500 * time.Millisecond, MaxDelay: 8 * time.Second, MaxRetryAfter: time.Minute}
}

// NoRetry returns a policy that tries once.
func NoRetry() RetryPolicy { return RetryPolicy{MaxAttempts: 1} }

func (p RetryPolicy) allows(attempt int) bool { return attempt < p.MaxAttempts }

// backoff is the jittered exponential delay after attempt: a random value
// between half and all of BaseDelay * 2^(attempt-1), capped at MaxDelay.
func (p RetryPolicy) backoff(attempt int) time.Duration {
	d := p.BaseDelay
	for i := 1; i < attempt && d < p.MaxDelay; i++ {
		d *= 2
	}
	if p.MaxDelay > 0 && d > p.MaxDelay {
		d = p.MaxDelay
	}
	if d <= 0 {
		return 0
	}
	half := d / 2
	return half + rand.N(half+1)
}

// delay is the wait before the next attempt: the server's Retry-After when
// it sent one, else the backoff. ok is false when Retry-After is longer
// than the policy waits.
func (p RetryPolicy) delay(attempt int, retryAfter time.Duration) (time.Duration, bool) {
	if retryAfter > 0 {
		if p.MaxRetryAfter > 0 && retryAfter > p.MaxRetryAfter {
			return 0, false
		}
		return retryAfter, true
	}
	return p.backoff(attempt), true
}

// sleep waits for d or until ctx is done.
func sleep(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
