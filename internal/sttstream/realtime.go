package sttstream

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/coder/websocket"
)

// Realtime opens sessions on a server speaking OpenAI's Realtime
// transcription protocol: notegen-asr's /v1/realtime, or OpenAI's own.
type Realtime struct {
	URL    string // ws://, wss://, http:// or https://; e.g. ws://127.0.0.1:8090/v1/realtime
	APIKey string // sent as a Bearer token when set
	Model  string // transcription model; empty: the server's default
	// HTTPClient dials the WebSocket; nil uses http.DefaultClient.
	HTTPClient *http.Client
}

// maxAppend bounds the PCM in one append event (base64 makes it 4/3 larger),
// well under the servers' message limits.
const maxAppend = 32 << 10

// Open dials the server and configures the session.
func (r *Realtime) Open(ctx context.Context, opts Options) (Session, error) {
	opts, err := opts.normalize()
	if err != nil {
		return nil, err
	}
	h := http.Header{}
	if r.APIKey != "" {
		h.Set("Authorization", "Bearer "+r.APIKey)
	}
	// Dial takes http:// and https:// as they are: the handshake is an
	// HTTP request.
	conn, resp, err := websocket.Dial(ctx, r.URL, &websocket.DialOptions{HTTPClient: r.HTTPClient, HTTPHeader: h})
	if err != nil {
		if resp != nil {
			return nil, fmt.Errorf("sttstream: connect to the streaming speech-to-text provider: HTTP %d: %w", resp.StatusCode, err)
		}
		return nil, fmt.Errorf("sttstream: connect to the streaming speech-to-text provider: %w", err)
	}
	conn.SetReadLimit(1 << 20)
	s := &realtimeSession{
		conn: conn, rate: opts.SampleRate, events: make(chan Event, eventBuffer),
		items: map[string]*item{}, synced: make(chan struct{}), done: make(chan struct{}),
	}
	tc := map[string]any{}
	if r.Model != "" {
		tc["model"] = r.Model
	}
	if opts.Language != "" {
		tc["language"] = opts.Language
	}
	update := map[string]any{"type": "session.update", "session": map[string]any{
		"type": "transcription",
		"audio": map[string]any{"input": map[string]any{
			"format":         map[string]any{"type": "audio/pcm", "rate": opts.SampleRate},
			"transcription":  tc,
			"turn_detection": map[string]any{"type": "server_vad"},
		}},
	}}
	if err := s.send(ctx, update); err != nil {
		_ = conn.CloseNow()
		return nil, err
	}
	go s.readLoop()
	return s, nil
}

// item is one utterance as the server reports it, by item_id.
type item struct {
	start, end time.Duration
	text       string
}

type realtimeSession struct {
	conn   *websocket.Conn
	rate   int
	events chan Event
	odd    []byte // a trailing byte of an odd-length Write

	mu      sync.Mutex
	err     error // first provider error
	items   map[string]*item
	closing bool

	synced chan struct{} // closed when the server acknowledged the final barrier
	done   chan struct{} // closed when the read loop ended
}

func (s *realtimeSession) Events() <-chan Event { return s.events }

func (s *realtimeSession) send(ctx context.Context, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("sttstream: encode event: %w", err)
	}
	if err := s.conn.Write(ctx, websocket.MessageText, b); err != nil {
		return fmt.Errorf("sttstream: send to the streaming speech-to-text provider: %w", err)
	}
	return nil
}

// Write sends the audio as input_audio_buffer.append events.
func (s *realtimeSession) Write(pcm []byte) error {
	select {
	case <-s.done:
		if err := s.firstErr(); err != nil {
			return err
		}
		return ErrClosed
	default:
	}
	if len(s.odd) > 0 {
		pcm = append(append([]byte{}, s.odd...), pcm...)
		s.odd = s.odd[:0]
	}
	if len(pcm)%2 == 1 {
		s.odd = append(s.odd, pcm[len(pcm)-1])
		pcm = pcm[:len(pcm)-1]
	}
	for len(pcm) > 0 {
		n := min(len(pcm), maxAppend)
		err := s.send(context.Background(), map[string]any{"type": "input_audio_buffer.append", "audio": base64.StdEncoding.EncodeToString(pcm[:n])})
		if err != nil {
			return err
		}
		pcm = pcm[n:]
	}
	return nil
}

// Close commits what is left, then sends a session.update as a barrier: the
// server answers events in order, so its session.updated says every segment
// of the audio has been delivered.
func (s *realtimeSession) Close(ctx context.Context) error {
	s.mu.Lock()
	already := s.closing
	s.closing = true
	s.mu.Unlock()
	if !already {
		err := s.send(ctx, map[string]any{"type": "input_audio_buffer.commit"})
		if err == nil {
			err = s.send(ctx, map[string]any{"type": "session.update", "session": map[string]any{"type": "transcription"}})
		}
		if err == nil {
			select {
			case <-s.synced:
			case <-s.done:
			case <-ctx.Done():
				s.setErr(fmt.Errorf("sttstream: the last segments did not arrive: %w", ctx.Err()))
			}
		}
		_ = s.conn.Close(websocket.StatusNormalClosure, "")
	}
	<-s.done
	return s.firstErr()
}

func (s *realtimeSession) setErr(err error) {
	s.mu.Lock()
	if s.err == nil {
		s.err = err
	}
	s.mu.Unlock()
}

func (s *realtimeSession) firstErr() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.err
}

// serverEvent holds the fields of the server events we use.
type serverEvent struct {
	Type         string `json:"type"`
	ItemID       string `json:"item_id"`
	AudioStartMS *int64 `json:"audio_start_ms"`
	AudioEndMS   *int64 `json:"audio_end_ms"`
	Delta        string `json:"delta"`
	Transcript   string `json:"transcript"`
	Error        *struct {
		Code    string `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

func (s *realtimeSession) readLoop() {
	defer close(s.done)
	defer close(s.events)
	var lastEnd time.Duration
	updates := 0
	for {
		_, data, err := s.conn.Read(context.Background())
		if err != nil {
			s.mu.Lock()
			closing := s.closing
			s.mu.Unlock()
			switch st := websocket.CloseStatus(err); {
			case closing && (st == -1 || st == websocket.StatusNormalClosure):
				// Our own close.
			case st != -1:
				s.setErr(fmt.Errorf("sttstream: the streaming speech-to-text provider closed the session: %w", err))
			default:
				s.setErr(fmt.Errorf("sttstream: connection to the streaming speech-to-text provider lost: %w", err))
			}
			return
		}
		var ev serverEvent
		if json.Unmarshal(data, &ev) != nil {
			continue
		}
		it := s.items[ev.ItemID]
		if it == nil && ev.ItemID != "" {
			it = &item{start: lastEnd, end: -1}
			s.items[ev.ItemID] = it
		}
		switch ev.Type {
		case "input_audio_buffer.speech_started":
			if ev.AudioStartMS != nil {
				it.start = time.Duration(*ev.AudioStartMS) * time.Millisecond
			}
		case "input_audio_buffer.speech_stopped":
			if ev.AudioEndMS != nil {
				it.end = time.Duration(*ev.AudioEndMS) * time.Millisecond
			}
		case "conversation.item.input_audio_transcription.delta":
			it.text += ev.Delta
			s.events <- Event{Partial: strings.TrimSpace(it.text)}
		case "conversation.item.input_audio_transcription.completed":
			delete(s.items, ev.ItemID)
			text := strings.TrimSpace(ev.Transcript)
			if it.end < it.start {
				it.end = it.start
			}
			lastEnd = it.end
			if text != "" {
				s.events <- Event{Segment: &Segment{Start: it.start, End: it.end, Text: text}}
			}
		case "session.updated", "transcription_session.updated":
			// The first answers Open's configuration, the second Close's
			// barrier; counting them (not looking at closing) is what keeps
			// a slow reader from taking the first for the second.
			updates++
			if updates == 2 {
				close(s.synced)
			}
		case "conversation.item.input_audio_transcription.failed":
			delete(s.items, ev.ItemID)
			s.setErr(fmt.Errorf("sttstream: the streaming speech-to-text provider could not transcribe an utterance: %s", errMessage(ev)))
		case "error":
			// An empty final commit only means every utterance was
			// already complete.
			if ev.Error == nil || ev.Error.Code == "input_audio_buffer_commit_empty" {
				continue
			}
			s.setErr(fmt.Errorf("sttstream: the streaming speech-to-text provider answered %s: %s", ev.Error.Code, ev.Error.Message))
			s.mu.Lock()
			closing := s.closing
			s.mu.Unlock()
			if closing && updates < 2 {
				// The barrier itself may be what failed: do not wait for
				// an answer that will not come.
				updates = 2
				close(s.synced)
			}
		}
	}
}

func errMessage(ev serverEvent) string {
	if ev.Error == nil {
		return "no reason given"
	}
	return ev.Error.Message
}
