package queue

import (
	"context"
	"fmt"
	"sync"

	"github.com/notegen/notegen/internal/store"
)

// On PostgreSQL a direct run's River job takes its id from a block of ids
// this replica reserved from river_job's own sequence beforehand, so that
// its insert needs no RETURNING and is deferred (store.Tx.Defer): it goes
// to the database with the submission's commit, where reading the id back
// was a round trip of its own per submission, for both processes. A block
// costs one statement per idBlock jobs. Ids reserved and never used (the
// replica stopped) are gaps, as a rolled back insert leaves; River orders
// its fetches by priority, due time and then id, so ids of two replicas'
// blocks out of their inserts' order only break ties differently.

// idBlock is how many ids one reservation takes.
const idBlock = 64

// idReserve holds the River job ids this replica reserved and has not used.
type idReserve struct {
	mu  sync.Mutex
	ids []int64
}

// take returns a reserved id, reserving a block first when none is left.
func (r *idReserve) take(ctx context.Context, db *store.DB) (int64, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.ids) == 0 {
		ids, err := store.Collect(ctx, db, "reserve river job ids", func(row func(...any) error) (int64, error) {
			var id int64
			return id, row(&id)
		}, fmt.Sprintf(`SELECT nextval(pg_get_serial_sequence('river_job', 'id')) FROM generate_series(1, %d)`, idBlock))
		if err != nil {
			return 0, err
		}
		if len(ids) == 0 {
			return 0, fmt.Errorf("reserve river job ids: none returned")
		}
		r.ids = ids
	}
	id := r.ids[0]
	r.ids = r.ids[1:]
	return id, nil
}
