package server

import (
	"context"
	"errors"
	"sync"
)

// errQueueFull is returned when every slot is busy and the wait queue is full:
// the client should back off rather than pile up memory and temp files here.
var errQueueFull = errors.New("queue full")

// queue bounds how many transcriptions run at once (each holds native
// recognizer state and CPU) and how many may wait for a slot.
type queue struct {
	slots chan struct{}
	mu    sync.Mutex
	wait  int
	max   int
}

func newQueue(concurrency, maxWaiting int) *queue {
	return &queue{slots: make(chan struct{}, max(concurrency, 1)), max: max(maxWaiting, 0)}
}

// acquire takes a slot, waiting in line if allowed; the returned func frees it.
func (q *queue) acquire(ctx context.Context, onWait func(delta int)) (func(), error) {
	select {
	case q.slots <- struct{}{}:
		return q.release, nil
	default:
	}
	q.mu.Lock()
	if q.wait >= q.max {
		q.mu.Unlock()
		return nil, errQueueFull
	}
	q.wait++
	q.mu.Unlock()
	onWait(1)
	defer func() {
		q.mu.Lock()
		q.wait--
		q.mu.Unlock()
		onWait(-1)
	}()
	select {
	case q.slots <- struct{}{}:
		return q.release, nil
	case <-ctx.Done():
		return nil, context.Cause(ctx)
	}
}

func (q *queue) release() { <-q.slots }
