package main

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// pacedReader hands out pcm at pace times the speed it would be spoken
// (0: as fast as it is read) and notes when it passed mark and when it
// reached its end, which is when StreamAudio sends end.
type pacedReader struct {
	pcm        []byte
	pace       float64
	mark       int
	start      time.Time
	off        int
	markedAt   time.Time
	finishedAt time.Time
}

func (r *pacedReader) Read(p []byte) (int, error) {
	if r.start.IsZero() {
		r.start = time.Now()
	}
	if r.off >= len(r.pcm) {
		if r.finishedAt.IsZero() {
			r.finishedAt = time.Now()
		}
		return 0, io.EOF
	}
	n := copy(p, r.pcm[r.off:])
	r.off += n
	if r.pace > 0 {
		due := r.start.Add(time.Duration(float64(r.off/2) / 16000 / r.pace * float64(time.Second)))
		time.Sleep(time.Until(due))
	}
	if r.markedAt.IsZero() && r.off > r.mark {
		r.markedAt = time.Now()
	}
	return n, nil
}

// TestServeStreamsLibriVox streams each LibriVox utterance, at the speed it
// is spoken, through `notegen serve` whose streaming speech-to-text is this
// server's /v1/realtime with the shared model, and checks what a user of
// live streams sees: partials while the words are spoken, and a transcript
// whose word error rate is within 2 points of this server's batch
// transcription of the same files. The same through the fallback, without
// /v1/realtime. It logs the delay from the first speech to the first partial
// (scripts/measure-serve-stream.sh reports it).
func TestServeStreamsLibriVox(t *testing.T) {
	t.Parallel()
	for _, realtime := range []bool{true, false} {
		t.Run(map[bool]string{true: "realtime", false: "fallback"}[realtime], func(t *testing.T) {
			t.Parallel()
			serveStreamsLibriVox(t, realtime)
		})
	}
}

// serveStreamsLibriVox is TestServeStreamsLibriVox through /v1/realtime,
// or, without it, through the fallback: voice-activity detection, partials
// and utterances through the batch endpoint.
func serveStreamsLibriVox(t *testing.T, realtime bool) {
	asr := startServer(t, "--threads", "1", "--concurrency", "1")
	n := startNotegen(t, asr, realtime)
	key := n.liveKey(t)
	dir, refs, ids := librivox(t)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()

	type result struct {
		transcript string
		partials   int
		latency    time.Duration
	}
	results := make([]result, len(ids))
	eachAtOnce(ids, func(i int, id string) {
		pcm := pcm16k(t, filepath.Join(dir, id+".wav"))
		r := &pacedReader{pcm: pcm, pace: 1, mark: int(firstSpeech(pcm).Seconds()*16000) * 2}
		var mu sync.Mutex
		var firstPartial time.Time
		partials := 0
		job, err := n.stream(ctx, key, r, func(m streamMessage) {
			mu.Lock()
			defer mu.Unlock()
			if m.Type == "partial" {
				partials++
				if firstPartial.IsZero() {
					firstPartial = time.Now()
				}
			}
		})
		if !assertNoError(t, err) {
			return
		}
		st, err := n.waitJob(ctx, key, job)
		if !assertNoError(t, err) || !assertEqual(t, "completed", st.Status, st.Message) {
			return
		}
		text, err := n.transcript(ctx, key, job)
		if !assertNoError(t, err) {
			return
		}
		mu.Lock()
		defer mu.Unlock()
		results[i] = result{transcript: text, partials: partials, latency: firstPartial.Sub(r.markedAt)}
	})
	require.False(t, t.Failed())

	var sErr, bErr, words int
	var maxLatency time.Duration
	for i, id := range ids {
		se, n := wordErrors(refs[id], results[i].transcript)
		be, _ := wordErrors(refs[id], asr.batchText(t, filepath.Join(dir, id+".wav")))
		t.Logf("%s: streamed through notegen %d/%d word errors, batch %d/%d; %d partials, the first %s after the first speech",
			id, se, n, be, n, results[i].partials, results[i].latency.Round(time.Millisecond))
		require.NotZero(t, results[i].partials, "partials while %s was spoken", id)
		sErr, bErr, words = sErr+se, bErr+be, words+n
		maxLatency = max(maxLatency, results[i].latency)
	}
	sWER, bWER := float64(sErr)/float64(words), float64(bErr)/float64(words)
	t.Logf("NOTEGEN STREAM WER %.1f%% vs batch %.1f%% (%d words); first partial at most %s after the first speech",
		100*sWER, 100*bWER, words, maxLatency.Round(time.Millisecond))
	require.LessOrEqual(t, sWER, bWER+0.02, "streamed WER within 2 points of batch")
	require.LessOrEqual(t, sWER, maxWER)
}

// eachAtOnce runs fn on every id at the same time and waits for them all.
func eachAtOnce(ids []string, fn func(i int, id string)) {
	var wg sync.WaitGroup
	for i, id := range ids {
		wg.Add(1)
		go func() {
			defer wg.Done()
			fn(i, id)
		}()
	}
	wg.Wait()
}

// batchText is this server's batch transcription of a file.
func (s *testServer) batchText(t testing.TB, path string) string {
	t.Helper()
	resp, body := s.upload(t, filepath.Base(path), readFile(t, path), map[string]string{"model": "m"})
	require.Equal(t, http.StatusOK, resp.StatusCode, string(body))
	var v struct{ Text string }
	require.NoError(t, json.Unmarshal(body, &v))
	return v.Text
}

// assertNoError and assertEqual report from a goroutine, where require's
// FailNow may not be called; they answer whether the check passed.
func assertNoError(t *testing.T, err error) bool {
	t.Helper()
	if err != nil {
		t.Errorf("%v", err)
		return false
	}
	return true
}

func assertEqual(t *testing.T, want, got, msg string) bool {
	t.Helper()
	if want != got {
		t.Errorf("want %q, got %q (%s)", want, got, msg)
		return false
	}
	return true
}
