// Package realtime serves GET /v1/realtime: a WebSocket speaking OpenAI's
// Realtime transcription protocol on sherpa-onnx's streaming recognizer.
// Audio arrives as base64 PCM16 in input_audio_buffer.append events; the
// recognizer's endpoint rules play the part of OpenAI's server VAD, so each
// utterance is announced (speech_started), grows (transcription deltas) and
// ends (speech_stopped, committed, completed) while the client keeps talking.
package realtime

import (
	"context"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"log/slog"
	"math"
	"net/http"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/notegen/notegen/cmd/notegen-asr/internal/recognizer"
)

// Config bounds what one session and the whole server may use.
type Config struct {
	MaxSessions     int           // sessions at once; one more is refused with 429
	MaxMessageBytes int64         // one WebSocket message (base64 audio inflates by 4/3)
	IdleTimeout     time.Duration // a session that sends nothing this long is closed
	WriteTimeout    time.Duration // a client that reads nothing this long is dropped
	MaxAudioSeconds float64       // audio one session may send
	ModelName       string        // reported in the session object
}

// DefaultConfig is what the command uses unless flags say otherwise.
var DefaultConfig = Config{
	MaxSessions:     32,
	MaxMessageBytes: 1 << 20,
	IdleTimeout:     30 * time.Second,
	WriteTimeout:    10 * time.Second,
	MaxAudioSeconds: 4 * 3600,
}

// primeMS is the silence fed to a new stream before the client's audio.
const primeMS = 300

// outQueue is how many server events may wait for a slow client. When it is
// full the session stops reading (and so stops decoding), the client's own
// writes block in TCP, and memory stays bounded.
const outQueue = 64

// Handler serves the WebSocket. Create it with New; Shutdown ends its sessions.
type Handler struct {
	cfg      Config
	rec      *recognizer.Recognizer
	log      *slog.Logger
	m        *metrics
	sessions chan struct{}
	wg       sync.WaitGroup
	ctx      context.Context
	cancel   context.CancelFunc
	draining atomic.Bool
	ids      atomic.Int64
}

// New makes the handler for a streaming recognizer and registers its metrics.
func New(cfg Config, rec *recognizer.Recognizer, log *slog.Logger, reg prometheus.Registerer) *Handler {
	ctx, cancel := context.WithCancel(context.Background())
	return &Handler{
		cfg: cfg, rec: rec, log: log, m: newMetrics(reg),
		sessions: make(chan struct{}, max(cfg.MaxSessions, 1)),
		ctx:      ctx, cancel: cancel,
	}
}

// Shutdown refuses new sessions, closes open ones with "going away" and waits
// for them to stop using the recognizer, or for ctx to end.
func (h *Handler) Shutdown(ctx context.Context) error {
	h.draining.Store(true)
	h.cancel()
	done := make(chan struct{})
	go func() { h.wg.Wait(); close(done) }()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return fmt.Errorf("realtime sessions still open: %w", ctx.Err())
	}
}

// ServeHTTP checks capacity before the upgrade, so a refused client gets a
// plain HTTP status it can act on (retry later) rather than a closed socket.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if h.draining.Load() {
		httpError(w, http.StatusServiceUnavailable, "server is shutting down", "server_error", "shutting_down")
		return
	}
	select {
	case h.sessions <- struct{}{}:
	default:
		h.m.refused.Inc()
		w.Header().Set("Retry-After", "5")
		httpError(w, http.StatusTooManyRequests, fmt.Sprintf("all %d realtime sessions are in use; retry later", cap(h.sessions)), "rate_limit_error", "sessions_full")
		return
	}
	defer func() { <-h.sessions }()
	h.wg.Add(1)
	defer h.wg.Done()

	conn, err := websocket.Accept(w, r, &websocket.AcceptOptions{
		Subprotocols: []string{"realtime"},
		// Browsers are not the clients here (no cookies are read), so any
		// origin may connect; notegen and SDKs send none.
		InsecureSkipVerify: true,
	})
	if err != nil {
		h.log.Info("realtime upgrade failed", "err", err)
		return
	}
	conn.SetReadLimit(h.cfg.MaxMessageBytes)
	stream, err := h.rec.NewStream()
	if err != nil {
		_ = conn.Close(websocket.StatusInternalError, "the loaded model cannot stream")
		return
	}
	defer stream.Close()

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()

	s := &session{
		h: h, conn: conn, stream: stream, rate: 24000, autoCommit: true,
		out: make(chan serverEvent, outQueue), id: "sess_" + strconv.FormatInt(h.ids.Add(1), 10),
	}
	h.m.open.Inc()
	defer h.m.open.Dec()
	start := time.Now()
	writerDone := make(chan error, 1)
	go func() { writerDone <- s.writeLoop(ctx) }()

	s.send(ctx, serverEvent{Type: "session.created", Session: s.sessionObject()})
	reason, code := s.readLoop(ctx)
	close(s.out)
	werr := <-writerDone
	_ = conn.Close(code, reason)
	// Sizes and timings only: never the audio or the words.
	h.log.Info("realtime session ended", "session", s.id, "audio_seconds", round3(s.audioSeconds()),
		"utterances", s.items, "processing", s.proc.Round(time.Millisecond), "elapsed", time.Since(start).Round(time.Millisecond),
		"reason", reason, "write_err", werr)
}

func httpError(w http.ResponseWriter, status int, msg, typ, code string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{"error": map[string]any{"message": msg, "type": typ, "code": code, "param": nil}})
}

// session is one WebSocket connection and its recognition state. Only the
// read loop touches the recognizer; the write loop only sends events.
type session struct {
	h          *Handler
	conn       *websocket.Conn
	stream     *recognizer.Stream
	out        chan serverEvent
	id         string
	rate       int
	autoCommit bool
	model      string
	language   string
	beta       bool

	primed     bool  // the stream got its leading silence
	samples    int64 // samples received, at rate
	uttStart   int64 // sample position of the current utterance's start (last reset)
	uttSamples int64 // samples since the last reset
	itemID     string
	lastItemID string
	started    bool // speech_started sent for itemID
	text       string
	items      int
	events     int64
	proc       time.Duration
}

func (s *session) audioSeconds() float64 { return float64(s.samples) / float64(s.rate) }

// send queues an event, blocking while the queue is full: that is the
// back-pressure on a client that does not read.
func (s *session) send(ctx context.Context, ev serverEvent) {
	s.events++
	ev.EventID = "event_" + strconv.FormatInt(s.events, 10)
	select {
	case s.out <- ev:
	case <-ctx.Done():
	}
}

func (s *session) fail(ctx context.Context, clientEventID, typ, code, msg string) {
	e := &wireError{Type: typ, Code: code, Message: msg}
	if clientEventID != "" {
		e.EventID = ptr(clientEventID)
	}
	s.send(ctx, serverEvent{Type: "error", Error: e})
}

func (s *session) writeLoop(ctx context.Context) error {
	var err error
	for ev := range s.out {
		if err != nil {
			continue // drain so the reader never blocks on a dead client
		}
		b, merr := json.Marshal(ev)
		if merr != nil {
			err = merr
			continue
		}
		wctx, cancel := context.WithTimeout(ctx, s.h.cfg.WriteTimeout)
		err = s.conn.Write(wctx, websocket.MessageText, b)
		cancel()
		if err != nil {
			s.h.m.slowDrops.Inc()
			// The client stopped reading: close the connection so the read
			// loop ends too.
			_ = s.conn.CloseNow()
		}
	}
	return err
}

// readLoop handles client events until the client leaves, a limit is hit or
// the server shuts down; it returns the close reason and status.
func (s *session) readLoop(ctx context.Context) (string, websocket.StatusCode) {
	// Idle and shutdown close the socket with a proper close frame from
	// another goroutine; a cancelled Read context would drop the TCP
	// connection without telling the client why.
	var idle atomic.Bool
	timer := time.AfterFunc(s.h.cfg.IdleTimeout, func() {
		idle.Store(true)
		_ = s.conn.Close(websocket.StatusPolicyViolation, "idle timeout")
	})
	defer timer.Stop()
	stop := context.AfterFunc(s.h.ctx, func() { _ = s.conn.Close(websocket.StatusGoingAway, "server shutting down") })
	defer stop()
	for {
		typ, data, err := s.conn.Read(context.Background())
		if err != nil {
			switch {
			case idle.Load():
				return "idle timeout", websocket.StatusPolicyViolation
			case s.h.ctx.Err() != nil:
				return "server shutting down", websocket.StatusGoingAway
			case websocket.CloseStatus(err) != -1:
				s.finish(ctx)
				return "client closed", websocket.StatusNormalClosure
			default:
				return "read: " + err.Error(), websocket.StatusGoingAway
			}
		}
		timer.Reset(s.h.cfg.IdleTimeout)
		if typ != websocket.MessageText {
			s.fail(ctx, "", "invalid_request_error", "invalid_event", "binary messages are not part of the protocol; send JSON events")
			continue
		}
		var ev clientEvent
		if err := json.Unmarshal(data, &ev); err != nil || ev.Type == "" {
			s.fail(ctx, "", "invalid_request_error", "invalid_json", "each message must be a JSON object with a type")
			continue
		}
		if reason, stop := s.handle(ctx, ev); stop {
			return reason, websocket.StatusPolicyViolation
		}
	}
}

// handle applies one client event; stop ends the session.
func (s *session) handle(ctx context.Context, ev clientEvent) (reason string, stop bool) {
	switch ev.Type {
	case "session.update", "transcription_session.update":
		s.update(ctx, ev)
	case "input_audio_buffer.append":
		pcm, err := base64.StdEncoding.DecodeString(ev.Audio)
		switch {
		case err != nil:
			s.fail(ctx, ev.EventID, "invalid_request_error", "invalid_audio", "audio must be base64-encoded PCM16")
			return "", false
		case len(pcm)%2 != 0:
			s.fail(ctx, ev.EventID, "invalid_request_error", "invalid_audio", "PCM16 audio must be an even number of bytes")
			return "", false
		}
		if s.audioSeconds()+float64(len(pcm)/2)/float64(s.rate) > s.h.cfg.MaxAudioSeconds {
			s.fail(ctx, ev.EventID, "invalid_request_error", "audio_too_long", fmt.Sprintf("a session may send at most %.0f s of audio", s.h.cfg.MaxAudioSeconds))
			return "audio limit", true
		}
		s.append(ctx, pcm)
	case "input_audio_buffer.commit":
		if s.uttSamples < int64(s.rate)/10 {
			s.fail(ctx, ev.EventID, "invalid_request_error", "input_audio_buffer_commit_empty", "buffer too small: at least 100 ms of audio must be appended since the last commit")
			return "", false
		}
		t0 := time.Now()
		s.stream.Flush(s.rate)
		s.proc += time.Since(t0)
		s.endUtterance(ctx, true)
	case "input_audio_buffer.clear":
		s.stream.Reset()
		s.resetUtterance()
		s.send(ctx, serverEvent{Type: "input_audio_buffer.cleared"})
	default:
		s.fail(ctx, ev.EventID, "invalid_request_error", "unknown_event", fmt.Sprintf("event type %q is not supported by this transcription server", ev.Type))
	}
	return "", false
}

// finish ends an utterance left open when the client closes, so the words
// spoken last are recognised (the client may no longer read them).
func (s *session) finish(ctx context.Context) {
	if s.uttSamples > 0 && s.started {
		s.stream.Flush(s.rate)
		s.endUtterance(ctx, true)
	}
}

func (s *session) update(ctx context.Context, ev clientEvent) {
	rate, format := s.rate, "pcm16"
	var tc *transcriptionConfig
	var td json.RawMessage
	if ev.Type == "transcription_session.update" {
		s.beta = true
		var c betaSessionConfig
		if err := json.Unmarshal(ev.Session, &c); err != nil {
			s.fail(ctx, ev.EventID, "invalid_request_error", "invalid_session", "session must be an object")
			return
		}
		if c.InputAudioFormat != "" {
			format = c.InputAudioFormat
		}
		rate, tc, td = 24000, c.InputAudioTranscription, c.TurnDetection
	} else {
		var c sessionConfig
		if err := json.Unmarshal(ev.Session, &c); err != nil {
			s.fail(ctx, ev.EventID, "invalid_request_error", "invalid_session", "session must be an object")
			return
		}
		if c.Audio != nil && c.Audio.Input != nil {
			in := c.Audio.Input
			if in.Format != nil {
				format = in.Format.Type
				if in.Format.Rate != 0 {
					rate = in.Format.Rate
				}
			}
			tc, td = in.Transcription, in.TurnDetection
		}
	}
	if format != "pcm16" && format != "audio/pcm" {
		s.fail(ctx, ev.EventID, "invalid_request_error", "unsupported_audio_format", fmt.Sprintf("audio format %q is not supported; send PCM16 (audio/pcm)", format))
		return
	}
	if rate < 8000 || rate > 48000 {
		s.fail(ctx, ev.EventID, "invalid_request_error", "invalid_rate", "the sample rate must be between 8000 and 48000 Hz")
		return
	}
	if rate != s.rate && s.samples > 0 {
		s.fail(ctx, ev.EventID, "invalid_request_error", "invalid_rate", "the sample rate cannot change once audio was sent")
		return
	}
	s.rate = rate
	if tc != nil {
		s.model, s.language = tc.Model, tc.Language
	}
	if td != nil {
		// turn_detection: null asks for manual commits only.
		s.autoCommit = string(td) != "null"
	}
	typ := "session.updated"
	if s.beta {
		typ = "transcription_session.updated"
	}
	s.send(ctx, serverEvent{Type: typ, Session: s.sessionObject()})
}

// sessionObject describes the session in the shape the client used.
func (s *session) sessionObject() any {
	var td *turnDetection
	if s.autoCommit {
		ep := recognizer.DefaultEndpoint
		td = &turnDetection{Type: "server_vad", Threshold: 0.5, PrefixPaddingMS: 0, SilenceDurationMS: int(ep.Rule2Silence * 1000)}
	}
	tc := transcriptionConfig{Model: s.model, Language: s.language}
	if tc.Model == "" {
		tc.Model = s.h.cfg.ModelName
	}
	if s.beta {
		return map[string]any{"id": s.id, "object": "realtime.transcription_session", "input_audio_format": "pcm16",
			"input_audio_transcription": tc, "turn_detection": td}
	}
	return map[string]any{"id": s.id, "object": "realtime.transcription_session", "type": "transcription",
		"audio": map[string]any{"input": map[string]any{
			"format": map[string]any{"type": "audio/pcm", "rate": s.rate}, "transcription": tc, "turn_detection": td,
		}}}
}

// append decodes the audio, sends the new words as a delta and ends the
// utterance when the endpoint rules say so.
func (s *session) append(ctx context.Context, pcm []byte) {
	n := len(pcm) / 2
	if n == 0 {
		return
	}
	samples := make([]float32, n)
	for i := range samples {
		samples[i] = float32(int16(binary.LittleEndian.Uint16(pcm[2*i:]))) / 32768
	}
	runtime.LockOSThread()
	t0, c0 := time.Now(), threadCPU()
	if !s.primed {
		// The streaming encoder's first chunk has no left context; on the
		// LibriVox files its first word is often wrong unless a little
		// silence comes first (0920: "HOW DO YOU MARRIED" instead of "HAD HE
		// MARRIED"). The recognizer's clock then starts before the client's.
		s.primed = true
		n := int64(s.rate) * primeMS / 1000
		s.stream.Accept(make([]float32, n), s.rate)
		s.uttStart -= n
	}
	s.stream.Accept(samples, s.rate)
	s.samples += int64(n)
	s.uttSamples += int64(n)
	res := s.stream.Result()
	endpoint := s.autoCommit && s.stream.IsEndpoint()
	elapsed, cpu := time.Since(t0), threadCPU()-c0
	runtime.UnlockOSThread()
	s.proc += elapsed
	s.h.m.audioSeconds.Add(float64(n) / float64(s.rate))
	s.h.m.procSeconds.Add(elapsed.Seconds())
	s.h.m.cpuSeconds.Add(cpu.Seconds())

	s.update1(ctx, res)
	if endpoint {
		s.endUtterance(ctx, false)
	}
}

// update1 announces speech and sends the words added since the last delta.
func (s *session) update1(ctx context.Context, res recognizer.Result) {
	if res.Text == "" || res.Text == s.text {
		return
	}
	if !s.started {
		s.started = true
		s.items++
		s.itemID = fmt.Sprintf("item_%s_%d", s.id[5:], s.items)
		start := s.uttStart
		if len(res.Timestamps) > 0 {
			start += int64(float64(res.Timestamps[0]) * float64(s.rate))
		}
		start = max(start, 0)
		s.send(ctx, serverEvent{Type: "input_audio_buffer.speech_started", ItemID: s.itemID, AudioStartMS: ptr(s.ms(start))})
	}
	// Greedy transducer decoding only appends tokens, so the new text
	// extends the old; a delta is its new tail.
	if len(res.Text) > len(s.text) && res.Text[:len(s.text)] == s.text {
		s.send(ctx, serverEvent{Type: "conversation.item.input_audio_transcription.delta", ItemID: s.itemID, ContentIndex: ptr(0), Delta: ptr(res.Text[len(s.text):])})
		s.text = res.Text
	}
}

func (s *session) ms(samplePos int64) int64 { return samplePos * 1000 / int64(s.rate) }

// endUtterance closes the current utterance with OpenAI's sequence
// speech_stopped, committed, completed, and starts the next one.
func (s *session) endUtterance(ctx context.Context, manual bool) {
	res := s.stream.Result()
	s.update1(ctx, res)
	if !s.started {
		if manual {
			// A commit of silence still yields an (empty) item, as OpenAI does.
			s.items++
			s.itemID = fmt.Sprintf("item_%s_%d", s.id[5:], s.items)
		} else {
			s.stream.Reset()
			s.resetUtterance()
			return
		}
	}
	end := s.samples
	if n := len(res.Timestamps); n > 0 {
		// The last token's time plus a short tail for its sound: the
		// trailing silence that triggered the endpoint is not speech.
		if e := s.uttStart + int64((float64(res.Timestamps[n-1])+0.3)*float64(s.rate)); e < end {
			end = e
		}
	}
	s.send(ctx, serverEvent{Type: "input_audio_buffer.speech_stopped", ItemID: s.itemID, AudioEndMS: ptr(s.ms(end))})
	prev := s.lastItemID
	s.send(ctx, serverEvent{Type: "input_audio_buffer.committed", ItemID: s.itemID, PreviousItemID: &prev})
	s.send(ctx, serverEvent{Type: "conversation.item.input_audio_transcription.completed", ItemID: s.itemID, ContentIndex: ptr(0),
		Transcript: ptr(res.Text), Usage: &usage{Type: "duration", Seconds: round3(float64(s.uttSamples) / float64(s.rate))}})
	s.lastItemID = s.itemID
	s.h.m.utterances.Inc()
	s.stream.Reset()
	s.resetUtterance()
}

func (s *session) resetUtterance() {
	s.uttStart = s.samples
	s.uttSamples = 0
	s.started = false
	s.text = ""
	s.itemID = ""
}

func round3(x float64) float64 { return math.Round(x*1000) / 1000 }
