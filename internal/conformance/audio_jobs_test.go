package conformance

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	st "github.com/notegen/notegen/internal/servertest"
)

var audioFields = map[string]any{"template": "primaryCare", "visit_type": "followUp", "recording_type": "dictation", "lang": "en", "file_extension": "wav"}

func audioJob(t *testing.T, s *st.Server, key string) (jobID, presigned string) {
	t.Helper()
	resp := s.Do(t, "POST", "/v1/process-audio", audioFields, st.APIKey(key))
	require.Equal(t, http.StatusOK, resp.Status, "%s", resp.Body)
	body := resp.JSON(t)
	require.Equal(t, "pending", body["status"])
	require.NotEmpty(t, body["presigned_url"])
	return body["job_id"].(string), localURL(s, body["presigned_url"].(string))
}

func TestAudioJobEndToEnd(t *testing.T) {
	eachLiveKeyHearing(t, "Patient reports a cough for two weeks. Lungs clear. Plan chest x-ray.", func(t *testing.T, s *st.Server, o *st.Owner, live string, stt *fakeOpenAI) {
		status := s.Do(t, "GET", "/v1/system/status", nil, st.APIKey(live)).JSON(t)
		require.Equal(t, "configured", status["services"].(map[string]any)["speech_to_text"])

		jobID, url := audioJob(t, s, live)
		wav := testWAV(2.5)
		half := len(wav) / 2
		first := put(t, s, url, wav[:half], fmt.Sprintf("bytes 0-%d/%d", half-1, len(wav)))
		require.Equal(t, http.StatusAccepted, first.Status, "%s", first.Body)
		require.EqualValues(t, half, first.JSON(t)["bytes_received"])
		require.Equal(t, fmt.Sprintf("bytes=0-%d", half-1), first.Header.Get("Range"))
		require.Equal(t, "pending", waitForStatus(t, s, live, jobID, "pending")["status"], "a partial upload does not start the job")

		query := put(t, s, url, nil, fmt.Sprintf("bytes */%d", len(wav)))
		require.EqualValues(t, half, query.JSON(t)["bytes_received"], "a client can ask where to resume")
		wrong := put(t, s, url, wav[10:half], fmt.Sprintf("bytes 10-%d/%d", half-1, len(wav)))
		require.Equal(t, http.StatusConflict, wrong.Status, "a range that does not continue the upload is refused")

		second := put(t, s, url, wav[half:], fmt.Sprintf("bytes %d-%d/%d", half, len(wav)-1, len(wav)))
		require.Equal(t, http.StatusOK, second.Status, "%s", second.Body)
		require.Equal(t, map[string]any{"job_id": jobID, "status": "queued", "bytes_received": float64(len(wav))}, second.JSON(t))

		done := waitForStatus(t, s, live, jobID, "completed", "error")
		require.Equal(t, "completed", done["status"], "%v", done)
		require.True(t, stt.WAVOK(), "the speech server received 16 kHz mono WAV")
		require.Equal(t, 1, stt.Calls("/v1/audio/transcriptions"))
		tr := s.Do(t, "GET", "/v1/fetch-transcript/"+jobID, nil, st.APIKey(live)).JSON(t)
		require.Equal(t, stt.text, tr["transcript"])
		note := s.Do(t, "GET", "/v1/fetch-note/"+jobID, nil, st.APIKey(live)).JSON(t)
		require.Contains(t, strings.ToLower(note["note"].(string)), "cough")

		db := openStore(t, s.DB)
		var seconds float64
		require.NoError(t, db.QueryRow(context.Background(), `SELECT audio_seconds FROM jobs WHERE id = ?`, jobID).Scan(&seconds))
		require.InDelta(t, 2.5, seconds, 0.05, "the audio's duration is recorded")
		_, err := os.Stat(filepath.Join(s.DB.DataDir, "audio", jobID))
		require.True(t, os.IsNotExist(err), "audio is deleted once transcribed")
		require.Equal(t, []string{"account.status_changed", "job.transcribed", "job.completed"}, outboxTypes(t, s.DB, o.UserID))
		require.Equal(t, http.StatusConflict, put(t, s, url, wav, "").Status, "a finished upload cannot be replaced")
	}, st.WithEnv("NOTEGEN_STT_MODEL", "whisper-1"))
}

func TestMultipartAudioAndUploadRules(t *testing.T) {
	st.Each(t, func(t *testing.T, b st.Backend) {
		stt := newFakeOpenAI(t, "Dictated words.")
		s := st.Start(t, b, st.WithEnv("NOTEGEN_STT_URL", stt.URL), st.WithEnv("NOTEGEN_RATE_LIVE", "1000/min"))
		o := s.NewOwner(t)
		live := createKey(t, s, o, "live", nil)
		fields := map[string]string{"template": "er", "visit_type": "initialEncounter", "recording_type": "conversation", "patient_consent": "true", "lang": "en"}

		resp := submitMultipart(t, s, live, fields, "visit.wav", testWAV(1))
		require.Equal(t, http.StatusOK, resp.Status, "%s", resp.Body)
		require.Equal(t, "queued", resp.JSON(t)["status"])
		require.Equal(t, "completed", waitForStatus(t, s, live, resp.JSON(t)["job_id"].(string), "completed", "error")["status"])

		for name, tc := range map[string]struct {
			filename string
			data     []byte
			field    string
		}{
			"empty file":         {"a.wav", nil, "file"},
			"text named wav":     {"a.wav", []byte(strings.Repeat("not audio at all ", 20)), "file"},
			"wav named mp3":      {"a.mp3", testWAV(0.2), "file"},
			"unsupported suffix": {"a.exe", testWAV(0.2), "file_extension"},
		} {
			resp := submitMultipart(t, s, live, fields, tc.filename, tc.data)
			require.Equal(t, http.StatusBadRequest, resp.Status, "%s: %s", name, resp.Body)
			require.Equal(t, tc.field, resp.JSON(t)["error"].(map[string]any)["field"], name)
		}
		noConsent := map[string]string{}
		for k, v := range fields {
			noConsent[k] = v
		}
		delete(noConsent, "patient_consent")
		require.Equal(t, http.StatusBadRequest, submitMultipart(t, s, live, noConsent, "a.wav", testWAV(0.2)).Status)

		// Presigned uploads: content is sniffed, and the URL is bound to its job.
		jobID, url := audioJob(t, s, live)
		require.Equal(t, http.StatusBadRequest, put(t, s, url, []byte("<html>not audio</html>"), "").Status)
		require.Equal(t, http.StatusBadRequest, put(t, s, url, nil, "").Status, "an empty upload is refused")
		tooBig := put(t, s, url, testWAV(0.1), fmt.Sprintf("bytes 0-99/%d", 501<<20))
		require.Equal(t, http.StatusRequestEntityTooLarge, tooBig.Status)
		require.Equal(t, "payload_too_large", tooBig.ErrorCode(t))
		otherJob, _ := audioJob(t, s, live)
		forged := strings.Replace(url, jobID, otherJob, 1)
		require.Equal(t, http.StatusForbidden, put(t, s, forged, testWAV(0.2), "").Status, "a signature is bound to one job")
		tampered := strings.Replace(url, "expires=", "expires=9", 1)
		require.Equal(t, http.StatusForbidden, put(t, s, tampered, testWAV(0.2), "").Status, "the expiry is signed")
		require.Equal(t, http.StatusOK, put(t, s, url, testWAV(0.3), "").Status, "a whole-file PUT completes the upload")
	})
}

func TestLiveAudioNeedsSpeechToText(t *testing.T) {
	eachKey(t, "live", func(t *testing.T, s *st.Server, o *st.Owner, live string) {
		sandbox := createKey(t, s, o, "sandbox", nil)
		resp := s.Do(t, "POST", "/v1/process-audio", audioFields, st.APIKey(live))
		require.Equal(t, http.StatusServiceUnavailable, resp.Status)
		require.Equal(t, "unavailable", resp.ErrorCode(t))
		require.Contains(t, resp.JSON(t)["message"], "Speech-to-text is not configured")
		status := s.Do(t, "GET", "/v1/system/status", nil, st.APIKey(live)).JSON(t)
		require.Equal(t, "not_configured", status["services"].(map[string]any)["speech_to_text"])
		require.Equal(t, "degraded", status["status"])

		// Sandbox audio needs no provider: it is answered with a sample.
		jobID, url := audioJob(t, s, sandbox)
		require.Equal(t, http.StatusOK, put(t, s, url, testWAV(0.5), "").Status)
		require.Equal(t, "completed", waitForStatus(t, s, sandbox, jobID, "completed", "error")["status"])
		tr := s.Do(t, "GET", "/v1/fetch-transcript/"+jobID, nil, st.APIKey(sandbox)).JSON(t)
		require.Contains(t, tr["transcript"], "Sample patient", "a fixed sample for a dictation")
	})
}

func TestProviderFailures(t *testing.T) {
	st.Each(t, func(t *testing.T, b st.Backend) {
		stt := newFakeOpenAI(t, "A transcript.")
		llm := newFakeOpenAI(t, "")
		s := st.Start(t, b, st.WithEnv("NOTEGEN_STT_URL", stt.URL), st.WithEnv("NOTEGEN_LLM_URL", llm.URL+"/v1"),
			st.WithEnv("NOTEGEN_PROVIDER_RETRY_BASE", "50ms"), st.WithEnv("NOTEGEN_JOB_TIMEOUT", "2s"), st.WithEnv("NOTEGEN_RATE_LIVE", "5000/min"))
		o := s.NewOwner(t)
		live := createKey(t, s, o, "live", nil)
		run := func() (string, map[string]any) {
			jobID, url := audioJob(t, s, live)
			require.Equal(t, http.StatusOK, put(t, s, url, testWAV(0.5), "").Status)
			return jobID, waitForStatus(t, s, live, jobID, "completed", "error")
		}

		// 429 then 503, then success: retried with backoff.
		stt.Script(func(path string, nth int) (int, string, time.Duration) {
			if nth <= 2 {
				return []int{429, 503}[nth-1], `{"error":{"message":"busy"}}`, 0
			}
			return 0, "", 0
		})
		jobID, done := run()
		require.Equal(t, "completed", done["status"], "%v", done)
		require.Equal(t, 3, stt.Calls("/v1/audio/transcriptions"))
		note := s.Do(t, "GET", "/v1/fetch-note/"+jobID, nil, st.APIKey(live)).JSON(t)
		require.Contains(t, note["note"], "Written by the language model", "the configured language model wrote the note")

		// A malformed answer ends the job at once with a clear message.
		stt.Script(func(string, int) (int, string, time.Duration) { return 0, "<html>proxy error</html>", 0 })
		before := stt.Calls("/v1/audio/transcriptions")
		_, done = run()
		require.Equal(t, "error", done["status"])
		require.Contains(t, done["message"], "malformed")
		require.Equal(t, before+1, stt.Calls("/v1/audio/transcriptions"), "no retry of a malformed answer")

		// A provider that keeps failing ends the job after its attempts.
		stt.Script(func(string, int) (int, string, time.Duration) { return 500, "oops", 0 })
		_, done = run()
		require.Equal(t, "error", done["status"])
		require.Contains(t, done["message"], "500")

		// A hanging provider times out and the retry succeeds.
		stt.Script(nil)
		stt.HangFirstCall()
		_, done = run()
		require.Equal(t, "completed", done["status"], "%v", done)
		require.GreaterOrEqual(t, stt.Calls("/v1/audio/transcriptions"), 2)

		// The language model's malformed answer, too.
		llm.Script(func(string, int) (int, string, time.Duration) { return 0, `{"choices": []}`, 0 })
		_, done = run()
		require.Equal(t, "error", done["status"])
		require.Contains(t, done["message"], "malformed")

		var errorEvents int
		for _, typ := range outboxTypes(t, s.DB, o.UserID) {
			if typ == "job.error" {
				errorEvents++
			}
		}
		require.Equal(t, 3, errorEvents, "each failed job sends job.error")
	})
}

// An audio job transcribes once and writes its note on the first attempt:
// with retries an hour away, a first attempt that failed would leave the job
// stuck at "transcribed" instead of completed.
func TestAudioJobWritesItsNoteOnTheFirstAttempt(t *testing.T) {
	st.Each(t, func(t *testing.T, b st.Backend) {
		openai := newFakeOpenAI(t, "Patient reports a sore throat for three days. Plan rapid strep test.")
		s := st.Start(t, b, st.WithEnv("NOTEGEN_STT_URL", openai.URL+"/v1"), st.WithEnv("NOTEGEN_LLM_URL", openai.URL+"/v1"),
			st.WithEnv("NOTEGEN_PROVIDER_RETRY_BASE", "1h"), st.WithEnv("NOTEGEN_RATE_LIVE", "100000/min"))
		o := s.NewOwner(t)
		live := createKey(t, s, o, "live", nil)
		jobID, url := audioJob(t, s, live)
		require.Equal(t, http.StatusOK, put(t, s, url, testWAV(1), "").Status)

		done := waitForStatus(t, s, live, jobID, "completed", "error")
		require.Equal(t, "completed", done["status"], "%v", done)
		require.Equal(t, 1, openai.Calls("/v1/audio/transcriptions"), "one speech-to-text call")
		require.Equal(t, 1, openai.Calls("/v1/chat/completions"), "one note attempt")
		require.NotContains(t, s.Logs(), "will retry", "no attempt failed")

		// A regenerated audio job writes from the stored transcript.
		regen := s.Do(t, "POST", "/v1/regenerate-note", map[string]any{"job_id": jobID, "documentation_style": "problemBased"}, st.APIKey(live))
		require.Equal(t, http.StatusOK, regen.Status, "%s", regen.Body)
		again := waitForStatus(t, s, live, regen.JSON(t)["job_id"].(string), "completed", "error")
		require.Equal(t, "completed", again["status"], "%v", again)
		require.Equal(t, 1, openai.Calls("/v1/audio/transcriptions"), "the audio is not transcribed again")
		require.Equal(t, 2, openai.Calls("/v1/chat/completions"), "one more note attempt")
	})
}
