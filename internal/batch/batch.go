// Package batch runs requests that arrive at about the same time as one
// batch: under a burst one database round trip (or one transaction) serves
// many requests instead of each taking its own. It is the one batcher of
// the service: webhook deliveries' reads and recordings, the job status
// reads of long polls and status checks, and the job transactions
// committed together (store.Group) go through it.
package batch

import (
	"context"
	"sync"
)

// Batcher groups requests into batches. A request that arrives while every
// slot runs a batch waits and goes in a later one; nothing waits for a
// batch to fill, so a lone request runs at once.
//
// A slot has no goroutine of its own: the first request to find it free
// runs its batches, until the request itself has been served, and then
// hands the slot to the oldest request still waiting. The callers do the
// work, no caller runs batches for others indefinitely, and an idle
// Batcher holds nothing.
type Batcher[T any] struct {
	// Max bounds a batch; 0 is no bound.
	Max int
	// Slots is how many batches may run at once; 0 is one.
	Slots int
	// Distinct, when set, names what two requests of one batch must not
	// share: the second waits for a later batch.
	Distinct func(T) string
	// Run serves a batch; each request carries its own results. It runs
	// for many callers, under none of their contexts.
	Run func(batch []T)

	mu      sync.Mutex
	queue   []*request[T]
	running int
}

type request[T any] struct {
	v T
	// lead is closed when this request's caller is to run a slot's
	// batches, done when the request has been served.
	lead, done chan struct{}
	// leading is set, under the Batcher's mu, once lead is closed.
	leading bool
}

// Do serves v in a batch and returns once it has been served. When ctx
// ends first, Do returns ctx.Err() and v's results must be ignored: the
// batch it was taken into may still run. A caller handed a slot runs it
// whatever ctx says, since the requests waiting behind it depend on that.
func (b *Batcher[T]) Do(ctx context.Context, v T) error {
	r := &request[T]{v: v, lead: make(chan struct{}), done: make(chan struct{})}
	b.mu.Lock()
	b.queue = append(b.queue, r)
	if b.running < max(b.Slots, 1) {
		b.running++
		r.leading = true
		close(r.lead)
	}
	b.mu.Unlock()
	select {
	case <-r.done:
	case <-r.lead:
	case <-ctx.Done():
	}
	b.mu.Lock()
	if r.leading {
		// Handed a slot, perhaps after another slot's batch served r:
		// the slot is r's to run or pass on either way.
		b.mu.Unlock()
		b.lead(r)
		return nil
	}
	select {
	case <-r.done:
		b.mu.Unlock()
		return nil
	default:
	}
	for i, q := range b.queue {
		if q == r {
			b.queue = append(b.queue[:i:i], b.queue[i+1:]...)
			break
		}
	}
	b.mu.Unlock()
	return ctx.Err()
}

// Waiting reports how many requests wait for a batch, not counting those
// whose callers run a slot.
func (b *Batcher[T]) Waiting() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	n := 0
	for _, r := range b.queue {
		if !r.leading {
			n++
		}
	}
	return n
}

// lead runs batches on one slot until own has been served, then passes the
// slot to the oldest waiting request that has none, or frees it.
func (b *Batcher[T]) lead(own *request[T]) {
	for {
		b.mu.Lock()
		batch := b.take()
		b.mu.Unlock()
		if len(batch) == 0 {
			// own is in a batch another slot runs
			<-own.done
		} else {
			values := make([]T, len(batch))
			for i, r := range batch {
				values[i] = r.v
			}
			b.Run(values)
			for _, r := range batch {
				close(r.done)
			}
		}
		select {
		case <-own.done:
			b.mu.Lock()
			b.handOff()
			b.mu.Unlock()
			return
		default:
		}
	}
}

// handOff gives the slot of a leader whose request has been served to the
// oldest waiting request without one, or frees it. b.mu is held.
func (b *Batcher[T]) handOff() {
	for _, r := range b.queue {
		if !r.leading {
			r.leading = true
			close(r.lead)
			return
		}
	}
	b.running--
}

// take removes the next batch from the queue: the oldest requests, up to
// Max, none sharing a Distinct key. b.mu is held.
func (b *Batcher[T]) take() []*request[T] {
	var batch, rest []*request[T]
	var seen map[string]bool // only with Distinct: a status read's batch needs none
	if b.Distinct != nil {
		seen = map[string]bool{}
	}
	for _, r := range b.queue {
		key := ""
		if b.Distinct != nil {
			key = b.Distinct(r.v)
		}
		if (b.Max > 0 && len(batch) == b.Max) || (key != "" && seen[key]) {
			rest = append(rest, r)
			continue
		}
		if key != "" {
			seen[key] = true
		}
		batch = append(batch, r)
	}
	b.queue = rest
	return batch
}
