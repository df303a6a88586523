package conformance

import (
	"context"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/outbox"
	st "github.com/notegen/notegen/internal/servertest"
	"github.com/notegen/notegen/internal/store"
)

// A delivery that a replica claimed for its own attempt and then left, as
// it does when it dies mid-attempt, is delivered by a running server: at
// once when the claiming replica is not alive, and once the claim's time
// has passed when it names no replica. Each is attempted and recorded once.
func TestLeftDeliveryClaimsAreTakenOver(t *testing.T) {
	st.Each(t, func(t *testing.T, b st.Backend) {
		ctx := context.Background()
		rc := newReceiver(t, false, func(int, received, http.ResponseWriter) {})
		db := st.NewDatabase(t, b)
		s := st.StartOn(t, db, st.WithEnv("NOTEGEN_WEBHOOK_ALLOW_PRIVATE", "true"))
		o := s.NewOwner(t)
		setWebhooks(t, s, o, ptr(rc.URL("/hook")), nil)

		sdb := openStore(t, db)
		var ids []string
		for _, claim := range []struct {
			by    string
			until time.Time
		}{
			{"a-replica-that-died", store.Now().Add(time.Hour)},
			{"", store.Now().Add(-time.Second)},
		} {
			require.NoError(t, sdb.InTx(ctx, func(tx *store.Tx) error {
				now := store.Now()
				id, err := outbox.Add(ctx, tx, outbox.Event{UserID: o.UserID, Type: outbox.WebhookTest,
					Fields: map[string]any{"user_id": o.UserID}}, now)
				if err != nil {
					return err
				}
				ids = append(ids, id)
				if err := outbox.MarkDispatched(ctx, tx, []string{id}, now); err != nil {
					return err
				}
				_, err = tx.Exec(ctx, `INSERT INTO webhook_deliveries (id, user_id, event_type, status, created_at, updated_at, claimed_until, claimed_by)
					VALUES (?, ?, ?, 'pending', ?, ?, ?, ?)`, id, o.UserID, outbox.WebhookTest, now, now, claim.until, claim.by)
				return err
			}))
		}
		for _, id := range ids {
			d := waitDelivery(t, s, o, id, 60*time.Second, hasStatus("succeeded"))
			require.Len(t, attemptsOf(d), 1, "attempted and recorded once")
		}
		seen := map[string]int{}
		for _, r := range rc.Requests() {
			seen[r.ID()]++
		}
		for _, id := range ids {
			require.Equal(t, 1, seen[id], "delivered once")
		}
	})
}

// Sandbox text jobs submitted at once (their submissions and notes share
// transactions) each deliver job.completed exactly once, numbered 1, with
// one attempt recorded. On PostgreSQL a job's first event is dispatched in
// the statement that completes the job (outbox.Dispatcher): it is stored
// as dispatched at the time it was written, not later by the dispatcher.
func TestJobsFirstEventsAreDeliveredOnceFromTheirCommit(t *testing.T) {
	st.EachOwner(t, func(t *testing.T, s *st.Server, o *st.Owner) {
		rc := newReceiver(t, false, ok200)
		setWebhooks(t, s, o, ptr(rc.URL("/hook")), nil)
		key := createKey(t, s, o, "sandbox", nil)
		const jobs = 24
		ids := make(chan string, jobs)
		var wg sync.WaitGroup
		for range jobs {
			wg.Go(func() { ids <- submitText(t, s, key) })
		}
		wg.Wait()
		close(ids)
		submitted := map[string]bool{}
		for id := range ids {
			submitted[id] = true
		}
		got := rc.waitRequests(t, 30*time.Second, func(r []received) bool { return countType(t, r, "job.completed") >= jobs })
		deliveries := map[string]string{} // job id -> delivery id
		for _, r := range got {
			ev := r.Event(t)
			if ev["type"] != "job.completed" {
				continue
			}
			job, _ := ev["job_id"].(string)
			require.True(t, submitted[job], "a job of this test")
			require.Empty(t, deliveries[job], "delivered once")
			require.Equal(t, float64(1), ev["sequence"])
			deliveries[job] = r.ID()
		}
		require.Len(t, deliveries, jobs)
		for _, id := range deliveries {
			d := waitDelivery(t, s, o, id, 10*time.Second, hasStatus("succeeded"))
			require.Len(t, attemptsOf(d), 1, "attempted and recorded once")
		}
		if s.DB.Backend != st.Postgres {
			return
		}
		db := openStore(t, s.DB)
		for _, id := range deliveries {
			var together bool
			require.NoError(t, db.QueryRow(context.Background(),
				`SELECT dispatched_at = created_at FROM outbox_events WHERE id = ?`, id).Scan(&together))
			require.True(t, together, "dispatched in the statement that wrote it")
		}
	}, deliveryEnv("100ms,100ms,100ms")...)
}
