package notegen

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func TestSubmitAudioUploadsWithProgress(t *testing.T) {
	t.Parallel()
	audio := bytes.Repeat([]byte("a"), 300_000)
	// The handler only records; the test goroutine asserts.
	type seen struct {
		createKey, idemKey, sig, uploadKey string
		contentLength                      int64
		createBody                         map[string]any
		got                                []byte
	}
	var mu sync.Mutex
	var rec seen
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		switch {
		case r.Method == "POST" && r.URL.Path == "/v1/process-audio":
			rec.createKey, rec.idemKey = r.Header.Get("x-api-key"), r.Header.Get("Idempotency-Key")
			if err := json.NewDecoder(r.Body).Decode(&rec.createBody); err != nil {
				http.Error(w, err.Error(), http.StatusBadRequest)
				return
			}
			_ = json.NewEncoder(w).Encode(Job{JobID: "j1", Status: JobPending, PresignedURL: "/v1/uploads/j1?sig=abc"})
		case r.Method == "PUT" && r.URL.Path == "/v1/uploads/j1":
			rec.sig, rec.uploadKey, rec.contentLength = r.URL.Query().Get("sig"), r.Header.Get("x-api-key"), r.ContentLength
			rec.got, _ = io.ReadAll(r.Body)
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
	mu.Lock()
	defer mu.Unlock()
	require.Equal(t, "k", rec.createKey)
	require.NotEmpty(t, rec.idemKey)
	require.Equal(t, "abc", rec.sig)
	require.Empty(t, rec.uploadKey, "no credential on the presigned URL")
	require.Equal(t, int64(len(audio)), rec.contentLength)
	require.Equal(t, audio, rec.got)
	require.Equal(t, int64(len(audio)), last)
	require.Equal(t, int64(len(audio)), total)
	require.Greater(t, calls, 1)
	require.Equal(t, "mp3", rec.createBody["file_extension"])
	require.Equal(t, "followUp", rec.createBody["visit_type"])
}

func TestSubmitAudioMultipart(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	var form map[string]string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		f, hdr, err := r.FormFile("file")
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		data, _ := io.ReadAll(f)
		form = map[string]string{"template": r.FormValue("template"), "patient_consent": r.FormValue("patient_consent"),
			"filename": hdr.Filename, "file": string(data)}
		_ = json.NewEncoder(w).Encode(Job{JobID: "j2", Status: JobQueued})
	}))
	defer srv.Close()
	c, err := New(srv.URL, WithAPIKey("k"))
	require.NoError(t, err)
	job, err := c.SubmitAudioMultipart(context.Background(), JobOptions{Template: "psychiatry", PatientConsent: true, RecordingType: "conversation"},
		"/tmp/visit.wav", strings.NewReader("RIFF...."), UploadOptions{})
	require.NoError(t, err)
	require.Equal(t, "j2", job.JobID)
	mu.Lock()
	defer mu.Unlock()
	require.Equal(t, map[string]string{"template": "psychiatry", "patient_consent": "true", "filename": "visit.wav", "file": "RIFF...."}, form)
}

// longPollJob is a fake status endpoint that keeps to the contract's
// "Waiting for a job": it holds a request with ?wait= until the status
// differs from ?status= (without it, until the job ends) or the wait ends.
type longPollJob struct {
	mu      sync.Mutex
	status  string
	changed chan struct{} // closed and replaced on every change
	queries []url.Values
}

func newLongPollJob(status string) *longPollJob {
	return &longPollJob{status: status, changed: make(chan struct{})}
}

func (j *longPollJob) set(status string) {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.status = status
	close(j.changed)
	j.changed = make(chan struct{})
}

func (j *longPollJob) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	j.mu.Lock()
	j.queries = append(j.queries, q)
	j.mu.Unlock()
	wait, _ := strconv.Atoi(q.Get("wait"))
	timer := time.NewTimer(time.Duration(wait) * time.Second)
	defer timer.Stop()
	for {
		j.mu.Lock()
		status, changed := j.status, j.changed
		j.mu.Unlock()
		done := status == JobCompleted || status == JobError
		if wait == 0 || done || (q.Get("status") != "" && status != q.Get("status")) {
			_ = json.NewEncoder(w).Encode(JobStatus{JobID: "j1", Status: status})
			return
		}
		select {
		case <-changed:
		case <-timer.C:
			wait = 0
		case <-r.Context().Done():
			return
		}
	}
}

// longPollClient serves a job in status through a long-polling server for
// the test's duration and returns it with a client of that server.
func longPollClient(t *testing.T, status string) (*longPollJob, *Client) {
	t.Helper()
	job := newLongPollJob(status)
	srv := httptest.NewServer(job)
	t.Cleanup(srv.Close)
	c, err := New(srv.URL, WithAPIKey("k"))
	require.NoError(t, err)
	return job, c
}

func (j *longPollJob) requests() []url.Values {
	j.mu.Lock()
	defer j.mu.Unlock()
	return append([]url.Values(nil), j.queries...)
}

func TestWaitForJobIsWokenByTheEnd(t *testing.T) {
	t.Parallel()
	job, c := longPollClient(t, JobQueued)
	type result struct {
		st  *JobStatus
		err error
	}
	done := make(chan result, 1)
	go func() {
		st, err := c.WaitForJob(context.Background(), "j1", 0)
		done <- result{st, err}
	}()
	// The first check goes out at once and is held by the server.
	require.Eventually(t, func() bool { return len(job.requests()) == 1 }, 10*time.Second, 5*time.Millisecond)
	job.set(JobTranscribing) // a change that is not the end does not answer it
	job.set(JobCompleted)
	r := <-done
	require.NoError(t, r.err)
	require.Equal(t, JobCompleted, r.st.Status)
	reqs := job.requests()
	require.Len(t, reqs, 1, "one held request, no polling")
	require.Equal(t, "25", reqs[0].Get("wait"))
	require.Empty(t, reqs[0].Get("status"))
}

func TestWaitForJobSendsTheLastStatusSeen(t *testing.T) {
	t.Parallel()
	job, c := longPollClient(t, JobTranscribing)
	c.waitPolicy.hold = time.Second // the first hold runs out
	done := make(chan *JobStatus, 1)
	go func() {
		st, _ := c.WaitForJob(context.Background(), "j1", 0)
		done <- st
	}()
	require.Eventually(t, func() bool { return len(job.requests()) == 2 }, 10*time.Second, 5*time.Millisecond)
	job.set(JobError)
	st := <-done
	require.NotNil(t, st)
	require.Equal(t, JobError, st.Status)
	reqs := job.requests()
	require.Len(t, reqs, 2)
	require.Equal(t, "1", reqs[1].Get("wait"))
	require.Equal(t, JobTranscribing, reqs[1].Get("status"), "the second request names the status seen")
}

func TestWaitForJobBacksOffFromServerWithoutLongPoll(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	var times []time.Time
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		times = append(times, time.Now())
		n := len(times)
		mu.Unlock()
		status := JobQueued // an older server answers at once, unchanged
		if n >= 5 {
			status = JobCompleted
		}
		_ = json.NewEncoder(w).Encode(JobStatus{JobID: "j1", Status: status})
	}))
	defer srv.Close()
	c, err := New(srv.URL, WithAPIKey("k"))
	require.NoError(t, err)
	c.waitPolicy = waitPolicy{hold: 25 * time.Second, firstPause: 20 * time.Millisecond, maxPause: 80 * time.Millisecond}
	st, err := c.WaitForJob(context.Background(), "j1", time.Millisecond)
	require.NoError(t, err)
	require.Equal(t, JobCompleted, st.Status)
	mu.Lock()
	defer mu.Unlock()
	require.Len(t, times, 5)
	// Pauses double from the first up to the cap: never a busy loop.
	for i, least := range []time.Duration{20, 40, 80, 80} {
		require.GreaterOrEqual(t, times[i+1].Sub(times[i]), least*time.Millisecond, "pause %d", i+1)
	}
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
