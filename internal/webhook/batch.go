package webhook

import "sync"

// batcher runs the requests of the delivery workers that arrive at about
// the same time as one batch: under a burst one database round trip (or
// one transaction) serves many deliveries instead of each taking its own.
// A request that arrives while a batch runs waits for it and goes in the
// next; nothing waits for a batch to fill, so a lone request runs at once.
//
// One waiting worker at a time runs the batches for all: the first to
// arrive, until its own request is done; it then hands the task to the
// oldest request still waiting, so that no worker runs batches for others
// indefinitely.
type batcher[T any] struct {
	// max bounds a batch.
	max int
	// distinct, when set, names what two requests of one batch must not
	// share: a second one waits for the next batch.
	distinct func(T) string
	// run serves a batch; each request carries its own results.
	run func(batch []T)

	mu      sync.Mutex
	queue   []*batchRequest[T]
	running bool
}

type batchRequest[T any] struct {
	v T
	// lead is closed when this request's worker is to run the batches;
	// done when the request has been served.
	lead, done chan struct{}
}

// do serves v with the requests that arrive meanwhile and returns once v
// has been served.
func (b *batcher[T]) do(v T) {
	r := &batchRequest[T]{v: v, lead: make(chan struct{}), done: make(chan struct{})}
	b.mu.Lock()
	b.queue = append(b.queue, r)
	if !b.running {
		b.running = true
		close(r.lead)
	}
	b.mu.Unlock()
	select {
	case <-r.done:
	case <-r.lead:
		b.lead(r)
	}
}

// lead runs batches until own is served, then passes the lead on.
func (b *batcher[T]) lead(own *batchRequest[T]) {
	for {
		b.mu.Lock()
		batch := b.take()
		b.mu.Unlock()
		values := make([]T, len(batch))
		for i, r := range batch {
			values[i] = r.v
		}
		if len(values) > 0 {
			b.run(values)
		}
		for _, r := range batch {
			close(r.done)
		}
		select {
		case <-own.done:
			b.mu.Lock()
			if len(b.queue) == 0 {
				b.running = false
			} else {
				close(b.queue[0].lead)
			}
			b.mu.Unlock()
			return
		default:
		}
	}
}

// take removes the next batch from the queue. b.mu is held.
func (b *batcher[T]) take() []*batchRequest[T] {
	var batch, rest []*batchRequest[T]
	seen := map[string]bool{}
	for _, r := range b.queue {
		key := ""
		if b.distinct != nil {
			key = b.distinct(r.v)
		}
		if len(batch) == b.max || (key != "" && seen[key]) {
			rest = append(rest, r)
			continue
		}
		seen[key] = true
		batch = append(batch, r)
	}
	b.queue = rest
	return batch
}
