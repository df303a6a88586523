package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/cmd/notegen-asr/internal/asrtest"
)

// The tests that run notegen with this server as its speech-to-text run
// `notegen serve` as a separate process, built from the repository root,
// and talk to it over its public HTTP and WebSocket API, as a client of
// the service would. This module imports nothing of the main one, so its
// go.mod needs no replace of ../.. and none of the server's dependencies
// (River, pgx, minio) in this cgo module.

// notegenBuild is the main service's binary, built once per test process.
var notegenBuild struct {
	once sync.Once
	path string
	err  error
	out  []byte
}

// TestMain removes the built notegen binary once the tests are done.
func TestMain(m *testing.M) {
	code := m.Run()
	if notegenBuild.path != "" {
		os.RemoveAll(filepath.Dir(notegenBuild.path))
	}
	os.Exit(code)
}

// notegenBinary builds cmd/notegen of the repository root (pure Go) once
// and returns its path.
func notegenBinary(t testing.TB) string {
	t.Helper()
	notegenBuild.once.Do(func() {
		dir, err := os.MkdirTemp("", "notegen-asr-notegen-")
		if err != nil {
			notegenBuild.err = err
			return
		}
		notegenBuild.path = filepath.Join(dir, "notegen")
		build := exec.Command("go", "build", "-o", notegenBuild.path, "./cmd/notegen")
		build.Dir = filepath.Join("..", "..")
		build.Env = append(os.Environ(), "CGO_ENABLED=0")
		notegenBuild.out, notegenBuild.err = build.CombinedOutput()
	})
	require.NoError(t, notegenBuild.err, "build notegen: %s", notegenBuild.out)
	return notegenBuild.path
}

// notegenListening is the line notegen serve logs once it accepts requests.
var notegenListening = regexp.MustCompile(`"msg":"listening","addr":"([^"]+)"`)

// notegenServer is a running `notegen serve` on a fresh SQLite database.
type notegenServer struct {
	base string
	pid  int
	log  *asrtest.Log
}

// startNotegen runs `notegen serve` with asr as its speech-to-text
// provider, streaming through asr's /v1/realtime when realtime (else the
// fallback: voice-activity detection and the batch endpoint), and waits
// until it listens. The process is killed when the test ends; its log is
// shown if the test failed.
func startNotegen(t testing.TB, asr *testServer, realtime bool) *notegenServer {
	t.Helper()
	env := map[string]string{
		"NOTEGEN_ADDR":     "127.0.0.1:0",
		"NOTEGEN_DATA_DIR": t.TempDir(),
		"NOTEGEN_STT_URL":  asr.base + "/v1",
	}
	if realtime {
		env["NOTEGEN_STT_STREAM_URL"] = "ws" + strings.TrimPrefix(asr.base, "http") + "/v1/realtime"
	}
	cmd := exec.Command(notegenBinary(t), "serve")
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "NOTEGEN_") { // a developer's own settings must not reach it
			cmd.Env = append(cmd.Env, kv)
		}
	}
	for k, v := range env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	log := asrtest.NewLog(notegenListening)
	cmd.Stdout, cmd.Stderr = io.Discard, log
	require.NoError(t, cmd.Start())
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		if t.Failed() {
			t.Logf("notegen log:\n%s", log)
		}
	})
	select {
	case m := <-log.Matched():
		return &notegenServer{base: "http://" + m[1], pid: cmd.Process.Pid, log: log}
	case <-time.After(60 * time.Second):
		t.Fatalf("notegen serve did not start in 60 s:\n%s", log)
		return nil
	}
}

// call sends a JSON request (body nil: none) with the given headers and
// decodes a 2xx answer into out; another status is an error that quotes the
// body.
func (n *notegenServer) call(ctx context.Context, method, path string, body any, out any, header ...string) error {
	var r io.Reader
	if body != nil {
		data, err := json.Marshal(body)
		if err != nil {
			return err
		}
		r = bytes.NewReader(data)
	}
	req, err := http.NewRequestWithContext(ctx, method, n.base+path, r)
	if err != nil {
		return err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	return n.send(req, out)
}

// send sends req and decodes a 2xx answer into out.
func (n *notegenServer) send(req *http.Request, out any) error {
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		return err
	}
	if resp.StatusCode/100 != 2 {
		return fmt.Errorf("%s %s: %d %s", req.Method, req.URL.Path, resp.StatusCode, data)
	}
	return json.Unmarshal(data, out)
}

// liveKey signs up a new account owner and answers a live API key of
// theirs, whose jobs send their audio to speech-to-text.
func (n *notegenServer) liveKey(t testing.TB) string {
	t.Helper()
	ctx := context.Background()
	owner := map[string]string{"email": fmt.Sprintf("asr-%d@clinic.example", time.Now().UnixNano()), "password": "a long test passphrase"}
	var created, tokens, key map[string]any
	require.NoError(t, n.call(ctx, "POST", "/v1/auth/create-account", owner, &created))
	require.NoError(t, n.call(ctx, "POST", "/v1/auth/login", owner, &tokens))
	require.NoError(t, n.call(ctx, "POST", "/v1/user/create-api-key", map[string]string{"keyType": "live"}, &key,
		"Authorization", fmt.Sprintf("Bearer %s", tokens["id_token"])))
	return key["api_key"].(string)
}

// submitAudio submits a recording as one multipart request with the job's
// fields and returns the job's id.
func (n *notegenServer) submitAudio(ctx context.Context, key, filename string, audio []byte, fields map[string]string) (string, error) {
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	for k, v := range fields {
		if err := mw.WriteField(k, v); err != nil {
			return "", err
		}
	}
	fw, err := mw.CreateFormFile("file", filename)
	if err != nil {
		return "", err
	}
	if _, err := fw.Write(audio); err != nil {
		return "", err
	}
	if err := mw.Close(); err != nil {
		return "", err
	}
	req, err := http.NewRequestWithContext(ctx, "POST", n.base+"/v1/process-audio", &body)
	if err != nil {
		return "", err
	}
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.Header.Set("x-api-key", key)
	var job struct {
		JobID string `json:"job_id"`
	}
	err = n.send(req, &job)
	return job.JobID, err
}

// jobStatus is a job's status as GET /v1/status answers it.
type jobStatus struct {
	Status  string `json:"status"`
	Message string `json:"message"`
}

// waitJob waits until the job is completed or failed (the server answers
// each long poll as soon as the status changes) and returns its status.
func (n *notegenServer) waitJob(ctx context.Context, key, id string) (jobStatus, error) {
	var st jobStatus
	for st.Status != "completed" && st.Status != "error" {
		path := "/v1/status/" + id + "?wait=30"
		if st.Status != "" {
			path += "&status=" + st.Status
		}
		if err := n.call(ctx, "GET", path, nil, &st, "x-api-key", key); err != nil {
			return st, err
		}
	}
	return st, nil
}

// transcript is a job's transcript text.
func (n *notegenServer) transcript(ctx context.Context, key, id string) (string, error) {
	var tr struct {
		Transcript string `json:"transcript"`
	}
	err := n.call(ctx, "GET", "/v1/fetch-transcript/"+id, nil, &tr, "x-api-key", key)
	return tr.Transcript, err
}

// streamJob is the job of the live streams below: an English dictation.
var streamJob = map[string]any{"template": "primaryCare", "visit_type": "followUp", "recording_type": "dictation", "lang": "en", "sample_rate": 16000}

// createStream starts a live stream and returns its job id and the signed
// WebSocket URL to send its audio to.
func (n *notegenServer) createStream(ctx context.Context, key string) (jobID, url string, err error) {
	var job struct {
		JobID     string `json:"job_id"`
		StreamURL string `json:"stream_url"`
	}
	err = n.call(ctx, "POST", "/v1/process-stream", streamJob, &job, "x-api-key", key)
	return job.JobID, job.StreamURL, err
}

// streamMessage is a message of a live stream's WebSocket.
type streamMessage struct {
	Type    string `json:"type"`
	Text    string `json:"text"`
	Status  string `json:"status"`
	Segment *struct {
		Text      string  `json:"text"`
		StartTime float64 `json:"start_time"`
		EndTime   float64 `json:"end_time"`
	} `json:"segment"`
	Error *struct {
		Code    string `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

// stream sends 16 kHz PCM audio to a new live stream as it is read, 100 ms
// a message (as the SDK does), then end, hands each partial and segment to
// onMessage while it goes, and returns the job's id once the server says
// done. It runs off the test goroutine, so it returns errors.
func (n *notegenServer) stream(ctx context.Context, key string, audio io.Reader, onMessage func(streamMessage)) (string, error) {
	id, url, err := n.createStream(ctx, key)
	if err != nil {
		return "", err
	}
	conn, _, err := websocket.Dial(ctx, url, nil)
	if err != nil {
		return "", fmt.Errorf("open stream: %w", err)
	}
	defer conn.CloseNow()
	done := make(chan error, 1)
	go func() {
		for {
			var m streamMessage
			_, data, err := conn.Read(ctx)
			if err == nil {
				err = json.Unmarshal(data, &m)
			}
			switch {
			case err != nil:
				done <- fmt.Errorf("read stream: %w", err)
				return
			case m.Type == "done":
				done <- nil
				return
			case m.Type == "error":
				done <- fmt.Errorf("stream error: %+v", m.Error)
				return
			}
			onMessage(m)
		}
	}()
	chunk := make([]byte, 3200)
	for {
		k, err := io.ReadFull(audio, chunk)
		if k > 0 {
			if err := conn.Write(ctx, websocket.MessageBinary, chunk[:k]); err != nil {
				return "", fmt.Errorf("send audio: %w", err)
			}
		}
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			break
		}
		if err != nil {
			return "", err
		}
	}
	if err := conn.Write(ctx, websocket.MessageText, []byte(`{"type":"end"}`)); err != nil {
		return "", fmt.Errorf("send end: %w", err)
	}
	if err := <-done; err != nil {
		return "", err
	}
	return id, nil
}
