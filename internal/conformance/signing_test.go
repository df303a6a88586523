package conformance

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen"
	st "github.com/notegen/notegen/internal/servertest"
)

// tokenHeaderAndClaims decodes an ID token's header and claims without
// verifying it: the test reads which key signed it and when it expires.
func tokenHeaderAndClaims(t *testing.T, token string) (kid string, expires time.Time) {
	t.Helper()
	parts := strings.Split(token, ".")
	require.Len(t, parts, 3)
	var header struct {
		Kid string `json:"kid"`
	}
	var claims struct {
		Exp int64 `json:"exp"`
	}
	for i, dst := range []any{&header, &claims} {
		data, err := base64.RawURLEncoding.DecodeString(parts[i])
		require.NoError(t, err)
		require.NoError(t, json.Unmarshal(data, dst))
	}
	require.NotEmpty(t, header.Kid)
	return header.Kid, time.Unix(claims.Exp, 0)
}

func publishedKids(t *testing.T, s *st.Server) []string {
	t.Helper()
	resp := s.Do(t, "GET", "/.well-known/jwks.json", nil)
	require.Equal(t, http.StatusOK, resp.Status)
	set := decode[notegen.JSONWebKeySet](t, resp.Body)
	var kids []string
	for _, k := range set.Keys {
		kids = append(kids, k.Kid)
	}
	sort.Strings(kids)
	return kids
}

// TestSigningKeyRotationReachesEveryReplica rotates the ID-token signing key
// with `notegen admin signing-key rotate` next to two running replicas that
// did not take part: both sign new tokens with the new key at once, every
// token verifies on both, and the old key stays published until the last
// token it signed has expired.
func TestSigningKeyRotationReachesEveryReplica(t *testing.T) {
	st.Each(t, func(t *testing.T, b st.Backend) {
		db := st.NewDatabase(t, b)
		issuer := st.WithEnv("NOTEGEN_PUBLIC_URL", "https://notegen.example")
		one := st.StartOn(t, db, issuer)
		two := st.StartOn(t, db, issuer)
		o := one.NewOwner(t)
		oldToken := o.IDToken
		oldKid, oldExpiry := tokenHeaderAndClaims(t, oldToken)
		require.Equal(t, []string{oldKid}, publishedKids(t, two))

		out, err := db.Admin("signing-key", "rotate")
		require.NoError(t, err)
		require.Contains(t, out, "New signing key in use")

		var newKid string
		for _, s := range []*st.Server{one, two} {
			s.Login(t, o)
			kid, _ := tokenHeaderAndClaims(t, o.IDToken)
			require.NotEqual(t, oldKid, kid, "a replica signs with the rotated key at once")
			if newKid == "" {
				newKid = kid
			}
			require.Equal(t, newKid, kid, "every replica signs with the same new key")
			for _, verifier := range []*st.Server{one, two} {
				resp := verifier.Do(t, "GET", "/v1/user/account/info", nil, st.Bearer(o.IDToken))
				require.Equal(t, http.StatusOK, resp.Status, "a new token verifies on every replica: %s", resp.Body)
				resp = verifier.Do(t, "GET", "/v1/user/account/info", nil, st.Bearer(oldToken))
				require.Equal(t, http.StatusOK, resp.Status, "a token signed before the rotation still verifies: %s", resp.Body)
			}
		}
		want := []string{oldKid, newKid}
		sort.Strings(want)
		for _, s := range []*st.Server{one, two} {
			require.Equal(t, want, publishedKids(t, s), "both keys are published while old tokens live")
		}

		// The old key is retired only after the last token it could have
		// signed has expired.
		var retireAt time.Time
		require.NoError(t, openStore(t, db).QueryRow(context.Background(),
			`SELECT retire_at FROM signing_keys WHERE kid = ?`, oldKid).Scan(&retireAt))
		require.False(t, retireAt.Before(oldExpiry), "retired at %v, before the old token expires at %v", retireAt, oldExpiry)

		// A second rotation leaves one signing key again.
		_, err = db.Admin("signing-key", "rotate")
		require.NoError(t, err)
		two.Login(t, o)
		third, _ := tokenHeaderAndClaims(t, o.IDToken)
		require.NotContains(t, want, third)
	})
}
