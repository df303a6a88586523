package notegen

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
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
}

// StreamAudio streams audio, raw PCM 16-bit signed little-endian mono at
// req.SampleRate (16000 when 0), to a new live stream: it creates the job,
// sends the audio as it is read, then end, and returns the job with the
// status of the done message (transcribed). Partials and segments reach
// opts.OnMessage while the audio goes on. An error message from the server
// is returned as the error.
func (c *Client) StreamAudio(ctx context.Context, req StreamJobRequest, audio io.Reader, opts StreamOptions) (*Job, error) {
	job, err := c.CreateStream(ctx, req)
	if err != nil {
		return nil, err
	}
	conn, resp, err := websocket.Dial(ctx, job.StreamURL, &websocket.DialOptions{HTTPClient: c.http})
	if resp != nil && resp.Body != nil && err != nil {
		body, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
		resp.Body.Close()
		if resp.StatusCode >= 400 {
			return nil, errorFromResponse(resp, body)
		}
	}
	if err != nil {
		return nil, networkError("could not open the stream", err)
	}
	defer conn.CloseNow()
	conn.SetReadLimit(1 << 20)

	rate := req.SampleRate
	if rate == 0 {
		rate = 16000
	}
	chunk := opts.ChunkDuration
	if chunk <= 0 {
		chunk = 100 * time.Millisecond
	}
	size := max(2, int(chunk.Seconds()*float64(rate))*2)

	done := make(chan streamResult, 1)
	go func() {
		for {
			_, data, err := conn.Read(ctx)
			if err != nil {
				done <- streamResult{err: networkError("the stream closed before it was done", err)}
				return
			}
			var m StreamMessage
			if json.Unmarshal(data, &m) != nil {
				continue
			}
			switch m.Type {
			case StreamDone:
				done <- streamResult{job: &Job{JobID: m.JobID, Status: m.Status}}
				return
			case StreamError:
				fault := StreamFault{Code: CodeInternal, Message: "the stream failed"}
				if m.Error != nil {
					fault = *m.Error
				}
				done <- streamResult{err: newError(0, fault.Code, fault.Message, "", "", nil)}
				return
			default:
				if opts.OnMessage != nil {
					opts.OnMessage(m)
				}
			}
		}
	}()

	if err := sendPCM(ctx, conn, audio, size, chunk, opts.Realtime); err != nil {
		// A write fails when the server closed the socket: its error
		// message, if it sent one, says why.
		select {
		case r := <-done:
			if r.err != nil {
				return nil, r.err
			}
		case <-time.After(time.Second):
		}
		return nil, err
	}
	if err := conn.Write(ctx, websocket.MessageText, []byte(`{"type":"end"}`)); err != nil {
		return nil, networkError("could not end the stream", err)
	}
	r := <-done
	if r.err != nil {
		return nil, r.err
	}
	_ = conn.Close(websocket.StatusNormalClosure, "")
	return r.job, nil
}

// streamResult is how a stream ended: done, or an error.
type streamResult struct {
	job *Job
	err error
}

// sendPCM sends the audio in messages of size bytes (whole samples: an odd
// last byte is dropped), one per chunk of time when realtime.
func sendPCM(ctx context.Context, conn *websocket.Conn, audio io.Reader, size int, chunk time.Duration, realtime bool) error {
	buf := make([]byte, size)
	var tick *time.Ticker
	if realtime {
		tick = time.NewTicker(chunk)
		defer tick.Stop()
	}
	for {
		n, rerr := io.ReadFull(audio, buf)
		n -= n % 2
		if n > 0 {
			if tick != nil {
				select {
				case <-ctx.Done():
					return ctx.Err()
				case <-tick.C:
				}
			}
			if err := conn.Write(ctx, websocket.MessageBinary, buf[:n]); err != nil {
				return networkError("could not send audio", err)
			}
		}
		if rerr == io.EOF || rerr == io.ErrUnexpectedEOF {
			return nil
		}
		if rerr != nil {
			return fmt.Errorf("read audio: %w", rerr)
		}
	}
}
