package conformance

import (
	"bytes"
	"encoding/json"
	"mime/multipart"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/audio/audiotest"
	st "github.com/notegen/notegen/internal/servertest"
)

// testWAV returns a 16 kHz WAV file of the given length.
func testWAV(seconds float64) []byte { return audiotest.WAV(seconds, 16000) }

// textJob is a valid process-text body.
func textJob(extra map[string]any) map[string]any {
	body := map[string]any{
		"text":           "Patient reports chest pain for two days. Blood pressure 140/90. Plan: ECG and follow-up in one week.",
		"template":       "primaryCare",
		"visit_type":     "followUp",
		"recording_type": "dictation",
		"lang":           "en",
	}
	for k, v := range extra {
		if v == nil {
			delete(body, k)
		} else {
			body[k] = v
		}
	}
	return body
}

// waitForStatus waits until a job reaches one of the statuses and returns
// its status answer. After the first look it long-polls (?wait&status=the
// status just seen), as a client should: one request per change of status
// keeps a test within the sandbox rate limit however slow the machine,
// where polling every few milliseconds ran through it.
func waitForStatus(t *testing.T, s *st.Server, key, jobID string, want ...string) map[string]any {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	path := "/v1/status/" + jobID
	for {
		resp := s.Do(t, "GET", path, nil, st.APIKey(key))
		require.Equal(t, http.StatusOK, resp.Status, "%s", resp.Body)
		last := resp.JSON(t)
		status, _ := last["status"].(string)
		if slices.Contains(want, status) {
			return last
		}
		if time.Now().After(deadline) {
			t.Fatalf("job %s did not reach %v; last status %v", jobID, want, last)
		}
		path = "/v1/status/" + jobID + "?wait=10&status=" + url.QueryEscape(status)
	}
}

// submitMultipart sends process-audio as one multipart request.
func submitMultipart(t *testing.T, s *st.Server, key string, fields map[string]string, filename string, file []byte, headers ...st.Header) st.Response {
	t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	for k, v := range fields {
		require.NoError(t, mw.WriteField(k, v))
	}
	part, err := mw.CreateFormFile("file", filename)
	require.NoError(t, err)
	_, err = part.Write(file)
	require.NoError(t, err)
	require.NoError(t, mw.Close())
	req, err := http.NewRequest("POST", s.URL+"/v1/process-audio", &body)
	require.NoError(t, err)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.Header.Set("x-api-key", key)
	for _, h := range headers {
		req.Header.Set(h[0], h[1])
	}
	resp, err := s.Send(req)
	require.NoError(t, err)
	return resp
}

// submitText submits textJob(nil) with key and returns the job's id,
// failing unless it was accepted.
func submitText(t testing.TB, s *st.Server, key string) string {
	t.Helper()
	resp, err := s.Try("POST", "/v1/process-text", textJob(nil), st.APIKey(key))
	require.NoError(t, err)
	require.Equal(t, http.StatusOK, resp.Status, "%s", resp.Body)
	return decode[map[string]any](t, resp.Body)["job_id"].(string)
}

// put sends bytes to a presigned URL, optionally as a range.
func put(t *testing.T, s *st.Server, url string, data []byte, contentRange string) st.Response {
	t.Helper()
	req, err := http.NewRequest("PUT", url, bytes.NewReader(data))
	require.NoError(t, err)
	if contentRange != "" {
		req.Header.Set("Content-Range", contentRange)
	}
	resp, err := s.Send(req)
	require.NoError(t, err)
	return resp
}

// localURL points a presigned URL, built with the server's public URL, at
// the test server's address.
func localURL(s *st.Server, presigned string) string {
	return strings.Replace(presigned, s.PublicURL, s.URL, 1)
}

func decode[T any](t testing.TB, data []byte) T {
	t.Helper()
	var v T
	require.NoError(t, json.Unmarshal(data, &v), "%s", data)
	return v
}
