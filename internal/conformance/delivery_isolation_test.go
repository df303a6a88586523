package conformance

import (
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	st "github.com/notegen/notegen/internal/servertest"
)

// An account whose receiver hangs holds only its share of the webhook
// workers: another account's events, queued after a burst of the hanging
// account's, arrive at once instead of after the 15 s timeout.
func TestDeliveryHangingReceiverDoesNotDelayOtherAccounts(t *testing.T) {
	eachServer(t, func(t *testing.T, s *st.Server) {
		release := make(chan struct{})
		hanging := newReceiver(t, false, func(int, received, http.ResponseWriter) { <-release })
		t.Cleanup(func() { close(release) })
		fast := newReceiver(t, false, ok200)

		slowOwner, fastOwner := s.NewOwner(t), s.NewOwner(t)
		setWebhooks(t, s, slowOwner, ptr(hanging.URL("/hang")), nil)
		setWebhooks(t, s, fastOwner, ptr(fast.URL("/fast")), nil)
		for range 24 {
			sendTestEvent(t, s, slowOwner, "")
		}
		hanging.waitRequests(t, 10*time.Second, func(r []received) bool { return len(r) >= 1 })
		start := time.Now()
		for range 5 {
			sendTestEvent(t, s, fastOwner, "")
		}
		fast.waitRequests(t, 5*time.Second, func(r []received) bool { return len(r) == 5 })
		require.Less(t, time.Since(start), 5*time.Second)
		// The hanging endpoint never had more than its share in flight.
		require.LessOrEqual(t, len(hanging.Requests()), 4)
	}, deliveryEnv("5s,5s,5s")...)
}
