package notegen_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen"
)

// TestStreamAudioReportsAJobThatFailedWhileDisconnected drops the stream's
// connection right after the client's end, before the server's answer; the
// stream has ended, so the rejoin is refused, and the job failed meanwhile.
// The SDK answers as if done had arrived: the job with its error status (a
// stream with no speech ends that way, with done), not a transport error
// and not a job that looks finished. The real server cannot be made to
// fail a job in that instant, so a small server speaking the stream's
// protocol stands in for it.
func TestStreamAudioReportsAJobThatFailedWhileDisconnected(t *testing.T) {
	t.Parallel()
	const jobID = "8f0c8f2e-3c1a-4d5e-9b7a-2f1e0d9c8b7a"
	var dials atomic.Int32
	mux := http.NewServeMux()
	var base string
	mux.HandleFunc("POST /v1/process-stream", func(w http.ResponseWriter, r *http.Request) {
		_ = json.NewEncoder(w).Encode(notegen.StreamJob{JobID: jobID, Status: "streaming",
			StreamURL: "ws" + strings.TrimPrefix(base, "http") + "/stream/" + jobID, ExpiresAt: time.Now().Add(time.Minute)})
	})
	mux.HandleFunc("GET /stream/{id}", func(w http.ResponseWriter, r *http.Request) {
		if dials.Add(1) > 1 {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusConflict)
			_, _ = w.Write([]byte(`{"error":{"code":"conflict","message":"The stream has ended"}}`))
			return
		}
		conn, err := websocket.Accept(w, r, nil)
		if err != nil {
			return
		}
		for {
			typ, msg, err := conn.Read(r.Context())
			if err != nil {
				return
			}
			if typ == websocket.MessageText && bytes.Contains(msg, []byte(`"end"`)) {
				_ = conn.CloseNow() // the network fails before the answer
				return
			}
		}
	})
	mux.HandleFunc("GET /v1/status/{id}", func(w http.ResponseWriter, r *http.Request) {
		_ = json.NewEncoder(w).Encode(notegen.JobStatus{JobID: jobID, Status: notegen.JobError,
			Message: "Transcription failed: the audio could not be decoded"})
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	base = srv.URL

	c, err := notegen.New(srv.URL, notegen.WithAPIKey("ng_sandbox_test"))
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	job, err := c.StreamAudio(ctx, notegen.StreamJobRequest{SampleRate: 8000,
		JobOptions: notegen.JobOptions{Template: "primaryCare", VisitType: "followUp", RecordingType: "dictation", Lang: "en"}},
		bytes.NewReader(make([]byte, 8000*2)), notegen.StreamOptions{ReconnectWindow: 10 * time.Second})
	require.NoError(t, err)
	require.Equal(t, jobID, job.JobID)
	require.Equal(t, notegen.JobError, job.Status)
	require.EqualValues(t, 2, dials.Load(), "one rejoin, refused because the stream had ended")
}
