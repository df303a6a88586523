package httpapi

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/coder/websocket"

	"github.com/notegen/notegen"
	"github.com/notegen/notegen/internal/apperr"
	"github.com/notegen/notegen/internal/job"
	"github.com/notegen/notegen/internal/provider"
	"github.com/notegen/notegen/internal/sttstream"
)

// Limits of a live stream's WebSocket.
const (
	// maxStreamMessage bounds one binary message (about 30 s at 16 kHz).
	maxStreamMessage = 1 << 20
	// maxStreamIdle closes a connection that sends nothing this long; the
	// stream itself waits for a rejoin until it is abandoned.
	maxStreamIdle = 30 * time.Second
	// streamWriteTimeout bounds one message to a client that stopped reading.
	streamWriteTimeout = 10 * time.Second
	// streamCloseTimeout bounds waiting for the last utterance's text.
	streamCloseTimeout = 60 * time.Second
)

func (s *Server) processStream(w http.ResponseWriter, r *http.Request) error {
	req, idem, err := readSubmission[notegen.StreamJobRequest](w, r, "process-stream")
	if err != nil {
		return err
	}
	c := caller(r.Context())
	if !c.Sandbox() && s.Live == nil {
		return apperr.New(apperr.Unavailable, "Speech-to-text is not configured on this server; ask the operator to set NOTEGEN_STT_URL")
	}
	sub, err := s.Jobs.SubmitStream(r.Context(), c, specOf(req.JobOptions, ""), req.SampleRate, idem)
	if err != nil {
		return err
	}
	return s.json(w, http.StatusOK, notegen.StreamJob{JobID: sub.JobID, Status: string(sub.Status), StreamURL: sub.StreamURL, ExpiresAt: sub.ExpiresAt})
}

// streamAudio serves a stream URL. The signature, expiry and the job's
// state are checked before the upgrade, so a refused client gets the
// contract's JSON error with its HTTP status, not a WebSocket close.
func (s *Server) streamAudio(w http.ResponseWriter, r *http.Request) error {
	jobID := r.PathValue("job_id")
	q := r.URL.Query()
	expires, err := s.Uploads.VerifyStream(jobID, q.Get("expires"), q.Get("signature"))
	if err != nil {
		return err
	}
	st, err := s.Jobs.OpenStream(r.Context(), jobID, expires)
	if err != nil {
		return err
	}
	var sess sttstream.Session
	if st.Sandbox {
		sess = newSandboxSession(st)
	} else {
		if s.Live == nil {
			return apperr.New(apperr.Unavailable, "Speech-to-text is not configured on this server")
		}
		if sess, err = s.Live.Open(r.Context(), sttstream.Options{SampleRate: st.SampleRate, Language: st.Lang}); err != nil {
			return apperr.New(apperr.Unavailable, "The speech-to-text provider cannot be reached; try again shortly")
		}
	}
	// What the stream has stored: a client that rejoins after a dropped
	// connection sends again from there.
	w.Header().Set(notegen.StreamReceivedHeader, strconv.FormatInt(st.BytesReceived, 10))
	conn, err := websocket.Accept(w, r, nil)
	if err != nil {
		_ = sess.Close(context.Background())
		return nil // Accept has answered the client
	}
	conn.SetReadLimit(-1) // streamConn.read enforces maxStreamMessage
	sc := &streamConn{s: s, conn: conn, st: st, sess: sess, base: st.Offset(), flushBytes: st.SampleRate * 2}
	sc.run(context.WithoutCancel(r.Context()))
	return nil
}

// streamConn is one connection of a live stream.
type streamConn struct {
	s    *Server
	conn *websocket.Conn
	st   *job.Stream
	sess sttstream.Session
	// base is where this connection's audio starts in the stream: segment
	// times are counted from it.
	base time.Duration
	// pending is audio received but not yet stored; it is stored once it
	// holds a second of audio, so a crash loses at most about that.
	pending    []byte
	flushBytes int
	writeMu    sync.Mutex
	failOnce   sync.Once
}

func (c *streamConn) send(ctx context.Context, m notegen.StreamMessage) error {
	b, err := json.Marshal(m)
	if err != nil {
		return err
	}
	c.writeMu.Lock()
	defer c.writeMu.Unlock()
	wctx, cancel := context.WithTimeout(ctx, streamWriteTimeout)
	defer cancel()
	return c.conn.Write(wctx, websocket.MessageText, b)
}

// fail sends an error message and closes the connection.
func (c *streamConn) fail(ctx context.Context, err error) {
	c.failOnce.Do(func() {
		var ae *apperr.Error
		code, msg := "internal_error", "The stream failed because of a server error"
		if errors.As(err, &ae) {
			code, msg = string(ae.Code), ae.Message
		} else {
			c.s.log.ErrorContext(ctx, "live stream failed", "job_id", c.st.JobID, "error", err.Error())
		}
		_ = c.send(ctx, notegen.StreamMessage{Type: notegen.StreamError, Error: &notegen.StreamFault{Code: code, Message: msg}})
		status := websocket.StatusPolicyViolation
		if code == "internal_error" {
			status = websocket.StatusInternalError
		}
		_ = c.conn.Close(status, "")
	})
}

func (c *streamConn) flush(ctx context.Context) error {
	if len(c.pending) == 0 {
		return nil
	}
	err := c.s.Pipeline.AppendStream(ctx, c.st, c.pending)
	c.pending = c.pending[:0]
	return err
}

// events forwards partials and stores and forwards segments until the
// session closes its events.
func (c *streamConn) events(ctx context.Context, done chan<- error) {
	var first error
	for ev := range c.sess.Events() {
		if first != nil {
			continue // drain, so the session can finish
		}
		switch {
		case ev.Segment != nil:
			seg := job.StreamSegment{ID: len(c.st.Segments), Start: (c.base + ev.Segment.Start).Seconds(),
				End: (c.base + ev.Segment.End).Seconds(), Text: ev.Segment.Text}
			if err := c.s.Jobs.AddStreamSegment(ctx, c.st, seg); err != nil {
				first = err
				continue
			}
			start, end := seg.Start, seg.End
			_ = c.send(ctx, notegen.StreamMessage{Type: notegen.StreamSegment, Segment: &notegen.Segment{
				ID: seg.ID, Speaker: "unknown", StartTime: &start, EndTime: &end, Text: seg.Text}})
		case ev.Partial != "":
			_ = c.send(ctx, notegen.StreamMessage{Type: notegen.StreamPartial, Text: ev.Partial})
		}
	}
	done <- first
}

// errMessageTooLarge is a client message past maxStreamMessage.
var errMessageTooLarge = errors.New("stream message too large")

// read reads one message of at most maxStreamMessage bytes within the idle
// timeout. The limit is checked here rather than by the library, which
// would close the socket without the error message the contract promises.
func (c *streamConn) read(ctx context.Context) (websocket.MessageType, []byte, error) {
	rctx, cancel := context.WithTimeout(ctx, maxStreamIdle)
	defer cancel()
	typ, r, err := c.conn.Reader(rctx)
	if err != nil {
		return 0, nil, err
	}
	data, err := io.ReadAll(io.LimitReader(r, maxStreamMessage+1))
	if err != nil {
		return 0, nil, err
	}
	if len(data) > maxStreamMessage {
		return 0, nil, errMessageTooLarge
	}
	return typ, data, nil
}

func (c *streamConn) run(ctx context.Context) {
	done := make(chan error, 1)
	go c.events(ctx, done)
	// finish stores what arrived and waits for the last utterance, on a
	// clean end and on a dropped connection alike.
	finish := func() error {
		ferr := c.flush(ctx)
		cctx, cancel := context.WithTimeout(ctx, streamCloseTimeout)
		defer cancel()
		serr := c.sess.Close(cctx)
		eerr := <-done
		return errors.Join(ferr, serr, eerr)
	}
	for {
		typ, data, err := c.read(ctx)
		if errors.Is(err, errMessageTooLarge) {
			_ = finish()
			c.fail(ctx, apperr.New(apperr.PayloadTooLarge, "A message must be at most %d KiB", maxStreamMessage>>10))
			return
		}
		if err != nil {
			// The client left without "end": keep what arrived; it may
			// rejoin, or the stream is finished once abandoned.
			if ferr := finish(); ferr != nil {
				c.s.log.WarnContext(ctx, "live stream connection ended with an error", "job_id", c.st.JobID, "error", ferr.Error())
			}
			if lerr := c.s.Jobs.LeaveStream(ctx, c.st); lerr != nil {
				c.s.log.WarnContext(ctx, "live stream not released", "job_id", c.st.JobID, "error", lerr.Error())
			}
			_ = c.conn.CloseNow()
			return
		}
		if typ == websocket.MessageText {
			var m notegen.StreamMessage
			if json.Unmarshal(data, &m) != nil || m.Type != notegen.StreamEnd {
				_ = finish()
				c.fail(ctx, apperr.New(apperr.BadRequest, `The only text message a client sends is {"type":"end"}`))
				return
			}
			c.end(ctx, finish)
			return
		}
		if len(data)%2 != 0 {
			_ = finish()
			c.fail(ctx, apperr.New(apperr.Validation, "A binary message must hold whole 16-bit samples: an even number of bytes"))
			return
		}
		if c.st.BytesReceived+int64(len(c.pending)+len(data)) > job.MaxAudioBytes {
			_ = finish()
			c.fail(ctx, apperr.New(apperr.PayloadTooLarge, "A stream's audio must be at most %d MiB", job.MaxAudioBytes>>20))
			return
		}
		if err := c.sess.Write(data); err != nil {
			_ = finish()
			c.fail(ctx, apperr.New(apperr.Unavailable, "The speech-to-text provider failed; reconnect to go on"))
			return
		}
		c.pending = append(c.pending, data...)
		if len(c.pending) >= c.flushBytes {
			if err := c.flush(ctx); err != nil {
				_ = finish()
				c.fail(ctx, err)
				return
			}
		}
	}
}

// end finishes the stream after the client's end: the last utterance, then
// the job, then done and a normal close.
func (c *streamConn) end(ctx context.Context, finish func() error) {
	if err := finish(); err != nil {
		c.fail(ctx, err)
		return
	}
	status, err := c.s.Pipeline.EndStream(ctx, c.st.JobID)
	if err != nil {
		c.fail(ctx, err)
		return
	}
	_ = c.send(ctx, notegen.StreamMessage{Type: notegen.StreamDone, JobID: c.st.JobID, Status: string(status)})
	_ = c.conn.Close(websocket.StatusNormalClosure, "")
}

// sandboxSession stands in for speech-to-text on sandbox streams: no AI, a
// fixed sample utterance covering the audio, given when the audio ends, that
// says it is a sample and how much audio it stands for.
type sandboxSession struct {
	st      *job.Stream
	samples int64
	events  chan sttstream.Event
}

func newSandboxSession(st *job.Stream) *sandboxSession {
	return &sandboxSession{st: st, events: make(chan sttstream.Event, 1)}
}

func (s *sandboxSession) Write(pcm []byte) error {
	s.samples += int64(len(pcm) / 2)
	return nil
}

func (s *sandboxSession) Events() <-chan sttstream.Event { return s.events }

func (s *sandboxSession) Close(context.Context) error {
	if s.samples > 0 {
		end := time.Duration(s.samples * int64(time.Second) / int64(s.st.SampleRate))
		s.events <- sttstream.Event{Segment: &sttstream.Segment{Start: 0, End: end, Text: provider.SampleStreamSegment(s.st.Lang, end)}}
	}
	close(s.events)
	return nil
}
