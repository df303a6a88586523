package conformance

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

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
