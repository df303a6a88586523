package notegen_test

import (
	"net/http"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen"
)

const (
	secretA = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
	secretB = "whsec_c2Vjb25kLXNlY3JldC1mb3ItdGVzdHMtb25seQ=="
)

func signedHeader(t *testing.T, secret, id string, ts time.Time, body []byte) http.Header {
	t.Helper()
	sig, err := notegen.SignWebhook(secret, id, ts, body)
	require.NoError(t, err)
	h := http.Header{}
	h.Set("webhook-id", id)
	h.Set("webhook-timestamp", strconv.FormatInt(ts.Unix(), 10))
	h.Set("webhook-signature", sig)
	return h
}

func TestWebhookVerifier(t *testing.T) {
	t.Parallel()
	now := time.Unix(1_700_000_000, 0)
	body := []byte(`{"type":"job.completed","timestamp":"2023-11-14T22:13:20Z","job_id":"j1","status":"completed","note_url":"http://x/v1/fetch-note/j1","custom_metadata":{"a":1}}`)
	v, err := notegen.NewWebhookVerifier(secretA)
	require.NoError(t, err)
	v = v.WithClock(func() time.Time { return now })

	ev, err := v.Verify(signedHeader(t, secretA, "msg_1", now, body), body)
	require.NoError(t, err)
	require.Equal(t, "job.completed", ev.Type)
	require.Equal(t, "j1", ev.JobID)
	require.Equal(t, "msg_1", ev.ID)
	require.JSONEq(t, `{"a":1}`, string(ev.CustomMetadata))

	// Known vector from the Standard Webhooks specification.
	h := http.Header{}
	h.Set("webhook-id", "msg_p5jXN8AQM9LWM0D4loKWxJek")
	h.Set("webhook-timestamp", "1614265330")
	h.Set("webhook-signature", "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=")
	spec, err := notegen.NewWebhookVerifier(secretA)
	require.NoError(t, err)
	_, err = spec.WithClock(func() time.Time { return time.Unix(1614265330, 0) }).Verify(h, []byte(`{"test": 2432232314}`))
	require.NoError(t, err)

	// Tampered body, wrong secret, stale or future timestamp, missing headers.
	_, err = v.Verify(signedHeader(t, secretA, "msg_1", now, body), append([]byte(" "), body...))
	require.ErrorIs(t, err, notegen.ErrWebhookSignature)
	_, err = v.Verify(signedHeader(t, secretB, "msg_1", now, body), body)
	require.ErrorIs(t, err, notegen.ErrWebhookSignature)
	_, err = v.Verify(signedHeader(t, secretA, "msg_1", now.Add(-6*time.Minute), body), body)
	require.ErrorIs(t, err, notegen.ErrWebhookTimestamp)
	_, err = v.Verify(signedHeader(t, secretA, "msg_1", now.Add(6*time.Minute), body), body)
	require.ErrorIs(t, err, notegen.ErrWebhookTimestamp)
	_, err = v.Verify(signedHeader(t, secretA, "msg_1", now.Add(-4*time.Minute), body), body)
	require.NoError(t, err)
	_, err = v.Verify(http.Header{}, body)
	require.ErrorIs(t, err, notegen.ErrWebhookHeaders)

	// During a rotation the service sends two signatures; either secret verifies.
	h = signedHeader(t, secretB, "msg_2", now, body)
	sigA, err := notegen.SignWebhook(secretA, "msg_2", now, body)
	require.NoError(t, err)
	h.Set("webhook-signature", h.Get("webhook-signature")+" "+sigA)
	_, err = v.Verify(h, body)
	require.NoError(t, err)
	both, err := notegen.NewWebhookVerifier(secretB, secretA)
	require.NoError(t, err)
	_, err = both.WithClock(func() time.Time { return now }).Verify(signedHeader(t, secretA, "msg_3", now, body), body)
	require.NoError(t, err)

	_, err = notegen.NewWebhookVerifier("whsec_!!!")
	require.ErrorIs(t, err, notegen.ErrValidation)
}
