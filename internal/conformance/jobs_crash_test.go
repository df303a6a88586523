package conformance

import (
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	st "github.com/notegen/notegen/internal/servertest"
)

// crash is a live audio job whose server process was killed with SIGKILL
// while the speech server was answering the job's transcription, and the
// server started next on the same database with the same settings.
type crash struct {
	stt        *fakeOpenAI
	db         *st.Database
	next       *st.Server
	key, jobID string
	killed     time.Time // when the first process was killed
}

// crashMidTranscription makes a crash on backend b, with jobTimeout as the
// servers' attempt timeout. It returns once the next server is up, without
// waiting for the job.
func crashMidTranscription(t *testing.T, b st.Backend, jobTimeout string) crash {
	t.Helper()
	stt := newFakeOpenAI(t, "Words spoken before the crash.")
	stt.HangFirstCall()
	env := map[string]string{"NOTEGEN_STT_URL": stt.URL, "NOTEGEN_JOB_TIMEOUT": jobTimeout, "NOTEGEN_PUBLIC_URL": "https://notegen.example"}
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
	return crash{stt: stt, db: db, next: st.StartOn(t, db, opts...), key: key, jobID: jobID, killed: killed}
}

// eachCrash makes a crash on each database, with jobTimeout as the servers'
// attempt timeout, and runs fn once the crashed job has completed once on
// the next server.
func eachCrash(t *testing.T, jobTimeout string, fn func(t *testing.T, c crash)) {
	t.Helper()
	st.BuildBinary(t)
	st.Each(t, func(t *testing.T, b st.Backend) {
		c := crashMidTranscription(t, b, jobTimeout)
		c.completeOnce(t)
		fn(t, c)
	})
}

// completeOnce waits for the crashed job on the next server, requires it
// completed, and requires one job.completed event for it.
func (c crash) completeOnce(t *testing.T) {
	t.Helper()
	done := waitForStatus(t, c.next, c.key, c.jobID, "completed", "error")
	require.Equal(t, "completed", done["status"], "%v", done)
	require.Equal(t, 1, c.count(t, `SELECT COUNT(*) FROM outbox_events WHERE job_id = ? AND type = 'job.completed'`), "the job completed once")
}

// count runs a COUNT query on the crash's database with the job's id.
func (c crash) count(t *testing.T, query string) int {
	t.Helper()
	return queryInt(t, openStore(t, c.db), query, c.jobID)
}

// TestJobSurvivesKill9 kills the server with SIGKILL while a job is being
// transcribed; after a restart on the same database the job finishes, once.
func TestJobSurvivesKill9(t *testing.T) {
	eachCrash(t, "3s", func(t *testing.T, c crash) {
		require.Equal(t, c.stt.text, c.next.Do(t, "GET", "/v1/fetch-transcript/"+c.jobID, nil, st.APIKey(c.key)).JSON(t)["transcript"])
		require.Equal(t, 1, c.count(t, `SELECT COUNT(*) FROM usage_records WHERE job_id = ?`), "and was billed once")
	})
}

// TestDeadReplicasJobIsTakenOverLongBeforeItsTimeout kills a server with
// SIGKILL mid-job under the default 10-minute attempt timeout, after which
// River's own stuck-job rescue would first look at the job. The replica
// started next sees the dead one's heartbeat stop and runs the job again
// within the test's one-minute wait, once.
func TestDeadReplicasJobIsTakenOverLongBeforeItsTimeout(t *testing.T) {
	eachCrash(t, "10m", func(t *testing.T, c crash) {
		t.Logf("completed %v after the kill (restart included)", time.Since(c.killed).Round(time.Millisecond))
		require.Equal(t, 2, c.stt.Calls("/v1/audio/transcriptions"), "one attempt cut short by the crash, one by the replica that took over")
	})
}
