package conformance

import (
	"net/http"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"

	st "github.com/notegen/notegen/internal/servertest"
)

// TestRevocationUnderLoadReachesEveryReplica checks, while a replica keeps
// serving a key from many connections, that once a deactivation, a
// deletion or an account cancellation made on the other replica has been
// answered, no request to either replica is admitted with the key again.
// (Keys that authenticated are cached by the replicas; this is what keeps
// the cache honest.)
func TestRevocationUnderLoadReachesEveryReplica(t *testing.T) {
	t.Parallel()
	st.Each(t, func(t *testing.T, b st.Backend) {
		rate := st.WithEnv("NOTEGEN_RATE_LIVE", "10000000/min")
		sandboxRate := st.WithEnv("NOTEGEN_RATE_SANDBOX", "10000000/min")
		a := st.Start(t, b, rate, sandboxRate, st.WithEnv("NOTEGEN_PUBLIC_URL", "https://notegen.example"))
		replica := st.Replica(t, a, rate, sandboxRate)
		o := a.NewOwner(t)
		deactivated := createKey(t, a, o, "live", nil)
		deleted := createKey(t, a, o, "live", nil)
		sandbox := createKey(t, a, o, "sandbox", nil)
		createKey(t, a, o, "live", nil) // keeps the account active after the deletion

		revoke := []struct {
			name, key string
			do        func() int
		}{
			{"deactivation", deactivated, func() int {
				return a.Do(t, "POST", "/v1/user/api-keys/"+deactivated+"/status", map[string]any{"status": "inactive"}, st.Bearer(o.IDToken)).Status
			}},
			{"deletion", deleted, func() int {
				return a.Do(t, "POST", "/v1/user/delete-api-key", map[string]any{"apiKey": deleted}, st.Bearer(o.IDToken)).Status
			}},
			{"cancellation", sandbox, func() int {
				return a.Do(t, "POST", "/v1/user/cancel-account", nil, st.Bearer(o.IDToken)).Status
			}},
		}
		for _, rv := range revoke {
			for _, srv := range []*st.Server{a, replica} {
				require.Equal(t, http.StatusOK, srv.Do(t, "GET", "/v1/system/status", nil, st.APIKey(rv.key)).Status, "%s: the key works before", rv.name)
			}
			// revoked is set once the revocation has been answered; every
			// request that starts after that must be refused.
			var revoked, stop atomic.Bool
			var admittedAfter, refused atomic.Int64
			var wg sync.WaitGroup
			for w := range 8 {
				srv := replica
				if w%4 == 0 {
					srv = a
				}
				wg.Add(1)
				go func() {
					defer wg.Done()
					for i := 0; i < 2000 && !stop.Load(); i++ {
						after := revoked.Load()
						resp, err := srv.Try("GET", "/v1/system/status", nil, st.APIKey(rv.key))
						if err != nil {
							continue
						}
						if after && resp.Status == http.StatusOK {
							admittedAfter.Add(1)
						}
						if after && resp.Status != http.StatusOK {
							refused.Add(1)
						}
					}
				}()
			}
			require.Equal(t, http.StatusOK, rv.do(), "%s", rv.name)
			revoked.Store(true)
			// The very next request on the other replica is refused.
			next := replica.Do(t, "GET", "/v1/system/status", nil, st.APIKey(rv.key))
			require.NotEqual(t, http.StatusOK, next.Status, "%s: the next request on the other replica", rv.name)
			for refused.Load() < 200 && !stop.Load() {
				if r := replica.Do(t, "GET", "/v1/system/status", nil, st.APIKey(rv.key)); r.Status == http.StatusOK {
					admittedAfter.Add(1)
				}
			}
			stop.Store(true)
			wg.Wait()
			require.Zero(t, admittedAfter.Load(), "%s: no request started after the revocation was answered is admitted", rv.name)
		}
	})
}
