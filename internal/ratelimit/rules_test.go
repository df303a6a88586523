package ratelimit_test

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/apperr"
	"github.com/notegen/notegen/internal/config"
	"github.com/notegen/notegen/internal/ratelimit"
	"github.com/notegen/notegen/internal/store"
	"github.com/notegen/notegen/internal/storetest"
)

func TestMain(m *testing.M) { storetest.Main(m) }

// A day's window, so that no test run straddles two.
var day = 24 * time.Hour

// A key with a small limit is counted exactly: each request says what is
// left, and the one past the limit is refused with rate_limited, a
// Retry-After up to the window's end and nothing left.
func TestASmallLimitIsCountedExactly(t *testing.T) {
	storetest.EachDB(t, func(t *testing.T, db *store.DB) {
		l, key := ratelimit.New(db), uuid.NewString()
		rate := config.Rate{Limit: 5, Period: day}
		for left := 4; left >= 0; left-- {
			d, err := l.Allow(context.Background(), key, rate)
			require.NoError(t, err)
			require.Equal(t, ratelimit.Decision{Limit: 5, Remaining: left, Reset: d.Reset}, d)
		}
		d, err := l.Allow(context.Background(), key, rate)
		e := apperr.From(err)
		require.Equal(t, apperr.RateLimited, e.Code)
		require.Positive(t, e.RetryAfter)
		require.LessOrEqual(t, e.RetryAfter, day+time.Second)
		require.Equal(t, 5, d.Limit, "a refusal carries the decision")
		require.Zero(t, d.Remaining)
		require.Equal(t, store.Now().Truncate(day).Add(day).Unix(), d.Reset)
	})
}

// Two replicas leasing one key's budget from the database never admit
// more than its limit together, and refuse at most a lease's worth of
// tokens early (the tokens the other replica holds unspent).
func TestReplicasNeverAdmitPastTheLimit(t *testing.T) {
	storetest.EachDB(t, func(t *testing.T, db *store.DB) {
		replicas := []*ratelimit.Limiter{ratelimit.New(db), ratelimit.New(db)}
		key, rate := uuid.NewString(), config.Rate{Limit: 200, Period: day}
		var admitted, refused atomic.Int64
		var wg sync.WaitGroup
		for g := range 8 {
			wg.Go(func() {
				for i := range 50 {
					_, err := replicas[(g+i)%2].Allow(context.Background(), key, rate)
					switch {
					case err == nil:
						admitted.Add(1)
					case apperr.From(err).Code == apperr.RateLimited:
						refused.Add(1)
					default:
						assert.NoError(t, err)
					}
				}
			})
		}
		wg.Wait()
		require.EqualValues(t, 400, admitted.Load()+refused.Load())
		require.LessOrEqual(t, admitted.Load(), int64(200), "never past the limit")
		require.GreaterOrEqual(t, admitted.Load(), int64(200-200/20), "at most one replica's lease refused early")
	})
}
