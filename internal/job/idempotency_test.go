package job

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/store"
	"github.com/notegen/notegen/internal/storetest"
)

// The idempotency records at store level, each test in a transaction rolled
// back at its end (storetest.Each): a key is taken once within its window,
// an expired record gives its key to the next request, and the sweep
// forgets exactly the records past the window.
func TestIdempotencyRecordsKeepTheirWindow(t *testing.T) {
	storetest.Each(t, func(t *testing.T, tx *store.Tx) {
		ctx, now := context.Background(), store.Now()
		apiKey := uuid.NewString()
		old, err := NewIdempotency("old", "process-text", []byte("a"))
		require.NoError(t, err)
		fresh, err := NewIdempotency("fresh", "process-text", []byte("b"))
		require.NoError(t, err)
		stale := now.Add(-IdempotencyWindow - time.Minute)
		require.NoError(t, remember(ctx, tx, apiKey, old, uuid.NewString(), stale))
		require.NoError(t, remember(ctx, tx, apiKey, fresh, uuid.NewString(), now))
		otherKey := uuid.NewString()
		require.NoError(t, remember(ctx, tx, otherKey, fresh, uuid.NewString(), now), "keys are per API key")

		reused := uuid.NewString()
		require.NoError(t, remember(ctx, tx, apiKey, old, reused, now), "an expired record gives up its key")
		require.Equal(t, []string{"fresh", "old"}, keysOf(t, tx, apiKey))
		require.Equal(t, reused, jobOf(t, tx, apiKey, "old"))

		require.NoError(t, forgetIdempotencyKeys(ctx, tx, now.Add(IdempotencyWindow/2)))
		require.Equal(t, []string{"fresh", "old"}, keysOf(t, tx, apiKey), "nothing within the window is forgotten")
		require.NoError(t, forgetIdempotencyKeys(ctx, tx, now.Add(IdempotencyWindow+time.Minute)))
		require.Empty(t, keysOf(t, tx, apiKey))
		require.Empty(t, keysOf(t, tx, otherKey))

		// Last: on PostgreSQL the refused insert ends the transaction.
		require.NoError(t, remember(ctx, tx, apiKey, fresh, uuid.NewString(), now))
		require.ErrorIs(t, remember(ctx, tx, apiKey, fresh, uuid.NewString(), now), errIdempotencyRace,
			"a key in its window is taken")
	})
}

func keysOf(t *testing.T, tx *store.Tx, apiKey string) []string {
	t.Helper()
	keys, err := store.Collect(context.Background(), tx, "keys", func(row func(...any) error) (string, error) {
		var k string
		return k, row(&k)
	}, `SELECT key FROM idempotency_keys WHERE api_key_id = ? ORDER BY key`, apiKey)
	require.NoError(t, err)
	return keys
}

func jobOf(t *testing.T, tx *store.Tx, apiKey, key string) string {
	t.Helper()
	var id string
	require.NoError(t, tx.QueryRow(context.Background(), `SELECT job_id FROM idempotency_keys WHERE api_key_id = ? AND key = ?`,
		apiKey, key).Scan(&id))
	return id
}
