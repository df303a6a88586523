package sttstream

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/audio/audiotest"
	"github.com/notegen/notegen/internal/provider"
)

// fakeTranscriptions is an OpenAI-compatible POST /v1/audio/transcriptions
// that answers with the length of the WAV it received, so a test can see
// which audio each utterance carried. failFirst answers the first n calls
// with 503 (a transient failure the session retries).
type fakeTranscriptions struct {
	mu        sync.Mutex
	calls     int
	failFirst int
	langs     []string
}

func (f *fakeTranscriptions) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	f.calls++
	fail := f.calls <= f.failFirst
	f.mu.Unlock()
	if r.URL.Path != "/v1/audio/transcriptions" {
		http.NotFound(w, r)
		return
	}
	if fail {
		http.Error(w, `{"error":{"message":"busy"}}`, http.StatusServiceUnavailable)
		return
	}
	secs, err := uploadedSeconds(r)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	f.mu.Lock()
	f.langs = append(f.langs, r.FormValue("language"))
	f.mu.Unlock()
	answerSeconds(w, secs)
}

// newFake starts a fakeTranscriptions server that fails the first
// failFirst calls; it closes when the test ends.
func newFake(t *testing.T, failFirst int) (*fakeTranscriptions, *httptest.Server) {
	fake := &fakeTranscriptions{failFirst: failFirst}
	srv := httptest.NewServer(fake)
	t.Cleanup(srv.Close)
	return fake, srv
}

// uploadedSeconds is the length of the 16-bit mono WAV a transcription
// request carries as its "file".
func uploadedSeconds(r *http.Request) (float64, error) {
	file, _, err := r.FormFile("file")
	if err != nil {
		return 0, err
	}
	wav, err := io.ReadAll(file)
	if err != nil {
		return 0, err
	}
	rate := binary.LittleEndian.Uint32(wav[24:])
	size := binary.LittleEndian.Uint32(wav[40:])
	return float64(size) / 2 / float64(rate), nil
}

// answerSeconds answers a transcription request with the length of its
// audio, as the fakes' text.
func answerSeconds(w http.ResponseWriter, secs float64) {
	_ = json.NewEncoder(w).Encode(map[string]string{"text": fmt.Sprintf("utterance of %.1f s", secs)})
}

// transcriberAt is the OpenAI-compatible transcriber of a fake's server.
func transcriberAt(srv *httptest.Server) *provider.OpenAITranscriber {
	return &provider.OpenAITranscriber{URL: srv.URL + "/v1", Client: srv.Client()}
}

// open opens a session of u that the test gives 30 s; ctx is the
// session's, for Close.
func open(t *testing.T, u *Utterances, opts Options) (s Session, ctx context.Context) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	t.Cleanup(cancel)
	s, err := u.Open(ctx, opts)
	require.NoError(t, err)
	return s, ctx
}

// noisy returns d of low background noise (about -56 dBFS) at rate: the
// room a clinic recording has between sentences.
func noisy(rng *rand.Rand, rate int, d time.Duration) []byte {
	n := int(d.Seconds() * float64(rate))
	out := make([]byte, 2*n)
	for i := range n {
		v := int16(rng.NormFloat64() * 50)
		binary.LittleEndian.PutUint16(out[2*i:], uint16(v))
	}
	return out
}

// tone is d of audiotest's square-wave tone (about -14.7 dBFS) at rate.
func tone(rate int, d time.Duration) []byte {
	return audiotest.WAV(d.Seconds(), rate)[44:]
}

func TestUtterancesCutsAtPausesAndTranscribesEach(t *testing.T) {
	t.Parallel()
	fake, srv := newFake(t, 1)
	u := &Utterances{
		Transcriber: transcriberAt(srv),
		RetryDelay:  time.Millisecond,
		// Partials are TestUtterancesPartials' business; here every call
		// is an utterance's.
		PartialInterval: -1,
	}
	const rate = 16000
	s, ctx := open(t, u, Options{SampleRate: rate, Language: "en"})
	got := collect(s)

	rng := rand.New(rand.NewPCG(1, 2))
	var audio []byte
	for _, part := range [][]byte{
		noisy(rng, rate, time.Second),
		tone(rate, 1500*time.Millisecond),
		noisy(rng, rate, 300*time.Millisecond), // a breath between words: same utterance
		tone(rate, 500*time.Millisecond),
		noisy(rng, rate, 1500*time.Millisecond), // a pause between sentences
		tone(rate, 800*time.Millisecond),        // still open when the stream ends
		noisy(rng, rate, 200*time.Millisecond),
	} {
		audio = append(audio, part...)
	}
	for off := 0; off < len(audio); off += 1001 { // odd sizes, not frame-aligned
		require.NoError(t, s.Write(audio[off:min(off+1001, len(audio))]))
	}
	require.NoError(t, s.Close(ctx))
	evs := <-got
	require.Len(t, evs, 2, "%+v", evs)
	first, second := evs[0].Segment, evs[1].Segment
	require.NotNil(t, first)
	require.NotNil(t, second)
	// Onset within the pre-roll before the tone at 1.0 s; end 200 ms after
	// the last tone at 3.3 s. Times are audio positions, not wall time.
	require.InDelta(t, 0.7, first.Start.Seconds(), 0.1)
	require.InDelta(t, 3.5, first.End.Seconds(), 0.1)
	require.Equal(t, fmt.Sprintf("utterance of %.1f s", first.End.Seconds()-first.Start.Seconds()), first.Text)
	require.InDelta(t, 4.5, second.Start.Seconds(), 0.1)
	require.InDelta(t, 5.8, second.End.Seconds(), 0.1)
	fake.mu.Lock()
	defer fake.mu.Unlock()
	require.Equal(t, 3, fake.calls, "one retry after the 503, then one call per utterance")
	require.Equal(t, []string{"en", "en"}, fake.langs)
}

func TestUtterancesCapsLongSpeechAndReportsFailures(t *testing.T) {
	t.Parallel()
	fake, srv := newFake(t, 1000)
	u := &Utterances{
		Transcriber:  transcriberAt(srv),
		MaxUtterance: 2 * time.Second, Retries: 1, RetryDelay: time.Millisecond, PartialInterval: -1,
	}
	s, ctx := open(t, u, Options{SampleRate: 8000})
	got := collect(s)
	require.NoError(t, s.Write(tone(8000, 5*time.Second)))
	err := s.Close(ctx)
	require.Error(t, err)
	require.ErrorContains(t, err, "transcribe the utterance at")
	require.Empty(t, <-got)
	fake.mu.Lock()
	defer fake.mu.Unlock()
	// 5 s of speech with a 2 s cap: three utterances, each tried twice.
	require.Equal(t, 6, fake.calls)
	require.ErrorIs(t, s.Write([]byte{0, 0}), ErrClosed)
}

// heldTranscriptions is an OpenAI-compatible POST /v1/audio/transcriptions
// that hands each request to the test and answers only when the test
// releases it, so a test decides what is in flight.
type heldTranscriptions struct {
	reqs chan heldRequest
	quit chan struct{} // closed when the test ends: nothing is held then
}

// newHeld starts a heldTranscriptions server; it lets go of every request
// when the test ends, passed or not, so closing the server cannot hang.
func newHeld(t *testing.T) (*heldTranscriptions, *httptest.Server) {
	fake := &heldTranscriptions{reqs: make(chan heldRequest, 8), quit: make(chan struct{})}
	srv := httptest.NewServer(fake)
	t.Cleanup(srv.Close)
	t.Cleanup(func() { close(fake.quit) }) // runs first
	return fake, srv
}

// heldRequest is one request: the seconds of audio it carries; a send on
// release answers it, and cancelled is closed if the client gave up first.
type heldRequest struct {
	secs      float64
	release   chan struct{}
	cancelled chan struct{}
}

func (f *heldTranscriptions) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	secs, err := uploadedSeconds(r)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	req := heldRequest{secs: secs, release: make(chan struct{}), cancelled: make(chan struct{})}
	select {
	case f.reqs <- req:
	case <-f.quit:
		return
	}
	select {
	case <-f.quit:
	case <-req.release:
		answerSeconds(w, secs)
	case <-r.Context().Done():
		close(req.cancelled)
	}
}

func (f *heldTranscriptions) next(t *testing.T) heldRequest {
	t.Helper()
	select {
	case r := <-f.reqs:
		return r
	case <-time.After(20 * time.Second):
		require.FailNow(t, "no transcription request")
		return heldRequest{}
	}
}

// TestUtterancesPartials: while an utterance goes on, the audio so far is
// transcribed for partials, one request at a time; the request in flight
// when the utterance ends is cancelled and its words never follow the
// segment.
func TestUtterancesPartials(t *testing.T) {
	t.Parallel()
	fake, srv := newHeld(t)
	u := &Utterances{
		Transcriber:     transcriberAt(srv),
		PartialInterval: time.Nanosecond, // whenever none is in flight
	}
	const rate = 16000
	s, ctx := open(t, u, Options{SampleRate: rate})
	us := s.(*utteranceSession)
	got := collect(s)
	rng := rand.New(rand.NewPCG(3, 4))

	// Speech from 1.0 s: the first partial asks for the utterance so far,
	// the 300 ms pre-roll and a second of speech.
	require.NoError(t, s.Write(append(noisy(rng, rate, time.Second), tone(rate, time.Second)...)))
	first := fake.next(t)
	require.InDelta(t, 1.3, first.secs, 0.05)
	// While it is in flight, more speech starts no other request.
	require.NoError(t, s.Write(tone(rate, time.Second)))
	close(first.release)
	<-us.settled
	// Once it is answered, the next write asks again, for all heard so far.
	require.NoError(t, s.Write(tone(rate, 20*time.Millisecond)))
	second := fake.next(t)
	require.InDelta(t, 2.32, second.secs, 0.05)
	// The utterance ends while the second is in flight: it is cancelled,
	// and the utterance itself is transcribed.
	require.NoError(t, s.Write(noisy(rng, rate, 1500*time.Millisecond)))
	final := fake.next(t)
	<-second.cancelled
	require.InDelta(t, 2.52, final.secs, 0.05, "the whole utterance and 200 ms of its pause")
	close(final.release)
	require.NoError(t, s.Close(ctx))
	evs := <-got
	require.Len(t, evs, 2, "%+v", evs)
	require.Equal(t, "utterance of 1.3 s", evs[0].Partial)
	require.NotNil(t, evs[1].Segment)
	require.Equal(t, "utterance of 2.5 s", evs[1].Segment.Text)
	require.Empty(t, fake.reqs, "two partials and the utterance: no other request")
}

// TestUtterancesPartialsWaitForQueuedUtterances: while an utterance that
// ended waits for its text, the next one gets no partial; once the text is
// in, it does.
func TestUtterancesPartialsWaitForQueuedUtterances(t *testing.T) {
	t.Parallel()
	fake, srv := newHeld(t)
	u := &Utterances{
		Transcriber:     transcriberAt(srv),
		PartialInterval: time.Nanosecond,
	}
	const rate = 16000
	s, ctx := open(t, u, Options{SampleRate: rate})
	rng := rand.New(rand.NewPCG(5, 6))

	// Too short for a partial: the first request is the utterance's.
	require.NoError(t, s.Write(append(noisy(rng, rate, time.Second), tone(rate, 200*time.Millisecond)...)))
	require.NoError(t, s.Write(noisy(rng, rate, time.Second)))
	first := fake.next(t)
	require.InDelta(t, 0.7, first.secs, 0.05)
	// A second utterance long enough for partials, while the first waits.
	require.NoError(t, s.Write(tone(rate, time.Second)))
	require.NoError(t, s.Write(tone(rate, 20*time.Millisecond)))
	close(first.release)
	ev := <-s.Events() // its segment: the first utterance is no longer queued
	require.NotNil(t, ev.Segment)
	got := collect(s)
	require.NoError(t, s.Write(tone(rate, 500*time.Millisecond)))
	partial := fake.next(t)
	// The pre-roll and the 1.52 s heard: a partial started while the first
	// was queued would have asked for 1.3 s.
	require.InDelta(t, 1.82, partial.secs, 0.05, "the partial asks for the second utterance so far")
	close(partial.release)
	require.NoError(t, s.Write(noisy(rng, rate, time.Second)))
	last := fake.next(t)
	close(last.release)
	require.NoError(t, s.Close(ctx))
	evs := <-got
	require.Empty(t, fake.reqs, "no partial while the first utterance was queued")
	require.NotEmpty(t, evs)
}

func TestVADLevel(t *testing.T) {
	t.Parallel()
	require.InDelta(t, -14.7, level(tone(16000, 20*time.Millisecond)), 0.5)
	require.Less(t, level(make([]byte, 640)), -100.0)
	require.False(t, math.IsNaN(level(nil)))
}
