package conformance

import (
	"math"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	st "github.com/notegen/notegen/internal/servertest"
)

func TestRateLimitsPerKeyAcrossReplicas(t *testing.T) {
	st.EachServer(t, func(t *testing.T, a *st.Server) {
		replica := st.Replica(t, a, st.WithEnv("NOTEGEN_RATE_SANDBOX", "4/h"))
		o := a.NewOwner(t)
		key := createKey(t, a, o, "sandbox", nil)
		other := createKey(t, a, o, "live", nil)
		for i := range 4 {
			srv := a
			if i%2 == 1 {
				srv = replica
			}
			resp := srv.Do(t, "GET", "/v1/system/status", nil, st.APIKey(key))
			require.Equal(t, http.StatusOK, resp.Status)
			require.Equal(t, "4", resp.Header.Get("X-RateLimit-Limit"))
			require.Equal(t, strconv.Itoa(3-i), resp.Header.Get("X-RateLimit-Remaining"), "both replicas count the same window")
		}
		before := time.Now()
		limited := replica.Do(t, "POST", "/v1/process-text", textJob(nil), st.APIKey(key))
		after := time.Now()
		require.Equal(t, http.StatusTooManyRequests, limited.Status)
		require.Equal(t, "rate_limited", limited.ErrorCode(t))
		require.Equal(t, "0", limited.Header.Get("X-RateLimit-Remaining"))
		// The window is the clock hour: it resets at the top of the next
		// hour, and Retry-After is the whole seconds until then, as counted
		// at some moment between sending the request and its answer.
		reset, err := strconv.ParseInt(limited.Header.Get("X-RateLimit-Reset"), 10, 64)
		require.NoError(t, err)
		require.Equal(t, before.Truncate(time.Hour).Add(time.Hour).Unix(), reset, "the window ends at the top of the hour")
		retry, err := strconv.Atoi(limited.Header.Get("Retry-After"))
		require.NoError(t, err)
		resetAt := time.Unix(reset, 0)
		require.GreaterOrEqual(t, retry, int(math.Ceil(resetAt.Sub(after).Seconds())), "Retry-After counts to the window's end")
		require.LessOrEqual(t, retry, int(math.Ceil(resetAt.Sub(before).Seconds())), "Retry-After counts to the window's end")
		require.Equal(t, http.StatusOK, a.Do(t, "GET", "/v1/system/status", nil, st.APIKey(other)).Status, "another key has its own budget")
	}, st.WithEnv("NOTEGEN_RATE_SANDBOX", "4/h"), st.WithEnv("NOTEGEN_PUBLIC_URL", "https://notegen.example"))
}

// TestRateLimitLeasesAcrossReplicas checks the stated tolerance of leased
// budgets: two replicas together never admit more than a key's limit in a
// window, and lose none of it once both have spent what they leased; a
// replica refuses at most the other's unspent lease (limit/20) early.
func TestRateLimitLeasesAcrossReplicas(t *testing.T) {
	const limit, leaseCap = 400, 20
	st.EachServer(t, func(t *testing.T, a *st.Server) {
		replica := st.Replica(t, a, st.WithEnv("NOTEGEN_RATE_SANDBOX", "400/h"))
		o := a.NewOwner(t)
		// The hour may turn during a run, which starts a new window: try
		// again with a fresh key then.
		for range 2 {
			key := createKey(t, a, o, "sandbox", nil)
			resets := map[string]bool{}
			spend := func(srv *st.Server, most int) int {
				for n := range most {
					resp := srv.Do(t, "GET", "/v1/system/status", nil, st.APIKey(key))
					resets[resp.Header.Get("X-RateLimit-Reset")] = true
					remaining, err := strconv.Atoi(resp.Header.Get("X-RateLimit-Remaining"))
					require.NoError(t, err)
					if resp.Status == http.StatusTooManyRequests {
						require.Equal(t, 0, remaining)
						return n
					}
					require.Equal(t, http.StatusOK, resp.Status)
					require.GreaterOrEqual(t, remaining, 0)
					require.Less(t, remaining, limit)
				}
				return most
			}
			first := spend(a, 100)
			second := spend(replica, limit+1)
			third := spend(a, limit+1)
			if len(resets) > 1 {
				continue
			}
			require.Equal(t, 100, first)
			require.GreaterOrEqual(t, second, limit-first-leaseCap, "the replica is refused at most the other's unspent lease early")
			require.Equal(t, limit, first+second+third, "together the replicas admit the limit exactly")
			require.Equal(t, 0, spend(replica, 1), "the budget stays spent")
			return
		}
		t.Fatal("the rate window changed during both tries")
	}, st.WithEnv("NOTEGEN_RATE_SANDBOX", "400/h"), st.WithEnv("NOTEGEN_PUBLIC_URL", "https://notegen.example"))
}

func TestPatientDataIsSealedAtRest(t *testing.T) {
	eachKey(t, "live", func(t *testing.T, s *st.Server, o *st.Owner, key string) {
		secret := "Zyxwvut Qponmlk reports hemoptysis since Tuesday"
		jobID := s.Do(t, "POST", "/v1/process-text", textJob(map[string]any{"text": secret + ".", "custom": map[string]string{"context": "Patient Zyxwvut is allergic to penicillin"}}), st.APIKey(key)).JSON(t)["job_id"].(string)
		waitForStatus(t, s, key, jobID, "completed")
		note := s.Do(t, "GET", "/v1/fetch-note/"+jobID, nil, st.APIKey(key)).JSON(t)["note"].(string)
		require.Contains(t, strings.ToLower(note), "hemoptysis")
		s.Stop(t)
		dump := strings.ToLower(dumpDatabase(t, s.DB))
		require.Contains(t, dump, strings.ToLower(jobID), "the dump holds the job")
		for _, fragment := range []string{"zyxwvut", "hemoptysis", "penicillin"} {
			require.NotContains(t, dump, fragment, "patient text is never stored in the clear")
			require.NotContains(t, dump, hexOf(fragment))
		}
	})
}
