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

// benchEvents is how many events one benchmark iteration delivers.
const benchEvents = 300

// BenchmarkWebhookDelivery measures deliveries per second from the outbox
// to a local receiver, alone and while a second account's endpoint hangs.
// Loopback only, bounded: run with -benchtime=1x (or a few x).
//
//	go test ./internal/conformance -run '^$' -bench WebhookDelivery -benchtime=3x
//
// It runs on PostgreSQL too when NOTEGEN_TEST_DATABASE_URL is set.
func BenchmarkWebhookDelivery(b *testing.B) {
	benchBackends(b, func(b *testing.B, backend st.Backend) { benchmarkDelivery(b, backend) })
}

func benchmarkDelivery(b *testing.B, backend st.Backend) {
	for _, hanging := range []bool{false, true} {
		name := "alone"
		if hanging {
			name = "with_hanging_endpoint"
		}
		b.Run(name, func(b *testing.B) {
			s := st.Start(b, backend, st.WithEnv("NOTEGEN_WEBHOOK_ALLOW_PRIVATE", "true"))
			db, err := store.Open(context.Background(), s.DB.DatabaseURL, s.DB.DataDir)
			require.NoError(b, err)
			b.Cleanup(func() { db.Close() })
			fast := newReceiver(b, false, func(int, received, http.ResponseWriter) {})
			o := s.NewOwner(b)
			setWebhooks(b, s, o, ptr(fast.URL("/fast")), nil)
			if hanging {
				release := make(chan struct{})
				slow := newReceiver(b, false, func(int, received, http.ResponseWriter) { <-release })
				b.Cleanup(func() { close(release) })
				o2 := s.NewOwner(b)
				setWebhooks(b, s, o2, ptr(slow.URL("/hang")), nil)
				addEvents(b, db, o2.UserID, 100)
				deadline := time.Now().Add(10 * time.Second)
				for len(slow.Requests()) < 4 && time.Now().Before(deadline) {
					time.Sleep(10 * time.Millisecond)
				}
			}
			b.ResetTimer()
			total := 0
			start := time.Now()
			for range b.N {
				addEvents(b, db, o.UserID, benchEvents)
				total += benchEvents
				deadline := time.Now().Add(120 * time.Second)
				for len(fast.Requests()) < total {
					if time.Now().After(deadline) {
						b.Fatalf("only %d of %d deliveries in 120s", len(fast.Requests()), total)
					}
					time.Sleep(5 * time.Millisecond)
				}
			}
			elapsed := time.Since(start)
			b.StopTimer()
			b.ReportMetric(float64(total)/elapsed.Seconds(), "deliveries/s")
		})
	}
}

func addEvents(b testing.TB, db *store.DB, userID string, n int) {
	b.Helper()
	require.NoError(b, db.InTx(context.Background(), func(tx *store.Tx) error {
		for range n {
			if _, err := outbox.Add(context.Background(), tx, outbox.Event{UserID: userID, Type: outbox.WebhookTest,
				Fields: map[string]any{"user_id": userID}}, store.Now()); err != nil {
				return err
			}
		}
		return nil
	}))
}
