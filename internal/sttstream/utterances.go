package sttstream

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/notegen/notegen/internal/provider"
)

// Utterances is the fallback when no streaming provider is configured: a
// voice-activity detector cuts the audio into utterances, and each one is
// sent, as soon as it ends, through the batch speech-to-text provider. While
// an utterance goes on, its audio so far is transcribed about once a second
// for partials: a batch provider has no partial words of its own to give.
type Utterances struct {
	Transcriber provider.Transcriber
	// MaxUtterance cuts an utterance that goes on this long, so a provider
	// never gets more than it accepts and a segment is final in bounded
	// time; 0 means 30 s.
	MaxUtterance time.Duration
	// Retries of a transient provider failure per utterance; 0 means 2.
	Retries int
	// RetryDelay before each retry; 0 means 1 s.
	RetryDelay time.Duration
	// PartialInterval is the least time between two partial requests of
	// one stream; 0 means 1 s, negative turns partials off. At most one is
	// in flight per stream and none is started while one is, so a stream
	// costs the provider at most one extra request at a time.
	PartialInterval time.Duration
}

// partialMin is the audio an utterance needs before its first partial: the
// onset and the pre-roll, and a word or so to give the provider.
const partialMin = 600 * time.Millisecond

// preRoll is the audio kept before the detected onset: the detector needs a
// few frames to be sure, and the first consonant is quieter than the vowel.
const preRoll = 300 * time.Millisecond

// pendingUtterances bounds the utterances waiting for the provider; past it
// Write blocks, which is the back-pressure on the audio source.
const pendingUtterances = 4

// Open starts a session; the work goes on until Close.
func (u *Utterances) Open(ctx context.Context, opts Options) (Session, error) {
	opts, err := opts.normalize()
	if err != nil {
		return nil, err
	}
	if u.Transcriber == nil {
		return nil, fmt.Errorf("sttstream: no speech-to-text provider")
	}
	maxUtt := u.MaxUtterance
	if maxUtt <= 0 {
		maxUtt = 30 * time.Second
	}
	every := u.PartialInterval
	if every == 0 {
		every = time.Second
	}
	wctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	s := &utteranceSession{
		u: u, opts: opts, vad: newVAD(opts.SampleRate),
		maxBytes: int(maxUtt.Seconds()*float64(opts.SampleRate)) * 2,
		preBytes: int(preRoll.Seconds()*float64(opts.SampleRate)) * 2,
		partials: partials{every: every, minPartial: int(partialMin.Seconds()*float64(opts.SampleRate)) * 2},
		work:     make(chan utterance, pendingUtterances),
		events:   make(chan Event, eventBuffer),
		done:     make(chan struct{}),
		ctx:      wctx, cancel: cancel,
	}
	go s.worker()
	return s, nil
}

type utterance struct {
	start, end time.Duration
	pcm        []byte
}

type utteranceSession struct {
	u        *Utterances
	opts     Options
	vad      *vad
	maxBytes int
	preBytes int

	pending []byte // bytes not yet a whole frame
	pre     []byte // recent audio while not in speech
	utt     []byte // the utterance being heard
	start   int64  // its first sample
	pos     int64  // samples classified so far
	closed  bool

	work   chan utterance
	events chan Event
	done   chan struct{}
	ctx    context.Context
	cancel context.CancelFunc

	mu  sync.Mutex
	err error

	partials
}

// partials is the state of the partial requests of one session: at most
// one in flight, for the utterance being heard.
type partials struct {
	every      time.Duration // least time between two requests; <0: none
	minPartial int           // bytes an utterance has before its first
	last       time.Time     // when the last request started
	busy       bool          // a request is in flight (Write's goroutine only)
	queued     atomic.Int32  // utterances queued or being transcribed
	settled    chan struct{} // closed when the request in flight is over
	wg         sync.WaitGroup

	pmu  sync.Mutex
	gen  int                // the utterance being heard; emit moves it on
	stop context.CancelFunc // cancels the request in flight
}

func (s *utteranceSession) Events() <-chan Event { return s.events }

// Write classifies whole 20 ms frames; the remainder waits for more audio.
func (s *utteranceSession) Write(pcm []byte) error {
	if s.closed {
		return ErrClosed
	}
	s.pending = append(s.pending, pcm...)
	fb := s.vad.frame * 2
	i := 0
	for ; i+fb <= len(s.pending); i += fb {
		if err := s.frame(s.pending[i : i+fb]); err != nil {
			return err
		}
	}
	s.pending = append(s.pending[:0], s.pending[i:]...)
	s.maybePartial()
	return nil
}

// maybePartial starts a transcription of the utterance so far when speech
// goes on, nothing is in flight and the last one started long enough ago.
// Its text is sent as a partial only if the utterance is still open then:
// a partial never follows its own segment.
func (s *utteranceSession) maybePartial() {
	if s.busy {
		select {
		case <-s.settled:
			s.busy = false
		default:
			return
		}
	}
	if s.every < 0 || !s.vad.inSpeech || len(s.utt) < s.minPartial || time.Since(s.last) < s.every {
		return
	}
	// Utterances waiting for their text come first: a partial would
	// compete with them at the provider and delay their segments.
	if s.queued.Load() > 0 {
		return
	}
	s.last, s.busy, s.settled = time.Now(), true, make(chan struct{})
	wav := wavFile(s.utt, s.opts.SampleRate) // a copy: s.utt goes on growing
	ctx, stop := context.WithCancel(s.ctx)
	s.pmu.Lock()
	gen := s.gen
	s.stop = stop
	s.pmu.Unlock()
	s.wg.Add(1)
	go func(settled chan struct{}) {
		defer s.wg.Done()
		defer close(settled)
		defer stop()
		tr, err := s.u.Transcriber.Transcribe(ctx, bytes.NewReader(wav), s.opts.Language)
		text := strings.TrimSpace(tr.Text)
		if err != nil || text == "" {
			return // a partial is a preview; the segment will have the words
		}
		s.pmu.Lock()
		defer s.pmu.Unlock()
		if gen != s.gen {
			return
		}
		// Never wait under the lock: a reader that is behind loses a
		// preview, not audio.
		select {
		case s.events <- Event{Partial: text}:
		default:
		}
	}(s.settled)
}

// nextUtterance stops the partial of the utterance that ends: its segment
// is on the way, and the provider has better things to do.
func (s *utteranceSession) nextUtterance() {
	s.pmu.Lock()
	s.gen++
	if s.stop != nil {
		s.stop()
	}
	s.pmu.Unlock()
	s.last = time.Time{}
}

func (s *utteranceSession) frame(f []byte) error {
	change := s.vad.step(f)
	n := int64(len(f) / 2)
	defer func() { s.pos += n }()
	switch {
	case change == vadStart:
		s.start = s.pos - int64(len(s.pre)/2)
		s.utt = append(append(s.utt[:0:0], s.pre...), f...)
		s.pre = s.pre[:0]
	case s.vad.inSpeech || change == vadEnd:
		s.utt = append(s.utt, f...)
	default:
		s.pre = append(s.pre, f...)
		if over := len(s.pre) - s.preBytes; over > 0 {
			s.pre = append(s.pre[:0], s.pre[over:]...)
		}
		return nil
	}
	switch {
	case change == vadEnd:
		// Keep 200 ms of the hangover: the end of the last word, not the
		// whole pause.
		keep := len(s.utt) - (vadHangover*s.vad.frame-s.opts.SampleRate/5)*2
		return s.emit(max(keep, 0))
	case len(s.utt) >= s.maxBytes:
		if err := s.emit(len(s.utt)); err != nil {
			return err
		}
		// Speech goes on: the next utterance starts here.
		s.start = s.pos + n
		s.utt = s.utt[:0:0]
	}
	return nil
}

// emit queues the first n bytes of the current utterance for transcription.
func (s *utteranceSession) emit(n int) error {
	if n == 0 {
		return nil
	}
	rate := s.opts.SampleRate
	u := utterance{
		start: samplesToDuration(s.start, rate),
		end:   samplesToDuration(s.start+int64(n/2), rate),
		pcm:   s.utt[:n],
	}
	s.utt = nil
	s.nextUtterance()
	s.queued.Add(1)
	select {
	case s.work <- u:
		return nil
	case <-s.ctx.Done():
		s.queued.Add(-1)
		return ErrClosed
	}
}

// Close sends the utterance still open, waits for every transcription and
// closes Events.
func (s *utteranceSession) Close(ctx context.Context) error {
	if !s.closed {
		s.closed = true
		if s.vad.inSpeech && len(s.utt) > 0 {
			_ = s.emit(len(s.utt))
		}
		s.nextUtterance()
		close(s.work)
	}
	select {
	case <-s.done:
	case <-ctx.Done():
		s.cancel()
		<-s.done
		s.setErr(fmt.Errorf("sttstream: the last utterances were not transcribed: %w", ctx.Err()))
	}
	s.cancel()
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.err
}

func (s *utteranceSession) setErr(err error) {
	s.mu.Lock()
	if s.err == nil {
		s.err = err
	}
	s.mu.Unlock()
}

// worker transcribes utterances one at a time, so segments come out in order.
func (s *utteranceSession) worker() {
	defer close(s.done)
	defer close(s.events)
	defer s.wg.Wait() // no partial may be sent after events is closed
	for u := range s.work {
		text, err := s.transcribe(u)
		s.queued.Add(-1)
		if err != nil {
			// The session goes on: one lost utterance is better than a
			// lost visit; Close reports it.
			s.setErr(err)
			continue
		}
		if text != "" {
			select {
			case s.events <- Event{Segment: &Segment{Start: u.start, End: u.end, Text: text}}:
			case <-s.ctx.Done():
				return
			}
		}
	}
}

func (s *utteranceSession) transcribe(u utterance) (string, error) {
	retries, delay := s.u.Retries, s.u.RetryDelay
	if retries <= 0 {
		retries = 2
	}
	if delay <= 0 {
		delay = time.Second
	}
	wav := wavFile(u.pcm, s.opts.SampleRate)
	for attempt := 0; ; attempt++ {
		tr, err := s.u.Transcriber.Transcribe(s.ctx, bytes.NewReader(wav), s.opts.Language)
		if err == nil {
			return tr.Text, nil
		}
		if attempt >= retries || !provider.IsTransient(err) {
			return "", fmt.Errorf("sttstream: transcribe the utterance at %s: %w", u.start.Round(time.Millisecond), err)
		}
		select {
		case <-time.After(delay):
		case <-s.ctx.Done():
			return "", fmt.Errorf("sttstream: transcribe the utterance at %s: %w", u.start.Round(time.Millisecond), s.ctx.Err())
		}
	}
}

// wavFile wraps PCM16 mono in a WAV header, the container every
// OpenAI-compatible transcription endpoint accepts.
func wavFile(pcm []byte, rate int) []byte {
	var b bytes.Buffer
	b.Grow(44 + len(pcm))
	b.WriteString("RIFF")
	_ = binary.Write(&b, binary.LittleEndian, uint32(36+len(pcm)))
	b.WriteString("WAVEfmt ")
	for _, v := range []any{uint32(16), uint16(1), uint16(1), uint32(rate), uint32(rate * 2), uint16(2), uint16(16)} {
		_ = binary.Write(&b, binary.LittleEndian, v)
	}
	b.WriteString("data")
	_ = binary.Write(&b, binary.LittleEndian, uint32(len(pcm)))
	b.Write(pcm)
	return b.Bytes()
}
