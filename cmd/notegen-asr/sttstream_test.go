package main

import (
	"context"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/provider"
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
	rt := &sttstream.Realtime{URL: srv.base + "/v1/realtime", Model: "notegen-asr"}
	s, ctx, done := openEnglish(t, rt.Open)
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

// TestSTTStreamUtterancesPartials runs the fallback without a streaming
// provider (internal/sttstream's Utterances, voice-activity detection and
// the batch endpoint) against this server: while the LibriVox utterance is
// spoken, partials carry its first words, and the segment carries them all.
func TestSTTStreamUtterancesPartials(t *testing.T) {
	t.Parallel()
	srv := startServer(t, "--threads", "1")
	dir, refs, ids := librivox(t)
	u := &sttstream.Utterances{
		Transcriber: &provider.OpenAITranscriber{URL: srv.base + "/v1", Model: "notegen-asr", Client: http.DefaultClient},
		// As often as one can be in flight.
		PartialInterval: time.Nanosecond,
	}
	s, ctx, done := openEnglish(t, u.Open)
	audio := pcm16k(t, filepath.Join(dir, ids[0]+".wav"))
	audio = append(make([]byte, 16000*2/2), audio...) // half a second of quiet first
	for off := 0; off < len(audio); off += 3200 {
		require.NoError(t, s.Write(audio[off:min(off+3200, len(audio))]))
		time.Sleep(100 * time.Millisecond) // as it is spoken: partials come while it goes on
	}
	require.NoError(t, s.Close(ctx))
	evs := <-done

	var partials []string
	var seg *sttstream.Segment
	for _, ev := range evs {
		if ev.Segment != nil {
			require.Nil(t, seg, "one utterance, one segment: %+v", evs)
			seg = ev.Segment
		} else {
			require.Nil(t, seg, "no partial after the segment")
			partials = append(partials, ev.Partial)
		}
	}
	require.NotNil(t, seg)
	require.NotEmpty(t, partials, "partials while the utterance went on")
	errs, words := wordErrors(refs[ids[0]], seg.Text)
	require.LessOrEqual(t, errs*100, words*25, "segment %q", seg.Text)
	// A partial's words are the start of the utterance's: most of them are
	// in the final text.
	final := map[string]bool{}
	for _, w := range normalizeWords(seg.Text) {
		final[w] = true
	}
	for _, p := range partials {
		pw := normalizeWords(p)
		in := 0
		for _, w := range pw {
			if final[w] {
				in++
			}
		}
		require.GreaterOrEqual(t, in*2, len(pw), "partial %q against %q", p, seg.Text)
	}
	t.Logf("%d partials, last %q; segment %q", len(partials), partials[len(partials)-1], seg.Text)
}

// openEnglish opens a stream of 16 kHz English audio with open (a client's
// Open) that the test gives two minutes; ctx is the session's, for Close,
// and done gets every event once the session ends.
func openEnglish(t *testing.T, open func(context.Context, sttstream.Options) (sttstream.Session, error)) (
	s sttstream.Session, ctx context.Context, done <-chan []sttstream.Event,
) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	t.Cleanup(cancel)
	s, err := open(ctx, sttstream.Options{SampleRate: 16000, Language: "en"})
	require.NoError(t, err)
	return s, ctx, allEvents(s)
}

// allEvents gathers a session's events until it closes them.
func allEvents(s sttstream.Session) <-chan []sttstream.Event {
	done := make(chan []sttstream.Event, 1)
	go func() {
		var evs []sttstream.Event
		for ev := range s.Events() {
			evs = append(evs, ev)
		}
		done <- evs
	}()
	return done
}
