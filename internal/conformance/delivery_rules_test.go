package conformance

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"
	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/outbox"
	st "github.com/notegen/notegen/internal/servertest"
	"github.com/notegen/notegen/internal/store"
)

// During a secret rotation a delivery carries two signatures, one per live
// secret, and the reference library accepts the message with either.
func TestDeliverySignsWithBothSecretsDuringRotation(t *testing.T) {
	st.EachOwner(t, func(t *testing.T, s *st.Server, o *st.Owner) {
		rc := newReceiver(t, false, ok200)
		setWebhooks(t, s, o, ptr(rc.URL("/hook")), nil)
		old := s.Do(t, "GET", "/v1/user/webhook/secret", nil, st.Bearer(o.IDToken)).JSON(t)["secret"].(string)

		first := sendTestEvent(t, s, o, "")
		got := rc.waitRequests(t, 10*time.Second, func(r []received) bool { return len(r) == 1 })
		require.Equal(t, first, got[0].ID())
		require.Len(t, strings.Fields(got[0].Header.Get("webhook-signature")), 1)

		rotated := s.Do(t, "POST", "/v1/user/webhook/secret/rotate", nil, st.Bearer(o.IDToken)).JSON(t)["secret"].(string)
		require.NotEqual(t, old, rotated)
		second := sendTestEvent(t, s, o, "")
		got = rc.waitRequests(t, 10*time.Second, func(r []received) bool { return len(r) == 2 })
		msg := got[1]
		require.Equal(t, second, msg.ID())
		sigs := strings.Fields(msg.Header.Get("webhook-signature"))
		require.Len(t, sigs, 2, "both live secrets sign")
		for _, sig := range sigs {
			require.True(t, strings.HasPrefix(sig, "v1,"), sig)
		}
		for _, secret := range []string{old, rotated} {
			wh, err := standardwebhooks.NewWebhook(secret)
			require.NoError(t, err)
			require.NoError(t, wh.Verify(msg.Body, msg.Header))
			// Each signature on its own verifies with exactly one secret.
		}
		for i, secret := range []string{rotated, old} {
			wh, err := standardwebhooks.NewWebhook(secret)
			require.NoError(t, err)
			h := msg.Header.Clone()
			h.Set("webhook-signature", sigs[i])
			require.NoError(t, wh.Verify(msg.Body, h), "signature %d is by the secret newest-first", i)
		}
		stranger, err := standardwebhooks.NewWebhook("whsec_" + "MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw")
		require.NoError(t, err)
		require.Error(t, stranger.Verify(msg.Body, msg.Header))
		tampered := append([]byte(nil), msg.Body...)
		tampered[len(tampered)-2] ^= 1
		wh, _ := standardwebhooks.NewWebhook(rotated)
		require.Error(t, wh.Verify(tampered, msg.Header))
	}, deliveryEnv("100ms,200ms,300ms")...)
}

// With private networks not allowed, every loopback, private, link-local
// and mapped form is refused when connecting, with a clear reason, and the
// local receiver never hears of it.
func TestDeliveryRefusesPrivateAddresses(t *testing.T) {
	st.EachOwner(t, func(t *testing.T, s *st.Server, o *st.Owner) {
		rc := newReceiver(t, false, ok200)
		port := strings.Split(hostPort(t, rc.URL("")), ":")[1]
		for _, target := range []string{
			"http://127.0.0.1:" + port + "/hook",
			"http://10.0.0.1/hook",
			"http://169.254.169.254/latest/meta-data",
			"http://[::1]:" + port + "/hook",
			"http://[::ffff:127.0.0.1]:" + port + "/hook",
			"http://localhost:" + port + "/hook",
		} {
			setWebhooks(t, s, o, ptr(target), nil)
			id := sendTestEvent(t, s, o, "")
			d := waitDelivery(t, s, o, id, 10*time.Second, hasStatus("failed"))
			attempts := attemptsOf(d)
			require.Len(t, attempts, 1, "%s: a refused destination is not retried", target)
			require.Equal(t, "refused", attempts[0]["outcome"], target)
			require.Contains(t, attempts[0]["error"], "refused", target)
			require.Contains(t, attempts[0]["error"], "NOTEGEN_WEBHOOK_ALLOW_PRIVATE", target)
			require.Contains(t, d["error"], "refused", target)
		}
		require.Empty(t, rc.Requests(), "nothing reached the local receiver")
	}, st.WithEnv("NOTEGEN_WEBHOOK_RETRY_SCHEDULE", "100ms,200ms,300ms"))
}

// The webhook check says, before anything is sent, why deliveries to a URL
// will not arrive (none is set, or the server refuses its address), and
// queues nothing; a server that allows private addresses has no warning.
func TestWebhookCheckWarnsBeforeAnythingIsSent(t *testing.T) {
	st.Each(t, func(t *testing.T, b st.Backend) {
		s := st.Start(t, b) // private delivery off, as by default
		o := s.NewOwner(t)
		check := func(s *st.Server, q string) map[string]any {
			t.Helper()
			resp := s.Do(t, "GET", "/v1/user/webhook/check"+q, nil, st.Bearer(o.IDToken))
			require.Equal(t, http.StatusOK, resp.Status, "%s", resp.Body)
			return resp.JSON(t)
		}
		none := check(s, "")
		require.Equal(t, "dev", none["env"], "account events' routing: prod, else dev")
		require.Nil(t, none["url"])
		require.Equal(t, "no development webhook URL is set: the event will not be delivered", none["warning"])

		local := "http://" + st.ClosedPort(t) + "/hook"
		setWebhooks(t, s, o, ptr(local), ptr("https://clinic.example/hook"))
		dev := check(s, "?env=dev")
		require.Equal(t, local, dev["url"])
		require.Contains(t, dev["warning"], "resolves to 127.0.0.1, which this server does not deliver to")
		require.Contains(t, dev["warning"], "NOTEGEN_WEBHOOK_ALLOW_PRIVATE=true")
		prod := check(s, "")
		require.Equal(t, "prod", prod["env"])
		require.Equal(t, "https://clinic.example/hook", prod["url"])
		require.Empty(t, deliveryList(t, s, o, ""), "a check sends nothing")

		resp := s.Do(t, "GET", "/v1/user/webhook/check?env=staging", nil, st.Bearer(o.IDToken))
		require.Equal(t, http.StatusBadRequest, resp.Status)
		require.Equal(t, "validation_error", resp.ErrorCode(t))
		require.Equal(t, http.StatusUnauthorized, s.Do(t, "GET", "/v1/user/webhook/check", nil).Status)

		// The same account on a server that delivers to private addresses.
		s.Stop(t)
		open := st.Replica(t, s, st.WithEnv("NOTEGEN_WEBHOOK_ALLOW_PRIVATE", "true"))
		ok := check(open, "?env=dev")
		require.Equal(t, local, ok["url"])
		require.NotContains(t, ok, "warning")
	})
}

// Account events go to the production URL when set, else development; a
// live key's account.status_changed reaches prod; billing events follow
// the same rule; an unset URL is recorded as skipped; and the URL is read
// when delivering, so a change while an event waits is honoured.
func TestDeliveryRouting(t *testing.T) {
	st.EachServer(t, func(t *testing.T, s *st.Server) {
		dev := newReceiver(t, false, ok200)
		prod := newReceiver(t, true, ok200)

		// account.status_changed from the first live key: prod.
		o := s.NewOwner(t)
		setWebhooks(t, s, o, ptr(dev.URL("/dev")), ptr(prod.URL("/prod")))
		createKey(t, s, o, "live", nil)
		got := prod.waitRequests(t, 10*time.Second, func(r []received) bool { return len(r) >= 1 })
		ev := got[0].Event(t)
		require.Equal(t, "account.status_changed", ev["type"])
		require.Equal(t, "active", ev["account_status"])
		require.Equal(t, "inactive", ev["previous_status"])
		require.Equal(t, o.UserID, ev["user_id"])

		// Billing with prod set: prod.
		_, err := s.DB.Admin("invoice", "issue", "--email", o.Email, "--amount", "0")
		require.NoError(t, err)
		prod.waitRequests(t, 10*time.Second, func(r []received) bool {
			return countType(t, r, "billing.invoice_created") == 1 && countType(t, r, "billing.invoice_paid") == 1
		})
		// Test event with env=dev: dev, even though prod is set.
		sendTestEvent(t, s, o, "dev")
		dev.waitRequests(t, 10*time.Second, func(r []received) bool { return countType(t, r, "webhook.test") == 1 })
		require.Zero(t, countType(t, dev.Requests(), "account.status_changed")+countType(t, dev.Requests(), "billing.invoice_created"))

		// Billing with only dev set: dev.
		o2 := s.NewOwner(t)
		dev2 := newReceiver(t, false, ok200)
		setWebhooks(t, s, o2, ptr(dev2.URL("/dev")), nil)
		_, err = s.DB.Admin("invoice", "issue", "--email", o2.Email, "--amount", "0")
		require.NoError(t, err)
		dev2.waitRequests(t, 10*time.Second, func(r []received) bool {
			return countType(t, r, "billing.invoice_created") == 1 && countType(t, r, "billing.invoice_paid") == 1
		})

		// No URL at all: skipped, with the reason; env=prod with only dev: skipped.
		o3 := s.NewOwner(t)
		id := sendTestEvent(t, s, o3, "")
		d := waitDelivery(t, s, o3, id, 10*time.Second, hasStatus("skipped"))
		require.Contains(t, d["error"], "URL is set")
		require.Empty(t, attemptsOf(d))
		id = sendTestEvent(t, s, o2, "prod")
		d = waitDelivery(t, s, o2, id, 10*time.Second, hasStatus("skipped"))
		require.Contains(t, d["error"], "webhook_prod")
		skipped := deliveryList(t, s, o2, "?status=skipped")
		require.Len(t, skipped, 1)
		require.Equal(t, id, skipped[0]["id"])

		// The URL is read at delivery time: first attempt fails on a closed
		// port, the URL changes, the retry goes to the new one.
		o4 := s.NewOwner(t)
		setWebhooks(t, s, o4, ptr("http://"+st.ClosedPort(t)+"/gone"), nil)
		id = sendTestEvent(t, s, o4, "")
		waitDelivery(t, s, o4, id, 10*time.Second, func(d map[string]any) bool { return len(attemptsOf(d)) == 1 })
		moved := newReceiver(t, false, ok200)
		setWebhooks(t, s, o4, ptr(moved.URL("/new")), nil)
		d = waitDelivery(t, s, o4, id, 10*time.Second, hasStatus("succeeded"))
		require.Equal(t, id, moved.Requests()[0].ID())
		require.Contains(t, attemptsOf(d)[1]["endpoint"], "/new")
	}, deliveryEnv("1500ms,200ms,300ms")...)
}

func countType(t *testing.T, rs []received, typ string) int {
	t.Helper()
	n := 0
	for _, r := range rs {
		if r.Event(t)["type"] == typ {
			n++
		}
	}
	return n
}

// Job events are routed by the event's env, else dev for sandbox and prod
// for live jobs, and one job's events are delivered in sequence: the
// completed event waits until the transcribed one is settled, even while
// the transcribed one is being retried.
func TestDeliveryJobEventsOrderAndRouting(t *testing.T) {
	st.EachOwner(t, func(t *testing.T, s *st.Server, o *st.Owner) {
		dev := newReceiver(t, false, func(nth int, r received, w http.ResponseWriter) {
			if strings.Contains(string(r.Body), `"job.transcribed"`) && nth <= 2 {
				w.WriteHeader(http.StatusServiceUnavailable)
			}
		})
		prod := newReceiver(t, true, func(nth int, r received, w http.ResponseWriter) {
			if strings.Contains(string(r.Body), `"job.transcribed"`) {
				w.WriteHeader(http.StatusGone)
			}
		})
		setWebhooks(t, s, o, ptr(dev.URL("/dev")), ptr(prod.URL("/prod")))
		db := openStore(t, s.DB)
		add := func(jobID, typ, env string, sandbox bool) {
			t.Helper()
			require.NoError(t, db.InTx(context.Background(), func(tx *store.Tx) error {
				_, err := outbox.Add(context.Background(), tx, outbox.Event{UserID: o.UserID, Type: typ, JobID: jobID, Env: env,
					Fields: map[string]any{"job_id": jobID, "status": strings.TrimPrefix(typ, "job."), "is_sandbox": sandbox}}, store.Now())
				return err
			}))
		}
		// Sandbox job, default routing: dev; transcribed fails twice first.
		add("job-sandbox", "job.transcribed", "", true)
		add("job-sandbox", "job.completed", "", true)
		// Live job routed to prod by default; transcribed is refused with
		// 410, which settles it as failed, and completed follows.
		add("job-live", "job.transcribed", "", false)
		add("job-live", "job.completed", "", false)
		// A sandbox job whose webhook_env says prod.
		add("job-env", "job.completed", "prod", true)

		devGot := dev.waitRequests(t, 15*time.Second, func(r []received) bool { return countType(t, r, "job.completed") == 1 })
		require.Equal(t, 3, countType(t, devGot, "job.transcribed"))
		last := -1
		for i, r := range devGot {
			ev := r.Event(t)
			require.Equal(t, "job-sandbox", ev["job_id"])
			if ev["type"] == "job.transcribed" {
				require.Equal(t, float64(1), ev["sequence"])
				last = i
			} else {
				require.Equal(t, float64(2), ev["sequence"])
				require.Greater(t, i, last, "job.completed never precedes job.transcribed")
			}
		}
		prodGot := prod.waitRequests(t, 15*time.Second, func(r []received) bool {
			return countType(t, r, "job.completed") == 2
		})
		require.Equal(t, 1, countType(t, prodGot, "job.transcribed"), "410 stops retrying")
		seenTranscribed := false
		for _, r := range prodGot {
			ev := r.Event(t)
			if ev["job_id"] == "job-live" && ev["type"] == "job.transcribed" {
				seenTranscribed = true
			}
			if ev["job_id"] == "job-live" && ev["type"] == "job.completed" {
				require.True(t, seenTranscribed, "completed after the failed transcribed")
			}
		}
		failed := deliveryList(t, s, o, "?status=failed&event=job.transcribed")
		require.Len(t, failed, 1)
		require.Equal(t, float64(410), attemptsOf(failed[0])[0]["status_code"])
	}, deliveryEnv("300ms,300ms,300ms")...)
}

// Retry-After on 503 postpones the next attempt; redirects are not
// followed; after the last attempt the delivery stays visible as failed;
// redeliver answers with the new attempt.
func TestDeliveryRetryAfterRedirectsAndRedeliver(t *testing.T) {
	st.EachServer(t, func(t *testing.T, s *st.Server) {
		slow := newReceiver(t, false, func(nth int, _ received, w http.ResponseWriter) {
			if nth == 1 {
				w.Header().Set("Retry-After", "2")
				w.WriteHeader(http.StatusServiceUnavailable)
			}
		})
		o := s.NewOwner(t)
		setWebhooks(t, s, o, ptr(slow.URL("/slow")), nil)
		id := sendTestEvent(t, s, o, "")
		got := slow.waitRequests(t, 10*time.Second, func(r []received) bool { return len(r) == 2 })
		require.GreaterOrEqual(t, got[1].At.Sub(got[0].At), 1900*time.Millisecond, "Retry-After: 2 is honoured")
		waitDelivery(t, s, o, id, 5*time.Second, hasStatus("succeeded"))

		elsewhere := newReceiver(t, false, ok200)
		redirect := newReceiver(t, false, func(_ int, _ received, w http.ResponseWriter) {
			w.Header().Set("Location", elsewhere.URL("/target"))
			w.WriteHeader(http.StatusFound)
		})
		o2 := s.NewOwner(t)
		setWebhooks(t, s, o2, ptr(redirect.URL("/moved")), nil)
		id = sendTestEvent(t, s, o2, "")
		d := waitDelivery(t, s, o2, id, 10*time.Second, hasStatus("failed"))
		require.Len(t, attemptsOf(d), 4, "1 attempt + 3 retries")
		for _, a := range attemptsOf(d) {
			require.Equal(t, float64(302), a["status_code"])
		}
		require.Empty(t, elsewhere.Requests(), "redirects are not followed")
		require.Len(t, redirect.Requests(), 4)
		require.Len(t, deliveryList(t, s, o2, "?status=failed"), 1, "a failed delivery stays visible")

		// Redeliver after the receiver is fixed: the answer is the attempt.
		setWebhooks(t, s, o2, ptr(elsewhere.URL("/fixed")), nil)
		resp := s.Do(t, "POST", "/v1/user/webhook/deliveries/"+id+"/redeliver", nil, st.Bearer(o2.IDToken))
		require.Equal(t, http.StatusOK, resp.Status, "%s", resp.Body)
		a := resp.JSON(t)
		require.Equal(t, "succeeded", a["outcome"])
		require.Equal(t, "redeliver", a["trigger"])
		require.Equal(t, float64(200), a["status_code"])
		require.Equal(t, float64(5), a["number"])
		require.Equal(t, id, elsewhere.Requests()[0].ID(), "same webhook-id on redelivery")
		require.Equal(t, "succeeded", findDelivery(t, s, o2, id)["status"])

		// Another account cannot see or redeliver it.
		resp = s.Do(t, "POST", "/v1/user/webhook/deliveries/"+id+"/redeliver", nil, st.Bearer(o.IDToken))
		require.Equal(t, http.StatusNotFound, resp.Status)
		require.Equal(t, "not_found", resp.ErrorCode(t))
		require.Nil(t, findDelivery(t, s, o, id))
	}, deliveryEnv("100ms,100ms,100ms")...)
}

// The delivery routes take the bearer token, validate their input with the
// contract's error body, and paginate.
func TestDeliveryRoutesValidateAndPaginate(t *testing.T) {
	st.EachOwner(t, func(t *testing.T, s *st.Server, o *st.Owner) {
		for _, path := range []string{"/v1/user/webhook/deliveries"} {
			resp := s.Do(t, "GET", path, nil)
			require.Equal(t, http.StatusUnauthorized, resp.Status)
			require.Equal(t, "authentication_error", resp.ErrorCode(t))
		}
		resp := s.Do(t, "POST", "/v1/user/webhook/test", nil)
		require.Equal(t, http.StatusUnauthorized, resp.Status)
		for _, q := range []string{"?limit=0", "?limit=abc", "?limit=101", "?status=done"} {
			resp := s.Do(t, "GET", "/v1/user/webhook/deliveries"+q, nil, st.Bearer(o.IDToken))
			require.Equal(t, http.StatusBadRequest, resp.Status, q)
			require.Equal(t, "validation_error", resp.ErrorCode(t), q)
		}
		resp = s.Do(t, "POST", "/v1/user/webhook/test", map[string]any{"env": "staging"}, st.Bearer(o.IDToken))
		require.Equal(t, http.StatusBadRequest, resp.Status)
		require.Equal(t, "validation_error", resp.ErrorCode(t))
		resp = s.Do(t, "POST", "/v1/user/webhook/deliveries/nope/redeliver", nil, st.Bearer(o.IDToken))
		require.Equal(t, http.StatusNotFound, resp.Status)

		var ids []string
		for range 5 {
			ids = append(ids, sendTestEvent(t, s, o, ""))
		}
		for _, id := range ids {
			waitDelivery(t, s, o, id, 10*time.Second, hasStatus("skipped"))
		}
		var seen []string
		cursor := ""
		for range 10 {
			resp := s.Do(t, "GET", "/v1/user/webhook/deliveries?limit=2&event=webhook.test"+cursor, nil, st.Bearer(o.IDToken))
			require.Equal(t, http.StatusOK, resp.Status)
			page := resp.JSON(t)
			for _, d := range page["deliveries"].([]any) {
				seen = append(seen, d.(map[string]any)["id"].(string))
			}
			next, _ := page["next_cursor"].(string)
			if next == "" {
				break
			}
			cursor = "&cursor=" + next
		}
		require.Equal(t, []string{ids[4], ids[3], ids[2], ids[1], ids[0]}, seen, "newest first, each once")
		require.Empty(t, deliveryList(t, s, o, "?event=job.completed"))
		require.Len(t, deliveryList(t, s, o, "?status=skipped"), 5)
		_ = fmt.Sprint()
	})
}

// Redeliveries of one delivery asked for at once each record an attempt
// of their own number: the delivery's row is locked while an attempt is
// counted and written, so two never take the same number.
func TestConcurrentRedeliveriesNumberAttemptsOnce(t *testing.T) {
	st.EachServer(t, func(t *testing.T, s *st.Server) {
		rcv := newReceiver(t, false, ok200)
		o := s.NewOwner(t)
		setWebhooks(t, s, o, ptr(rcv.URL("/hook")), nil)
		id := sendTestEvent(t, s, o, "")
		waitDelivery(t, s, o, id, 10*time.Second, hasStatus("succeeded"))

		const n = 6
		var wg sync.WaitGroup
		numbers := make([]float64, n)
		for i := range n {
			wg.Go(func() {
				resp, err := s.Try("POST", "/v1/user/webhook/deliveries/"+id+"/redeliver", nil, st.Bearer(o.IDToken))
				if err != nil || resp.Status != http.StatusOK {
					return
				}
				var a struct {
					Number float64 `json:"number"`
				}
				if json.Unmarshal(resp.Body, &a) == nil {
					numbers[i] = a.Number
				}
			})
		}
		wg.Wait()
		slices.Sort(numbers)
		require.Equal(t, []float64{2, 3, 4, 5, 6, 7}, numbers, "each redelivery answers a number of its own after the first attempt")
		got := attemptsOf(findDelivery(t, s, o, id))
		require.Len(t, got, n+1)
	}, deliveryEnv("100ms")...)
}

// An account whose receiver hangs holds only its share of the webhook
// workers: another account's events, queued after a burst of the hanging
// account's, arrive at once instead of after the 15 s timeout.
func TestDeliveryHangingReceiverDoesNotDelayOtherAccounts(t *testing.T) {
	st.EachServer(t, func(t *testing.T, s *st.Server) {
		release := make(chan struct{})
		hanging := newReceiver(t, false, func(int, received, http.ResponseWriter) { <-release })
		t.Cleanup(func() { close(release) })
		fast := newReceiver(t, false, ok200)

		slowOwner, fastOwner := s.NewOwner(t), s.NewOwner(t)
		setWebhooks(t, s, slowOwner, ptr(hanging.URL("/hang")), nil)
		setWebhooks(t, s, fastOwner, ptr(fast.URL("/fast")), nil)
		for range 24 {
			sendTestEvent(t, s, slowOwner, "")
		}
		hanging.waitRequests(t, 10*time.Second, func(r []received) bool { return len(r) >= 1 })
		start := time.Now()
		for range 5 {
			sendTestEvent(t, s, fastOwner, "")
		}
		fast.waitRequests(t, 5*time.Second, func(r []received) bool { return len(r) == 5 })
		require.Less(t, time.Since(start), 5*time.Second)
		// The hanging endpoint never had more than its share in flight.
		require.LessOrEqual(t, len(hanging.Requests()), 4)
	}, deliveryEnv("5s,5s,5s")...)
}
