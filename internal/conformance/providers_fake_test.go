package conformance

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"sync"
	"testing"
	"time"
)

// fakeOpenAI is an HTTP server speaking the OpenAI transcription and chat
// protocols, whose answers a test scripts call by call.
type fakeOpenAI struct {
	*httptest.Server
	mu    sync.Mutex
	calls map[string]int
	// script returns what to do on the nth call (1-based) to path: a
	// status code (0: answer normally), a body to send instead, and a delay.
	script func(path string, nth int) (status int, body string, delay time.Duration)
	// wavOK records whether every audio received was 16 kHz mono WAV.
	wavOK     bool
	release   chan struct{}
	hangFirst bool
	text      string
}

func newFakeOpenAI(t *testing.T, text string) *fakeOpenAI {
	t.Helper()
	// Live audio is normalised with ffmpeg before it reaches a provider.
	if _, err := exec.LookPath("ffmpeg"); err != nil {
		t.Fatal("ffmpeg is required for the live audio tests: apt-get install ffmpeg")
	}
	f := &fakeOpenAI{calls: map[string]int{}, wavOK: true, text: text, release: make(chan struct{})}
	f.Server = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(func() {
		f.Release()
		f.Close()
	})
	return f
}

// Release lets calls blocked by hangFirst finish.
func (f *fakeOpenAI) Release() {
	f.mu.Lock()
	defer f.mu.Unlock()
	select {
	case <-f.release:
	default:
		close(f.release)
	}
}

// Script sets how the next calls are answered.
func (f *fakeOpenAI) Script(script func(path string, nth int) (status int, body string, delay time.Duration)) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.script = script
}

// HangFirstCall restarts the call count and makes the next first call hang
// until Release or until the client gives up.
func (f *fakeOpenAI) HangFirstCall() {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.calls = map[string]int{}
	f.hangFirst = true
}

// WAVOK reports whether every audio received was 16 kHz mono WAV.
func (f *fakeOpenAI) WAVOK() bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.wavOK
}

func (f *fakeOpenAI) Calls(path string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.calls[path]
}

func (f *fakeOpenAI) serve(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	f.calls[r.URL.Path]++
	nth := f.calls[r.URL.Path]
	script, hang := f.script, f.hangFirst && nth == 1
	f.mu.Unlock()
	if r.URL.Path == "/v1/audio/transcriptions" {
		if !f.checkWAV(r) {
			f.mu.Lock()
			f.wavOK = false
			f.mu.Unlock()
		}
	} else {
		_, _ = io.Copy(io.Discard, r.Body)
	}
	if hang {
		select {
		case <-f.release:
		case <-r.Context().Done():
			return
		}
	}
	if script != nil {
		status, body, delay := script(r.URL.Path, nth)
		time.Sleep(delay)
		if status != 0 {
			w.Header().Set("Retry-After", "0")
			w.WriteHeader(status)
			_, _ = io.WriteString(w, body)
			return
		}
		if body != "" {
			_, _ = io.WriteString(w, body)
			return
		}
	}
	w.Header().Set("Content-Type", "application/json")
	if r.URL.Path == "/v1/audio/transcriptions" {
		_ = json.NewEncoder(w).Encode(map[string]string{"text": f.text})
		return
	}
	_ = json.NewEncoder(w).Encode(map[string]any{
		"choices": []map[string]any{{"message": map[string]string{"role": "assistant", "content": "CHIEF COMPLAINT\nWritten by the language model."}, "finish_reason": "stop"}},
		"usage":   map[string]int{"completion_tokens": 42},
	})
}

// checkWAV reads the multipart audio and checks it is 16 kHz mono WAV.
func (f *fakeOpenAI) checkWAV(r *http.Request) bool {
	// A live stream's partial is cancelled when its utterance ends, and its
	// upload then stops half-way: a body the client gave up on says nothing
	// about the audio's format.
	body, err := io.ReadAll(r.Body)
	if err != nil {
		return true
	}
	r.Body = io.NopCloser(bytes.NewReader(body))
	file, _, err := r.FormFile("file")
	if err != nil {
		return false
	}
	defer file.Close()
	head := make([]byte, 44)
	if _, err := io.ReadFull(file, head); err != nil {
		return false
	}
	channels := binary.LittleEndian.Uint16(head[22:24])
	rate := binary.LittleEndian.Uint32(head[24:28])
	return string(head[:4]) == "RIFF" && string(head[8:12]) == "WAVE" && channels == 1 && rate == 16000 && r.FormValue("model") != ""
}
