package delivery_test

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/delivery"
	"github.com/notegen/notegen/internal/outbox"
	"github.com/notegen/notegen/internal/queue"
	st "github.com/notegen/notegen/internal/servertest"
	"github.com/notegen/notegen/internal/store"
	"github.com/notegen/notegen/internal/storetest"
)

// A delivery written with its job's first event (Dispatched) that the
// direct workers cannot take (here they are not running) is not left to
// its claim's end: its claim is given up and one job per delivery is
// queued, the deliveries of the moment in one transaction, so each is
// attempted by the queue's workers and recorded once as any other.
func TestDispatchedDeliveriesTheWorkersCannotTakeAreQueued(t *testing.T) {
	if os.Getenv(st.PostgresURLEnv) == "" {
		t.Skip(st.PostgresURLEnv + " is not set: only PostgreSQL writes deliveries with their events")
	}
	ctx := context.Background()
	db := st.OpenStore(t, st.Postgres)
	q, err := queue.NewInserter(db)
	require.NoError(t, err)
	d := delivery.NewService(db, nil, q, delivery.Config{ReplicaID: "this-replica"})
	var events []outbox.Stored
	require.NoError(t, db.InTx(ctx, func(tx *store.Tx) error {
		user := storetest.NewUser(t, tx)
		now := store.Now()
		for range 3 {
			id, err := outbox.Add(ctx, tx, outbox.Event{UserID: user, Type: outbox.WebhookTest}, now)
			require.NoError(t, err)
			require.NoError(t, outbox.MarkDispatched(ctx, tx, []string{id}, now))
			_, err = tx.Exec(ctx, `INSERT INTO webhook_deliveries (id, user_id, event_type, status, created_at, updated_at, claimed_until, claimed_by)
				VALUES (?, ?, ?, 'pending', ?, ?, ?, ?)`, id, user, outbox.WebhookTest, now, now, now.Add(time.Minute), "this-replica")
			require.NoError(t, err)
			events = append(events, outbox.Stored{ID: id, UserID: user, Type: outbox.WebhookTest})
		}
		return nil
	}))
	for _, ev := range events {
		d.Dispatched(ev)
	}
	queued := func(id string) bool {
		var claimed bool
		var jobs int
		require.NoError(t, db.QueryRow(ctx, `SELECT claimed_until IS NOT NULL FROM webhook_deliveries WHERE id = ?`, id).Scan(&claimed))
		require.NoError(t, db.QueryRow(ctx, `SELECT COUNT(*) FROM river_job WHERE kind = 'webhook_deliver' AND args->>'delivery_id' = ?`, id).Scan(&jobs))
		require.LessOrEqual(t, jobs, 1, "one job per delivery")
		return !claimed && jobs == 1
	}
	require.Eventually(t, func() bool {
		for _, ev := range events {
			if !queued(ev.ID) {
				return false
			}
		}
		return true
	}, 10*time.Second, 20*time.Millisecond, "each delivery's claim given up and its job queued")
}
