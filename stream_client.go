package notegen

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"time"

	"github.com/coder/websocket"
)

// CreateStream starts a live stream (POST /v1/process-stream): the job
// waits for its audio at the result's StreamURL. StreamAudio does it all.
func (c *Client) CreateStream(ctx context.Context, req StreamJobRequest) (*StreamJob, error) {
	var out StreamJob
	cl := call{method: "POST", path: "/v1/process-stream", body: req, auth: authAPIKey, idempotent: true, header: idempotencyHeader(req.IdempotencyKey)}
	if err := c.do(ctx, cl, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// StreamReceivedHeader is the header of the WebSocket handshake's answer
// that says how many bytes of audio the server has stored for the stream:
// a client that reconnects sends again from there.
const StreamReceivedHeader = "X-Stream-Received-Bytes"

// StreamOptions tune StreamAudio.
type StreamOptions struct {
	// OnMessage is called, from the goroutine that reads the socket, with
	// each partial and segment as the server sends it.
	OnMessage func(StreamMessage)
	// Realtime paces the audio at the speed it would be spoken, as a
	// microphone would deliver it; without it the audio goes as fast as it
	// is read (a recording).
	Realtime bool
	// ChunkDuration is the audio in one message; 0 means 100 ms.
	ChunkDuration time.Duration
	// ReconnectWindow is how long StreamAudio goes on trying to rejoin the
	// stream after its connection dropped; 0 means 60 s (as long as the
	// server keeps a stream waiting), negative never reconnects. The
	// segment of the utterance under way when the connection dropped is
	// stored with the job but may not reach OnMessage.
	ReconnectWindow time.Duration
	// OnReconnect, when set, is called with the error of each dropped
	// connection before StreamAudio rejoins the stream.
	OnReconnect func(error)
}

// keptAudio is how much of the audio already sent StreamAudio keeps to send
// again after a reconnect: what was in flight when the connection dropped,
// with a wide margin.
const keptAudio = 30 * time.Second

// StreamAudio streams audio, raw PCM 16-bit signed little-endian mono at
// req.SampleRate (16000 when 0), to a new live stream: it creates the job,
// sends the audio as it is read, then end, and returns the job with the
// status of the done message (transcribed). Partials and segments reach
// opts.OnMessage while the audio goes on. An error message from the server
// is returned as the error. A connection that drops is opened again, and
// the audio goes on from what the server had stored (see ReconnectWindow).
func (c *Client) StreamAudio(ctx context.Context, req StreamJobRequest, audio io.Reader, opts StreamOptions) (*Job, error) {
	job, err := c.CreateStream(ctx, req)
	if err != nil {
		return nil, err
	}
	rate := req.SampleRate
	if rate == 0 {
		rate = 16000
	}
	chunk := opts.ChunkDuration
	if chunk <= 0 {
		chunk = 100 * time.Millisecond
	}
	window := opts.ReconnectWindow
	if window == 0 {
		window = 60 * time.Second
	}
	s := &audioStream{c: c, url: job.StreamURL, jobID: job.JobID, opts: opts, audio: audio, chunk: chunk,
		size: max(2, int(chunk.Seconds()*float64(rate))*2), keep: int(keptAudio.Seconds()*float64(rate)) * 2}
	for {
		res, drop := s.connect(ctx)
		if drop == nil {
			return res.job, res.err
		}
		if window < 0 {
			return nil, drop
		}
		if opts.OnReconnect != nil {
			opts.OnReconnect(drop)
		}
		if job, err := s.waitRejoin(ctx, window, drop); err != nil || job != nil {
			return job, err
		}
	}
}

// audioStream is the state of one StreamAudio across its connections.
type audioStream struct {
	c          *Client
	url, jobID string
	opts       StreamOptions
	audio      io.Reader
	chunk      time.Duration
	size, keep int

	// kept is the audio sent from byte keptFrom of the stream on; sent is
	// where it ends.
	kept     []byte
	keptFrom int64
	sent     int64
	eof      bool // the audio has been read to its end
	ended    bool // end was sent on some connection
	tick     *time.Ticker
	next     *websocket.Conn // a connection opened by waitRejoin
	nextFrom int64           // what the server had stored when it was opened
}

// streamResult is how a stream ended: done, or an error.
type streamResult struct {
	job *Job
	err error
}

// errDropped marks a connection that ended without done or an error
// message: the stream may be rejoined.
var errDropped = errors.New("the stream's connection dropped")

// dial opens the stream's WebSocket and answers what the server has stored.
func (s *audioStream) dial(ctx context.Context) (*websocket.Conn, int64, error) {
	conn, resp, err := websocket.Dial(ctx, s.url, &websocket.DialOptions{HTTPClient: s.c.http})
	if err != nil {
		if resp != nil && resp.StatusCode >= 400 {
			var body []byte
			if resp.Body != nil {
				body, _ = io.ReadAll(io.LimitReader(resp.Body, 1<<20))
				resp.Body.Close()
			}
			return nil, 0, errorFromResponse(resp, body)
		}
		return nil, 0, networkError("could not open the stream", fmt.Errorf("%w: %w", errDropped, err))
	}
	conn.SetReadLimit(1 << 20)
	from := s.sent // a server that does not say has what was sent
	if v := resp.Header.Get(StreamReceivedHeader); v != "" {
		if n, perr := strconv.ParseInt(v, 10, 64); perr == nil {
			from = n
		}
	}
	return conn, from, nil
}

// waitRejoin opens the stream again within window after drop. A stream
// that ended meanwhile because end had reached the server answers the job.
func (s *audioStream) waitRejoin(ctx context.Context, window time.Duration, drop error) (*Job, error) {
	deadline := time.Now().Add(window)
	delay := 200 * time.Millisecond
	for {
		conn, from, err := s.dial(ctx)
		if err == nil {
			s.next, s.nextFrom = conn, from
			return nil, nil
		}
		var se *ServiceError
		if s.ended && errors.As(err, &se) && se.Code == CodeConflict {
			st, serr := s.c.GetJobStatus(ctx, s.jobID)
			if serr != nil {
				return nil, serr
			}
			return &Job{JobID: st.JobID, Status: st.Status}, nil
		}
		if !errors.Is(err, errDropped) {
			return nil, err
		}
		if time.Now().Add(delay).After(deadline) {
			return nil, fmt.Errorf("rejoin the stream: %w (the connection dropped: %w)", err, drop)
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(delay):
		}
		delay = min(2*delay, 2*time.Second)
	}
}

// connect runs one connection of the stream. It answers the stream's end
// (drop nil), or the error of a connection that dropped.
func (s *audioStream) connect(ctx context.Context) (res streamResult, drop error) {
	conn, from := s.next, s.nextFrom
	s.next = nil
	if conn == nil {
		var err error
		if conn, from, err = s.dial(ctx); err != nil {
			if errors.Is(err, errDropped) && s.sent > 0 {
				return streamResult{}, err
			}
			return streamResult{err: err}, nil
		}
	}
	if from > s.sent || from < s.keptFrom {
		_ = conn.CloseNow()
		return streamResult{err: fmt.Errorf("the server has %d bytes of the stream; the client sent %d and kept those from %d", from, s.sent, s.keptFrom)}, nil
	}
	done := make(chan streamResult, 1)
	readerDone := make(chan struct{})
	go func() {
		defer close(readerDone)
		s.read(ctx, conn, done)
	}()
	// The reader has stopped when connect returns: OnMessage is never
	// called by two connections at once.
	defer func() {
		_ = conn.CloseNow()
		<-readerDone
	}()
	err := s.send(ctx, conn, from)
	if err == nil {
		return s.outcome(<-done)
	}
	// A write fails when the socket closed: the server's error message,
	// if it sent one, says why.
	select {
	case r := <-done:
		if r.err != nil {
			return s.outcome(r)
		}
	case <-time.After(time.Second):
	}
	if errors.Is(err, errDropped) {
		return streamResult{}, err
	}
	return streamResult{err: err}, nil
}

// outcome sorts a reader's result into the stream's end or a drop.
func (s *audioStream) outcome(r streamResult) (streamResult, error) {
	if r.err != nil && errors.Is(r.err, errDropped) {
		return streamResult{}, r.err
	}
	return r, nil
}

// read delivers the server's messages until done, an error message or the
// connection's end.
func (s *audioStream) read(ctx context.Context, conn *websocket.Conn, done chan<- streamResult) {
	for {
		_, data, err := conn.Read(ctx)
		if err != nil {
			if ctx.Err() != nil {
				done <- streamResult{err: ctx.Err()}
				return
			}
			done <- streamResult{err: networkError("the stream closed before it was done", fmt.Errorf("%w: %w", errDropped, err))}
			return
		}
		var m StreamMessage
		if json.Unmarshal(data, &m) != nil {
			continue
		}
		switch m.Type {
		case StreamDone:
			done <- streamResult{job: &Job{JobID: m.JobID, Status: m.Status}}
			_ = conn.Close(websocket.StatusNormalClosure, "")
			return
		case StreamError:
			fault := StreamFault{Code: CodeInternal, Message: "the stream failed"}
			if m.Error != nil {
				fault = *m.Error
			}
			done <- streamResult{err: newError(0, fault.Code, fault.Message, "", "", nil)}
			return
		default:
			if s.opts.OnMessage != nil {
				s.opts.OnMessage(m)
			}
		}
	}
}

// send sends again what the server lacks of the audio already sent, then
// the rest of the audio, then end.
func (s *audioStream) send(ctx context.Context, conn *websocket.Conn, from int64) error {
	write := func(typ websocket.MessageType, b []byte) error {
		if err := conn.Write(ctx, typ, b); err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			return networkError("could not send to the stream", fmt.Errorf("%w: %w", errDropped, err))
		}
		return nil
	}
	for again := s.kept[from-s.keptFrom:]; len(again) > 0; {
		n := min(len(again), s.size)
		if err := write(websocket.MessageBinary, again[:n]); err != nil {
			return err
		}
		again = again[n:]
	}
	if s.opts.Realtime && s.tick == nil {
		s.tick = time.NewTicker(s.chunk)
		defer func() {
			if s.eof {
				s.tick.Stop()
			}
		}()
	}
	buf := make([]byte, s.size)
	for !s.eof {
		n, rerr := io.ReadFull(s.audio, buf)
		n -= n % 2 // whole samples: an odd last byte is dropped
		if rerr == io.EOF || rerr == io.ErrUnexpectedEOF {
			s.eof = true
		} else if rerr != nil {
			return fmt.Errorf("read audio: %w", rerr)
		}
		if n == 0 {
			continue
		}
		s.keepSent(buf[:n])
		if s.tick != nil {
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-s.tick.C:
			}
		}
		if err := write(websocket.MessageBinary, buf[:n]); err != nil {
			return err
		}
	}
	s.ended = true
	return write(websocket.MessageText, []byte(`{"type":"end"}`))
}

// keepSent records audio about to be sent, keeping the last keep bytes of
// it (at least) for a reconnect; the oldest are dropped in bulk.
func (s *audioStream) keepSent(b []byte) {
	s.kept = append(s.kept, b...)
	s.sent += int64(len(b))
	if over := len(s.kept) - s.keep; over > s.keep {
		s.kept = append(s.kept[:0], s.kept[over:]...)
		s.keptFrom += int64(over)
	}
}
