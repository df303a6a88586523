package conformance

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	st "github.com/notegen/notegen/internal/servertest"
)

// longPollGuard is shorter than the longest wait the tests ask for: a long
// poll that is still open when it passes waited for its whole wait instead
// of answering the change, and fails the test.
const longPollGuard = 45 * time.Second

// longPoll sends GET /v1/status with a query and reads the answer, giving
// up at longPollGuard. It runs off the test goroutine, so it returns errors.
func longPoll(s *st.Server, key, jobID, query string) (st.Response, error) {
	ctx, cancel := context.WithTimeout(context.Background(), longPollGuard)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, "GET", s.URL+"/v1/status/"+jobID+query, nil)
	if err != nil {
		return st.Response{}, err
	}
	req.Header.Set("x-api-key", key)
	return s.Send(req)
}

// startLongPoll runs longPoll in the background; the answer arrives on the
// returned channel.
func startLongPoll(s *st.Server, key, jobID, query string) <-chan pollResult {
	out := make(chan pollResult, 1)
	go func() {
		resp, err := longPoll(s, key, jobID, query)
		out <- pollResult{resp, err}
	}()
	return out
}

type pollResult struct {
	resp st.Response
	err  error
}

// uploadWhileWaiting creates an audio job on s, waits for it to leave
// pending with a long poll on waiter (s itself or another replica), then
// uploads the audio to s and returns the poll's answer.
func uploadWhileWaiting(t *testing.T, s, waiter *st.Server, key string) pollResult {
	t.Helper()
	jobID, url := audioJob(t, s, key)
	answer := startLongPoll(waiter, key, jobID, "?wait=60&status=pending")
	// Give the poll time to arrive, so that it waits rather than answering
	// at once; the assertions do not depend on it.
	time.Sleep(300 * time.Millisecond)
	require.Equal(t, http.StatusOK, put(t, s, url, testWAV(0.5), "").Status)
	return <-answer
}

func TestStatusWaitValidation(t *testing.T) {
	eachKey(t, "sandbox", func(t *testing.T, s *st.Server, o *st.Owner, key string) {
		jobID, _ := audioJob(t, s, key)
		for _, q := range []string{"?wait=61", "?wait=-1", "?wait=abc", "?wait=1.5", "?wait=", "?wait=10&status=done", "?status="} {
			resp := s.Do(t, "GET", "/v1/status/"+jobID+q, nil, st.APIKey(key))
			require.Equal(t, http.StatusBadRequest, resp.Status, "%s: %s", q, resp.Body)
			require.Equal(t, "validation_error", resp.ErrorCode(t), q)
			want := "wait"
			if q == "?wait=10&status=done" || q == "?status=" {
				want = "status"
			}
			require.Equal(t, want, resp.JSON(t)["error"].(map[string]any)["field"], q)
		}
		resp := s.Do(t, "GET", "/v1/status/0190a000-0000-7000-8000-000000000000?wait=5", nil, st.APIKey(key))
		require.Equal(t, http.StatusNotFound, resp.Status, "an unknown job is not waited for")

		// Nothing changes: the wait ends and the unchanged status comes back.
		resp = s.Do(t, "GET", "/v1/status/"+jobID+"?wait=1&status=pending", nil, st.APIKey(key))
		require.Equal(t, http.StatusOK, resp.Status, "%s", resp.Body)
		require.Equal(t, "pending", resp.JSON(t)["status"])
	})
}

// TestStatusWaitAnswersTheChange runs with no re-check within the test:
// only the job's own change can end a wait before the guard.
func TestStatusWaitAnswersTheChange(t *testing.T) {
	eachKey(t, "sandbox", func(t *testing.T, s *st.Server, o *st.Owner, key string) {
		// Already different from what the client saw: answered at once.
		done := submitText(t, s, key)
		waitForStatus(t, s, key, done, "completed")
		resp, err := longPoll(s, key, done, "?wait=60&status=queued")
		require.NoError(t, err, "a status that already differs is answered at once")
		require.Equal(t, http.StatusOK, resp.Status, "%s", resp.Body)
		require.Equal(t, "completed", resp.JSON(t)["status"])

		// Without status: answered once the job has ended.
		fresh := submitText(t, s, key)
		resp, err = longPoll(s, key, fresh, "?wait=60")
		require.NoError(t, err, "the end of the job ends the wait")
		require.Equal(t, "completed", resp.JSON(t)["status"], "%s", resp.Body)

		// A waiter is woken by the job's own change: the upload moves the
		// job out of pending while the client waits.
		got := uploadWhileWaiting(t, s, s, key)
		require.NoError(t, got.err, "the upload wakes the waiter")
		require.Equal(t, http.StatusOK, got.resp.Status, "%s", got.resp.Body)
		require.NotEqual(t, "pending", got.resp.JSON(t)["status"], "the answer carries the new status")
	}, st.WithEnv("NOTEGEN_WAIT_RECHECK", "1h"))
}

// A client waiting on one replica is answered when the change is committed
// by another replica of the same database.
func TestStatusWaitAcrossReplicas(t *testing.T) {
	st.Each(t, func(t *testing.T, b st.Backend) {
		a := st.Start(t, b, st.WithEnv("NOTEGEN_PUBLIC_URL", "https://notegen.example"))
		// On PostgreSQL the other replica's notification is the only thing
		// that can end the wait before the guard. Replicas of one SQLite
		// file share no notifications: there the re-check finds the change.
		recheck := "1s"
		if b == st.Postgres {
			recheck = "1h"
		}
		replica := st.Replica(t, a, st.WithEnv("NOTEGEN_WAIT_RECHECK", recheck))
		o := a.NewOwner(t)
		key := createKey(t, a, o, "sandbox", nil)
		got := uploadWhileWaiting(t, a, replica, key)
		require.NoError(t, got.err, "the other replica's change wakes the waiter")
		require.NotEqual(t, "pending", got.resp.JSON(t)["status"], "%s", got.resp.Body)
	})
}

// Shutting down answers the waiters instead of holding the shutdown up for
// their whole wait.
func TestStatusWaitReleasedOnShutdown(t *testing.T) {
	eachKey(t, "sandbox", func(t *testing.T, s *st.Server, o *st.Owner, key string) {
		jobID, _ := audioJob(t, s, key)
		answer := startLongPoll(s, key, jobID, "?wait=60&status=pending")
		time.Sleep(300 * time.Millisecond)
		s.Stop(t)
		got := <-answer
		require.NoError(t, got.err, "the waiter is answered before the server stops")
		require.Equal(t, http.StatusOK, got.resp.Status, "%s", got.resp.Body)
		require.Equal(t, "pending", got.resp.JSON(t)["status"])
	})
}

// Under load, status reads on PostgreSQL share queries (one query answers
// the reads that queued while others ran). Each client must still get its
// own job, never another account's, and a change another replica committed
// and acknowledged must show on every read that starts after the
// acknowledgement.
func TestStatusReadsUnderLoadAnswerEachJobFresh(t *testing.T) {
	st.Each(t, func(t *testing.T, b st.Backend) {
		rate := st.WithEnv("NOTEGEN_RATE_SANDBOX", "100000000/min")
		writer := st.Start(t, b, rate)
		reader := st.Replica(t, writer, rate)
		reader.Client.Transport = &http.Transport{MaxIdleConnsPerHost: 64}

		type ownedJob struct{ id, key, otherKey, url string }
		keys := []string{createKey(t, writer, writer.NewOwner(t), "sandbox", nil), createKey(t, writer, writer.NewOwner(t), "sandbox", nil)}
		var jobs []ownedJob
		for i := range 8 {
			key := keys[i%2]
			id, url := audioJob(t, writer, key)
			jobs = append(jobs, ownedJob{id: id, key: key, otherKey: keys[(i+1)%2], url: url})
		}
		changed := jobs[0]

		var uploaded atomic.Bool
		stop := make(chan struct{})
		failures := make(chan string, 64)
		fail := func(format string, args ...any) {
			select {
			case failures <- fmt.Sprintf(format, args...):
			default:
			}
		}
		var reads atomic.Int64
		var wg sync.WaitGroup
		for c := range 32 {
			wg.Go(func() {
				for i := c; ; i++ {
					select {
					case <-stop:
						return
					default:
					}
					j := jobs[i%len(jobs)]
					after := uploaded.Load()
					if i%5 == 0 {
						r, err := reader.Try("GET", "/v1/status/"+j.id, nil, st.APIKey(j.otherKey))
						if err != nil || r.Status != http.StatusNotFound {
							fail("another account's job %s: %v %d %s", j.id, err, r.Status, r.Body)
						}
						continue
					}
					r, err := reader.Try("GET", "/v1/status/"+j.id, nil, st.APIKey(j.key))
					if err != nil || r.Status != http.StatusOK {
						fail("status of %s: %v %d %s", j.id, err, r.Status, r.Body)
						continue
					}
					reads.Add(1)
					var body map[string]any
					if err := json.Unmarshal(r.Body, &body); err != nil || body["job_id"] != j.id {
						fail("asked for %s, answered %v", j.id, body["job_id"])
					}
					if j.id == changed.id && after && body["status"] == "pending" {
						fail("a read that started after the upload was acknowledged answered pending")
					} else if j.id != changed.id && body["status"] != "pending" {
						fail("job %s, never uploaded, answered %v", j.id, body["status"])
					}
				}
			})
		}
		time.Sleep(500 * time.Millisecond)
		require.Equal(t, http.StatusOK, put(t, writer, changed.url, testWAV(0.5), "").Status)
		uploaded.Store(true)
		require.NotEqual(t, "pending", reader.Do(t, "GET", "/v1/status/"+changed.id, nil, st.APIKey(changed.key)).JSON(t)["status"])
		time.Sleep(500 * time.Millisecond)
		close(stop)
		wg.Wait()
		close(failures)
		for f := range failures {
			t.Error(f)
		}
		require.Positive(t, reads.Load())
	})
}

// On SQLite a status answer parses the stored times itself; it must answer
// the times the driver reads, also for rows written in the driver's older
// layout (before _time_format=sqlite).
func TestStatusTimesAreTheStoredTimes(t *testing.T) {
	t.Parallel()
	s := st.Start(t, st.SQLite)
	key := createKey(t, s, s.NewOwner(t), "sandbox", nil)
	jobID, _ := audioJob(t, s, key)
	db := openStore(t, s.DB)
	var stored time.Time
	require.NoError(t, db.QueryRow(context.Background(), `SELECT updated_at FROM jobs WHERE id = ?`, jobID).Scan(&stored))
	status := s.Do(t, "GET", "/v1/status/"+jobID, nil, st.APIKey(key)).JSON(t)
	require.Equal(t, stored.UTC().Format(time.RFC3339Nano), status["updated_at"])

	_, err := db.Exec(context.Background(), `UPDATE jobs SET created_at = ? WHERE id = ?`, "2026-11-21 10:00:00.5 +0000 UTC", jobID)
	require.NoError(t, err)
	status = s.Do(t, "GET", "/v1/status/"+jobID, nil, st.APIKey(key)).JSON(t)
	require.Equal(t, "2026-11-21T10:00:00.5Z", status["created_at"])
	require.Equal(t, stored.UTC().Format(time.RFC3339Nano), status["updated_at"])
}
