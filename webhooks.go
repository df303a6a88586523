package notegen

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
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

// WebhookDelivery is one delivery of an event with its attempts. The
// contract does not fix its fields; the known ones are decoded and Raw
// keeps the whole object.
type WebhookDelivery struct {
	ID        string            `json:"id"`
	Event     string            `json:"event"`
	EventID   string            `json:"event_id,omitempty"`
	Status    string            `json:"status"`
	URL       string            `json:"url,omitempty"`
	CreatedAt *time.Time        `json:"created_at,omitempty"`
	Attempts  []DeliveryAttempt `json:"attempts"`
	// Raw is the delivery as the server sent it.
	Raw json.RawMessage `json:"-"`
}

// DeliveryAttempt is one try of a delivery.
type DeliveryAttempt struct {
	ID         string          `json:"id,omitempty"`
	StatusCode int             `json:"status_code,omitempty"`
	Error      string          `json:"error,omitempty"`
	CreatedAt  *time.Time      `json:"created_at,omitempty"`
	Raw        json.RawMessage `json:"-"`
}

// UnmarshalJSON keeps the raw object besides the known fields.
func (d *WebhookDelivery) UnmarshalJSON(b []byte) error {
	type plain WebhookDelivery
	var p plain
	if err := json.Unmarshal(b, &p); err != nil {
		return err
	}
	if p.Event == "" {
		var alt struct {
			Type      string `json:"type"`
			EventType string `json:"event_type"`
		}
		_ = json.Unmarshal(b, &alt)
		p.Event = alt.EventType
		if p.Event == "" {
			p.Event = alt.Type
		}
	}
	*d = WebhookDelivery(p)
	d.Raw = append(json.RawMessage(nil), b...)
	return nil
}

// UnmarshalJSON keeps the raw object besides the known fields.
func (a *DeliveryAttempt) UnmarshalJSON(b []byte) error {
	type plain DeliveryAttempt
	var p plain
	if err := json.Unmarshal(b, &p); err != nil {
		return err
	}
	*a = DeliveryAttempt(p)
	a.Raw = append(json.RawMessage(nil), b...)
	return nil
}

// MarshalJSON writes the server's object unchanged when known.
func (d WebhookDelivery) MarshalJSON() ([]byte, error) {
	if len(d.Raw) > 0 {
		return d.Raw, nil
	}
	type plain WebhookDelivery
	return json.Marshal(plain(d))
}

// MarshalJSON writes the server's object unchanged when known.
func (a DeliveryAttempt) MarshalJSON() ([]byte, error) {
	if len(a.Raw) > 0 {
		return a.Raw, nil
	}
	type plain DeliveryAttempt
	return json.Marshal(plain(a))
}

// deliveryList accepts a bare array or an object with a deliveries array.
type deliveryList []WebhookDelivery

func (l *deliveryList) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) > 0 && b[0] == '[' {
		return json.Unmarshal(b, (*[]WebhookDelivery)(l))
	}
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(b, &obj); err != nil {
		return err
	}
	for _, name := range []string{"deliveries", "data", "items"} {
		if raw, ok := obj[name]; ok {
			return json.Unmarshal(raw, (*[]WebhookDelivery)(l))
		}
	}
	return fmt.Errorf("no deliveries array in the response")
}

// WebhookTestResult is the result of TestWebhook. The contract does not fix
// its fields; Raw keeps the whole object.
type WebhookTestResult struct {
	Message string          `json:"message,omitempty"`
	EventID string          `json:"event_id,omitempty"`
	Raw     json.RawMessage `json:"-"`
}

// GetWebhook reads the webhook URLs (GET /v1/user/webhook).
func (c *Client) GetWebhook(ctx context.Context) (*WebhookSettings, error) {
	var out WebhookSettings
	if err := c.do(ctx, call{method: "GET", path: "/v1/user/webhook", auth: authBearer, idempotent: true}, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// UpdateWebhook sets or removes webhook URLs (POST /v1/user/webhook). The
// production URL must be https.
func (c *Client) UpdateWebhook(ctx context.Context, req WebhookUpdate) (*WebhookUpdated, error) {
	var out WebhookUpdated
	if err := c.do(ctx, call{method: "POST", path: "/v1/user/webhook", body: req, auth: authBearer, idempotent: true}, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// GetWebhookSecret reads the signing secret (GET /v1/user/webhook/secret).
func (c *Client) GetWebhookSecret(ctx context.Context) (*WebhookSecret, error) {
	var out WebhookSecret
	if err := c.do(ctx, call{method: "GET", path: "/v1/user/webhook/secret", auth: authBearer, idempotent: true}, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// RotateWebhookSecret replaces the signing secret (POST
// /v1/user/webhook/secret/rotate); the old one keeps signing for 24 hours.
func (c *Client) RotateWebhookSecret(ctx context.Context) (*WebhookSecret, error) {
	var out WebhookSecret
	if err := c.do(ctx, call{method: "POST", path: "/v1/user/webhook/secret/rotate", auth: authBearer}, &out); err != nil {
		return nil, err
	}
	return &out, nil
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
	var out deliveryList
	if err := c.do(ctx, call{method: "GET", path: "/v1/user/webhook/deliveries", query: q, auth: authBearer, idempotent: true}, &out); err != nil {
		return nil, err
	}
	return out, nil
}

// RedeliverWebhook sends a delivery again (POST
// /v1/user/webhook/deliveries/{id}/redeliver) and returns the new attempt.
func (c *Client) RedeliverWebhook(ctx context.Context, deliveryID string) (*DeliveryAttempt, error) {
	var out DeliveryAttempt
	path := "/v1/user/webhook/deliveries/" + pathEscape(deliveryID) + "/redeliver"
	if err := c.do(ctx, call{method: "POST", path: path, auth: authBearer}, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// TestWebhook sends a webhook.test event (POST /v1/user/webhook/test) to
// the URL of env ("dev" or "prod"; "" lets the server choose).
func (c *Client) TestWebhook(ctx context.Context, env string) (*WebhookTestResult, error) {
	var body any
	if env != "" {
		body = map[string]string{"env": env}
	}
	var raw json.RawMessage
	if err := c.do(ctx, call{method: "POST", path: "/v1/user/webhook/test", body: body, auth: authBearer}, &raw); err != nil {
		return nil, err
	}
	out := WebhookTestResult{Raw: raw}
	_ = json.Unmarshal(raw, &out)
	return &out, nil
}
