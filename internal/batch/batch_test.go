package batch

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Under concurrent load every request is served exactly once, no batch is
// larger than Max, no more batches run at once than there are slots, and
// requests do share batches.
func TestEveryRequestIsServedOnceWithinTheBounds(t *testing.T) {
	t.Parallel()
	for _, slots := range []int{1, 2, 4} {
		var inFlight, most, batches atomic.Int64
		served := make([]atomic.Int32, 64*50)
		b := &Batcher[int]{Max: 8, Slots: slots, Run: func(vs []int) {
			n := inFlight.Add(1)
			for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() {
			}
			assert.LessOrEqual(t, len(vs), 8)
			batches.Add(1)
			time.Sleep(50 * time.Microsecond)
			for _, v := range vs {
				served[v].Add(1)
			}
			inFlight.Add(-1)
		}}
		var wg sync.WaitGroup
		for g := range 64 {
			wg.Go(func() {
				for i := range 50 {
					assert.NoError(t, b.Do(context.Background(), g*50+i))
				}
			})
		}
		wg.Wait()
		for v := range served {
			require.EqualValues(t, 1, served[v].Load(), "request %d", v)
		}
		require.LessOrEqual(t, most.Load(), int64(slots), "batches at once")
		require.Less(t, batches.Load(), int64(len(served)), "some requests shared a batch")
		b.mu.Lock()
		require.Zero(t, b.running, "every slot was given back")
		require.Empty(t, b.queue)
		b.mu.Unlock()
	}
}

// Two requests with the same Distinct key never share a batch.
func TestDistinctKeysNeverShareABatch(t *testing.T) {
	t.Parallel()
	b := &Batcher[int]{Max: 16, Slots: 2, Distinct: func(v int) string { return string(rune('a' + v%3)) },
		Run: func(vs []int) {
			seen := map[int]bool{}
			for _, v := range vs {
				assert.False(t, seen[v%3], "key %d twice in %v", v%3, vs)
				seen[v%3] = true
			}
		}}
	var wg sync.WaitGroup
	for g := range 32 {
		wg.Go(func() {
			for i := range 30 {
				assert.NoError(t, b.Do(context.Background(), g*30+i))
			}
		})
	}
	wg.Wait()
}

// A lone request runs at once; requests that arrive while a batch runs go
// together in the next; a waiting request whose context ends returns its
// error at once and is not served; the others are, and the slot is free
// again afterwards.
func TestWaitingRequestsShareTheNextBatchAndMayGiveUp(t *testing.T) {
	t.Parallel()
	release := make(chan struct{})
	var mu sync.Mutex
	var batches [][]string
	b := &Batcher[string]{Max: 10, Run: func(vs []string) {
		mu.Lock()
		batches = append(batches, append([]string(nil), vs...))
		first := len(batches) == 1
		mu.Unlock()
		if first {
			<-release
		}
	}}
	leaderDone := make(chan error)
	go func() { leaderDone <- b.Do(context.Background(), "lone") }()
	require.Eventually(t, func() bool { mu.Lock(); defer mu.Unlock(); return len(batches) == 1 }, 5*time.Second, time.Millisecond)

	ctx, cancel := context.WithCancel(context.Background())
	gaveUp := make(chan error)
	go func() { gaveUp <- b.Do(ctx, "gives up") }()
	waiters := make(chan error, 3)
	for _, v := range []string{"w1", "w2", "w3"} {
		go func() { waiters <- b.Do(context.Background(), v) }()
	}
	require.Eventually(t, func() bool { b.mu.Lock(); defer b.mu.Unlock(); return len(b.queue) == 4 }, 5*time.Second, time.Millisecond)
	cancel()
	require.ErrorIs(t, <-gaveUp, context.Canceled)
	close(release)
	require.NoError(t, <-leaderDone)
	for range 3 {
		require.NoError(t, <-waiters)
	}
	mu.Lock()
	require.Equal(t, []string{"lone"}, batches[0])
	require.ElementsMatch(t, []string{"w1", "w2", "w3"}, batches[1], "the waiters went together")
	require.Len(t, batches, 2, "the request that gave up was not served")
	mu.Unlock()
	require.NoError(t, b.Do(context.Background(), "after"))
	b.mu.Lock()
	require.Zero(t, b.running)
	b.mu.Unlock()
}
