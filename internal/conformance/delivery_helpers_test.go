package conformance

import (
	"encoding/json"
	"encoding/pem"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	st "github.com/notegen/notegen/internal/servertest"
)

// deliveryEnv are the settings of delivery tests: local receivers and a
// short retry schedule.
func deliveryEnv(schedule string) []st.Option {
	return []st.Option{
		st.WithEnv("NOTEGEN_WEBHOOK_ALLOW_PRIVATE", "true"),
		st.WithEnv("NOTEGEN_WEBHOOK_RETRY_SCHEDULE", schedule),
	}
}

var trustOnce sync.Once
var trustFile string

// trustTestTLS makes the process (and processes given SSL_CERT_FILE) trust
// the certificate of httptest TLS servers, so production webhooks, which
// must be https, can point at a local receiver. It must run before the
// first TLS handshake of the process, so every delivery test calls it first.
func trustTestTLS(t testing.TB) string {
	t.Helper()
	trustOnce.Do(func() {
		srv := httptest.NewTLSServer(http.NotFoundHandler())
		cert := srv.Certificate()
		srv.Close()
		dir, err := os.MkdirTemp("", "notegen-tls")
		if err != nil {
			panic(err)
		}
		trustFile = filepath.Join(dir, "ca.pem")
		data := pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: cert.Raw})
		if err := os.WriteFile(trustFile, data, 0o600); err != nil {
			panic(err)
		}
		os.Setenv("SSL_CERT_FILE", trustFile)
	})
	return trustFile
}

// received is one request a receiver got.
type received struct {
	Header http.Header
	Body   []byte
	At     time.Time
}

// ID is the webhook-id header.
func (r received) ID() string { return r.Header.Get("webhook-id") }

// Event decodes the body.
func (r received) Event(t *testing.T) map[string]any {
	t.Helper()
	var m map[string]any
	require.NoError(t, json.Unmarshal(r.Body, &m), "%s", r.Body)
	return m
}

// receiver is a local webhook endpoint that records what it gets. handle
// decides the answer; nth counts the requests carrying the same webhook-id,
// from 1.
type receiver struct {
	srv    *httptest.Server
	mu     sync.Mutex
	got    []received
	perID  map[string]int
	handle func(nth int, r received, w http.ResponseWriter)
}

func ok200(int, received, http.ResponseWriter) {}

func newReceiver(t testing.TB, tls bool, handle func(nth int, r received, w http.ResponseWriter)) *receiver {
	t.Helper()
	rc := &receiver{perID: map[string]int{}, handle: handle}
	h := http.HandlerFunc(rc.serve)
	if tls {
		trustTestTLS(t)
		rc.srv = httptest.NewTLSServer(h)
	} else {
		rc.srv = httptest.NewServer(h)
	}
	t.Cleanup(rc.srv.Close)
	return rc
}

// newReceiverOn starts a plain receiver on a given listener.
func newReceiverOn(t *testing.T, ln net.Listener, handle func(nth int, r received, w http.ResponseWriter)) *receiver {
	t.Helper()
	rc := &receiver{perID: map[string]int{}, handle: handle}
	rc.srv = httptest.NewUnstartedServer(http.HandlerFunc(rc.serve))
	rc.srv.Listener.Close()
	rc.srv.Listener = ln
	rc.srv.Start()
	t.Cleanup(rc.srv.Close)
	return rc
}

func (rc *receiver) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	rec := received{Header: r.Header.Clone(), Body: body, At: time.Now()}
	rc.mu.Lock()
	rc.got = append(rc.got, rec)
	rc.perID[rec.ID()]++
	nth := rc.perID[rec.ID()]
	rc.mu.Unlock()
	rc.handle(nth, rec, w)
}

// URL is the receiver's base URL plus path.
func (rc *receiver) URL(path string) string { return rc.srv.URL + path }

// Requests returns a copy of what the receiver got so far.
func (rc *receiver) Requests() []received {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	return append([]received(nil), rc.got...)
}

// waitRequests waits until cond holds for the requests received.
func (rc *receiver) waitRequests(t *testing.T, timeout time.Duration, cond func([]received) bool) []received {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		got := rc.Requests()
		if cond(got) {
			return got
		}
		if time.Now().After(deadline) {
			t.Fatalf("receiver condition not met in %s; got %d requests", timeout, len(got))
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func setWebhooks(t testing.TB, s *st.Server, o *st.Owner, dev, prod *string) {
	t.Helper()
	body := map[string]any{}
	if dev != nil {
		body["webhook_dev"] = *dev
	}
	if prod != nil {
		body["webhook_prod"] = *prod
	}
	resp := s.Do(t, "POST", "/v1/user/webhook", body, st.Bearer(o.IDToken))
	require.Equal(t, http.StatusOK, resp.Status, "%s", resp.Body)
}

func ptr(s string) *string { return &s }

// sendTestEvent queues a webhook.test event and returns its delivery id.
func sendTestEvent(t *testing.T, s *st.Server, o *st.Owner, env string) string {
	t.Helper()
	var body any
	if env != "" {
		body = map[string]any{"env": env}
	}
	resp := s.Do(t, "POST", "/v1/user/webhook/test", body, st.Bearer(o.IDToken))
	require.Equal(t, http.StatusAccepted, resp.Status, "%s", resp.Body)
	m := resp.JSON(t)
	require.Equal(t, "webhook.test", m["event"])
	require.Equal(t, o.UserID, m["payload"].(map[string]any)["user_id"])
	return m["delivery_id"].(string)
}

// deliveryList lists the owner's deliveries with a query string.
func deliveryList(t *testing.T, s *st.Server, o *st.Owner, query string) []map[string]any {
	t.Helper()
	resp := s.Do(t, "GET", "/v1/user/webhook/deliveries"+query, nil, st.Bearer(o.IDToken))
	require.Equal(t, http.StatusOK, resp.Status, "%s", resp.Body)
	var page struct {
		Deliveries []map[string]any `json:"deliveries"`
	}
	require.NoError(t, json.Unmarshal(resp.Body, &page))
	return page.Deliveries
}

// findDelivery returns the delivery with this id, or nil.
func findDelivery(t *testing.T, s *st.Server, o *st.Owner, id string) map[string]any {
	t.Helper()
	for _, d := range deliveryList(t, s, o, "?limit=100") {
		if d["id"] == id {
			return d
		}
	}
	return nil
}

// waitDelivery waits until the delivery satisfies cond and returns it.
func waitDelivery(t *testing.T, s *st.Server, o *st.Owner, id string, timeout time.Duration, cond func(d map[string]any) bool) map[string]any {
	t.Helper()
	deadline := time.Now().Add(timeout)
	var last map[string]any
	for {
		last = findDelivery(t, s, o, id)
		if last != nil && cond(last) {
			return last
		}
		if time.Now().After(deadline) {
			t.Fatalf("delivery %s not as expected in %s: %v", id, timeout, last)
		}
		time.Sleep(30 * time.Millisecond)
	}
}

func hasStatus(status string) func(map[string]any) bool {
	return func(d map[string]any) bool { return d["status"] == status }
}

func attemptsOf(d map[string]any) []map[string]any {
	var out []map[string]any
	for _, a := range d["attempts"].([]any) {
		out = append(out, a.(map[string]any))
	}
	return out
}

func hostPort(t *testing.T, raw string) string {
	t.Helper()
	u, err := url.Parse(raw)
	require.NoError(t, err)
	return u.Host
}
