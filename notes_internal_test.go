package notegen

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func TestSubmitAudioUploadsWithProgress(t *testing.T) {
	t.Parallel()
	audio := bytes.Repeat([]byte("a"), 300_000)
	var got []byte
	var createBody map[string]any
	var mu sync.Mutex
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		switch {
		case r.Method == "POST" && r.URL.Path == "/v1/process-audio":
			require.Equal(t, "k", r.Header.Get("x-api-key"))
			require.NotEmpty(t, r.Header.Get("Idempotency-Key"))
			require.NoError(t, json.NewDecoder(r.Body).Decode(&createBody))
			_ = json.NewEncoder(w).Encode(Job{JobID: "j1", Status: JobPending, PresignedURL: "/v1/uploads/j1?sig=abc"})
		case r.Method == "PUT" && r.URL.Path == "/v1/uploads/j1":
			require.Equal(t, "abc", r.URL.Query().Get("sig"))
			require.Empty(t, r.Header.Get("x-api-key"), "no credential on the presigned URL")
			require.Equal(t, int64(len(audio)), r.ContentLength)
			got, _ = io.ReadAll(r.Body)
			_ = json.NewEncoder(w).Encode(Job{JobID: "j1", Status: JobQueued})
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	c, err := New(srv.URL, WithAPIKey("k"))
	require.NoError(t, err)
	var last, total int64
	calls := 0
	job, err := c.SubmitAudio(context.Background(), AudioJobRequest{
		JobOptions:    JobOptions{Template: "er", VisitType: "followUp", RecordingType: "dictation", Lang: "en"},
		FileExtension: "mp3",
	}, bytes.NewReader(audio), UploadOptions{Progress: func(sent, tot int64) { calls++; last, total = sent, tot }})
	require.NoError(t, err)
	require.Equal(t, JobQueued, job.Status)
	require.Equal(t, audio, got)
	require.Equal(t, int64(len(audio)), last)
	require.Equal(t, int64(len(audio)), total)
	require.Greater(t, calls, 1)
	require.Equal(t, "mp3", createBody["file_extension"])
	require.Equal(t, "followUp", createBody["visit_type"])
}

func TestSubmitAudioMultipart(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		require.NoError(t, r.ParseMultipartForm(1<<20))
		require.Equal(t, "psychiatry", r.FormValue("template"))
		require.Equal(t, "true", r.FormValue("patient_consent"))
		f, hdr, err := r.FormFile("file")
		require.NoError(t, err)
		require.Equal(t, "visit.wav", hdr.Filename)
		data, _ := io.ReadAll(f)
		require.Equal(t, "RIFF....", string(data))
		_ = json.NewEncoder(w).Encode(Job{JobID: "j2", Status: JobQueued})
	}))
	defer srv.Close()
	c, err := New(srv.URL, WithAPIKey("k"))
	require.NoError(t, err)
	job, err := c.SubmitAudioMultipart(context.Background(), JobOptions{Template: "psychiatry", PatientConsent: true, RecordingType: "conversation"},
		"/tmp/visit.wav", strings.NewReader("RIFF...."), UploadOptions{})
	require.NoError(t, err)
	require.Equal(t, "j2", job.JobID)
}

func TestWaitForJobPollsUntilDone(t *testing.T) {
	t.Parallel()
	var polls atomic.Int32
	var times []time.Time
	var mu sync.Mutex
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		times = append(times, time.Now())
		mu.Unlock()
		status := JobQueued
		if polls.Add(1) >= 3 {
			status = JobCompleted
		}
		_ = json.NewEncoder(w).Encode(JobStatus{JobID: "j1", Status: status})
	}))
	defer srv.Close()
	c, err := New(srv.URL, WithAPIKey("k"))
	require.NoError(t, err)
	c.pollFloor = 50 * time.Millisecond
	st, err := c.WaitForJob(context.Background(), "j1", time.Millisecond)
	require.NoError(t, err)
	require.Equal(t, JobCompleted, st.Status)
	require.Equal(t, int32(3), polls.Load())
	for i := 1; i < len(times); i++ {
		require.GreaterOrEqual(t, times[i].Sub(times[i-1]), 50*time.Millisecond, "polls no faster than the floor")
	}
}

func TestWaitForJobFloorIsFiveSeconds(t *testing.T) {
	t.Parallel()
	c, err := New("http://127.0.0.1:1")
	require.NoError(t, err)
	require.Equal(t, 5*time.Second, c.pollFloor)
}

func TestBackoffIsJitteredAndCapped(t *testing.T) {
	t.Parallel()
	p := RetryPolicy{MaxAttempts: 10, BaseDelay: 100 * time.Millisecond, MaxDelay: time.Second}
	seen := map[time.Duration]bool{}
	for range 50 {
		d := p.backoff(1)
		require.GreaterOrEqual(t, d, 50*time.Millisecond)
		require.LessOrEqual(t, d, 100*time.Millisecond)
		seen[d] = true
	}
	require.Greater(t, len(seen), 1, "jitter")
	for range 50 {
		d := p.backoff(8)
		require.GreaterOrEqual(t, d, 500*time.Millisecond)
		require.LessOrEqual(t, d, time.Second)
	}
	d, ok := p.delay(1, 2*time.Second)
	require.True(t, ok)
	require.Equal(t, 2*time.Second, d)
}
