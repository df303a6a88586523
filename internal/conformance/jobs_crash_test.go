package conformance

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	st "github.com/notegen/notegen/internal/servertest"
)

// TestJobSurvivesKill9 kills the server with SIGKILL while a job is being
// transcribed; after a restart on the same database the job finishes, once.
func TestJobSurvivesKill9(t *testing.T) {
	t.Parallel()
	st.BuildBinary(t)
	st.Each(t, func(t *testing.T, b st.Backend) {
		stt := newFakeOpenAI(t, "Words spoken before the crash.")
		stt.HangFirstCall()
		env := map[string]string{"NOTEGEN_STT_URL": stt.URL, "NOTEGEN_JOB_TIMEOUT": "3s", "NOTEGEN_PUBLIC_URL": "https://notegen.example"}
		db := st.NewDatabase(t, b)
		first := st.StartProcess(t, db, env)
		o := first.NewOwner(t)
		key := createKey(t, first.Server, o, "live", nil)
		jobID, url := audioJob(t, first.Server, key)
		require.Equal(t, http.StatusOK, put(t, first.Server, url, testWAV(1), "").Status)
		waitForStatus(t, first.Server, key, jobID, "transcribing")
		require.Eventually(t, func() bool { return stt.Calls("/v1/audio/transcriptions") == 1 }, 30*time.Second, 20*time.Millisecond, "the speech server is mid-call")

		first.Kill(t)
		stt.Release()

		var opts []st.Option
		for k, v := range env {
			opts = append(opts, st.WithEnv(k, v))
		}
		second := st.StartOn(t, db, opts...)
		done := waitForStatus(t, second, key, jobID, "completed", "error")
		require.Equal(t, "completed", done["status"], "%v", done)
		require.Equal(t, stt.text, second.Do(t, "GET", "/v1/fetch-transcript/"+jobID, nil, st.APIKey(key)).JSON(t)["transcript"])

		sdb := openStore(t, db)
		var completed, usage int
		require.NoError(t, sdb.QueryRow(context.Background(), `SELECT COUNT(*) FROM outbox_events WHERE job_id = ? AND type = 'job.completed'`, jobID).Scan(&completed))
		require.NoError(t, sdb.QueryRow(context.Background(), `SELECT COUNT(*) FROM usage_records WHERE job_id = ?`, jobID).Scan(&usage))
		require.Equal(t, 1, completed, "the job completed once")
		require.Equal(t, 1, usage, "and was billed once")
	})
}
