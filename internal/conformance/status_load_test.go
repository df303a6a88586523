package conformance

import (
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

// Under load, status reads on PostgreSQL share queries (one query answers
// the reads that queued while others ran). Each client must still get its
// own job, never another account's, and a change another replica committed
// and acknowledged must show on every read that starts after the
// acknowledgement.
func TestStatusReadsUnderLoadAnswerEachJobFresh(t *testing.T) {
	t.Parallel()
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
