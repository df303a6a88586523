package sttstream

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/require"
)

// fakeRealtime is a Realtime transcription server with a trivial
// "recogniser": any non-zero audio is speech, each 100 ms of it is one word
// ("w1 w2 ..."), and 300 ms of zeros end the utterance. It speaks the real
// protocol (events, order, barrier) over a real WebSocket.
type fakeRealtime struct {
	mu      sync.Mutex
	rate    int
	model   string
	lang    string
	auth    string
	appends int
	// rejectLater answers every session.update after the first with an
	// error, as a server that does not take a bare update would.
	rejectLater bool
}

func (f *fakeRealtime) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	f.auth = r.Header.Get("Authorization")
	f.mu.Unlock()
	conn, err := websocket.Accept(w, r, nil)
	if err != nil {
		return
	}
	defer conn.CloseNow()
	ctx := r.Context()
	seq := 0
	send := func(v map[string]any) {
		seq++
		v["event_id"] = fmt.Sprint("event_", seq)
		b, _ := json.Marshal(v)
		_ = conn.Write(ctx, websocket.MessageText, b)
	}
	send(map[string]any{"type": "session.created", "session": map[string]any{}})
	rate := 24000
	var pos, uttStart, speech, silence int
	items, words := 0, 0
	inSpeech := false
	end := func() {
		id := fmt.Sprint("item_", items)
		send(map[string]any{"type": "input_audio_buffer.speech_stopped", "item_id": id, "audio_end_ms": (pos - silence) * 1000 / rate})
		send(map[string]any{"type": "input_audio_buffer.committed", "item_id": id, "previous_item_id": nil})
		var ws []string
		for i := 1; i <= words; i++ {
			ws = append(ws, fmt.Sprint("w", i))
		}
		send(map[string]any{"type": "conversation.item.input_audio_transcription.completed", "item_id": id, "content_index": 0, "transcript": strings.Join(ws, " ")})
		inSpeech, words, speech = false, 0, 0
	}
	for {
		_, data, err := conn.Read(ctx)
		if err != nil {
			return
		}
		var ev struct {
			Type    string `json:"type"`
			Audio   string `json:"audio"`
			Session struct {
				Audio struct {
					Input struct {
						Format        struct{ Rate int }
						Transcription struct{ Model, Language string }
					}
				}
			}
		}
		_ = json.Unmarshal(data, &ev)
		switch ev.Type {
		case "session.update":
			if f.rejectLater && ev.Session.Audio.Input.Format.Rate == 0 {
				send(map[string]any{"type": "error", "error": map[string]any{"type": "invalid_request_error", "code": "invalid_session", "message": "nothing to update"}})
				continue
			}
			if r := ev.Session.Audio.Input.Format.Rate; r != 0 {
				rate = r
				f.mu.Lock()
				f.rate, f.model, f.lang = r, ev.Session.Audio.Input.Transcription.Model, ev.Session.Audio.Input.Transcription.Language
				f.mu.Unlock()
			}
			send(map[string]any{"type": "session.updated", "session": map[string]any{}})
		case "input_audio_buffer.append":
			pcm, _ := base64.StdEncoding.DecodeString(ev.Audio)
			f.mu.Lock()
			f.appends++
			f.mu.Unlock()
			for i := 0; i+1 < len(pcm); i += 2 {
				if pcm[i] != 0 || pcm[i+1] != 0 {
					if !inSpeech {
						inSpeech, items, uttStart = true, items+1, pos
						send(map[string]any{"type": "input_audio_buffer.speech_started", "item_id": fmt.Sprint("item_", items), "audio_start_ms": uttStart * 1000 / rate})
					}
					silence = 0
					speech++
					if speech%(rate/10) == 0 {
						words++
						send(map[string]any{"type": "conversation.item.input_audio_transcription.delta", "item_id": fmt.Sprint("item_", items), "content_index": 0, "delta": fmt.Sprint(" w", words)})
					}
				} else if inSpeech {
					silence++
					if silence >= rate*3/10 {
						pos++
						end()
						continue
					}
				}
				pos++
			}
		case "input_audio_buffer.commit":
			if !inSpeech {
				send(map[string]any{"type": "error", "error": map[string]any{"type": "invalid_request_error", "code": "input_audio_buffer_commit_empty", "message": "buffer too small"}})
				continue
			}
			end()
		}
	}
}

// pcmPattern builds PCM16 audio at rate: for each duration, tone (odd index
// in spans) or digital silence (even index).
func pcmPattern(rate int, spans ...time.Duration) []byte {
	var out []byte
	for i, d := range spans {
		n := int(d.Seconds() * float64(rate))
		for j := 0; j < n; j++ {
			v := int16(0)
			if i%2 == 1 {
				v = 3000
				if (j/20)%2 == 0 {
					v = -3000
				}
			}
			out = append(out, byte(v), byte(uint16(v)>>8))
		}
	}
	return out
}

// collect reads every event until the channel closes.
func collect(s Session) <-chan []Event {
	out := make(chan []Event, 1)
	go func() {
		var evs []Event
		for ev := range s.Events() {
			evs = append(evs, ev)
		}
		out <- evs
	}()
	return out
}

func TestRealtimePartialsAndSegments(t *testing.T) {
	t.Parallel()
	fake := &fakeRealtime{}
	srv := httptest.NewServer(fake)
	defer srv.Close()

	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	rt := &Realtime{URL: srv.URL + "/v1/realtime", APIKey: "sk-test", Model: "notegen-asr"}
	s, err := rt.Open(ctx, Options{SampleRate: 16000, Language: "en"})
	require.NoError(t, err)
	got := collect(s)

	// 0.5 s silence, 1 s speech, 0.6 s silence (ends it), 0.4 s speech left
	// open: Close must still deliver that last utterance.
	audio := pcmPattern(16000, 500*time.Millisecond, time.Second, 600*time.Millisecond, 400*time.Millisecond)
	// Odd-sized writes: the session keeps the stray byte for the next one.
	for off := 0; off < len(audio); off += 3201 {
		require.NoError(t, s.Write(audio[off:min(off+3201, len(audio))]))
	}
	require.NoError(t, s.Close(ctx))
	evs := <-got

	var segs []Segment
	var partials []string
	for _, ev := range evs {
		if ev.Segment != nil {
			segs = append(segs, *ev.Segment)
		} else {
			partials = append(partials, ev.Partial)
		}
	}
	require.Equal(t, []Segment{
		{Start: 500 * time.Millisecond, End: 1500 * time.Millisecond, Text: "w1 w2 w3 w4 w5 w6 w7 w8 w9 w10"},
		{Start: 2100 * time.Millisecond, End: 2500 * time.Millisecond, Text: "w1 w2 w3 w4"},
	}, segs)
	require.Contains(t, partials, "w1 w2 w3")
	require.Equal(t, "w1 w2 w3 w4", partials[len(partials)-1])

	fake.mu.Lock()
	defer fake.mu.Unlock()
	require.Equal(t, 16000, fake.rate)
	require.Equal(t, "notegen-asr", fake.model)
	require.Equal(t, "en", fake.lang)
	require.Equal(t, "Bearer sk-test", fake.auth)

	require.ErrorIs(t, s.Write([]byte{0, 0}), ErrClosed)
}

func TestRealtimeEmptyFinalCommitIsNotAnError(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(&fakeRealtime{})
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	s, err := (&Realtime{URL: strings.Replace(srv.URL, "http", "ws", 1)}).Open(ctx, Options{})
	require.NoError(t, err)
	got := collect(s)
	require.NoError(t, s.Write(pcmPattern(16000, 0, 300*time.Millisecond, 400*time.Millisecond)))
	require.NoError(t, s.Close(ctx))
	evs := <-got
	require.Equal(t, "w1 w2 w3", evs[len(evs)-1].Segment.Text)
}

func TestRealtimeProviderFailures(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()

	// A server that refuses the upgrade (full) gives a clear error.
	full := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		http.Error(w, `{"error":{"code":"sessions_full"}}`, http.StatusTooManyRequests)
	}))
	defer full.Close()
	_, err := (&Realtime{URL: full.URL}).Open(ctx, Options{})
	require.ErrorContains(t, err, "HTTP 429")

	// A server that drops the session mid-stream: Write fails and Close
	// reports why.
	drop := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		conn, err := websocket.Accept(w, r, nil)
		if err != nil {
			return
		}
		_, _, _ = conn.Read(r.Context())
		_ = conn.Close(websocket.StatusPolicyViolation, "idle timeout")
	}))
	defer drop.Close()
	s, err := (&Realtime{URL: drop.URL}).Open(ctx, Options{})
	require.NoError(t, err)
	got := collect(s)
	<-got // the read loop ended with the server's close
	require.Error(t, s.Write(pcmPattern(16000, 0, 100*time.Millisecond)))
	require.ErrorContains(t, s.Close(ctx), "idle timeout")

	_, err = (&Realtime{URL: drop.URL}).Open(ctx, Options{SampleRate: 96000})
	require.ErrorContains(t, err, "sample rate")
}

func TestRealtimeCloseDoesNotWaitForARejectedBarrier(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(&fakeRealtime{rejectLater: true})
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	s, err := (&Realtime{URL: srv.URL}).Open(ctx, Options{})
	require.NoError(t, err)
	got := collect(s)
	require.NoError(t, s.Write(pcmPattern(16000, 0, 200*time.Millisecond)))
	err = s.Close(ctx)
	require.ErrorContains(t, err, "invalid_session")
	require.NoError(t, ctx.Err(), "Close returned because of the error, not the deadline")
	evs := <-got
	require.Equal(t, "w1 w2", evs[len(evs)-1].Segment.Text, "the commit's segment still arrived")
}
