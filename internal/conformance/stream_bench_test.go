package conformance

import (
	"runtime"
	"testing"
	"time"

	"github.com/coder/websocket"

	st "github.com/notegen/notegen/internal/servertest"
)

// BenchmarkStreamMemory opens many live streams, each with a second of
// audio received and stored, and reports the heap and goroutine stacks in
// use per open stream, after a collection before and after (the issue's
// target is under 2 MiB). The server runs in the benchmark's process, so
// the figure also counts the client's side of each connection: it is an
// upper bound of the server's.
func BenchmarkStreamMemory(b *testing.B) {
	const streams = 200
	benchBackends(b, func(b *testing.B, backend st.Backend) {
		for range b.N {
			s := st.Start(b, backend, st.WithEnv("NOTEGEN_RATE_SANDBOX", "100000/min"))
			o := s.NewOwner(b)
			key := createKey(b, s, o, "sandbox", nil)
			urls := make([]string, streams)
			for i := range urls {
				urls[i] = startStream(b, s, key, nil).StreamURL
			}
			audio := pcm(1, 16000)
			before := memInUse()
			conns := make([]*websocket.Conn, 0, streams)
			for _, url := range urls {
				c := dialStream(b, url)
				sendAudio(b, c, audio, 16000)
				conns = append(conns, c)
			}
			// Let the server read and store what the last streams sent.
			time.Sleep(time.Second)
			after := memInUse()
			b.ReportMetric((after-before)/1024/float64(len(conns)), "KiB/stream")
			for _, c := range conns {
				c.CloseNow()
			}
		}
	})
}

// memInUse is this process's heap and goroutine stacks in use after a
// collection, in bytes.
func memInUse() float64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return float64(m.HeapInuse + m.StackInuse)
}
