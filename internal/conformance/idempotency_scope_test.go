package conformance

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/require"

	st "github.com/notegen/notegen/internal/servertest"
)

// TestIdempotencyKeysAreScopedToTheAPIKey sends the same Idempotency-Key
// and the same body from two accounts, and from two keys of one account.
// Each key gets its own job: a key never replays another key's job, and
// above all never another account's presigned upload URL.
func TestIdempotencyKeysAreScopedToTheAPIKey(t *testing.T) {
	eachServer(t, func(t *testing.T, s *st.Server) {
		alice, bob := s.NewOwner(t), s.NewOwner(t)
		aliceKey := createKey(t, s, alice, "sandbox", nil)
		bobKey := createKey(t, s, bob, "sandbox", nil)
		shared := st.Header{"Idempotency-Key", "visit-0001"}

		// Audio: the answer carries a presigned URL that uploads into the job.
		first := s.Do(t, "POST", "/v1/process-audio", audioFields, st.APIKey(aliceKey), shared)
		require.Equal(t, http.StatusOK, first.Status, "%s", first.Body)
		second := s.Do(t, "POST", "/v1/process-audio", audioFields, st.APIKey(bobKey), shared)
		require.Equal(t, http.StatusOK, second.Status, "%s", second.Body)
		aliceJob, bobJob := first.JSON(t)["job_id"].(string), second.JSON(t)["job_id"].(string)
		require.NotEqual(t, aliceJob, bobJob, "another account's Idempotency-Key does not replay its job")
		require.NotEqual(t, first.JSON(t)["presigned_url"], second.JSON(t)["presigned_url"])
		require.NotContains(t, string(second.Body), aliceJob, "nothing of the other account's job is returned")

		// Each key still replays its own job, so the scoping is not a
		// replay that stopped working.
		again := s.Do(t, "POST", "/v1/process-audio", audioFields, st.APIKey(aliceKey), shared)
		require.Equal(t, aliceJob, again.JSON(t)["job_id"])
		require.Equal(t, first.JSON(t)["presigned_url"], again.JSON(t)["presigned_url"])
		require.Equal(t, http.StatusNotFound, s.Do(t, "GET", "/v1/status/"+aliceJob, nil, st.APIKey(bobKey)).Status)

		// Text, from two accounts and from a second key of one account.
		textKey := st.Header{"Idempotency-Key", "visit-0002"}
		aliceLive := createKey(t, s, alice, "live", nil)
		ids := map[string]string{}
		for name, key := range map[string]string{"alice sandbox": aliceKey, "alice live": aliceLive, "bob sandbox": bobKey} {
			resp := s.Do(t, "POST", "/v1/process-text", textJob(nil), st.APIKey(key), textKey)
			require.Equal(t, http.StatusOK, resp.Status, "%s: %s", name, resp.Body)
			id := resp.JSON(t)["job_id"].(string)
			for other, otherID := range ids {
				require.NotEqual(t, otherID, id, "%s replayed the job of %s", name, other)
			}
			ids[name] = id
			require.Equal(t, http.StatusOK, s.Do(t, "GET", "/v1/status/"+id, nil, st.APIKey(key)).Status, "%s sees its own job", name)
		}
	})
}
