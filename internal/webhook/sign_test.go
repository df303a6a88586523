package webhook

import (
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"
	"github.com/stretchr/testify/require"
)

// Sign agrees with the reference implementation, one signature per secret.
func TestSignMatchesReferenceLibrary(t *testing.T) {
	t.Parallel()
	a, b := newSecret(), newSecret()
	body := []byte(`{"type":"webhook.test","user_id":"u1"}`)
	ts := time.Now().Unix()
	sig, err := Sign([]string{a, b}, "msg_1", ts, body)
	require.NoError(t, err)
	parts := strings.Split(sig, " ")
	require.Len(t, parts, 2)
	for i, secret := range []string{a, b} {
		wh, err := standardwebhooks.NewWebhook(secret)
		require.NoError(t, err)
		want, err := wh.Sign("msg_1", time.Unix(ts, 0), body)
		require.NoError(t, err)
		require.Equal(t, want, parts[i])
		h := http.Header{}
		h.Set("webhook-id", "msg_1")
		h.Set("webhook-timestamp", strconv.FormatInt(ts, 10))
		h.Set("webhook-signature", sig)
		require.NoError(t, wh.Verify(body, h))
		h.Set("webhook-id", "msg_2")
		require.Error(t, wh.Verify(body, h), "the id is signed")
	}
}
