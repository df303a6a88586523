package main

import (
	"context"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"math"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/require"
)

// rtEvent is a server event as a test sees it, with when it arrived.
type rtEvent struct {
	Type         string `json:"type"`
	ItemID       string `json:"item_id"`
	Delta        string `json:"delta"`
	Transcript   string `json:"transcript"`
	AudioStartMS int64  `json:"audio_start_ms"`
	AudioEndMS   int64  `json:"audio_end_ms"`
	Error        *struct {
		Type, Code, Message string
	} `json:"error"`
	Session map[string]any `json:"session"`
	at      time.Time
}

// rtClient is a minimal Realtime transcription client: what notegen's own
// client (internal/sttstream in the main module) does, written out plainly.
type rtClient struct {
	t      *testing.T
	conn   *websocket.Conn
	events chan rtEvent
	closed chan websocket.StatusCode
}

func dialRealtime(t *testing.T, srv *testServer) *rtClient {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, resp, err := websocket.Dial(ctx, strings.Replace(srv.base, "http", "ws", 1)+"/v1/realtime?intent=transcription", nil)
	require.NoError(t, err)
	require.Equal(t, http.StatusSwitchingProtocols, resp.StatusCode)
	conn.SetReadLimit(1 << 20)
	c := &rtClient{t: t, conn: conn, events: make(chan rtEvent, 4096), closed: make(chan websocket.StatusCode, 1)}
	go func() {
		for {
			_, data, err := conn.Read(context.Background())
			if err != nil {
				c.closed <- websocket.CloseStatus(err)
				close(c.events)
				return
			}
			var ev rtEvent
			if json.Unmarshal(data, &ev) == nil {
				ev.at = time.Now()
				c.events <- ev
			}
		}
	}()
	t.Cleanup(func() { _ = conn.CloseNow() })
	require.Equal(t, "session.created", c.next(t).Type)
	return c
}

func (c *rtClient) send(t *testing.T, v any) {
	t.Helper()
	b, err := json.Marshal(v)
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	require.NoError(t, c.conn.Write(ctx, websocket.MessageText, b))
}

func (c *rtClient) next(t *testing.T) rtEvent {
	t.Helper()
	select {
	case ev, ok := <-c.events:
		require.True(t, ok, "connection closed")
		return ev
	case <-time.After(60 * time.Second):
		t.Fatal("no event from the server")
	}
	return rtEvent{}
}

// until reads events up to and including the first of type typ.
func (c *rtClient) until(t *testing.T, typ string) []rtEvent {
	t.Helper()
	var out []rtEvent
	for {
		ev := c.next(t)
		out = append(out, ev)
		if ev.Type == typ {
			return out
		}
	}
}

func setRate16k(t *testing.T, c *rtClient) {
	t.Helper()
	c.send(t, map[string]any{"type": "session.update", "session": map[string]any{"type": "transcription",
		"audio": map[string]any{"input": map[string]any{"format": map[string]any{"type": "audio/pcm", "rate": 16000},
			"transcription": map[string]any{"model": "notegen-asr", "language": "en"}}}}})
	ev := c.next(t)
	require.Equal(t, "session.updated", ev.Type)
}

// pcm16k decodes a file to raw 16 kHz mono PCM16 with ffmpeg.
func pcm16k(t testing.TB, path string) []byte {
	t.Helper()
	out, err := exec.Command("ffmpeg", "-nostdin", "-v", "error", "-i", path, "-f", "s16le", "-ac", "1", "-ar", "16000", "-").Output()
	require.NoError(t, err)
	return out
}

// firstSpeech is the time of the first 10 ms frame louder than a tenth of
// the loudest frame: where a listener would say the talking starts.
func firstSpeech(pcm []byte) time.Duration {
	const frame = 160
	rms := func(i int) float64 {
		var sum float64
		for j := i; j < i+frame; j++ {
			v := float64(int16(binary.LittleEndian.Uint16(pcm[2*j:])))
			sum += v * v
		}
		return math.Sqrt(sum / frame)
	}
	n := len(pcm) / 2
	var peak float64
	for i := 0; i+frame <= n; i += frame {
		peak = max(peak, rms(i))
	}
	for i := 0; i+frame <= n; i += frame {
		if rms(i) > peak/10 {
			return time.Duration(i) * time.Second / 16000
		}
	}
	return 0
}

// TestRealtimeLibriVox streams the five LibriVox utterances through
// /v1/realtime at real-time pace (NOTEGEN_ASR_TEST_STREAM_PACE=0: as fast as
// possible) and compares the streamed transcript's word error rate with the
// batch endpoint's on the same files. It logs the first-partial latency and
// the server's streaming real-time factor (scripts/measure-stream.sh).
func TestRealtimeLibriVox(t *testing.T) {
	t.Parallel()
	pace := 1.0
	if v := os.Getenv("NOTEGEN_ASR_TEST_STREAM_PACE"); v != "" {
		p, err := strconv.ParseFloat(v, 64)
		require.NoError(t, err)
		pace = p
	}
	srv := startServer(t, "--threads", "1", "--concurrency", "1")
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("server log:\n%s", srv.log)
		}
	})
	dir, refs, ids := librivox(t)

	type result struct {
		streamed, batch string
		latency         time.Duration
		items           int
	}
	results := make([]result, len(ids))
	eachAtOnce(ids, func(i int, id string) {
		pcm := pcm16k(t, filepath.Join(dir, id+".wav"))
		// Two seconds of silence after the speech, as between sentences,
		// let the endpoint rules end the utterance on their own.
		pcm = append(pcm, make([]byte, 2*16000*2)...)
		c := dialRealtime(t, srv)
		setRate16k(t, c)
		speech := firstSpeech(pcm)
		const chunk = 1600 * 2 // 100 ms
		start := time.Now()
		var speechSent time.Time
		for off := 0; off < len(pcm); off += chunk {
			end := min(off+chunk, len(pcm))
			if speechSent.IsZero() && time.Duration(end/2)*time.Second/16000 > speech {
				speechSent = time.Now()
			}
			c.send(t, map[string]any{"type": "input_audio_buffer.append", "audio": base64.StdEncoding.EncodeToString(pcm[off:end])})
			if pace > 0 {
				due := start.Add(time.Duration(float64(end/2) / 16000 / pace * float64(time.Second)))
				time.Sleep(time.Until(due))
			}
		}
		c.send(t, map[string]any{"type": "input_audio_buffer.commit"})
		// The server answers events in order, so session.updated marks
		// the end of everything the commit produced.
		c.send(t, map[string]any{"type": "session.update", "session": map[string]any{}})
		var r result
		var parts []string
		var lastStart int64 = -1
		for done := false; !done; {
			ev := c.next(t)
			switch ev.Type {
			case "conversation.item.input_audio_transcription.delta":
				if r.latency == 0 {
					r.latency = ev.at.Sub(speechSent)
				}
			case "input_audio_buffer.speech_started":
				require.Greater(t, ev.AudioStartMS, lastStart)
				lastStart = ev.AudioStartMS
			case "conversation.item.input_audio_transcription.completed":
				r.items++
				if ev.Transcript != "" {
					parts = append(parts, ev.Transcript)
				}
			case "error":
				require.Fail(t, "server error", "%+v", ev.Error)
			case "session.updated":
				done = true
			}
		}
		r.streamed = strings.Join(parts, " ")
		results[i] = r
	})

	var sErr, bErr, words int
	var maxLatency time.Duration
	for i, id := range ids {
		results[i].batch = srv.batchText(t, filepath.Join(dir, id+".wav"))
		se, n := wordErrors(refs[id], results[i].streamed)
		be, _ := wordErrors(refs[id], results[i].batch)
		t.Logf("%s: streamed %d/%d errors in %d utterances, batch %d/%d; first partial %s after first speech",
			id, se, n, results[i].items, be, n, results[i].latency.Round(time.Millisecond))
		if se > be {
			t.Logf("  streamed: %s\n  batch:    %s", results[i].streamed, results[i].batch)
		}
		sErr += se
		bErr += be
		words += n
		require.NotZero(t, results[i].latency, "no partial for %s", id)
		maxLatency = max(maxLatency, results[i].latency)
	}
	audio := metricValue(t, srv, "notegen_asr_realtime_audio_seconds_total")
	proc := metricValue(t, srv, "notegen_asr_realtime_processing_seconds_total")
	cpu := metricValue(t, srv, "notegen_asr_realtime_cpu_seconds_total")
	sWER, bWER := float64(sErr)/float64(words), float64(bErr)/float64(words)
	t.Logf("STREAM WER %.1f%% vs batch %.1f%% (%d words); first partial at most %s after first speech (pace %.1fx); streaming RTF %.4f wall, %.4f CPU on one core (%.1f s audio, %.2f s processing, %.2f s CPU, 1 thread)",
		100*sWER, 100*bWER, words, maxLatency.Round(time.Millisecond), pace, proc/audio, cpu/audio, audio, proc, cpu)
	require.LessOrEqual(t, sWER, bWER+0.02, "streamed WER within 2 points of batch")
	require.LessOrEqual(t, sWER, maxWER)
}

// TestRealtimeProtocol covers the client mistakes and limits a session must
// answer clearly: bad audio, unknown events, empty commits, formats, a full
// server, an oversized message and an idle client.
func TestRealtimeProtocol(t *testing.T) {
	t.Parallel()
	srv := startServer(t, "--realtime-sessions", "2", "--realtime-max-message-kb", "64", "--realtime-idle-timeout", "2s")
	c := dialRealtime(t, srv)
	errCode := func(v any) string {
		t.Helper()
		c.send(t, v)
		ev := c.next(t)
		require.Equal(t, "error", ev.Type, "%+v", ev)
		return ev.Error.Code
	}
	require.Equal(t, "invalid_audio", errCode(map[string]any{"type": "input_audio_buffer.append", "audio": "%%%not base64"}))
	require.Equal(t, "invalid_audio", errCode(map[string]any{"type": "input_audio_buffer.append", "audio": base64.StdEncoding.EncodeToString([]byte{1, 2, 3})}))
	require.Equal(t, "unknown_event", errCode(map[string]any{"type": "response.create"}))
	require.Equal(t, "input_audio_buffer_commit_empty", errCode(map[string]any{"type": "input_audio_buffer.commit"}))
	require.Equal(t, "unsupported_audio_format", errCode(map[string]any{"type": "transcription_session.update", "session": map[string]any{"input_audio_format": "g711_ulaw"}}))
	require.Equal(t, "invalid_rate", errCode(map[string]any{"type": "session.update", "session": map[string]any{"audio": map[string]any{"input": map[string]any{"format": map[string]any{"type": "audio/pcm", "rate": 96000}}}}}))
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	require.NoError(t, c.conn.Write(ctx, websocket.MessageBinary, []byte{0, 0}))
	require.Equal(t, "invalid_event", c.next(t).Error.Code)

	// The beta session shape is answered in its own shape, at 24 kHz.
	c.send(t, map[string]any{"type": "transcription_session.update", "session": map[string]any{"input_audio_format": "pcm16", "turn_detection": nil}})
	ev := c.next(t)
	require.Equal(t, "transcription_session.updated", ev.Type)
	require.Equal(t, "pcm16", ev.Session["input_audio_format"])
	require.Nil(t, ev.Session["turn_detection"])

	// Silence then a manual commit gives an empty item; clear answers cleared.
	c.send(t, map[string]any{"type": "input_audio_buffer.append", "audio": base64.StdEncoding.EncodeToString(make([]byte, 24000))})
	c.send(t, map[string]any{"type": "input_audio_buffer.commit"})
	evs := c.until(t, "conversation.item.input_audio_transcription.completed")
	require.Equal(t, "", evs[len(evs)-1].Transcript)
	c.send(t, map[string]any{"type": "input_audio_buffer.clear"})
	require.Equal(t, "input_audio_buffer.cleared", c.next(t).Type)

	// Two sessions are open (c and this one): a third is refused before the
	// upgrade with a status a client can act on.
	c2 := dialRealtime(t, srv)
	_, resp, err := websocket.Dial(ctx, strings.Replace(srv.base, "http", "ws", 1)+"/v1/realtime", nil)
	require.Error(t, err)
	require.Equal(t, http.StatusTooManyRequests, resp.StatusCode)

	// A message over the limit closes the session with 1009.
	big, _ := json.Marshal(map[string]any{"type": "input_audio_buffer.append", "audio": base64.StdEncoding.EncodeToString(make([]byte, 100<<10))})
	_ = c2.conn.Write(ctx, websocket.MessageText, big)
	require.Equal(t, websocket.StatusMessageTooBig, <-c2.closed)

	// A session that sends nothing is closed after the idle timeout.
	require.Equal(t, websocket.StatusPolicyViolation, <-c.closed)
	require.NotContains(t, srv.log.String(), "DASHWOOD")
}
