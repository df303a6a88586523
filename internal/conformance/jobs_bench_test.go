package conformance

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	st "github.com/notegen/notegen/internal/servertest"
)

// benchBackends runs a benchmark on SQLite and, when configured, PostgreSQL.
func benchBackends(b *testing.B, fn func(b *testing.B, backend st.Backend)) {
	for _, backend := range []st.Backend{st.SQLite, st.Postgres} {
		b.Run(string(backend), func(b *testing.B) {
			if backend == st.Postgres && os.Getenv(st.PostgresURLEnv) == "" {
				b.Skip(st.PostgresURLEnv + " is not set")
			}
			fn(b, backend)
		})
	}
}

// BenchmarkTextSubmissions measures process-text requests per second from
// 16 concurrent clients, each creating a live job (the pipeline runs
// meanwhile, as in production).
func BenchmarkTextSubmissions(b *testing.B) {
	benchBackends(b, func(b *testing.B, backend st.Backend) {
		s := st.Start(b, backend, st.WithEnv("NOTEGEN_RATE_LIVE", "1000000/min"), st.WithEnv("NOTEGEN_FREE_JOBS", "100000000"))
		o := s.NewOwner(b)
		key := createKey(b, s, o, "live", nil)
		body := textJob(nil)
		b.SetParallelism(8) // 8 x GOMAXPROCS(2) = 16 clients
		b.ResetTimer()
		start := time.Now()
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				resp, err := s.Try("POST", "/v1/process-text", body, st.APIKey(key))
				if err != nil || resp.Status != http.StatusOK {
					b.Errorf("submission failed: %v %d %s", err, resp.Status, resp.Body)
					return
				}
			}
		})
		b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "submissions/s")
	})
}

// reportLatencies reports the median and the 99th percentile of latencies
// in milliseconds.
func reportLatencies(b *testing.B, latencies []time.Duration) {
	slices.Sort(latencies)
	b.ReportMetric(float64(latencies[len(latencies)/2].Microseconds())/1000, "median-ms")
	b.ReportMetric(float64(latencies[len(latencies)*99/100].Microseconds())/1000, "p99-ms")
}

// BenchmarkSandboxLatency measures the time from submitting a sandbox text
// job to seeing it completed, polling its status every 2 ms; it reports
// the median and the 99th percentile.
func BenchmarkSandboxLatency(b *testing.B) {
	benchBackends(b, func(b *testing.B, backend st.Backend) {
		s := st.Start(b, backend, st.WithEnv("NOTEGEN_RATE_SANDBOX", "1000000/min"))
		o := s.NewOwner(b)
		key := createKey(b, s, o, "sandbox", nil)
		var latencies []time.Duration
		b.ResetTimer()
		for range b.N {
			start := time.Now()
			id := submitText(b, s, key)
			for {
				st, err := s.Try("GET", "/v1/status/"+id, nil, st.APIKey(key))
				if err != nil {
					b.Fatal(err)
				}
				if bytes.Contains(st.Body, []byte(`"status":"completed"`)) {
					break
				}
				time.Sleep(2 * time.Millisecond)
			}
			latencies = append(latencies, time.Since(start))
		}
		reportLatencies(b, latencies)
	})
}

// BenchmarkUploadMemory uploads 500 MiB of WAV audio to a server running
// as its own process and reports how much its peak resident memory grew
// (VmHWM from /proc): the upload must stream, not buffer.
func BenchmarkUploadMemory(b *testing.B) {
	benchBackends(b, func(b *testing.B, backend st.Backend) {
		for range b.N {
			db := st.NewDatabase(b, backend)
			p := st.StartProcess(b, db, map[string]string{"NOTEGEN_RATE_SANDBOX": "1000/min"})
			o := p.NewOwner(b)
			key := createKey(b, p.Server, o, "sandbox", nil)
			resp := p.Do(b, "POST", "/v1/process-audio", audioFields, st.APIKey(key))
			url := localURL(p.Server, decode[map[string]any](b, resp.Body)["presigned_url"].(string))
			before := procMemKiB(b, p.Pid(), "VmHWM")

			const size = 500 << 20
			header := testWAV(0)
			var sent atomic.Int64
			body := io.MultiReader(bytes.NewReader(header[:44]), io.LimitReader(zeroReader{&sent}, size-44))
			req, err := http.NewRequest("PUT", url, body)
			require.NoError(b, err)
			req.ContentLength = size
			start := time.Now()
			res, err := p.Client.Do(req)
			require.NoError(b, err)
			_, _ = io.Copy(io.Discard, res.Body)
			res.Body.Close()
			require.Equal(b, http.StatusOK, res.StatusCode)
			elapsed := time.Since(start)
			after := procMemKiB(b, p.Pid(), "VmHWM")
			b.ReportMetric(float64(before)/1024, "peak-before-MiB")
			b.ReportMetric(float64(after)/1024, "peak-after-MiB")
			b.ReportMetric(float64(after-before)/1024, "growth-MiB")
			b.ReportMetric(float64(size>>20)/elapsed.Seconds(), "MiB/s")
			p.Kill(b)
		}
	})
}

type zeroReader struct{ n *atomic.Int64 }

func (z zeroReader) Read(p []byte) (int, error) {
	clear(p)
	z.n.Add(int64(len(p)))
	return len(p), nil
}

func procMemKiB(b *testing.B, pid int, field string) int64 {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	require.NoError(b, err)
	for _, line := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(line, field+":") {
			v, err := strconv.ParseInt(strings.Fields(line)[1], 10, 64)
			require.NoError(b, err)
			return v
		}
	}
	b.Fatalf("no %s in /proc/%d/status", field, pid)
	return 0
}
