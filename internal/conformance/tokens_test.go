package conformance

import (
	"context"
	"crypto/ed25519"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/go-jose/go-jose/v4"
	josejwt "github.com/go-jose/go-jose/v4/jwt"
	"github.com/golang-jwt/jwt/v5"
	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/masterkey"
	st "github.com/notegen/notegen/internal/servertest"
	"github.com/notegen/notegen/internal/store"
)

// serverSigningKey reads the server's current signing key the way only an
// insider could: from the database, opened with the master key. Tests use
// it to mint tokens that are correctly signed but wrong in another way.
func serverSigningKey(t *testing.T, db *st.Database) (string, ed25519.PrivateKey) {
	t.Helper()
	ctx := context.Background()
	conn, err := store.Open(ctx, db.DatabaseURL, db.DataDir)
	require.NoError(t, err)
	defer conn.Close()
	key, err := masterkey.Parse(db.MasterKey)
	require.NoError(t, err)
	var kid string
	var sealed []byte
	require.NoError(t, conn.QueryRow(ctx, `SELECT kid, private_key FROM signing_keys WHERE retire_at IS NULL ORDER BY created_at DESC LIMIT 1`).Scan(&kid, &sealed))
	seed, err := key.Open("id-token-signing-key:"+kid, sealed)
	require.NoError(t, err)
	return kid, ed25519.NewKeyFromSeed(seed)
}

func segment(v any) string {
	data, _ := json.Marshal(v)
	return base64.RawURLEncoding.EncodeToString(data)
}

func TestForgedAndExpiredTokensAreRefused(t *testing.T) {
	st.EachOwner(t, func(t *testing.T, s *st.Server, o *st.Owner) {
		kid, priv := serverSigningKey(t, s.DB)
		parts := strings.Split(o.IDToken, ".")
		require.Len(t, parts, 3)
		var claims map[string]any
		payload, err := base64.RawURLEncoding.DecodeString(parts[1])
		require.NoError(t, err)
		require.NoError(t, json.Unmarshal(payload, &claims))

		sign := func(method jwt.SigningMethod, key any, mutate func(jwt.MapClaims)) string {
			c := jwt.MapClaims{}
			for k, v := range claims {
				c[k] = v
			}
			mutate(c)
			tok := jwt.NewWithClaims(method, c)
			tok.Header["kid"] = kid
			signed, err := tok.SignedString(key)
			require.NoError(t, err)
			return signed
		}
		now := time.Now()
		tampered := claims["sub"].(string)
		tampered = parts[0] + "." + segment(map[string]any{"sub": tampered, "email": "attacker@example.com", "iss": claims["iss"], "aud": claims["aud"], "exp": claims["exp"], "iat": claims["iat"], "gen": claims["gen"]}) + "." + parts[2]
		pub := priv.Public().(ed25519.PublicKey)

		cases := map[string]string{
			"tampered payload":                    tampered,
			"alg none":                            segment(map[string]any{"alg": "none", "typ": "JWT", "kid": kid}) + "." + parts[1] + ".",
			"HS256 with the public key as secret": sign(jwt.SigningMethodHS256, []byte(pub), func(jwt.MapClaims) {}),
			"expired": sign(jwt.SigningMethodEdDSA, priv, func(c jwt.MapClaims) {
				c["iat"], c["nbf"], c["exp"] = now.Add(-3*time.Hour).Unix(), now.Add(-3*time.Hour).Unix(), now.Add(-2*time.Hour).Unix()
			}),
			"wrong audience": sign(jwt.SigningMethodEdDSA, priv, func(c jwt.MapClaims) { c["aud"] = "someone-else" }),
			"wrong issuer":   sign(jwt.SigningMethodEdDSA, priv, func(c jwt.MapClaims) { c["iss"] = "https://evil.example" }),
			"no expiry":      sign(jwt.SigningMethodEdDSA, priv, func(c jwt.MapClaims) { delete(c, "exp") }),
			"unknown user":   sign(jwt.SigningMethodEdDSA, priv, func(c jwt.MapClaims) { c["sub"] = "00000000-0000-0000-0000-000000000000" }),
			"old generation": sign(jwt.SigningMethodEdDSA, priv, func(c jwt.MapClaims) { c["gen"] = 0 }),
		}
		for name, token := range cases {
			resp := s.Do(t, "GET", "/v1/user/account/info", nil, st.Bearer(token))
			require.Equal(t, http.StatusUnauthorized, resp.Status, name)
			require.Equal(t, "authentication_error", resp.ErrorCode(t), name)
		}
		// The same minting path with nothing wrong is accepted, so the cases
		// above fail for the reason their names give.
		good := sign(jwt.SigningMethodEdDSA, priv, func(jwt.MapClaims) {})
		require.Equal(t, http.StatusOK, s.Do(t, "GET", "/v1/user/account/info", nil, st.Bearer(good)).Status)
	})
}

func TestIDTokenVerifiesWithPublishedJWKS(t *testing.T) {
	st.EachOwner(t, func(t *testing.T, s *st.Server, o *st.Owner) {
		resp := s.Do(t, "GET", "/.well-known/jwks.json", nil)
		require.Equal(t, http.StatusOK, resp.Status)
		var set jose.JSONWebKeySet
		require.NoError(t, json.Unmarshal(resp.Body, &set))
		require.NotEmpty(t, set.Keys)

		// go-jose is an implementation independent of the one that signs.
		tok, err := josejwt.ParseSigned(o.IDToken, []jose.SignatureAlgorithm{jose.EdDSA, jose.ES256})
		require.NoError(t, err)
		require.Len(t, tok.Headers, 1)
		keys := set.Key(tok.Headers[0].KeyID)
		require.Len(t, keys, 1, "kid of the token is published")
		var claims josejwt.Claims
		var extra struct {
			Email string `json:"email"`
		}
		require.NoError(t, tok.Claims(keys[0].Key, &claims, &extra))
		require.NoError(t, claims.ValidateWithLeeway(josejwt.Expected{
			Issuer: s.PublicURL, AnyAudience: josejwt.Audience{"notegen"}, Subject: o.UserID, Time: time.Now(),
		}, time.Minute))
		require.Equal(t, o.Email, extra.Email)
		require.WithinDuration(t, time.Now().Add(time.Hour), claims.Expiry.Time(), time.Minute)
	})
}
