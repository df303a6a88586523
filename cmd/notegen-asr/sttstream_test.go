package main

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// These tests run notegen's own streaming clients (the main module's
// internal/sttstream, which its live streams use) against this server,
// through `notegen serve` and the segments its stream answers: Realtime
// when notegen streams to /v1/realtime, Utterances (voice-activity
// detection and the batch endpoint) when it does not.

// streamed is what a live stream answered: its partials and its segments.
type streamed struct {
	partials []string
	segments []streamMessage
	// partialAfterSegment says a partial came after a segment.
	partialAfterSegment bool
}

// streamThrough streams pcm through a new notegen serve on asr, paced at
// pace times the speed it would be spoken (0: as fast as it is read).
func streamThrough(t *testing.T, asr *testServer, realtime bool, pcm []byte, pace float64) streamed {
	t.Helper()
	n := startNotegen(t, asr, realtime)
	key := n.liveKey(t)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	var out streamed
	var audio = &pacedReader{pcm: pcm, pace: pace}
	_, err := n.stream(ctx, key, audio, func(m streamMessage) {
		switch m.Type {
		case "partial":
			out.partials = append(out.partials, m.Text)
			out.partialAfterSegment = out.partialAfterSegment || len(out.segments) > 0
		case "segment":
			out.segments = append(out.segments, m)
		}
	})
	require.NoError(t, err)
	return out
}

// TestSTTStreamClient: two LibriVox utterances with a pause between them,
// streamed to /v1/realtime, come back as partials and two segments timed
// on either side of the pause.
func TestSTTStreamClient(t *testing.T) {
	t.Parallel()
	asr := startServer(t, "--threads", "1")
	dir, _, ids := librivox(t)
	first := pcm16k(t, filepath.Join(dir, ids[0]+".wav")) // "... DASHWOOD ..."
	second := pcm16k(t, filepath.Join(dir, ids[1]+".wav"))
	pause := make([]byte, 2*16000*2)
	got := streamThrough(t, asr, true, bytes.Join([][]byte{first, pause, second}, nil), 0)

	segs := got.segments
	require.Len(t, segs, 2, "%+v", segs)
	require.Contains(t, strings.ToLower(segs[0].Segment.Text), "dashwood")
	require.Contains(t, strings.ToLower(segs[1].Segment.Text), "young man")
	require.Greater(t, len(got.partials), 4)
	at := func(seconds float64) time.Duration { return time.Duration(seconds * float64(time.Second)) }
	firstEnd := time.Duration(len(first)/2) * time.Second / 16000
	require.Less(t, segs[0].Segment.StartTime, segs[0].Segment.EndTime)
	require.LessOrEqual(t, at(segs[0].Segment.EndTime), firstEnd+300*time.Millisecond)
	require.Greater(t, at(segs[1].Segment.StartTime), firstEnd+2*time.Second-100*time.Millisecond, "the second utterance starts after the pause")
	require.Less(t, at(segs[1].Segment.StartTime), firstEnd+2*time.Second+time.Second, "and soon after it")
	for _, s := range segs {
		t.Logf("segment %.2f-%.2fs %q (first file ends at %s)", s.Segment.StartTime, s.Segment.EndTime, s.Segment.Text, firstEnd)
	}
	require.Less(t, segs[1].Segment.StartTime, segs[1].Segment.EndTime)
}

// TestSTTStreamUtterancesPartials: without /v1/realtime, while the LibriVox
// utterance is spoken (at its own pace), partials carry its first words,
// and the one segment carries them all.
func TestSTTStreamUtterancesPartials(t *testing.T) {
	t.Parallel()
	asr := startServer(t, "--threads", "1")
	dir, refs, ids := librivox(t)
	audio := pcm16k(t, filepath.Join(dir, ids[0]+".wav"))
	audio = append(make([]byte, 16000*2/2), audio...) // half a second of quiet first
	got := streamThrough(t, asr, false, audio, 1)

	require.Len(t, got.segments, 1, "one utterance, one segment: %+v", got.segments)
	require.False(t, got.partialAfterSegment, "no partial after the segment")
	require.NotEmpty(t, got.partials, "partials while the utterance went on")
	seg := got.segments[0].Segment
	errs, words := wordErrors(refs[ids[0]], seg.Text)
	require.LessOrEqual(t, errs*100, words*25, "segment %q", seg.Text)
	// A partial's words are the start of the utterance's: most of them are
	// in the final text.
	final := map[string]bool{}
	for _, w := range normalizeWords(seg.Text) {
		final[w] = true
	}
	for _, p := range got.partials {
		pw := normalizeWords(p)
		in := 0
		for _, w := range pw {
			if final[w] {
				in++
			}
		}
		require.GreaterOrEqual(t, in*2, len(pw), "partial %q against %q", p, seg.Text)
	}
	t.Logf("%d partials, last %q; segment %q", len(got.partials), got.partials[len(got.partials)-1], seg.Text)
}
