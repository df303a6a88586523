package conformance

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"
	"github.com/stretchr/testify/require"

	st "github.com/notegen/notegen/internal/servertest"
)

// TestReplicasOnSeparateHostsShareObjectStorage runs two replicas that
// share only PostgreSQL and an S3-compatible bucket (each has its own data
// directory, as on two hosts). Audio uploaded through one is transcribed by
// whichever replica picks the job up.
func TestReplicasOnSeparateHostsShareObjectStorage(t *testing.T) {
	st.Each(t, func(t *testing.T, b st.Backend) {
		if b == st.SQLite {
			t.Skip("replicas on separate hosts need PostgreSQL")
		}
		backend := s3mem.New()
		fake := httptest.NewServer(gofakes3.New(backend).Server())
		t.Cleanup(fake.Close)
		require.NoError(t, backend.CreateBucket("clinic-audio"))
		u, _ := url.Parse(fake.URL)
		stt := newFakeOpenAI(t, "Transcribed from object storage.")
		opts := []st.Option{
			st.WithEnv("NOTEGEN_STORAGE_URL", "s3://clinic-audio/notegen?endpoint="+u.Host+"&insecure=true&region=us-east-1"),
			st.WithEnv("NOTEGEN_S3_ACCESS_KEY", "access"), st.WithEnv("NOTEGEN_S3_SECRET_KEY", "secret"),
			st.WithEnv("NOTEGEN_STT_URL", stt.URL), st.WithEnv("NOTEGEN_PUBLIC_URL", "https://notegen.example"),
		}
		a := st.Start(t, b, opts...)
		other := *a.DB
		other.DataDir = t.TempDir() // another host's disk
		replica := st.StartOn(t, &other, opts...)

		o := a.NewOwner(t)
		key := createKey(t, a, o, "live", nil)
		for i := range 4 {
			jobID, url := audioJob(t, a, key)
			require.Equal(t, http.StatusOK, put(t, a, url, testWAV(0.5), "").Status)
			done := waitForStatus(t, replica, key, jobID, "completed", "error")
			require.Equal(t, "completed", done["status"], "job %d: %v", i, done)
		}
		objects, err := backend.ListBucket("clinic-audio", nil, gofakes3.ListBucketPage{})
		require.NoError(t, err)
		require.Empty(t, objects.Contents, "transcribed audio is deleted from the bucket")
		require.Equal(t, 4, stt.Calls("/v1/audio/transcriptions"))
	})
}
