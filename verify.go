package notegen

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Errors of webhook verification, for errors.Is.
var (
	ErrWebhookHeaders   = errors.New("notegen: webhook headers missing or malformed")
	ErrWebhookTimestamp = errors.New("notegen: webhook timestamp outside the tolerance")
	ErrWebhookSignature = errors.New("notegen: webhook signature does not match")
)

// WebhookTolerance is how far a webhook's timestamp may be from the
// receiver's clock.
const WebhookTolerance = 5 * time.Minute

// maxWebhookBody bounds the body VerifyRequest reads.
const maxWebhookBody = 1 << 20

// WebhookEvent is a verified webhook delivery. Fields that the event type
// does not carry are empty; Raw is the body as received.
type WebhookEvent struct {
	// ID is the webhook-id header: the same for every retry of a
	// delivery, so receivers can drop duplicates.
	ID        string    `json:"-"`
	Type      string    `json:"type"`
	Timestamp time.Time `json:"timestamp"`

	JobID string `json:"job_id,omitempty"`
	// Sequence numbers the events of one job from 1, in the order they
	// happened, so that a receiver can put deliveries back in order.
	Sequence       int64           `json:"sequence,omitempty"`
	Status         string          `json:"status,omitempty"`
	NoteURL        string          `json:"note_url,omitempty"`
	TranscriptURL  string          `json:"transcript_url,omitempty"`
	Error          *EventError     `json:"error,omitempty"`
	CustomMetadata json.RawMessage `json:"custom_metadata,omitempty"`

	UserID         string   `json:"user_id,omitempty"`
	AccountStatus  string   `json:"account_status,omitempty"`
	PreviousStatus string   `json:"previous_status,omitempty"`
	Invoice        *Invoice `json:"invoice,omitempty"`
	// FreeJobs is how many free live jobs the trial gave
	// (billing.trial_exhausted).
	FreeJobs int `json:"free_jobs,omitempty"`

	Raw json.RawMessage `json:"-"`
}

// Invoice is the invoice of a billing.invoice_created or
// billing.invoice_paid event. Kind is final, manual or monthly; Status is
// open or paid; Amount is AmountCents in dollars ("12.50"); PaidAt is nil
// while the invoice is open.
type Invoice struct {
	ID          string     `json:"id"`
	Kind        string     `json:"kind"`
	Status      string     `json:"status"`
	AmountCents int64      `json:"amount_cents"`
	Amount      string     `json:"amount"`
	Currency    string     `json:"currency"`
	PeriodStart time.Time  `json:"period_start"`
	PeriodEnd   time.Time  `json:"period_end"`
	IssuedAt    time.Time  `json:"issued_at"`
	DueAt       time.Time  `json:"due_at"`
	PaidAt      *time.Time `json:"paid_at"`
}

// EventError is the error of a job.error event.
type EventError struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

// WebhookVerifier checks the Standard Webhooks signature of deliveries.
// Give it every live secret during a rotation: a delivery signed by any of
// them is accepted.
type WebhookVerifier struct {
	keys      [][]byte
	tolerance time.Duration
	now       func() time.Time
}

// NewWebhookVerifier returns a verifier for the given "whsec_..." secrets.
func NewWebhookVerifier(secrets ...string) (*WebhookVerifier, error) {
	if len(secrets) == 0 {
		return nil, newError(0, CodeValidation, "no webhook secret given", "secret", "", nil)
	}
	v := &WebhookVerifier{tolerance: WebhookTolerance, now: time.Now}
	for _, s := range secrets {
		key, err := decodeSecret(s)
		if err != nil {
			return nil, err
		}
		v.keys = append(v.keys, key)
	}
	return v, nil
}

// WithClock returns a copy of v that reads the time from now (for tests
// and replays).
func (v *WebhookVerifier) WithClock(now func() time.Time) *WebhookVerifier {
	c := *v
	c.now = now
	return &c
}

func decodeSecret(s string) ([]byte, error) {
	key, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(strings.TrimSpace(s), "whsec_"))
	if err != nil || len(key) == 0 {
		return nil, newError(0, CodeValidation, "webhook secret must be whsec_ followed by base64", "secret", "", err)
	}
	return key, nil
}

// Verify checks the webhook-id, webhook-timestamp and webhook-signature
// headers against body and returns the decoded event. A timestamp more
// than 5 minutes off is refused, against replays.
func (v *WebhookVerifier) Verify(header http.Header, body []byte) (*WebhookEvent, error) {
	id := header.Get("webhook-id")
	ts := header.Get("webhook-timestamp")
	sigs := header.Get("webhook-signature")
	if id == "" || ts == "" || sigs == "" {
		return nil, fmt.Errorf("%w: need webhook-id, webhook-timestamp and webhook-signature", ErrWebhookHeaders)
	}
	secs, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return nil, fmt.Errorf("%w: webhook-timestamp %q is not Unix seconds", ErrWebhookHeaders, ts)
	}
	sent := time.Unix(secs, 0)
	if d := v.now().Sub(sent); d > v.tolerance || d < -v.tolerance {
		return nil, fmt.Errorf("%w: sent at %s", ErrWebhookTimestamp, sent.UTC().Format(time.RFC3339))
	}
	if !v.matches(id, ts, body, sigs) {
		return nil, ErrWebhookSignature
	}
	ev := &WebhookEvent{ID: id, Raw: append(json.RawMessage(nil), body...)}
	if err := json.Unmarshal(body, ev); err != nil {
		return nil, fmt.Errorf("notegen: webhook body is not a JSON event: %w", err)
	}
	return ev, nil
}

// VerifyRequest reads r's body (up to 1 MiB) and verifies it.
func (v *WebhookVerifier) VerifyRequest(r *http.Request) (*WebhookEvent, error) {
	body, err := io.ReadAll(io.LimitReader(r.Body, maxWebhookBody+1))
	if err != nil {
		return nil, fmt.Errorf("notegen: read webhook body: %w", err)
	}
	if len(body) > maxWebhookBody {
		return nil, fmt.Errorf("%w: body larger than 1 MiB", ErrWebhookHeaders)
	}
	return v.Verify(r.Header, body)
}

func (v *WebhookVerifier) matches(id, ts string, body []byte, header string) bool {
	for _, key := range v.keys {
		want := sign(key, id, ts, body)
		for _, sig := range strings.Fields(header) {
			version, value, ok := strings.Cut(sig, ",")
			if !ok || version != "v1" {
				continue
			}
			got, err := base64.StdEncoding.DecodeString(value)
			if err == nil && hmac.Equal(got, want) {
				return true
			}
		}
	}
	return false
}

func sign(key []byte, id, ts string, body []byte) []byte {
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte(id + "." + ts + "."))
	mac.Write(body)
	return mac.Sum(nil)
}

// SignWebhook returns the webhook-signature value ("v1,<base64>") the
// service would send for body, for testing receivers.
func SignWebhook(secret, id string, timestamp time.Time, body []byte) (string, error) {
	key, err := decodeSecret(secret)
	if err != nil {
		return "", err
	}
	ts := strconv.FormatInt(timestamp.Unix(), 10)
	return "v1," + base64.StdEncoding.EncodeToString(sign(key, id, ts, body)), nil
}
