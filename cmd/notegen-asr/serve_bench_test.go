package main

import (
	"context"
	"crypto/rand"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/require"
)

// tenMinutes is ten minutes of speech at 16 kHz: the LibriVox utterances
// over and over, each followed by a second and a half of quiet.
func tenMinutes(b *testing.B) []byte {
	b.Helper()
	dir, _, ids := librivox(b)
	const size = 10 * 60 * 16000 * 2
	pause := make([]byte, 16000*2*3/2)
	var one []byte
	for _, id := range ids {
		one = append(append(one, pcm16k(b, filepath.Join(dir, id+".wav"))...), pause...)
	}
	pcm := make([]byte, 0, size+len(one))
	for len(pcm) < size {
		pcm = append(pcm, one...)
	}
	return pcm[:size]
}

// BenchmarkServeStreamTenMinutes streams ten minutes of speech through
// `notegen serve` with notegen-asr as its speech-to-text, through
// /v1/realtime ("realtime") or utterance by utterance through the batch
// endpoint ("fallback"), NOTEGEN_BENCH_STREAM_PACE times faster than it
// would be spoken (default 4), and reports the time from the client's end
// to the done message and to the job completed with its note written by the
// built-in writer. scripts/measure-serve-stream.sh runs it.
func BenchmarkServeStreamTenMinutes(b *testing.B) {
	pace := 4.0
	if v := os.Getenv("NOTEGEN_BENCH_STREAM_PACE"); v != "" {
		p, err := strconv.ParseFloat(v, 64)
		require.NoError(b, err)
		pace = p
	}
	pcm := tenMinutes(b)
	for _, realtime := range []bool{true, false} {
		name := map[bool]string{true: "realtime", false: "fallback"}[realtime]
		b.Run(name, func(b *testing.B) {
			asr := startServer(b, "--threads", "1")
			n := startNotegen(b, asr, realtime)
			key := n.liveKey(b)
			ctx := context.Background()
			var done, completed time.Duration
			for range b.N {
				r := &pacedReader{pcm: pcm, pace: pace}
				segments := 0
				job, err := n.stream(ctx, key, r, func(m streamMessage) {
					if m.Type == "segment" {
						segments++
					}
				})
				require.NoError(b, err)
				toDone := time.Since(r.finishedAt)
				st, err := n.waitJob(ctx, key, job)
				require.NoError(b, err)
				require.Equal(b, "completed", st.Status, st.Message)
				toCompleted := time.Since(r.finishedAt)
				done, completed = done+toDone, completed+toCompleted
				b.Logf("%s: %d segments; end to done %s, to completed %s", name, segments,
					toDone.Round(time.Millisecond), toCompleted.Round(time.Millisecond))
			}
			b.ReportMetric(float64(done.Milliseconds())/float64(b.N), "end-to-done-ms")
			b.ReportMetric(float64(completed.Milliseconds())/float64(b.N), "end-to-completed-ms")
		})
	}
}

// BenchmarkServeOpenStreams opens NOTEGEN_BENCH_STREAMS (default 50) live
// streams through `notegen serve` (streaming speech-to-text through
// /v1/realtime), sends each a second of audio and keeps them open, and
// reports the resident memory they added to the notegen process, per
// stream. Resident memory also counts what Go's runtime freed but kept, so
// the figure is an upper bound of what a stream holds.
func BenchmarkServeOpenStreams(b *testing.B) {
	n := 50
	if v := os.Getenv("NOTEGEN_BENCH_STREAMS"); v != "" {
		var err error
		n, err = strconv.Atoi(v)
		require.NoError(b, err)
	}
	asr := startServer(b, "--threads", "1", "--realtime-sessions", strconv.Itoa(n+10))
	srv := startNotegen(b, asr, true)
	key := srv.liveKey(b)
	ctx := context.Background()
	second := make([]byte, 16000*2)
	_, _ = rand.Read(second)
	for i := range second {
		second[i] /= 64 // quiet noise: a room, no speech
	}
	for range b.N {
		before := residentBytes(b, srv.pid)
		conns := make([]*websocket.Conn, 0, n)
		for range n {
			_, url, err := srv.createStream(ctx, key)
			require.NoError(b, err)
			conn, _, err := websocket.Dial(ctx, url, nil)
			require.NoError(b, err)
			require.NoError(b, conn.Write(ctx, websocket.MessageBinary, second))
			conns = append(conns, conn)
		}
		time.Sleep(2 * time.Second) // the audio reaches the provider and is stored
		after := residentBytes(b, srv.pid)
		per := (float64(after) - float64(before)) / float64(n)
		b.ReportMetric(per/(1<<20), "MiB/stream")
		b.Logf("%d open streams: notegen's resident memory grew %.1f MiB, %.2f MiB per stream", n, (float64(after)-float64(before))/(1<<20), per/(1<<20))
		for _, conn := range conns {
			_ = conn.Close(websocket.StatusNormalClosure, "")
		}
	}
}

// residentBytes is a process's resident memory (VmRSS of /proc/PID/status).
func residentBytes(b *testing.B, pid int) uint64 {
	b.Helper()
	status, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	require.NoError(b, err)
	for _, line := range strings.Split(string(status), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, err := strconv.ParseUint(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			require.NoError(b, err)
			return kb << 10
		}
	}
	b.Fatalf("no VmRSS in /proc/%d/status", pid)
	return 0
}
