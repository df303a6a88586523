package queue_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/queue"
	"github.com/notegen/notegen/internal/store"
)

// TestAClaimHoldsForTheRunsAheadOfIt checks a claimed run's lease: a run
// that waits for a slot behind others (each of which may take the run
// timeout) keeps its claim for them too, so that no live replica's run is
// taken over, and run twice, while it waits.
func TestAClaimHoldsForTheRunsAheadOfIt(t *testing.T) {
	t.Parallel()
	onEachBackend(t, 1, 10, func(t *testing.T, db *store.DB, inserter *queue.Inserter) {
		ctx := context.Background()
		release := make(chan struct{})
		defer close(release)
		hold := func(ctx context.Context) error { <-release; return nil }
		failed := func(context.Context, error) {}
		var leases []time.Duration
		for range 3 {
			require.NoError(t, db.InTx(ctx, func(tx *store.Tx) error {
				c, ok := inserter.ClaimRunTx(tx, hold, failed)
				require.True(t, ok)
				require.Equal(t, "replica-test", c.By)
				leases = append(leases, time.Until(c.Until))
				return nil
			}))
		}
		// one slot, a minute's timeout: the first run's claim holds for its
		// own run and a minute's grace, the third's for the two ahead too
		require.InDelta(t, (2 * time.Minute).Seconds(), leases[0].Seconds(), 5)
		require.InDelta(t, (4 * time.Minute).Seconds(), leases[2].Seconds(), 5)
	})
}
