package conformance

import (
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"

	st "github.com/notegen/notegen/internal/servertest"
)

var (
	sandboxKeyPattern = regexp.MustCompile(`^ng_sandbox_[0-9A-Za-z]{38}$`)
	liveKeyPattern    = regexp.MustCompile(`^ng_live_[0-9A-Za-z]{38}$`)
)

func TestCreateAndListKeys(t *testing.T) {
	st.EachOwner(t, func(t *testing.T, s *st.Server, o *st.Owner) {

		resp := s.Do(t, "POST", "/v1/user/create-api-key", map[string]any{"keyType": "live", "metadata": map[string]string{"team": "cardiology"}}, st.Bearer(o.IDToken))
		require.Equal(t, http.StatusOK, resp.Status, "%s", resp.Body)
		created := resp.JSON(t)
		require.Len(t, created, 3)
		live1 := created["api_key"].(string)
		require.Regexp(t, liveKeyPattern, live1)
		require.Equal(t, "live", created["key_type"])
		require.Equal(t, map[string]any{"team": "cardiology"}, created["metadata"])
		require.Equal(t, "active", accountStatus(t, s, o), "the first live key activates the account")

		sandbox := createKey(t, s, o, "sandbox", nil)
		require.Regexp(t, sandboxKeyPattern, sandbox)
		live2 := createKey(t, s, o, "live", nil)
		second := s.Do(t, "POST", "/v1/user/create-api-key", map[string]any{"keyType": "sandbox"}, st.Bearer(o.IDToken))
		require.Equal(t, http.StatusConflict, second.Status)
		require.Equal(t, "conflict", second.ErrorCode(t))

		masked := listKeys(t, s, o, "")
		require.Len(t, masked, 3)
		want := []struct{ key, typ string }{{sandbox, "sandbox"}, {live1, "live"}, {live2, "live"}}
		for i, e := range masked {
			k := want[i].key
			require.Equal(t, want[i].typ, e["type"], "sandbox first, then live oldest first")
			require.Equal(t, strings.Repeat("*", len(k)-4)+k[len(k)-4:], e["key"])
			require.Equal(t, "active", e["status"])
			require.NotEmpty(t, e["created_at"])
			require.Contains(t, e, "last_used")
			require.Nil(t, e["last_used"])
			if e["type"] == "sandbox" {
				require.NotContains(t, e, "metadata", "metadata is listed for live keys only")
				require.Len(t, e, 5)
			} else {
				require.Contains(t, e, "metadata")
				require.Len(t, e, 6)
			}
		}
		require.Equal(t, map[string]any{"team": "cardiology"}, masked[1]["metadata"])
		require.Equal(t, map[string]any{}, masked[2]["metadata"])

		for _, q := range []string{"?showFull=true", "?show_full=true"} {
			full := listKeys(t, s, o, q)
			require.Equal(t, []any{sandbox, live1, live2}, []any{full[0]["key"], full[1]["key"], full[2]["key"]}, q)
		}
		bad := s.Do(t, "GET", "/v1/user/list-api-keys?showFull=maybe", nil, st.Bearer(o.IDToken))
		require.Equal(t, http.StatusBadRequest, bad.Status)
		require.Equal(t, "validation_error", bad.ErrorCode(t))

		for name, body := range map[string]any{
			"missing keyType":   map[string]any{},
			"unknown keyType":   map[string]any{"keyType": "gold"},
			"keyType not a str": map[string]any{"keyType": 1},
			"sandbox metadata":  map[string]any{"keyType": "sandbox", "metadata": map[string]string{"a": "b"}},
			"metadata not map":  map[string]any{"keyType": "live", "metadata": []string{"a"}},
		} {
			resp := s.Do(t, "POST", "/v1/user/create-api-key", body, st.Bearer(o.IDToken))
			require.Equal(t, http.StatusBadRequest, resp.Status, name)
			require.Equal(t, "validation_error", resp.ErrorCode(t), name)
		}
		// null metadata counts as absent, as existing clients send it.
		nullMeta := s.Do(t, "POST", "/v1/user/create-api-key", `{"keyType": "live", "metadata": null}`, st.Bearer(o.IDToken))
		require.Equal(t, http.StatusOK, nullMeta.Status, "%s", nullMeta.Body)

		// Another owner sees none of these keys.
		other := s.NewOwner(t)
		require.Empty(t, listKeys(t, s, other, ""))
	})
}

func TestMetadataRules(t *testing.T) {
	st.EachOwner(t, func(t *testing.T, s *st.Server, o *st.Owner) {
		key := createKey(t, s, o, "live", map[string]string{"a": "1", "b": "2"})
		sandbox := createKey(t, s, o, "sandbox", nil)

		update := func(apiKey string, metadata any) st.Response {
			return s.Do(t, "POST", "/v1/user/update-api-key-metadata", map[string]any{"apiKey": apiKey, "metadata": metadata}, st.Bearer(o.IDToken))
		}
		resp := update(key, map[string]string{"c": "3"})
		require.Equal(t, http.StatusOK, resp.Status, "%s", resp.Body)
		body := resp.JSON(t)
		require.Equal(t, strings.Repeat("*", len(key)-4)+key[len(key)-4:], body["api_key"], "confirmations show the key masked")
		require.NotEmpty(t, body["message"])
		require.Equal(t, map[string]any{"c": "3"}, listKeys(t, s, o, "")[1]["metadata"], "an update replaces the whole map")

		fifty := map[string]string{}
		for i := range 50 {
			fifty[fmt.Sprintf("k%02d", i)] = "v"
		}
		fiftyOne := map[string]string{"extra": "v"}
		for k, v := range fifty {
			fiftyOne[k] = v
		}
		accepted := map[string]any{
			"50 entries":                      fifty,
			"key of 50 characters":            map[string]string{strings.Repeat("k", 50): "v"},
			"value of 200 multibyte chars":    map[string]string{"note": strings.Repeat("é", 200)},
			"empty map":                       map[string]string{},
			"digits that are not a card":      map[string]string{"order": "4111111111111112"},
			"short number":                    map[string]string{"ward": "12"},
			"word containing no sensitive":    map[string]string{"department": "oncology"},
			"long digit run is no card":       map[string]string{"ref": "12345678901234567890123"},
			"dates look like no ssn":          map[string]string{"since": "2024-05-01"},
			"phone number":                    map[string]string{"desk": "+1 555 010 2000"},
			"value with unicode":              map[string]string{"site": "Hôpital Saint-Éloi"},
			"key with spaces is still a key":  map[string]string{"cost center": "42"},
			"value exactly 200 ascii":         map[string]string{"v": strings.Repeat("x", 200)},
			"key exactly 1 char":              map[string]string{"x": ""},
			"keyword-free clinical metadata":  map[string]string{"specialty": "psychiatry", "region": "eu-west"},
			"uppercase benign":                map[string]string{"TEAM": "ER"},
			"numbers in key":                  map[string]string{"v2": "yes"},
			"card-like but wrong length (12)": map[string]string{"x": "411111111111"},
		}
		for name, m := range accepted {
			resp := update(key, m)
			require.Equal(t, http.StatusOK, resp.Status, "%s: %s", name, resp.Body)
		}
		require.Equal(t, http.StatusOK, update(key, map[string]string{"c": "3"}).Status)
		refused := map[string]any{
			"51 entries":              fiftyOne,
			"empty key":               map[string]string{"": "v"},
			"key of 51 characters":    map[string]string{strings.Repeat("k", 51): "v"},
			"value of 201 characters": map[string]string{"note": strings.Repeat("é", 201)},
			"sensitive key":           map[string]string{"db_password": "x"},
			"sensitive key any case":  map[string]string{"API_KEY": "x"},
			"sensitive value":         map[string]string{"note": "the secret is out"},
			"token":                   map[string]string{"auth": "Bearer token here"},
			"ssn key":                 map[string]string{"patient_ssn": "x"},
			"ssn value":               map[string]string{"patient": "123-45-6789"},
			"ssn value spaced":        map[string]string{"patient": "id 123 45 6789"},
			"card number":             map[string]string{"billing": "4111 1111 1111 1111"},
			"card number dashed":      map[string]string{"billing": "5500-0000-0000-0004"},
			"cvv":                     map[string]string{"cvv": "123"},
			"non-string value":        map[string]any{"count": 3},
			"nested object":           map[string]any{"a": map[string]string{"b": "c"}},
			"not an object":           "team=er",
			"null metadata":           nil,
		}
		for name, m := range refused {
			resp := update(key, m)
			require.Equal(t, http.StatusBadRequest, resp.Status, "%s: %s", name, resp.Body)
			require.Equal(t, "validation_error", resp.ErrorCode(t), name)
		}
		require.Equal(t, map[string]any{"c": "3"}, listKeys(t, s, o, "")[1]["metadata"], "refused updates change nothing")

		sb := update(sandbox, map[string]string{"a": "b"})
		require.Equal(t, http.StatusBadRequest, sb.Status)
		require.Equal(t, "validation_error", sb.ErrorCode(t))
		missing := update("ng_live_"+strings.Repeat("A", 38), map[string]string{"a": "b"})
		require.Equal(t, http.StatusNotFound, missing.Status)
		require.Equal(t, "not_found", missing.ErrorCode(t))
	})
}

func TestKeyStatusAndDeletion(t *testing.T) {
	eachKey(t, "live", func(t *testing.T, s *st.Server, o *st.Owner, key string) {
		other := createKey(t, s, o, "live", nil)
		use := func(k string) int { return s.Do(t, "GET", "/v1/system/status", nil, st.APIKey(k)).Status }
		setStatus := func(k, status string) st.Response {
			return s.Do(t, "POST", "/v1/user/api-keys/"+k+"/status", map[string]any{"status": status}, st.Bearer(o.IDToken))
		}
		require.Equal(t, http.StatusOK, use(key))

		resp := setStatus(key, "inactive")
		require.Equal(t, http.StatusOK, resp.Status, "%s", resp.Body)
		require.Equal(t, "inactive", resp.JSON(t)["status"])
		require.Equal(t, strings.Repeat("*", len(key)-4)+key[len(key)-4:], resp.JSON(t)["api_key"])
		require.Equal(t, http.StatusUnauthorized, use(key), "an inactive key stops working at once")
		require.Equal(t, "active", accountStatus(t, s, o), "deactivating is not deleting")
		require.Equal(t, http.StatusOK, setStatus(key, "active").Status)
		require.Equal(t, http.StatusOK, use(key))

		for name, tc := range map[string]struct {
			key, status string
			code        int
		}{
			"bad status":     {key, "paused", http.StatusBadRequest},
			"unknown key":    {"ng_live_" + strings.Repeat("B", 38), "inactive", http.StatusNotFound},
			"malformed key":  {"whatever", "inactive", http.StatusNotFound},
			"missing status": {key, "", http.StatusBadRequest},
		} {
			require.Equal(t, tc.code, setStatus(tc.key, tc.status).Status, name)
		}

		del := s.Do(t, "POST", "/v1/user/delete-api-key", map[string]any{"apiKey": key}, st.Bearer(o.IDToken))
		require.Equal(t, http.StatusOK, del.Status, "%s", del.Body)
		require.Equal(t, http.StatusUnauthorized, use(key))
		require.Equal(t, http.StatusConflict, setStatus(key, "active").Status, "a deleted key can never be reactivated")
		again := s.Do(t, "POST", "/v1/user/delete-api-key", map[string]any{"apiKey": key}, st.Bearer(o.IDToken))
		require.Equal(t, http.StatusConflict, again.Status)
		entries := listKeys(t, s, o, "")
		require.Len(t, entries, 2, "deleted keys stay listed")
		require.Equal(t, "inactive", entries[0]["status"])
		require.Equal(t, "active", accountStatus(t, s, o), "one live key is left")

		stranger := s.NewOwner(t)
		notMine := s.Do(t, "POST", "/v1/user/delete-api-key", map[string]any{"apiKey": other}, st.Bearer(stranger.IDToken))
		require.Equal(t, http.StatusNotFound, notMine.Status, "keys of another account are not found")
		require.Equal(t, http.StatusBadRequest, s.Do(t, "POST", "/v1/user/delete-api-key", map[string]any{}, st.Bearer(o.IDToken)).Status)

		require.Equal(t, http.StatusOK, s.Do(t, "POST", "/v1/user/delete-api-key", map[string]any{"apiKey": other}, st.Bearer(o.IDToken)).Status)
		require.Equal(t, "inactive", accountStatus(t, s, o), "deleting the last live key makes the account inactive")
	})
}

func TestAPIKeyAuthentication(t *testing.T) {
	eachKey(t, "sandbox", func(t *testing.T, s *st.Server, o *st.Owner, key string) {
		broken := key[:len(key)-1] + string("0123456789"[(strings.IndexByte("0123456789", key[len(key)-1])+1)%10])
		if broken == key {
			broken = key[:len(key)-1] + "x"
		}
		for name, headers := range map[string][]st.Header{
			"missing":        nil,
			"bad checksum":   {st.APIKey(broken)},
			"unknown key":    {st.APIKey("ng_sandbox_" + strings.Repeat("C", 38))},
			"bearer instead": {st.Bearer(o.IDToken)},
		} {
			resp := s.Do(t, "GET", "/v1/system/status", nil, headers...)
			require.Equal(t, http.StatusUnauthorized, resp.Status, name)
			require.Equal(t, "authentication_error", resp.ErrorCode(t), name)
		}
		onUser := s.Do(t, "GET", "/v1/user/list-api-keys", nil, st.APIKey(key))
		require.Equal(t, http.StatusUnauthorized, onUser.Status, "an API key is refused on /v1/user")

		resp := s.Do(t, "GET", "/v1/system/status", nil, st.APIKey(key))
		require.Equal(t, http.StatusOK, resp.Status, "%s", resp.Body)
		status := resp.JSON(t)
		require.Equal(t, "ok", status["services"].(map[string]any)["database"])
		require.Equal(t, "not_configured", status["services"].(map[string]any)["speech_to_text"])
		require.NotNil(t, listKeys(t, s, o, "")[0]["last_used"], "last_used is recorded")
	})
}

func TestKeysAreNeverStoredInPlainText(t *testing.T) {
	st.EachOwner(t, func(t *testing.T, s *st.Server, o *st.Owner) {
		keys := []string{createKey(t, s, o, "sandbox", nil), createKey(t, s, o, "live", map[string]string{"team": "er"})}
		s.Do(t, "GET", "/v1/system/status", nil, st.APIKey(keys[0]))
		s.Stop(t) // flush everything to the files
		dump := dumpDatabase(t, s.DB)
		require.Contains(t, dump, `"team"`, "the dump does contain the key rows (their metadata)")
		for _, k := range keys {
			require.NotContains(t, dump, k)
			require.NotContains(t, dump, hexOf(k))
			require.NotContains(t, dump, k[len(k)-16:], "not even a long fragment of the key")
		}
	})
}

func TestConcurrentSandboxCreationLeavesOneKey(t *testing.T) {
	st.EachOwner(t, func(t *testing.T, s *st.Server, o *st.Owner) {
		statuses := concurrently(t, 20, func(int) (st.Response, error) {
			return s.Try("POST", "/v1/user/create-api-key", map[string]any{"keyType": "sandbox"}, st.Bearer(o.IDToken))
		})
		require.Equal(t, 1, statuses[http.StatusOK], "%v", statuses)
		require.Equal(t, 19, statuses[http.StatusConflict], "%v", statuses)
		require.Len(t, listKeys(t, s, o, ""), 1)
	})
}

func TestDeletingTheLastLiveKeysConcurrently(t *testing.T) {
	st.EachServer(t, func(t *testing.T, s *st.Server) {
		for round := range 5 {
			o := s.NewOwner(t)
			keys := []string{createKey(t, s, o, "live", nil), createKey(t, s, o, "live", nil)}
			statuses := concurrently(t, 2, func(i int) (st.Response, error) {
				return s.Try("POST", "/v1/user/delete-api-key", map[string]any{"apiKey": keys[i]}, st.Bearer(o.IDToken))
			})
			require.Equal(t, 2, statuses[http.StatusOK], "round %d: %v", round, statuses)
			require.Equal(t, "inactive", accountStatus(t, s, o), "round %d", round)
		}
	})
}

func TestCancelRacingLiveKeyCreation(t *testing.T) {
	st.EachServer(t, func(t *testing.T, s *st.Server) {
		for round := range 8 {
			o := s.NewOwner(t)
			concurrently(t, 2, func(i int) (st.Response, error) {
				if i == 0 {
					return s.Try("POST", "/v1/user/cancel-account", nil, st.Bearer(o.IDToken))
				}
				return s.Try("POST", "/v1/user/create-api-key", map[string]any{"keyType": "live"}, st.Bearer(o.IDToken))
			})
			require.Equal(t, "cancelled", accountStatus(t, s, o), "round %d", round)
			for _, e := range listKeys(t, s, o, "") {
				require.Equal(t, "inactive", e["status"], "round %d: no active live key on a cancelled account", round)
			}
		}
	})
}

// concurrently runs n requests at once and counts the statuses.
func concurrently(t *testing.T, n int, do func(i int) (st.Response, error)) map[int]int {
	t.Helper()
	var wg sync.WaitGroup
	start := make(chan struct{})
	resps := make([]st.Response, n)
	errs := make([]error, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			resps[i], errs[i] = do(i)
		}()
	}
	close(start)
	wg.Wait()
	counts := map[int]int{}
	for i := range n {
		require.NoError(t, errs[i])
		counts[resps[i].Status]++
	}
	return counts
}

func TestRevocationReachesEveryReplica(t *testing.T) {
	st.EachServer(t, func(t *testing.T, a *st.Server) {
		replica := st.Replica(t, a)
		o := a.NewOwner(t)
		key := createKey(t, a, o, "live", nil)
		spare := createKey(t, a, o, "live", nil)
		require.Equal(t, http.StatusOK, replica.Do(t, "GET", "/v1/system/status", nil, st.APIKey(key)).Status)

		resp := a.Do(t, "POST", "/v1/user/api-keys/"+key+"/status", map[string]any{"status": "inactive"}, st.Bearer(o.IDToken))
		require.Equal(t, http.StatusOK, resp.Status)
		require.Equal(t, http.StatusUnauthorized, replica.Do(t, "GET", "/v1/system/status", nil, st.APIKey(key)).Status,
			"the other replica refuses a deactivated key on the very next request")

		require.Equal(t, http.StatusOK, replica.Do(t, "GET", "/v1/system/status", nil, st.APIKey(spare)).Status)
		require.Equal(t, http.StatusOK, a.Do(t, "POST", "/v1/user/delete-api-key", map[string]any{"apiKey": spare}, st.Bearer(o.IDToken)).Status)
		require.Equal(t, http.StatusUnauthorized, replica.Do(t, "GET", "/v1/system/status", nil, st.APIKey(spare)).Status,
			"the other replica refuses a deleted key on the very next request")
	}, st.WithEnv("NOTEGEN_PUBLIC_URL", "https://notegen.example"))
}

// TestRevocationUnderLoadReachesEveryReplica checks, while a replica keeps
// serving a key from many connections, that once a deactivation, a
// deletion or an account cancellation made on the other replica has been
// answered, no request to either replica is admitted with the key again.
// (Keys that authenticated are cached by the replicas; this is what keeps
// the cache honest.)
func TestRevocationUnderLoadReachesEveryReplica(t *testing.T) {
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
