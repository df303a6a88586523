package conformance

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen"
	st "github.com/notegen/notegen/internal/servertest"
)

// TestLiveStreamSurvivesTheReplicaKilledMidStream kills the replica that
// holds a stream with SIGKILL and rejoins the same stream URL on another:
// a restarted process on SQLite, the second of two replicas on PostgreSQL.
// The audio stored before the kill is kept, and the stream goes on.
func TestLiveStreamSurvivesTheReplicaKilledMidStream(t *testing.T) {
	t.Parallel()
	st.Each(t, func(t *testing.T, b st.Backend) {
		db := st.NewDatabase(t, b)
		env := map[string]string{"NOTEGEN_PUBLIC_URL": "http://notegen.test"}
		first := st.StartProcess(t, db, env)
		var second *st.Process
		if b == st.Postgres {
			second = st.StartProcess(t, db, env)
		}
		o := first.NewOwner(t)
		key := createKey(t, first.Server, o, "sandbox", nil)
		job := startStream(t, first.Server, key, nil)

		conn := dialStream(t, job.StreamURL)
		sendAudio(t, conn, pcm(1.5, 16000), 16000)
		// Kill once the first second is stored, as a replica dying in the
		// middle of a visit would be.
		store := openStore(t, db)
		require.Eventually(t, func() bool {
			var stored int64
			err := store.QueryRow(context.Background(), `SELECT upload_bytes FROM jobs WHERE id = ?`, job.JobID).Scan(&stored)
			return err == nil && stored >= 32000
		}, 30*time.Second, 10*time.Millisecond)
		first.Kill(t)
		conn.CloseNow()
		if second == nil {
			second = st.StartProcess(t, db, env)
		}

		url := strings.Replace(job.StreamURL, "ws"+strings.TrimPrefix(first.URL, "http"), "ws"+strings.TrimPrefix(second.URL, "http"), 1)
		again := dialStream(t, url)
		sendAudio(t, again, pcm(1, 16000), 16000)
		endStream(t, again)
		msgs, status := readUntilClosed(t, again)
		require.Equal(t, websocket.StatusNormalClosure, status, "%+v", msgs)
		require.Equal(t, "transcribed", msgs[len(msgs)-1].Status)
		segs := ofType(msgs, notegen.StreamSegment)
		require.Len(t, segs, 1, "the killed replica's session died with it: %+v", msgs)
		// The second stored before the kill survived (what had not been
		// stored yet, at most the half second after it, may be lost), and
		// the rejoined audio is timed after it.
		start := *segs[0].Segment.StartTime
		require.GreaterOrEqual(t, start, 1.0)
		require.LessOrEqual(t, start, 1.5)
		require.InDelta(t, start+1, *segs[0].Segment.EndTime, 0.01)

		waitEnded(t, second.Server, key, job.JobID, "completed")
		page := decode[notegen.JobPage](t, second.Do(t, "GET", "/v1/user/jobs", nil, st.Bearer(o.IDToken)).Body)
		require.InDelta(t, start+1, *page.Jobs[0].DurationSeconds, 0.01, "billed for the audio kept")
	})
}
