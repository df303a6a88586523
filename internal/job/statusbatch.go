package job

import (
	"context"
	"time"

	"github.com/notegen/notegen/internal/batch"
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

// statusRead is one request's read, answered by the batch it joined.
type statusRead struct {
	id    string
	row   statusRow
	found bool
	err   error
}

// newStatusBatcher groups the status reads that find every query slot
// busy into the next batch.
func newStatusBatcher(db *store.DB) *batch.Batcher[*statusRead] {
	return &batch.Batcher[*statusRead]{Max: maxStatusBatch, Slots: statusBatchesInFlight, Run: func(reads []*statusRead) {
		ctx, cancel := context.WithTimeout(context.Background(), statusBatchTimeout)
		defer cancel()
		readStatuses(ctx, db, reads)
	}}
}

// readStatuses answers every read of a batch with one query.
func readStatuses(ctx context.Context, db *store.DB, reads []*statusRead) {
	ids := make([]string, 0, len(reads))
	seen := make(map[string]bool, len(reads))
	for _, r := range reads {
		if !seen[r.id] {
			seen[r.id] = true
			ids = append(ids, r.id)
		}
	}
	rows := make(map[string]statusRow, len(ids))
	err := db.ScanRows(ctx, statusBatchQuery, []any{ids}, func(scan func(dest ...any) error) error {
		var row statusRow
		if err := scan(row.dest()...); err != nil {
			return err
		}
		rows[row.view.JobID] = row
		return nil
	})
	for _, r := range reads {
		r.row, r.found = rows[r.id]
		r.err = err
	}
}
