package conformance

import (
	"context"
	"net/http"
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
