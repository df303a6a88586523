package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/cmd/notegen-asr/internal/asrtest"
)

// testModelDir is the shared streaming model; NOTEGEN_ASR_TEST_MODEL_DIR
// overrides it (e.g. to run the suite against a Whisper or Parakeet model).
func testModelDir(t testing.TB) string {
	t.Helper()
	dir := os.Getenv("NOTEGEN_ASR_TEST_MODEL_DIR")
	if dir == "" {
		dir = filepath.Join("..", "..", "..", "shared", "models", "zipformer-en-kws-3.3M")
	}
	if _, err := os.Stat(dir); err != nil {
		t.Fatalf("model dir %s: %v (set NOTEGEN_ASR_TEST_MODEL_DIR)", dir, err)
	}
	return dir
}

// testVADModel is the Silero model fetched by scripts/fetch-libs.sh.
func testVADModel(t testing.TB) string {
	t.Helper()
	p := os.Getenv("NOTEGEN_ASR_VAD_MODEL")
	if p == "" {
		p = filepath.Join("lib", "silero_vad.onnx")
	}
	if _, err := os.Stat(p); err != nil {
		t.Fatalf("vad model %s: %v (run scripts/fetch-libs.sh)", p, err)
	}
	return p
}

// listeningLine is the line run logs once it accepts requests.
var listeningLine = regexp.MustCompile(`msg=listening addr=(\S+)`)

// testServer is a running instance of the real run().
type testServer struct {
	base string
	log  *asrtest.Log
	stop func() error
}

// startServer runs run() on a free port with extra flags and waits until it
// logs its address.
func startServer(t testing.TB, extra ...string) *testServer {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	logs := asrtest.NewLog(listeningLine)
	args := append([]string{"notegen-asr", "--addr", "127.0.0.1:0", "--model-dir", testModelDir(t), "--vad-model", testVADModel(t)}, extra...)
	done := make(chan error, 1)
	go func() { done <- run(ctx, args, func(string) string { return "" }, io.Discard, logs) }()
	var addr string
	select {
	case m := <-logs.Matched():
		addr = m[1]
	case err := <-done:
		cancel()
		t.Fatalf("run exited early: %v\n%s", err, logs)
	case <-time.After(60 * time.Second):
		cancel()
		t.Fatalf("server did not start\n%s", logs)
	}
	var once sync.Once
	var stopErr error
	stop := func() error {
		once.Do(func() {
			cancel()
			select {
			case stopErr = <-done:
			case <-time.After(60 * time.Second):
				stopErr = fmt.Errorf("run did not return after cancel")
			}
		})
		return stopErr
	}
	t.Cleanup(func() { _ = stop() })
	return &testServer{base: "http://" + addr, log: logs, stop: stop}
}

// upload posts a multipart transcription request.
func (s *testServer) upload(t testing.TB, filename string, data []byte, fields map[string]string) (*http.Response, []byte) {
	t.Helper()
	resp, b, err := s.tryUpload(filename, data, fields)
	require.NoError(t, err)
	return resp, b
}

// tryUpload is upload for goroutines other than the test's own.
func (s *testServer) tryUpload(filename string, data []byte, fields map[string]string) (*http.Response, []byte, error) {
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	for k, v := range fields {
		if err := mw.WriteField(k, v); err != nil {
			return nil, nil, err
		}
	}
	if filename != "" {
		fw, err := mw.CreateFormFile("file", filename)
		if err != nil {
			return nil, nil, err
		}
		if _, err := fw.Write(data); err != nil {
			return nil, nil, err
		}
	}
	if err := mw.Close(); err != nil {
		return nil, nil, err
	}
	req, err := http.NewRequest(http.MethodPost, s.base+"/v1/audio/transcriptions", &body)
	if err != nil {
		return nil, nil, err
	}
	req.Header.Set("Content-Type", mw.FormDataContentType())
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return resp, b, err
}

// openAIError decodes the OpenAI error body shape and checks all four keys.
func openAIError(t *testing.T, body []byte) map[string]any {
	t.Helper()
	var e struct {
		Error map[string]any `json:"error"`
	}
	require.NoError(t, json.Unmarshal(body, &e), string(body))
	for _, k := range []string{"message", "type", "param", "code"} {
		require.Contains(t, e.Error, k, string(body))
	}
	require.NotEmpty(t, e.Error["message"])
	return e.Error
}

// librivox lists the test utterances and their reference transcripts.
func librivox(t testing.TB) (dir string, refs map[string]string, ids []string) {
	t.Helper()
	dir = os.Getenv("NOTEGEN_ASR_LIBRIVOX_DIR")
	if dir == "" {
		dir = "/usr/share/pocketsphinx/test/data/librivox"
	}
	f, err := os.Open(filepath.Join(dir, "transcription"))
	if err != nil {
		t.Fatalf("librivox references: %v (apt-get install pocketsphinx-testdata)", err)
	}
	defer f.Close()
	refs = map[string]string{}
	line := regexp.MustCompile(`^<s>(.*)</s>\s*\((\S+)\)\s*$`)
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if m := line.FindStringSubmatch(strings.TrimSpace(sc.Text())); m != nil {
			refs[m[2]] = strings.TrimSpace(m[1])
			ids = append(ids, m[2])
		}
	}
	require.NoError(t, sc.Err())
	require.Len(t, ids, 5)
	return dir, refs, ids
}

func readFile(t testing.TB, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	return b
}
