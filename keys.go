package notegen

import (
	"context"
	"net/url"
	"time"
)

// Key types and statuses.
const (
	KeyTypeSandbox = "sandbox"
	KeyTypeLive    = "live"

	KeyStatusActive   = "active"
	KeyStatusInactive = "inactive"
)

// APIKey is one entry of ListAPIKeys.
type APIKey struct {
	// Key is masked (all but the last 4 characters are '*') unless the
	// listing asked for full keys.
	Key       string     `json:"key"`
	Type      string     `json:"type"`
	Status    string     `json:"status"`
	CreatedAt time.Time  `json:"created_at"`
	LastUsed  *time.Time `json:"last_used"`
	// Metadata is set on live keys only (an empty object when a live key
	// has none).
	Metadata map[string]string `json:"metadata,omitzero"`
}

// CreateAPIKeyRequest is the body of CreateAPIKey.
type CreateAPIKeyRequest struct {
	// KeyType is KeyTypeSandbox or KeyTypeLive.
	KeyType string `json:"keyType"`
	// Metadata is allowed on live keys only.
	Metadata map[string]string `json:"metadata,omitempty"`
}

// CreatedAPIKey is the result of CreateAPIKey. APIKey is the full key: it
// is shown only this once.
type CreatedAPIKey struct {
	APIKey   string            `json:"api_key"`
	KeyType  string            `json:"key_type"`
	Metadata map[string]string `json:"metadata"`
}

// UpdateAPIKeyMetadataRequest is the body of UpdateAPIKeyMetadata: the
// metadata replaces the key's whole metadata.
type UpdateAPIKeyMetadataRequest struct {
	APIKey   string            `json:"apiKey"`
	Metadata map[string]string `json:"metadata"`
}

// APIKeyStatusRequest is the body of SetAPIKeyStatus.
type APIKeyStatusRequest struct {
	// Status is KeyStatusActive or KeyStatusInactive.
	Status string `json:"status"`
}

// DeleteAPIKeyRequest is the body of DeleteAPIKey.
type DeleteAPIKeyRequest struct {
	APIKey string `json:"apiKey"`
}

// KeyConfirmation is the result of the key update and delete calls. APIKey
// is the masked key.
type KeyConfirmation struct {
	Message string `json:"message"`
	APIKey  string `json:"api_key"`
	Status  string `json:"status,omitempty"`
}

// ListAPIKeys lists the account's keys, sandbox first, then live, oldest
// first (GET /v1/user/list-api-keys). showFull returns unmasked keys.
func (c *Client) ListAPIKeys(ctx context.Context, showFull bool) ([]APIKey, error) {
	var q url.Values
	if showFull {
		q = url.Values{"showFull": {"true"}}
	}
	var out []APIKey
	if err := c.do(ctx, call{method: "GET", path: "/v1/user/list-api-keys", query: q, auth: authBearer, idempotent: true}, &out); err != nil {
		return nil, err
	}
	return out, nil
}

// CreateAPIKey creates a sandbox or live key (POST /v1/user/create-api-key).
// The first live key activates the account. It is not retried after a
// network error, which could create a second key.
func (c *Client) CreateAPIKey(ctx context.Context, req CreateAPIKeyRequest) (*CreatedAPIKey, error) {
	return doJSON[CreatedAPIKey](ctx, c, call{method: "POST", path: "/v1/user/create-api-key", body: req, auth: authBearer})
}

// UpdateAPIKeyMetadata replaces the whole metadata of a live key (POST
// /v1/user/update-api-key-metadata).
func (c *Client) UpdateAPIKeyMetadata(ctx context.Context, apiKey string, metadata map[string]string) (*KeyConfirmation, error) {
	if metadata == nil {
		metadata = map[string]string{}
	}
	body := UpdateAPIKeyMetadataRequest{APIKey: apiKey, Metadata: metadata}
	return doJSON[KeyConfirmation](ctx, c, call{method: "POST", path: "/v1/user/update-api-key-metadata", body: body, auth: authBearer, idempotent: true})
}

// SetAPIKeyStatus activates or deactivates a key (POST
// /v1/user/api-keys/{api_key}/status); status is KeyStatusActive or
// KeyStatusInactive.
func (c *Client) SetAPIKeyStatus(ctx context.Context, apiKey, status string) (*KeyConfirmation, error) {
	body := APIKeyStatusRequest{Status: status}
	path := "/v1/user/api-keys/" + pathEscape(apiKey) + "/status"
	return doJSON[KeyConfirmation](ctx, c, call{method: "POST", path: path, body: body, auth: authBearer, idempotent: true})
}

// DeleteAPIKey deletes a key for good (POST /v1/user/delete-api-key); it
// stays listed as inactive. Deleting the last live key makes the account
// inactive.
func (c *Client) DeleteAPIKey(ctx context.Context, apiKey string) (*KeyConfirmation, error) {
	body := DeleteAPIKeyRequest{APIKey: apiKey}
	return doJSON[KeyConfirmation](ctx, c, call{method: "POST", path: "/v1/user/delete-api-key", body: body, auth: authBearer, idempotent: true})
}
