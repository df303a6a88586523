package notegen_test

import (
	"bytes"
	"context"
	"io"
	"net"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen"
	st "github.com/notegen/notegen/internal/servertest"
)

// sandboxStreamer signs up an owner and answers it, a client with its
// sandbox key, and a stream request of 8 kHz audio.
func sandboxStreamer(ctx context.Context, t *testing.T, s *st.Server) (*notegen.Client, *notegen.Client, notegen.StreamJobRequest) {
	t.Helper()
	o, _, _ := owner(t, s)
	c, _ := keyed(ctx, t, o, notegen.KeyTypeSandbox)
	return o, c, notegen.StreamJobRequest{SampleRate: 8000,
		JobOptions: notegen.JobOptions{Template: "primaryCare", VisitType: "followUp", RecordingType: "dictation", Lang: "en"}}
}

func TestStreamAudioAgainstServer(t *testing.T) {
	st.EachServer(t, func(t *testing.T, s *st.Server) {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		defer cancel()
		_, c, req := sandboxStreamer(ctx, t, s)

		// Two seconds and an odd byte: the SDK sends whole samples only.
		var got []notegen.StreamMessage
		job, err := c.StreamAudio(ctx, req, bytes.NewReader(make([]byte, 2*8000*2+1)), notegen.StreamOptions{
			OnMessage: func(m notegen.StreamMessage) { got = append(got, m) }})
		require.NoError(t, err)
		require.Equal(t, "transcribed", job.Status)
		require.Len(t, got, 1)
		require.Equal(t, notegen.StreamSegment, got[0].Type)
		require.InDelta(t, 2.0, *got[0].Segment.EndTime, 0.001)
		requireCompleted(ctx, t, c, job.JobID)
		tr, err := c.FetchTranscript(ctx, job.JobID)
		require.NoError(t, err)
		require.Equal(t, got[0].Segment.Text, tr.Transcript)

		_, err = c.StreamAudio(ctx, notegen.StreamJobRequest{JobOptions: req.JobOptions, SampleRate: 100}, bytes.NewReader(nil), notegen.StreamOptions{})
		requireKind[*notegen.ValidationError](t, err, notegen.ErrValidation, 400, notegen.CodeValidation)
	})
}

// cutProxy forwards TCP connections to upstream; the first one it cuts, on
// both sides, once the client has sent cutAfter bytes, and what the client
// sent past them never reaches upstream: a network that fails mid-stream.
type cutProxy struct {
	ln       net.Listener
	upstream string
	cutAfter int

	mu    sync.Mutex
	conns int
}

func newCutProxy(t *testing.T, cutAfter int) *cutProxy {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	p := &cutProxy{ln: ln, cutAfter: cutAfter}
	t.Cleanup(func() { _ = ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go p.serve(c)
		}
	}()
	return p
}

func (p *cutProxy) serve(client net.Conn) {
	defer client.Close()
	p.mu.Lock()
	p.conns++
	cut := p.conns == 1
	up := p.upstream
	p.mu.Unlock()
	server, err := net.Dial("tcp", up)
	if err != nil {
		return
	}
	defer server.Close()
	go func() { _, _ = io.Copy(client, server); _ = client.Close() }()
	if !cut {
		_, _ = io.Copy(server, client)
		return
	}
	_, _ = io.CopyN(server, client, int64(p.cutAfter))
}

// TestStreamAudioRejoinsAfterADroppedConnection cuts the stream's first
// connection mid-stream, losing what was in flight: the SDK rejoins and
// sends again from what the server had stored, so the job has all the
// audio once, no less and no more.
func TestStreamAudioRejoinsAfterADroppedConnection(t *testing.T) {
	st.Each(t, func(t *testing.T, b st.Backend) {
		proxy := newCutProxy(t, 20000)
		s := st.Start(t, b, st.WithEnv("NOTEGEN_PUBLIC_URL", "http://"+proxy.ln.Addr().String()))
		proxy.mu.Lock()
		proxy.upstream = s.URL[len("http://"):]
		proxy.mu.Unlock()
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		defer cancel()
		owner, c, req := sandboxStreamer(ctx, t, s)

		// Three seconds at 8 kHz, 48000 bytes: the cut comes after about
		// 20000 of them.
		var drops []error
		job, err := c.StreamAudio(ctx, req, bytes.NewReader(make([]byte, 3*8000*2)), notegen.StreamOptions{
			OnReconnect: func(err error) { drops = append(drops, err) }})
		require.NoError(t, err)
		require.Equal(t, "transcribed", job.Status)
		require.Len(t, drops, 1)
		proxy.mu.Lock()
		require.Equal(t, 2, proxy.conns)
		proxy.mu.Unlock()
		requireCompleted(ctx, t, c, job.JobID)

		// The sandbox's stand-in transcription gives one segment per
		// connection, covering the audio that connection added: together
		// they cover the three seconds exactly.
		detail, err := owner.GetJob(ctx, job.JobID)
		require.NoError(t, err)
		require.Len(t, detail.Segments, 2)
		first, second := detail.Segments[0], detail.Segments[1]
		require.Greater(t, *first.EndTime, 0.5)
		require.Less(t, *first.EndTime, 1.5, "the first connection stored what it received before the cut")
		require.InDelta(t, *first.EndTime, *second.StartTime, 1e-9)
		require.InDelta(t, 3.0, *second.EndTime, 1e-9)
	})
}
