package conformance

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	st "github.com/notegen/notegen/internal/servertest"
)

// TestDeadReplicasJobIsTakenOverLongBeforeItsTimeout kills a server with
// SIGKILL mid-job under the default 10-minute attempt timeout, after which
// River's own stuck-job rescue would first look at the job. The replica
// started next sees the dead one's heartbeat stop and runs the job again
// within the test's one-minute wait, once.
func TestDeadReplicasJobIsTakenOverLongBeforeItsTimeout(t *testing.T) {
	t.Parallel()
	st.BuildBinary(t)
	st.Each(t, func(t *testing.T, b st.Backend) {
		stt := newFakeOpenAI(t, "Words spoken before the crash.")
		stt.HangFirstCall()
		env := map[string]string{"NOTEGEN_STT_URL": stt.URL, "NOTEGEN_JOB_TIMEOUT": "10m", "NOTEGEN_PUBLIC_URL": "https://notegen.example"}
		db := st.NewDatabase(t, b)
		first := st.StartProcess(t, db, env)
		o := first.NewOwner(t)
		key := createKey(t, first.Server, o, "live", nil)
		jobID, url := audioJob(t, first.Server, key)
		require.Equal(t, http.StatusOK, put(t, first.Server, url, testWAV(1), "").Status)
		waitForStatus(t, first.Server, key, jobID, "transcribing")
		require.Eventually(t, func() bool { return stt.Calls("/v1/audio/transcriptions") == 1 }, 30*time.Second, 20*time.Millisecond, "the speech server is mid-call")

		first.Kill(t)
		killed := time.Now()
		stt.Release()

		var opts []st.Option
		for k, v := range env {
			opts = append(opts, st.WithEnv(k, v))
		}
		second := st.StartOn(t, db, opts...)
		done := waitForStatus(t, second, key, jobID, "completed", "error")
		require.Equal(t, "completed", done["status"], "%v", done)
		t.Logf("completed %v after the kill (restart included)", time.Since(killed).Round(time.Millisecond))

		sdb := openStore(t, db)
		var completed int
		require.NoError(t, sdb.QueryRow(context.Background(), `SELECT COUNT(*) FROM outbox_events WHERE job_id = ? AND type = 'job.completed'`, jobID).Scan(&completed))
		require.Equal(t, 1, completed, "the job completed once")
		require.Equal(t, 2, stt.Calls("/v1/audio/transcriptions"), "one attempt cut short by the crash, one by the replica that took over")
	})
}
