package conformance

import (
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	st "github.com/notegen/notegen/internal/servertest"
)

// TestDirectTextJobIsClaimedOnItsRowAndTakenOverAfterKill9 runs a live
// text job on the replica that accepted it, with the language model
// hanging, under the default 10-minute attempt timeout. While it runs the
// job is held by a claim on its own row and has no River job; the server
// is then killed with SIGKILL, and the replica started next sees the dead
// one's heartbeat stop and runs the job again, once.
func TestDirectTextJobIsClaimedOnItsRowAndTakenOverAfterKill9(t *testing.T) {
	st.BuildBinary(t)
	st.Each(t, func(t *testing.T, b st.Backend) {
		llm := newFakeOpenAI(t, "")
		llm.HangFirstCall()
		env := map[string]string{"NOTEGEN_LLM_URL": llm.URL + "/v1", "NOTEGEN_JOB_TIMEOUT": "10m"}
		db := st.NewDatabase(t, b)
		first := st.StartProcess(t, db, env)
		o := first.NewOwner(t)
		key := createKey(t, first.Server, o, "live", nil)
		resp := first.Do(t, "POST", "/v1/process-text", textJob(nil), st.APIKey(key))
		require.Equal(t, http.StatusOK, resp.Status, "%s", resp.Body)
		jobID := resp.JSON(t)["job_id"].(string)
		require.Eventually(t, func() bool { return llm.Calls("/v1/chat/completions") == 1 }, 30*time.Second, 20*time.Millisecond,
			"the language model is mid-call")

		store := openStore(t, db)
		require.Equal(t, 0, queryInt(t, store, `SELECT COUNT(*) FROM river_job WHERE kind = 'note_job'`), "a direct run has no River job")
		require.Equal(t, 1, queryInt(t, store, `SELECT COUNT(*) FROM jobs WHERE id = ? AND claimed_by IS NOT NULL AND claimed_until IS NOT NULL`, jobID),
			"the job's row holds the run's claim")

		first.Kill(t)
		killed := time.Now()
		llm.Release()
		var opts []st.Option
		for k, v := range env {
			opts = append(opts, st.WithEnv(k, v))
		}
		c := crash{db: db, next: st.StartOn(t, db, opts...), key: key, jobID: jobID, killed: killed}
		c.completeOnce(t)
		t.Logf("completed %v after the kill (restart included)", time.Since(killed).Round(time.Millisecond))
		require.Equal(t, 2, llm.Calls("/v1/chat/completions"), "one attempt cut short by the crash, one by the replica that took over")
		require.Equal(t, 1, c.count(t, `SELECT COUNT(*) FROM usage_records WHERE job_id = ?`), "billed once")
		require.Equal(t, 0, c.count(t, `SELECT COUNT(*) FROM jobs WHERE id = ? AND claimed_by IS NOT NULL`), "its end cleared the claim")
	})
}

// TestDirectTextJobThatFailsIsRetriedByTheQueue fails a directly run text
// job's first note attempt with a transient provider error: its claim is
// given up and the job handed to the queue's workers in one transaction,
// which retry it; the job completes once.
func TestDirectTextJobThatFailsIsRetriedByTheQueue(t *testing.T) {
	st.Each(t, func(t *testing.T, b st.Backend) {
		llm := newFakeOpenAI(t, "")
		llm.Script(func(path string, nth int) (int, string, time.Duration) {
			if nth == 1 {
				return http.StatusServiceUnavailable, `{"error":{"message":"busy"}}`, 0
			}
			return 0, "", 0
		})
		db := st.NewDatabase(t, b)
		s := st.StartOn(t, db, st.WithEnv("NOTEGEN_LLM_URL", llm.URL+"/v1"), st.WithEnv("NOTEGEN_PROVIDER_RETRY_BASE", "50ms"))
		o := s.NewOwner(t)
		key := createKey(t, s, o, "live", nil)
		resp := s.Do(t, "POST", "/v1/process-text", textJob(nil), st.APIKey(key))
		require.Equal(t, http.StatusOK, resp.Status, "%s", resp.Body)
		c := crash{db: db, next: s, key: key, jobID: resp.JSON(t)["job_id"].(string)}
		c.completeOnce(t)
		require.Equal(t, 2, llm.Calls("/v1/chat/completions"), "the failed attempt, then the queue's retry")
		require.Equal(t, 1, c.count(t, `SELECT COUNT(*) FROM usage_records WHERE job_id = ?`), "billed once")
		require.Equal(t, 0, c.count(t, `SELECT COUNT(*) FROM jobs WHERE id = ? AND claimed_by IS NOT NULL`), "no claim is left")
	})
}
