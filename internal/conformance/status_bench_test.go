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
