package conformance

import (
	"net/http"
	"testing"
	"time"

	st "github.com/notegen/notegen/internal/servertest"
)

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
