package conformance

import (
	"net/http"
	"testing"
	"time"

	st "github.com/notegen/notegen/internal/servertest"
)

// BenchmarkStatusReads measures key-authenticated GET /v1/status/{id}
// requests per second from 32 concurrent clients: the hot path of API
// key authentication (cached), rate limiting (leased budgets, no write per
// request) and one job read (a prepared statement on SQLite).
//
//	go test ./internal/conformance -run '^$' -bench StatusReads -benchtime=20000x
func BenchmarkStatusReads(b *testing.B) {
	benchBackends(b, func(b *testing.B, backend st.Backend) {
		s := st.Start(b, backend, st.WithEnv("NOTEGEN_RATE_SANDBOX", "100000000/min"))
		o := s.NewOwner(b)
		key := createKey(b, s, o, "sandbox", nil)
		id := submitText(b, s, key)
		s.Client.Transport = &http.Transport{MaxIdleConnsPerHost: 64}
		b.SetParallelism(16) // 16 x GOMAXPROCS(2) = 32 clients
		b.ResetTimer()
		start := time.Now()
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				r, err := s.Try("GET", "/v1/status/"+id, nil, st.APIKey(key))
				if err != nil || r.Status != http.StatusOK {
					b.Errorf("status failed: %v %d", err, r.Status)
					return
				}
			}
		})
		b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "requests/s")
	})
}

// BenchmarkSandboxLatencyLongPoll measures the time from submitting a
// sandbox text job to seeing it completed with one long poll
// (GET /v1/status/{id}?wait=30) instead of repeated polling; it reports the
// median and the 99th percentile, and how many status requests a job took.
// The re-check is an hour away: only the job's own change answers.
func BenchmarkSandboxLatencyLongPoll(b *testing.B) {
	benchBackends(b, func(b *testing.B, backend st.Backend) {
		s := st.Start(b, backend, st.WithEnv("NOTEGEN_RATE_SANDBOX", "1000000/min"), st.WithEnv("NOTEGEN_WAIT_RECHECK", "1h"))
		o := s.NewOwner(b)
		key := createKey(b, s, o, "sandbox", nil)
		var latencies []time.Duration
		requests := 0
		b.ResetTimer()
		for range b.N {
			start := time.Now()
			id := submitText(b, s, key)
			for {
				requests++
				st, err := s.Try("GET", "/v1/status/"+id+"?wait=30", nil, st.APIKey(key))
				if err != nil || st.Status != http.StatusOK {
					b.Fatalf("status: %v %s", err, st.Body)
				}
				if st.JSON(b)["status"] == "completed" {
					break
				}
			}
			latencies = append(latencies, time.Since(start))
		}
		reportLatencies(b, latencies)
		b.ReportMetric(float64(requests)/float64(b.N), "status-requests/job")
	})
}
