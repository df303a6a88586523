package conformance

import (
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
		c := crashMidTranscription(t, b, "10m")
		c.completeOnce(t)
		t.Logf("completed %v after the kill (restart included)", time.Since(c.killed).Round(time.Millisecond))
		require.Equal(t, 2, c.stt.Calls("/v1/audio/transcriptions"), "one attempt cut short by the crash, one by the replica that took over")
	})
}
