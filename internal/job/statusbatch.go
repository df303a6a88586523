package job

import (
	"context"
	"sync"
	"time"

	"github.com/notegen/notegen/internal/store"
)

// On PostgreSQL a status read is one round trip, and under load most of
// its cost is per round trip, not per row: the write and read system calls
// on both sides, and PostgreSQL's own per-statement work (bind, executor
// start, transaction, snapshot). So a status read that starts while
// statusBatchesInFlight reads are already running waits for the next
// batch, which one query (id = ANY) answers for every read waiting by
// then. A lone read still goes at once, alone.
//
// Freshness is that of a read of its own: a batch query is sent only after
// every read in it was queued, so it sees every change committed before
// any of those requests arrived (a change another replica committed and
// acknowledged before the request is never missed).

// statusBatchQuery is statusQuery for several ids (PostgreSQL's = ANY).
const statusBatchQuery = `SELECT ` + statusColumns + ` FROM jobs WHERE id = ANY(?)`

// maxStatusBatch bounds the ids of one batch query; more wait for the next.
const maxStatusBatch = 128

// statusBatchTimeout bounds a batch query, which runs for many requests and
// so under none of their contexts.
const statusBatchTimeout = 30 * time.Second

// statusBatchesInFlight is how many status queries run at once. One, two
// and four measured alike at 32 clients on 2 cores (1.33-1.35x the
// requests per second of a query per read); two keeps a slow query from
// holding up every other status read.
const statusBatchesInFlight = 2

// statusBatcher groups the status reads that wait for a free query slot.
type statusBatcher struct {
	db    *store.DB
	limit int

	mu sync.Mutex
	// running counts the queries in flight, at most limit; waiting is
	// empty whenever running < limit.
	running int
	waiting []*statusRead
}

// statusRead is one request's read, answered by the batch it joined.
type statusRead struct {
	id    string
	row   statusRow
	found bool
	err   error
	// done is closed once the read is answered (nil for a read that runs
	// its own query).
	done chan struct{}
}

// read answers job id's status row as readStatus does.
func (b *statusBatcher) read(ctx context.Context, id string) (statusRow, bool, error) {
	r := &statusRead{id: id}
	b.mu.Lock()
	if b.running < b.limit {
		b.running++
		b.mu.Unlock()
		b.run(ctx, []*statusRead{r})
		if next := b.take(); next != nil {
			go b.serve(next)
		}
		return r.row, r.found, r.err
	}
	r.done = make(chan struct{})
	b.waiting = append(b.waiting, r)
	b.mu.Unlock()
	select {
	case <-r.done:
		return r.row, r.found, r.err
	case <-ctx.Done():
		// The batch still runs for the others; this answer is dropped.
		return statusRow{}, false, ctx.Err()
	}
}

// take ends a query slot's turn: it returns the next batch of waiting reads
// for that slot, or nil and frees the slot.
func (b *statusBatcher) take() []*statusRead {
	b.mu.Lock()
	defer b.mu.Unlock()
	if len(b.waiting) == 0 {
		b.running--
		return nil
	}
	n := min(len(b.waiting), maxStatusBatch)
	batch := b.waiting[:n:n]
	if n == len(b.waiting) {
		b.waiting = nil
	} else {
		b.waiting = append([]*statusRead(nil), b.waiting[n:]...)
	}
	return batch
}

// serve runs batches on one query slot until no read waits.
func (b *statusBatcher) serve(batch []*statusRead) {
	for batch != nil {
		ctx, cancel := context.WithTimeout(context.Background(), statusBatchTimeout)
		b.run(ctx, batch)
		cancel()
		batch = b.take()
	}
}

// run answers every read of batch with one query.
func (b *statusBatcher) run(ctx context.Context, batch []*statusRead) {
	ids := make([]string, 0, len(batch))
	seen := make(map[string]bool, len(batch))
	for _, r := range batch {
		if !seen[r.id] {
			seen[r.id] = true
			ids = append(ids, r.id)
		}
	}
	rows := make(map[string]statusRow, len(ids))
	err := b.db.ScanRows(ctx, statusBatchQuery, []any{ids}, func(scan func(dest ...any) error) error {
		var row statusRow
		if err := scan(row.dest()...); err != nil {
			return err
		}
		rows[row.view.JobID] = row
		return nil
	})
	for _, r := range batch {
		r.row, r.found = rows[r.id]
		r.err = err
		if r.done != nil {
			close(r.done)
		}
	}
}
