package notegen

import (
	"context"
	"net/url"
	"strconv"
	"time"
)

// WebhookSettings are the account's webhook URLs; nil when unset.
type WebhookSettings struct {
	Dev  *string `json:"webhook_dev"`
	Prod *string `json:"webhook_prod"`
}

// WebhookUpdate is the body of UpdateWebhook. A nil field is left
// unchanged; a pointer to "" removes that URL. At least one must be set.
type WebhookUpdate struct {
	Dev  *string `json:"webhook_dev,omitempty"`
	Prod *string `json:"webhook_prod,omitempty"`
}

// WebhookUpdated is the result of UpdateWebhook: each URL's new value, or
// "unchanged".
type WebhookUpdated struct {
	Message string `json:"message"`
	Dev     string `json:"webhook_dev"`
	Prod    string `json:"webhook_prod"`
}

// WebhookSecret is the signing secret, "whsec_" + base64 of 32 bytes.
type WebhookSecret struct {
	Secret string `json:"secret"`
}

// DeliveryFilter narrows ListWebhookDeliveries; zero fields are not sent.
type DeliveryFilter struct {
	Limit  int
	Status string
	Event  string
}

// WebhookDelivery is one delivery of an event, with every attempt. Its ID
// is the webhook-id header of each attempt.
type WebhookDelivery struct {
	ID    string `json:"id"`
	Event string `json:"event"`
	// JobID and Sequence are nil for events that are not about a job.
	JobID    *string `json:"job_id"`
	Sequence *int64  `json:"sequence"`
	// Status is waiting, pending, succeeded, failed or skipped.
	Status   string `json:"status"`
	Env      string `json:"env"`
	Endpoint string `json:"endpoint"`
	// LastStatusCode is the HTTP status of the last attempt; nil when no
	// answer arrived.
	LastStatusCode *int              `json:"last_status_code"`
	Error          string            `json:"error"`
	NextAttemptAt  *time.Time        `json:"next_attempt_at"`
	CreatedAt      time.Time         `json:"created_at"`
	UpdatedAt      time.Time         `json:"updated_at"`
	Attempts       []DeliveryAttempt `json:"attempts"`
}

// DeliveryAttempt is one HTTP attempt of a delivery.
type DeliveryAttempt struct {
	ID          string    `json:"id"`
	Number      int       `json:"number"`
	Trigger     string    `json:"trigger"`
	AttemptedAt time.Time `json:"attempted_at"`
	Env         string    `json:"env"`
	Endpoint    string    `json:"endpoint"`
	Outcome     string    `json:"outcome"`
	// StatusCode is nil when no HTTP answer arrived.
	StatusCode *int   `json:"status_code"`
	LatencyMS  int64  `json:"latency_ms"`
	Error      string `json:"error"`
}

// WebhookDeliveryPage is one page of deliveries, newest first.
type WebhookDeliveryPage struct {
	Deliveries []WebhookDelivery `json:"deliveries"`
	// NextCursor fetches the next, older page; nil on the last page.
	NextCursor *string `json:"next_cursor"`
}

// WebhookTestRequest is the optional body of POST /v1/user/webhook/test.
type WebhookTestRequest struct {
	// Env is "dev" or "prod"; empty lets the server choose.
	Env string `json:"env,omitempty"`
}

// WebhookTestResult is the result of TestWebhook: the queued event.
type WebhookTestResult struct {
	Message    string         `json:"message"`
	DeliveryID string         `json:"delivery_id"`
	Event      string         `json:"event"`
	Env        *string        `json:"env"`
	Payload    map[string]any `json:"payload"`
	// Warning says, when the server knows at once, why the event will not
	// arrive: no URL for the environment, or a receiver address the server
	// refuses (loopback or private while private delivery is off).
	Warning string `json:"warning,omitempty"`
}

// WebhookCheck is the result of CheckWebhook.
type WebhookCheck struct {
	// Env is the environment whose URL was checked: "dev" or "prod".
	Env string `json:"env"`
	// URL is that environment's URL; nil when none is set.
	URL *string `json:"url"`
	// Warning says why deliveries to the URL will not arrive: none is
	// set, or the server refuses its address (loopback or private while
	// private delivery is off); empty when the server knows no reason.
	Warning string `json:"warning,omitempty"`
}

// GetWebhook reads the webhook URLs (GET /v1/user/webhook).
func (c *Client) GetWebhook(ctx context.Context) (*WebhookSettings, error) {
	return doJSON[WebhookSettings](ctx, c, call{method: "GET", path: "/v1/user/webhook", auth: authBearer, idempotent: true})
}

// UpdateWebhook sets or removes webhook URLs (POST /v1/user/webhook). The
// production URL must be https.
func (c *Client) UpdateWebhook(ctx context.Context, req WebhookUpdate) (*WebhookUpdated, error) {
	return doJSON[WebhookUpdated](ctx, c, call{method: "POST", path: "/v1/user/webhook", body: req, auth: authBearer, idempotent: true})
}

// GetWebhookSecret reads the signing secret (GET /v1/user/webhook/secret).
func (c *Client) GetWebhookSecret(ctx context.Context) (*WebhookSecret, error) {
	return doJSON[WebhookSecret](ctx, c, call{method: "GET", path: "/v1/user/webhook/secret", auth: authBearer, idempotent: true})
}

// RotateWebhookSecret replaces the signing secret (POST
// /v1/user/webhook/secret/rotate); the old one keeps signing for 24 hours.
func (c *Client) RotateWebhookSecret(ctx context.Context) (*WebhookSecret, error) {
	return doJSON[WebhookSecret](ctx, c, call{method: "POST", path: "/v1/user/webhook/secret/rotate", auth: authBearer})
}

// ListWebhookDeliveries lists recent deliveries with their attempts (GET
// /v1/user/webhook/deliveries).
func (c *Client) ListWebhookDeliveries(ctx context.Context, f DeliveryFilter) ([]WebhookDelivery, error) {
	q := url.Values{}
	if f.Limit > 0 {
		q.Set("limit", strconv.Itoa(f.Limit))
	}
	if f.Status != "" {
		q.Set("status", f.Status)
	}
	if f.Event != "" {
		q.Set("event", f.Event)
	}
	var out WebhookDeliveryPage
	if err := c.do(ctx, call{method: "GET", path: "/v1/user/webhook/deliveries", query: q, auth: authBearer, idempotent: true}, &out); err != nil {
		return nil, err
	}
	return out.Deliveries, nil
}

// RedeliverWebhook sends a delivery again (POST
// /v1/user/webhook/deliveries/{id}/redeliver) and returns the new attempt.
func (c *Client) RedeliverWebhook(ctx context.Context, deliveryID string) (*DeliveryAttempt, error) {
	path := "/v1/user/webhook/deliveries/" + pathEscape(deliveryID) + "/redeliver"
	return doJSON[DeliveryAttempt](ctx, c, call{method: "POST", path: path, auth: authBearer})
}

// CheckWebhook asks whether deliveries to the URL of env ("dev" or "prod";
// "" as the server routes account events) can arrive, without sending
// anything (GET /v1/user/webhook/check).
func (c *Client) CheckWebhook(ctx context.Context, env string) (*WebhookCheck, error) {
	q := url.Values{}
	if env != "" {
		q.Set("env", env)
	}
	return doJSON[WebhookCheck](ctx, c, call{method: "GET", path: "/v1/user/webhook/check", query: q, auth: authBearer, idempotent: true})
}

// TestWebhook sends a webhook.test event (POST /v1/user/webhook/test) to
// the URL of env ("dev" or "prod"; "" lets the server choose).
func (c *Client) TestWebhook(ctx context.Context, env string) (*WebhookTestResult, error) {
	return doJSON[WebhookTestResult](ctx, c, call{method: "POST", path: "/v1/user/webhook/test", body: WebhookTestRequest{Env: env}, auth: authBearer})
}
