package conformance

import (
	"context"
	"fmt"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	st "github.com/notegen/notegen/internal/servertest"
)

func TestFreeJobsRaceLetsExactlyTheRemainderThrough(t *testing.T) {
	eachKey(t, "live", func(t *testing.T, s *st.Server, o *st.Owner, live string) {
		db := openStore(t, s.DB)
		_, err := db.Exec(context.Background(), `UPDATE accounts SET live_jobs_used = 95 WHERE user_id = ?`, o.UserID)
		require.NoError(t, err)

		statuses := concurrently(t, 30, func(int) (st.Response, error) {
			return s.Try("POST", "/v1/process-text", textJob(nil), st.APIKey(live))
		})
		require.Equal(t, 5, statuses[http.StatusOK], "%v", statuses)
		require.Equal(t, 25, statuses[http.StatusPaymentRequired], "%v", statuses)

		refused := s.Do(t, "POST", "/v1/process-text", textJob(nil), st.APIKey(live))
		require.Equal(t, "payment_required", refused.ErrorCode(t))
		var exhausted int
		for _, typ := range outboxTypes(t, s.DB, o.UserID) {
			if typ == "billing.trial_exhausted" {
				exhausted++
			}
		}
		require.Equal(t, 1, exhausted, "billing.trial_exhausted is sent once")

		sandbox := createKey(t, s, o, "sandbox", nil)
		require.Equal(t, http.StatusOK, s.Do(t, "POST", "/v1/process-text", textJob(nil), st.APIKey(sandbox)).Status, "sandbox keys are unlimited")

		_, err = s.DB.Admin("plan", "--email", o.Email, "--plan", "paid")
		require.NoError(t, err)
		require.Equal(t, http.StatusOK, s.Do(t, "POST", "/v1/process-text", textJob(nil), st.APIKey(live)).Status, "the paid plan lifts the limit")
		usage := s.Do(t, "GET", "/v1/user/usage", nil, st.Bearer(o.IDToken)).JSON(t)
		require.Nil(t, usage["totals"].(map[string]any)["free_jobs_left"])
		require.Equal(t, "paid", usage["billing"].(map[string]any)["subscription_status"])
	}, st.WithEnv("NOTEGEN_RATE_LIVE", "10000/min"))
}

func TestIdempotentSubmission(t *testing.T) {
	eachKey(t, "live", func(t *testing.T, s *st.Server, o *st.Owner, key string) {
		idem := st.Header{"Idempotency-Key", "visit-2024-001"}
		first := s.Do(t, "POST", "/v1/process-text", textJob(nil), st.APIKey(key), idem)
		require.Equal(t, http.StatusOK, first.Status)
		again := s.Do(t, "POST", "/v1/process-text", textJob(nil), st.APIKey(key), idem)
		require.Equal(t, http.StatusOK, again.Status)
		require.JSONEq(t, string(first.Body), string(again.Body), "a repeat returns the first response")
		changed := s.Do(t, "POST", "/v1/process-text", textJob(map[string]any{"text": "Something else entirely."}), st.APIKey(key), idem)
		require.Equal(t, http.StatusConflict, changed.Status, "the same key with another body is refused")

		// Concurrent duplicates create one job.
		statuses := concurrently(t, 8, func(int) (st.Response, error) {
			return s.Try("POST", "/v1/process-text", textJob(map[string]any{"template": "er"}), st.APIKey(key), st.Header{"Idempotency-Key", "burst"})
		})
		require.Equal(t, 8, statuses[http.StatusOK], "%v", statuses)
		db := openStore(t, s.DB)
		require.Equal(t, 2, queryInt(t, db, `SELECT COUNT(*) FROM jobs WHERE user_id = ?`, o.UserID), "one job per idempotency key")
		require.Equal(t, 2, queryInt(t, db, `SELECT live_jobs_used FROM accounts WHERE user_id = ?`, o.UserID), "repeats are not billed")

		// The other two submitting endpoints honour the header as well.
		sandbox := createKey(t, s, o, "sandbox", nil)
		audioKey := st.Header{"Idempotency-Key", "upload-1"}
		a1 := s.Do(t, "POST", "/v1/process-audio", audioFields, st.APIKey(sandbox), audioKey)
		a2 := s.Do(t, "POST", "/v1/process-audio", audioFields, st.APIKey(sandbox), audioKey)
		require.Equal(t, http.StatusOK, a2.Status)
		require.JSONEq(t, string(a1.Body), string(a2.Body), "same job and presigned URL")
		textID := submitText(t, s, sandbox)
		waitForStatus(t, s, sandbox, textID, "completed")
		regen := st.Header{"Idempotency-Key", "regen-1"}
		r1 := s.Do(t, "POST", "/v1/regenerate-note", map[string]any{"job_id": textID}, st.APIKey(sandbox), regen)
		require.Equal(t, http.StatusOK, r1.Status, "%s", r1.Body)
		r2 := s.Do(t, "POST", "/v1/regenerate-note", map[string]any{"job_id": textID}, st.APIKey(sandbox), regen)
		require.Equal(t, http.StatusOK, r2.Status, "a repeated regeneration replays instead of failing: %s", r2.Body)
		require.Equal(t, r1.JSON(t)["job_id"], r2.JSON(t)["job_id"], "the repeat names the same new job")
		require.Equal(t, 1, queryInt(t, db, `SELECT COUNT(*) FROM jobs WHERE source_job_id = ?`, textID), "one regeneration per key")
	})
}

// Regeneration makes a new job from the source job's transcript: the source
// and its note stay as they were, the new job names its source, and a live
// regeneration is billed as a job without billing the transcript again.
func TestRegenerateNote(t *testing.T) {
	eachKey(t, "live", func(t *testing.T, s *st.Server, o *st.Owner, key string) {
		jobID := submitText(t, s, key)
		waitForStatus(t, s, key, jobID, "completed")
		sourceNote := s.Do(t, "GET", "/v1/fetch-note/"+jobID, nil, st.APIKey(key)).JSON(t)
		sourceStatus := s.Do(t, "GET", "/v1/status/"+jobID, nil, st.APIKey(key)).JSON(t)
		usageBefore := s.Do(t, "GET", "/v1/user/usage", nil, st.Bearer(o.IDToken)).JSON(t)["totals"].(map[string]any)
		require.EqualValues(t, 1, usageBefore["jobs"])

		resp := s.Do(t, "POST", "/v1/regenerate-note", map[string]any{"job_id": jobID, "output_language": "fr", "template": "er"}, st.APIKey(key))
		require.Equal(t, http.StatusOK, resp.Status, "%s", resp.Body)
		newID := resp.JSON(t)["job_id"].(string)
		require.NotEqual(t, jobID, newID, "a regeneration is a new job")
		require.Equal(t, "queued", resp.JSON(t)["status"])
		status := waitForStatus(t, s, key, newID, "completed", "error")
		require.Equal(t, "completed", status["status"], "%v", status)
		require.Equal(t, jobID, status["source_job_id"], "the new job's status names its source")
		note := s.Do(t, "GET", "/v1/fetch-note/"+newID, nil, st.APIKey(key)).JSON(t)
		require.Equal(t, jobID, note["source_job_id"], "the new note names its source")
		require.Equal(t, "fr", note["output_language"])
		require.Equal(t, "er", note["template"])
		require.NotEqual(t, sourceNote["note"], note["note"])
		tr := s.Do(t, "GET", "/v1/fetch-transcript/"+newID, nil, st.APIKey(key)).JSON(t)
		require.Equal(t, textJob(nil)["text"], tr["transcript"], "the new job carries the source's transcript")

		sourceAfter := s.Do(t, "GET", "/v1/fetch-note/"+jobID, nil, st.APIKey(key)).JSON(t)
		require.LessOrEqual(t, sourceAfter["ttl"], sourceNote["ttl"], "the retention period runs on")
		delete(sourceAfter, "ttl") // counts down between the two reads
		delete(sourceNote, "ttl")
		require.Equal(t, sourceNote, sourceAfter, "the source note is unchanged")
		require.Equal(t, sourceStatus, s.Do(t, "GET", "/v1/status/"+jobID, nil, st.APIKey(key)).JSON(t), "the source job is unchanged")
		require.NotContains(t, sourceStatus, "source_job_id")

		usage := s.Do(t, "GET", "/v1/user/usage", nil, st.Bearer(o.IDToken)).JSON(t)["totals"].(map[string]any)
		require.EqualValues(t, 2, usage["jobs"], "a regeneration is a job")
		require.EqualValues(t, 98, usage["free_jobs_left"])
		require.Equal(t, usageBefore["transcription_tokens"], usage["transcription_tokens"], "the transcript is not billed again")
		require.Greater(t, usage["note_tokens"], usageBefore["note_tokens"], "the new note is billed")
		db := openStore(t, s.DB)
		require.Equal(t, 1, queryInt(t, db, `SELECT COUNT(*) FROM outbox_events WHERE job_id = ? AND type = 'job.completed'`, newID), "the new job sends its own job.completed webhook")

		bad := s.Do(t, "POST", "/v1/regenerate-note", map[string]any{"job_id": jobID, "template": "nope"}, st.APIKey(key))
		require.Equal(t, http.StatusBadRequest, bad.Status)
		require.Equal(t, http.StatusNotFound, s.Do(t, "POST", "/v1/regenerate-note", map[string]any{"job_id": "0190a000-0000-7000-8000-000000000000"}, st.APIKey(key)).Status)
		other := s.NewOwner(t)
		otherKey := createKey(t, s, other, "live", nil)
		require.Equal(t, http.StatusNotFound, s.Do(t, "POST", "/v1/regenerate-note", map[string]any{"job_id": jobID}, st.APIKey(otherKey)).Status,
			"another account's job cannot be regenerated")

		// A job without a transcript (its audio not uploaded yet) cannot be.
		sandbox := createKey(t, s, o, "sandbox", nil)
		pending, _ := audioJob(t, s, sandbox)
		conflict := s.Do(t, "POST", "/v1/regenerate-note", map[string]any{"job_id": pending}, st.APIKey(sandbox))
		require.Equal(t, http.StatusConflict, conflict.Status, "%s", conflict.Body)
		require.Equal(t, "conflict", conflict.ErrorCode(t))
		require.Equal(t, 3, queryInt(t, db, `SELECT COUNT(*) FROM jobs WHERE user_id = ?`, o.UserID), "a refused regeneration creates no job")
	})
}

func TestRetentionPurgesPatientData(t *testing.T) {
	eachKey(t, "sandbox", func(t *testing.T, s *st.Server, o *st.Owner, key string) {
		jobID := submitText(t, s, key)
		waitForStatus(t, s, key, jobID, "completed")
		require.Equal(t, http.StatusOK, s.Do(t, "GET", "/v1/fetch-note/"+jobID, nil, st.APIKey(key)).Status)

		pending, url := audioJob(t, s, key)
		require.Eventually(t, func() bool {
			return s.Do(t, "GET", "/v1/fetch-note/"+jobID, nil, st.APIKey(key)).Status == http.StatusNotFound
		}, 20*time.Second, 100*time.Millisecond, "the note is gone after the retention period")
		require.Equal(t, http.StatusNotFound, s.Do(t, "GET", "/v1/fetch-transcript/"+jobID, nil, st.APIKey(key)).Status)
		db := openStore(t, s.DB)
		var transcript, note []byte
		require.NoError(t, db.QueryRow(context.Background(), `SELECT transcript_sealed, note_sealed FROM jobs WHERE id = ?`, jobID).Scan(&transcript, &note))
		require.Nil(t, transcript)
		require.Nil(t, note)

		expired := waitForStatus(t, s, key, pending, "error")
		require.Contains(t, expired["message"], "not uploaded")
		require.Equal(t, http.StatusForbidden, put(t, s, url, testWAV(0.2), "").Status, "an expired upload URL is refused")
	}, st.WithEnv("NOTEGEN_RETENTION", "1s"), st.WithEnv("NOTEGEN_SWEEP_INTERVAL", "200ms"), st.WithEnv("NOTEGEN_UPLOAD_TTL", "1s"),
		// On SQLite the sweep River schedules is found by the queue's 5 s
		// poll, so the purge takes about 5 s of polling fetch-note: more than
		// the sandbox's 60 requests a minute, which this test is not about.
		st.WithEnv("NOTEGEN_RATE_SANDBOX", "1000/min"))
}

func TestTwoReplicasProcessEachJobOnce(t *testing.T) {
	st.EachServer(t, func(t *testing.T, a *st.Server) {
		replica := st.Replica(t, a, st.WithEnv("NOTEGEN_RATE_LIVE", "10000/min"))
		o := a.NewOwner(t)
		key := createKey(t, a, o, "live", nil)
		const n = 12
		ids := make([]string, n)
		var wg sync.WaitGroup
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				srv := a
				if i%2 == 1 {
					srv = replica
				}
				resp, err := srv.Try("POST", "/v1/process-text", textJob(map[string]any{"text": fmt.Sprintf("Patient %d reports a headache.", i)}), st.APIKey(key))
				if err == nil && resp.Status == http.StatusOK {
					ids[i] = decode[map[string]any](t, resp.Body)["job_id"].(string)
				}
			}()
		}
		wg.Wait()
		for _, id := range ids {
			require.NotEmpty(t, id)
			waitForStatus(t, replica, key, id, "completed")
		}
		db := openStore(t, a.DB)
		require.Equal(t, n, queryInt(t, db, `SELECT COUNT(*) FROM outbox_events WHERE user_id = ? AND type = 'job.completed'`, o.UserID), "each job completed exactly once")
		require.Equal(t, n, queryInt(t, db, `SELECT COUNT(*) FROM usage_records WHERE user_id = ?`, o.UserID), "each job billed exactly once")
	}, st.WithEnv("NOTEGEN_PUBLIC_URL", "https://notegen.example"), st.WithEnv("NOTEGEN_RATE_LIVE", "10000/min"))
}
