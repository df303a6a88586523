package conformance

import (
	"fmt"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	st "github.com/notegen/notegen/internal/servertest"
)

// benchEvents is how many events one benchmark iteration delivers.
const benchEvents = 300

// benchSenders is how many clients queue events at once.
const benchSenders = 8

// BenchmarkWebhookDelivery measures deliveries per second to a local
// receiver, alone and while a second account's endpoint hangs, through the
// path a production event takes: each webhook.test event is queued by the
// server itself (POST /v1/user/webhook/test), so its commit wakes the
// dispatcher, which hands it to the delivery workers. The clock runs from
// the first request to the last delivery. Loopback only, bounded: run with
// -benchtime=1x (or a few x).
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
			fast := newReceiver(b, false, func(int, received, http.ResponseWriter) {})
			o := s.NewOwner(b)
			setWebhooks(b, s, o, ptr(fast.URL("/fast")), nil)
			if hanging {
				release := make(chan struct{})
				slow := newReceiver(b, false, func(int, received, http.ResponseWriter) { <-release })
				b.Cleanup(func() { close(release) })
				o2 := s.NewOwner(b)
				setWebhooks(b, s, o2, ptr(slow.URL("/hang")), nil)
				queueTestEvents(b, s, o2, 32)
				deadline := time.Now().Add(10 * time.Second)
				for len(slow.Requests()) < 4 && time.Now().Before(deadline) {
					time.Sleep(10 * time.Millisecond)
				}
			}
			b.ResetTimer()
			total := 0
			var queueing time.Duration
			start := time.Now()
			for range b.N {
				began := time.Now()
				queueTestEvents(b, s, o, benchEvents)
				queueing += time.Since(began)
				total += benchEvents
				deadline := time.Now().Add(120 * time.Second)
				for len(fast.Requests()) < total {
					if time.Now().After(deadline) {
						b.Fatalf("only %d of %d deliveries in 120s", len(fast.Requests()), total)
					}
					time.Sleep(2 * time.Millisecond)
				}
			}
			elapsed := time.Since(start)
			b.StopTimer()
			b.ReportMetric(float64(total)/elapsed.Seconds(), "deliveries/s")
			// The share of the time spent queueing: deliveries cannot
			// outpace the requests that create their events.
			b.ReportMetric(queueing.Seconds()/elapsed.Seconds(), "queueing-share")
		})
	}
}

// queueTestEvents has the server queue n webhook.test events for o, from
// benchSenders clients at once.
func queueTestEvents(b testing.TB, s *st.Server, o *st.Owner, n int) {
	b.Helper()
	var next atomic.Int64
	var wg sync.WaitGroup
	var mu sync.Mutex
	var failed error
	for range benchSenders {
		wg.Go(func() {
			for next.Add(1) <= int64(n) {
				resp, err := s.Try("POST", "/v1/user/webhook/test", nil, st.Bearer(o.IDToken))
				if err == nil && resp.Status != http.StatusAccepted {
					err = fmt.Errorf("webhook test answered %s: %s", http.StatusText(resp.Status), resp.Body)
				}
				if err != nil {
					mu.Lock()
					failed = err
					mu.Unlock()
					return
				}
			}
		})
	}
	wg.Wait()
	if failed != nil {
		b.Fatalf("queue webhook.test events: %v", failed)
	}
}
