package conformance

import (
	"encoding/json"
	"net"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"
	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen"
	st "github.com/notegen/notegen/internal/servertest"
)

// A receiver that is down, then answers 500 twice, then 200: every event
// arrives, every attempt of one event carries the same webhook-id and a
// signature the reference library accepts, and each attempt is listed.
func TestDeliveryRetriesThroughOutageWithStableID(t *testing.T) {
	st.EachOwner(t, func(t *testing.T, s *st.Server, o *st.Owner) {
		addr := st.ClosedPort(t)
		setWebhooks(t, s, o, ptr("http://"+addr+"/hook?token=abc"), nil)
		secret := s.Do(t, "GET", "/v1/user/webhook/secret", nil, st.Bearer(o.IDToken)).JSON(t)["secret"].(string)

		ids := []string{sendTestEvent(t, s, o, ""), sendTestEvent(t, s, o, ""), sendTestEvent(t, s, o, "dev")}
		for _, id := range ids {
			d := waitDelivery(t, s, o, id, 10*time.Second, func(d map[string]any) bool { return len(attemptsOf(d)) >= 1 })
			a := attemptsOf(d)[0]
			require.Equal(t, "retry", a["outcome"])
			require.Contains(t, a["error"], "connection error")
			require.Nil(t, a["status_code"])
			require.NotContains(t, a["endpoint"], "token", "stored endpoints drop the query")
		}
		ln, err := net.Listen("tcp", addr)
		require.NoError(t, err)
		rc := newReceiverOn(t, ln, func(nth int, _ received, w http.ResponseWriter) {
			if nth <= 2 {
				w.WriteHeader(http.StatusInternalServerError)
			}
		})
		wh, err := standardwebhooks.NewWebhook(secret)
		require.NoError(t, err)
		for _, id := range ids {
			d := waitDelivery(t, s, o, id, 20*time.Second, hasStatus("succeeded"))
			attempts := attemptsOf(d)
			require.Len(t, attempts, 4)
			for i, want := range []any{nil, float64(500), float64(500), float64(200)} {
				require.Equal(t, want, attempts[i]["status_code"], "attempt %d", i+1)
				require.Equal(t, float64(i+1), attempts[i]["number"])
				require.NotEmpty(t, attempts[i]["attempted_at"])
				require.Contains(t, attempts[i], "latency_ms")
			}
		}
		got := rc.Requests()
		perID := map[string][]received{}
		for _, r := range got {
			perID[r.ID()] = append(perID[r.ID()], r)
			require.NoError(t, wh.Verify(r.Body, r.Header), "reference library verifies the signature")
			require.Equal(t, "application/json", r.Header.Get("Content-Type"))
			require.Contains(t, r.Header.Get("User-Agent"), "notegen")
		}
		require.Len(t, perID, len(ids), "only the queued events arrive")
		for _, id := range ids {
			require.Len(t, perID[id], 3, "three attempts reached the receiver for %s", id)
			for _, r := range perID[id] {
				require.Equal(t, string(perID[id][0].Body), string(r.Body), "same body on every attempt")
				ev := r.Event(t)
				require.Equal(t, "webhook.test", ev["type"])
				require.Equal(t, o.UserID, ev["user_id"])
			}
		}

		metrics := string(s.Do(t, "GET", "/metrics", nil).Body)
		require.Regexp(t, regexp.MustCompile(`notegen_webhook_deliveries_total\{event="webhook.test",result="succeeded"\} 3`), metrics)
		require.Regexp(t, regexp.MustCompile(`notegen_webhook_deliveries_total\{event="webhook.test",result="retry"\} 9`), metrics)
		require.Contains(t, metrics, `notegen_webhook_delivery_duration_seconds_bucket{result="succeeded"`)
		require.False(t, strings.Contains(s.Logs(), "token=abc"), "logs never carry the URL query")
		// The first delay is long enough to bring the receiver up after
		// the first attempts failed to connect.
	}, deliveryEnv("1500ms,200ms,300ms")...)
}

// TestInvoiceEventsDecodeIntoTheSDKType issues an invoice and pays it, then
// reads both signed webhooks with the Go SDK: what the server sends fills
// notegen.Invoice, the one definition of an invoice on the wire, field for
// field.
func TestInvoiceEventsDecodeIntoTheSDKType(t *testing.T) {
	st.EachOwner(t, func(t *testing.T, s *st.Server, o *st.Owner) {
		rc := newReceiver(t, false, ok200)
		setWebhooks(t, s, o, ptr(rc.URL("/hook")), nil)
		secret := s.Do(t, "GET", "/v1/user/webhook/secret", nil, st.Bearer(o.IDToken)).JSON(t)["secret"].(string)
		verifier, err := notegen.NewWebhookVerifier(secret)
		require.NoError(t, err)

		_, err = s.DB.Admin("invoice", "issue", "--email", o.Email, "--amount", "12.50")
		require.NoError(t, err)
		_, err = s.DB.Admin("invoice", "pay", "--email", o.Email)
		require.NoError(t, err)

		invoices := map[string]*notegen.Invoice{}
		rc.waitRequests(t, 30*time.Second, func(got []received) bool {
			for _, r := range got {
				ev, err := verifier.Verify(r.Header, r.Body)
				require.NoError(t, err)
				if strings.HasPrefix(ev.Type, "billing.") {
					invoices[ev.Type] = ev.Invoice
				}
			}
			return len(invoices) == 2
		})
		created, paid := invoices["billing.invoice_created"], invoices["billing.invoice_paid"]
		require.NotNil(t, created)
		require.NotNil(t, paid)
		require.NotEmpty(t, created.ID)
		require.Equal(t, "manual", created.Kind)
		require.Equal(t, "open", created.Status)
		require.Equal(t, int64(1250), created.AmountCents)
		require.Equal(t, "12.50", created.Amount)
		require.Equal(t, "USD", created.Currency)
		require.Nil(t, created.PaidAt)
		require.WithinDuration(t, time.Now(), created.IssuedAt, time.Minute)
		require.Equal(t, 14*24*time.Hour, created.DueAt.Sub(created.IssuedAt), "the payment term")
		require.False(t, created.PeriodStart.After(created.PeriodEnd))

		require.Equal(t, created.ID, paid.ID)
		require.Equal(t, "paid", paid.Status)
		require.Equal(t, "12.50", paid.Amount)
		require.NotNil(t, paid.PaidAt)
		require.False(t, paid.PaidAt.Before(paid.IssuedAt))
	}, deliveryEnv("100ms")...)
}

// requireSDKReadsEvent checks that body, an event of type typ as the server
// sends it, is one that the SDK's notegen.WebhookEvent reads whole: a field
// the server sends and the SDK type has no place for fails the test, so the
// two cannot drift apart.
func requireSDKReadsEvent(t *testing.T, typ, body string) {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(body))
	dec.DisallowUnknownFields()
	var ev notegen.WebhookEvent
	require.NoError(t, dec.Decode(&ev), "a %s body the SDK cannot read whole: %s", typ, body)
	require.Equal(t, typ, ev.Type)
}
