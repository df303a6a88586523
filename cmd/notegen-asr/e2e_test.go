package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestNotegenServeTranscribesThroughASR runs the main service, built from
// the repository root, with notegen-asr as its speech-to-text provider, and
// sends a live audio job from a LibriVox recording through the public API.
func TestNotegenServeTranscribesThroughASR(t *testing.T) {
	asr := startServer(t)
	dir, refs, ids := librivox(t)

	bin := filepath.Join(t.TempDir(), "notegen")
	build := exec.Command("go", "build", "-o", bin, "./cmd/notegen")
	build.Dir = filepath.Join("..", "..")
	out, err := build.CombinedOutput()
	require.NoError(t, err, "%s", out)

	cmd := exec.Command(bin, "serve")
	cmd.Env = append(os.Environ(), "NOTEGEN_ADDR=127.0.0.1:0", "NOTEGEN_DATA_DIR="+t.TempDir(), "NOTEGEN_STT_URL="+asr.base+"/v1")
	stderr, err := cmd.StderrPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	addr := make(chan string, 1)
	go func() {
		re := regexp.MustCompile(`"msg":"listening","addr":"([^"]+)"`)
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			if m := re.FindStringSubmatch(sc.Text()); m != nil {
				addr <- m[1]
			}
		}
	}()
	var base string
	select {
	case a := <-addr:
		base = "http://" + a
	case <-time.After(60 * time.Second):
		t.Fatal("notegen serve did not start")
	}

	call := func(method, path string, body any, header ...string) map[string]any {
		t.Helper()
		var r io.Reader
		if body != nil {
			data, _ := json.Marshal(body)
			r = bytes.NewReader(data)
		}
		req, err := http.NewRequest(method, base+path, r)
		require.NoError(t, err)
		req.Header.Set("Content-Type", "application/json")
		for i := 0; i+1 < len(header); i += 2 {
			req.Header.Set(header[i], header[i+1])
		}
		resp, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		defer resp.Body.Close()
		data, _ := io.ReadAll(resp.Body)
		require.Less(t, resp.StatusCode, 300, "%s %s: %s", method, path, data)
		var out map[string]any
		require.NoError(t, json.Unmarshal(data, &out), "%s", data)
		return out
	}
	call("POST", "/v1/auth/create-account", map[string]string{"email": "asr@clinic.example", "password": "a sturdy passphrase"})
	token := call("POST", "/v1/auth/login", map[string]string{"email": "asr@clinic.example", "password": "a sturdy passphrase"})["id_token"].(string)
	key := call("POST", "/v1/user/create-api-key", map[string]string{"keyType": "live"}, "Authorization", "Bearer "+token)["api_key"].(string)
	job := call("POST", "/v1/process-audio", map[string]any{"template": "wfw", "recording_type": "dictation", "lang": "en", "file_extension": "wav"}, "x-api-key", key)

	id := ids[0]
	audio := readFile(t, filepath.Join(dir, id+".wav"))
	presigned := regexp.MustCompile(`^https?://[^/]+`).ReplaceAllString(job["presigned_url"].(string), base)
	req, err := http.NewRequest("PUT", presigned, bytes.NewReader(audio))
	require.NoError(t, err)
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)

	jobID := job["job_id"].(string)
	deadline := time.Now().Add(2 * time.Minute)
	var status map[string]any
	for time.Now().Before(deadline) {
		status = call("GET", "/v1/status/"+jobID, nil, "x-api-key", key)
		if status["status"] == "completed" || status["status"] == "error" {
			break
		}
		time.Sleep(200 * time.Millisecond)
	}
	require.Equal(t, "completed", status["status"], "%v", status)
	transcript := strings.ToLower(call("GET", "/v1/fetch-transcript/"+jobID, nil, "x-api-key", key)["transcript"].(string))
	errors, words := wordErrors(refs[id], transcript)
	t.Logf("reference: %s\ntranscript: %s\nword errors %d/%d", refs[id], transcript, errors, words)
	require.Contains(t, transcript, "dashwood", "the spoken words reach the transcript")
	require.LessOrEqual(t, errors*100, words*25, "at most 25%% word errors on this utterance")
}
