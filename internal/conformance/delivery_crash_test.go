package conformance

import (
	"context"
	"net/http"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/outbox"
	st "github.com/notegen/notegen/internal/servertest"
	"github.com/notegen/notegen/internal/store"
)

// A server killed with SIGKILL while an attempt is in flight, with an event
// just queued, and with an event committed but not yet dispatched, delivers
// all of them after a restart on the same database, the in-flight one with
// the same webhook-id as before the crash.
func TestDeliverySurvivesKill9(t *testing.T) {
	st.BuildBinary(t)

	st.Each(t, func(t *testing.T, b st.Backend) {
		var hang atomic.Bool
		hang.Store(true)
		release := make(chan struct{})
		rc := newReceiver(t, false, func(_ int, _ received, w http.ResponseWriter) {
			if hang.Load() {
				<-release
				w.WriteHeader(http.StatusInternalServerError)
			}
		})
		t.Cleanup(func() {
			select {
			case <-release:
			default:
				close(release)
			}
		})

		db := st.NewDatabase(t, b)
		env := map[string]string{
			"NOTEGEN_WEBHOOK_ALLOW_PRIVATE":  "true",
			"NOTEGEN_WEBHOOK_RETRY_SCHEDULE": "200ms,200ms,200ms",
			"NOTEGEN_JOB_TIMEOUT":            "2s",
		}
		process := st.StartProcess(t, db, env)
		first := process.Server

		o := first.NewOwner(t)
		setWebhooks(t, first, o, ptr(rc.URL("/hook")), nil)
		inFlight := sendTestEvent(t, first, o, "")
		rc.waitRequests(t, 15*time.Second, func(r []received) bool { return len(r) >= 1 })
		justQueued := sendTestEvent(t, first, o, "")

		process.Kill(t)
		hang.Store(false)
		close(release)

		// Committed while the server was down, never dispatched.
		sdb := openStore(t, db)
		var undispatched string
		require.NoError(t, sdb.InTx(context.Background(), func(tx *store.Tx) error {
			var err error
			undispatched, err = outbox.Add(context.Background(), tx, outbox.Event{UserID: o.UserID, Type: outbox.WebhookTest,
				Fields: map[string]any{"user_id": o.UserID}}, store.Now())
			return err
		}))

		var opts []st.Option
		for k, v := range env {
			opts = append(opts, st.WithEnv(k, v))
		}
		second := st.StartOn(t, db, opts...)
		second.Login(t, o)
		for _, id := range []string{inFlight, justQueued, undispatched} {
			d := waitDelivery(t, second, o, id, 150*time.Second, hasStatus("succeeded"))
			require.NotEmpty(t, attemptsOf(d))
		}
		var inFlightSeen int
		for _, r := range rc.Requests() {
			if r.ID() == inFlight {
				inFlightSeen++
			}
		}
		require.GreaterOrEqual(t, inFlightSeen, 2, "the attempt cut short by the crash is made again with the same webhook-id")
	})
}
