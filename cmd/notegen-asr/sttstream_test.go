package main

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/sttstream"
)

// TestSTTStreamClient runs notegen's own streaming client (the main module's
// internal/sttstream, which the stream endpoint uses) against this server:
// two LibriVox utterances with a pause between them come back as partials and
// two timed segments.
func TestSTTStreamClient(t *testing.T) {
	t.Parallel()
	srv := startServer(t, "--threads", "1")
	dir, _, ids := librivox(t)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	rt := &sttstream.Realtime{URL: srv.base + "/v1/realtime", Model: "notegen-asr"}
	s, err := rt.Open(ctx, sttstream.Options{SampleRate: 16000, Language: "en"})
	require.NoError(t, err)
	done := make(chan []sttstream.Event, 1)
	go func() {
		var evs []sttstream.Event
		for ev := range s.Events() {
			evs = append(evs, ev)
		}
		done <- evs
	}()
	first := pcm16k(t, filepath.Join(dir, ids[0]+".wav")) // "... DASHWOOD ..."
	second := pcm16k(t, filepath.Join(dir, ids[1]+".wav"))
	pause := make([]byte, 2*16000*2)
	var audio []byte
	for _, p := range [][]byte{first, pause, second} {
		audio = append(audio, p...)
	}
	for off := 0; off < len(audio); off += 3333 {
		require.NoError(t, s.Write(audio[off:min(off+3333, len(audio))]))
	}
	require.NoError(t, s.Close(ctx))
	evs := <-done

	var segs []sttstream.Segment
	partials := 0
	for _, ev := range evs {
		if ev.Segment != nil {
			segs = append(segs, *ev.Segment)
		} else {
			partials++
		}
	}
	require.Len(t, segs, 2, "%+v", segs)
	require.Contains(t, strings.ToLower(segs[0].Text), "dashwood")
	require.Contains(t, strings.ToLower(segs[1].Text), "young man")
	require.Greater(t, partials, 4)
	firstEnd := time.Duration(len(first)/2) * time.Second / 16000
	require.Less(t, segs[0].Start, segs[0].End)
	require.LessOrEqual(t, segs[0].End, firstEnd+300*time.Millisecond)
	require.Greater(t, segs[1].Start, firstEnd+2*time.Second-100*time.Millisecond, "the second utterance starts after the pause")
	require.Less(t, segs[1].Start, firstEnd+2*time.Second+time.Second, "and soon after it")
	t.Logf("segments: %+v (first file ends at %s)", segs, firstEnd)
	require.Less(t, segs[1].Start, segs[1].End)
}
