package main

import (
	"encoding/json"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// maxWER is the acceptance bar of the issue for the shared 3.3M model.
const maxWER = 0.20

// TestLibriVoxWER transcribes the five LibriVox utterances of
// pocketsphinx-testdata through the HTTP API and checks the word error rate.
// NOTEGEN_ASR_TEST_THREADS sets --threads, to measure the real-time factor.
func TestLibriVoxWER(t *testing.T) {
	t.Parallel()
	threads := os.Getenv("NOTEGEN_ASR_TEST_THREADS")
	if threads == "" {
		threads = "1"
	}
	srv := startServer(t, "--threads", threads, "--concurrency", "1")
	dir, refs, ids := librivox(t)
	var errs, words int
	var audio float64
	start := time.Now()
	for _, id := range ids {
		resp, body := srv.upload(t, id+".wav", readFile(t, filepath.Join(dir, id+".wav")), map[string]string{
			"model": "notegen-asr", "response_format": "verbose_json", "language": "en",
		})
		require.Equal(t, http.StatusOK, resp.StatusCode, string(body))
		var v struct {
			Duration float64 `json:"duration"`
			Text     string  `json:"text"`
			Segments []struct {
				Start, End float64
				Text       string
			} `json:"segments"`
		}
		require.NoError(t, json.Unmarshal(body, &v))
		require.NotEmpty(t, v.Segments)
		for _, s := range v.Segments {
			require.Less(t, s.Start, s.End)
			require.LessOrEqual(t, s.End, v.Duration+0.01)
		}
		e, n := wordErrors(refs[id], v.Text)
		t.Logf("%s: %d/%d word errors", id, e, n)
		errs += e
		words += n
		audio += v.Duration
	}
	wall := time.Since(start).Seconds()
	proc := metricValue(t, srv, "notegen_asr_processing_seconds_total")
	wer := float64(errs) / float64(words)
	t.Logf("WER %.1f%% (%d errors / %d words); audio %.1f s; threads=%s; server RTF %.4f (%.1fx real time); client wall RTF %.4f",
		100*wer, errs, words, audio, threads, proc/audio, audio/proc, wall/audio)
	require.LessOrEqual(t, wer, maxWER)
}

// TestFormats sends one utterance in every container of the OpenAI contract.
func TestFormats(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("ffmpeg"); err != nil {
		t.Fatal("ffmpeg is required")
	}
	srv := startServer(t)
	dir, _, _ := librivox(t)
	src := filepath.Join(dir, "sense_and_sensibility_01_austen_64kb-0880.wav")
	tmp := t.TempDir()
	formats := map[string][]string{
		"mp3":  {"-c:a", "libmp3lame"},
		"mp4":  {"-c:a", "aac"},
		"m4a":  {"-c:a", "aac"},
		"aac":  {"-c:a", "aac", "-f", "adts"},
		"mp2":  {"-c:a", "mp2", "-ar", "44100"},
		"flac": {"-c:a", "flac"},
		"ogg":  {"-c:a", "libvorbis"},
		"opus": {"-c:a", "libopus"},
		"webm": {"-c:a", "libopus"},
		"wav":  {"-c:a", "pcm_s16le", "-ar", "44100", "-ac", "2"},
		"pcm":  {"-f", "s16le", "-ar", "16000", "-ac", "1"},
	}
	for ext, codec := range formats {
		out := filepath.Join(tmp, "clip."+ext)
		args := append(append([]string{"-nostdin", "-v", "error", "-y", "-i", src}, codec...), out)
		b, err := exec.Command("ffmpeg", args...).CombinedOutput()
		require.NoError(t, err, "encode %s: %s", ext, b)
		t.Run(ext, func(t *testing.T) {
			t.Parallel()
			resp, body := srv.upload(t, "clip."+ext, readFile(t, out), map[string]string{"model": "whisper-1", "response_format": "text"})
			require.Equal(t, http.StatusOK, resp.StatusCode, string(body))
			require.Contains(t, resp.Header.Get("Content-Type"), "text/plain")
			// Lossy codecs shift the tiny model's guesses; the words that
			// survive all of them prove the audio was decoded.
			require.Contains(t, strings.ToLower(string(body)), "young man")
		})
	}
}

// TestBadInput checks that unusable uploads get a clear 400 in OpenAI shape.
func TestBadInput(t *testing.T) {
	t.Parallel()
	srv := startServer(t)
	dir, _, _ := librivox(t)
	wav := readFile(t, filepath.Join(dir, "sense_and_sensibility_01_austen_64kb-0870.wav"))
	tmp := t.TempDir()
	m4a := filepath.Join(tmp, "a.m4a")
	b, err := exec.Command("ffmpeg", "-nostdin", "-v", "error", "-i", filepath.Join(dir, "sense_and_sensibility_01_austen_64kb-0870.wav"), "-c:a", "aac", m4a).CombinedOutput()
	require.NoError(t, err, string(b))
	m4aData := readFile(t, m4a)

	cases := []struct {
		name, filename string
		data           []byte
		fields         map[string]string
		param, code    string
	}{
		{"empty file", "empty.wav", nil, nil, "file", "empty_file"},
		{"not audio", "notes.wav", []byte("Patient reports mild headache since Tuesday.\n"), nil, "file", "invalid_audio"},
		{"truncated wav header", "cut.wav", wav[:30], nil, "file", "invalid_audio"},
		{"truncated wav data", "cut.wav", wav[:len(wav)/3], nil, "file", "invalid_audio"},
		{"truncated m4a", "cut.m4a", m4aData[:len(m4aData)/2], nil, "file", "invalid_audio"},
		{"missing file", "", nil, nil, "file", "missing_file"},
		{"missing model", "a.wav", wav, map[string]string{"model": ""}, "model", "missing_model"},
		{"srt unsupported", "a.wav", wav, map[string]string{"response_format": "srt"}, "response_format", "unsupported_response_format"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			fields := map[string]string{"model": "whisper-1"}
			for k, v := range c.fields {
				if v == "" {
					delete(fields, k)
				} else {
					fields[k] = v
				}
			}
			resp, body := srv.upload(t, c.filename, c.data, fields)
			require.Equal(t, http.StatusBadRequest, resp.StatusCode, string(body))
			e := openAIError(t, body)
			require.Equal(t, "invalid_request_error", e["type"])
			require.Equal(t, c.param, e["param"])
			require.Equal(t, c.code, e["code"])
		})
	}
	// Nothing about the audio or transcript may reach the log.
	require.NotContains(t, srv.log.String(), "headache")
}

// TestLimits covers the upload limit, the timeout, unknown routes, health,
// metrics and graceful shutdown.
func TestLimits(t *testing.T) {
	t.Parallel()
	dir, _, _ := librivox(t)
	wav := readFile(t, filepath.Join(dir, "sense_and_sensibility_01_austen_64kb-0870.wav"))

	for _, c := range []struct {
		name       string
		flag, val  string
		wantStatus int
		wantCode   string
	}{
		{"upload limit", "--max-upload-mb", "0.01", http.StatusRequestEntityTooLarge, "file_too_large"},
		{"timeout", "--timeout", "1ns", http.StatusGatewayTimeout, "timeout"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			srv := startServer(t, c.flag, c.val)
			resp, body := srv.upload(t, "a.wav", wav, map[string]string{"model": "m"})
			require.Equal(t, c.wantStatus, resp.StatusCode, string(body))
			require.Equal(t, c.wantCode, openAIError(t, body)["code"])
		})
	}
	t.Run("health metrics shutdown", func(t *testing.T) {
		t.Parallel()
		srv := startServer(t)
		resp, err := http.Get(srv.base + "/healthz")
		require.NoError(t, err)
		resp.Body.Close()
		require.Equal(t, http.StatusOK, resp.StatusCode)

		resp, body := srv.upload(t, "a.wav", wav, map[string]string{"model": "m"})
		require.Equal(t, http.StatusOK, resp.StatusCode, string(body))
		var j map[string]string
		require.NoError(t, json.Unmarshal(body, &j))
		require.NotEmpty(t, j["text"])
		require.Greater(t, metricValue(t, srv, "notegen_asr_audio_seconds_total"), 5.0)
		require.Greater(t, metricValue(t, srv, "notegen_asr_real_time_factor_count"), 0.0)

		resp, err = http.Get(srv.base + "/v1/nope")
		require.NoError(t, err)
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		require.Equal(t, http.StatusNotFound, resp.StatusCode)
		require.Equal(t, "not_found", openAIError(t, b)["code"])

		require.NoError(t, srv.stop())
		require.Contains(t, srv.log.String(), "msg=stopped")
	})
}

// TestQueue holds the only slot with a long recording and checks that a
// second request is refused with 429 when the queue is disabled.
func TestQueue(t *testing.T) {
	t.Parallel()
	dir, _, _ := librivox(t)
	long := filepath.Join(t.TempDir(), "long.flac")
	// About 4 minutes of one utterance looped; VAD splits it at the pauses
	// and at its 20 s cap.
	b, err := exec.Command("ffmpeg", "-nostdin", "-v", "error", "-stream_loop", "30",
		"-i", filepath.Join(dir, "sense_and_sensibility_01_austen_64kb-0870.wav"),
		"-af", "apad=pad_dur=1", "-c:a", "flac", long).CombinedOutput()
	require.NoError(t, err, string(b))
	srv := startServer(t, "--concurrency", "1", "--queue", "0")

	longData := readFile(t, long)
	done := make(chan []byte, 1)
	go func() {
		resp, body, err := srv.tryUpload("long.flac", longData, map[string]string{"model": "m", "response_format": "verbose_json"})
		if err != nil || resp.StatusCode != http.StatusOK {
			body = nil
		}
		done <- body
	}()
	require.Eventually(t, func() bool { return metricValue(t, srv, "notegen_asr_in_flight") == 1 }, 30*time.Second, 10*time.Millisecond)
	wav := readFile(t, filepath.Join(dir, "sense_and_sensibility_01_austen_64kb-0880.wav"))
	resp, body := srv.upload(t, "a.wav", wav, map[string]string{"model": "m"})
	require.Equal(t, http.StatusTooManyRequests, resp.StatusCode, string(body))
	require.Equal(t, "queue_full", openAIError(t, body)["code"])

	longBody := <-done
	require.NotNil(t, longBody, "long request failed")
	var v struct {
		Duration float64 `json:"duration"`
		Segments []struct{ Start, End float64 }
	}
	require.NoError(t, json.Unmarshal(longBody, &v))
	require.Greater(t, v.Duration, 200.0)
	require.Greater(t, len(v.Segments), 8, "VAD should split the looped recording")
	for i, s := range v.Segments {
		require.LessOrEqual(t, s.End-s.Start, 25.01, "segments must fit offline models")
		if i > 0 {
			require.GreaterOrEqual(t, s.Start, v.Segments[i-1].End-0.01)
		}
	}
}

// metricValue reads one unlabelled sample from /metrics.
func metricValue(t *testing.T, srv *testServer, name string) float64 {
	t.Helper()
	resp, err := http.Get(srv.base + "/metrics")
	require.NoError(t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	m := regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(name) + ` (\S+)$`).FindSubmatch(b)
	require.NotNil(t, m, "metric %s missing", name)
	v, err := strconv.ParseFloat(string(m[1]), 64)
	require.NoError(t, err)
	return v
}
