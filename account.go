package notegen

import (
	"context"
	"net/url"
	"strconv"
	"time"
)

// Account statuses.
const (
	AccountInactive  = "inactive"
	AccountActive    = "active"
	AccountCancelled = "cancelled"
)

// Account is the result of GetAccount.
type Account struct {
	CompanyName   string    `json:"company_name"`
	ContactEmail  string    `json:"contact_email"`
	PhoneNumber   string    `json:"phone_number"`
	Address       string    `json:"address"`
	AccountStatus string    `json:"account_status"`
	CreatedAt     time.Time `json:"created_at"`
}

// AccountUpdate is the body of UpdateAccount. Nil fields are left
// unchanged; at least one must be set.
type AccountUpdate struct {
	CompanyName  *string `json:"company_name,omitempty"`
	ContactEmail *string `json:"contact_email,omitempty"`
	PhoneNumber  *string `json:"phone_number,omitempty"`
	Address      *string `json:"address,omitempty"`
}

// AccountUpdated is the result of UpdateAccount.
type AccountUpdated struct {
	Message       string   `json:"message"`
	UpdatedFields []string `json:"updated_fields"`
}

// AccountStatusChange is the result of CancelAccount and ReactivateAccount.
type AccountStatusChange struct {
	Message string `json:"message"`
	UserID  string `json:"user_id"`
}

// AuditEntry is one entry of the account's audit log.
type AuditEntry struct {
	ID            string            `json:"id"`
	Actor         string            `json:"actor"`
	Action        string            `json:"action"`
	Target        string            `json:"target"`
	Details       map[string]string `json:"details"`
	ClientAddress string            `json:"client_address"`
	RequestID     string            `json:"request_id"`
	CreatedAt     time.Time         `json:"created_at"`
}

// AuditPage is one page of the audit log, newest first.
type AuditPage struct {
	Entries []AuditEntry `json:"entries"`
	// NextCursor fetches the next, older page; empty on the last page.
	NextCursor string `json:"next_cursor"`
}

// String returns a pointer to s, for the optional fields of AccountUpdate.
func String(s string) *string { return &s }

// GetAccount reads the account (GET /v1/user/account/info).
func (c *Client) GetAccount(ctx context.Context) (*Account, error) {
	return doJSON[Account](ctx, c, call{method: "GET", path: "/v1/user/account/info", auth: authBearer, idempotent: true})
}

// UpdateAccount updates the account's contact fields (POST
// /v1/user/account/update). No field set is an InvalidFieldError.
func (c *Client) UpdateAccount(ctx context.Context, req AccountUpdate) (*AccountUpdated, error) {
	return doJSON[AccountUpdated](ctx, c, call{method: "POST", path: "/v1/user/account/update", body: req, auth: authBearer, idempotent: true})
}

// CancelAccount cancels the account (POST /v1/user/cancel-account): every
// live key is deactivated and a final invoice issued. An unpaid invoice is
// a PaymentRequiredError.
func (c *Client) CancelAccount(ctx context.Context) (*AccountStatusChange, error) {
	return doJSON[AccountStatusChange](ctx, c, call{method: "POST", path: "/v1/user/cancel-account", auth: authBearer})
}

// ReactivateAccount reactivates a cancelled account (POST
// /v1/user/reactivate-account); it becomes inactive until a live key is
// created. An account that is not cancelled is a BadRequestError.
func (c *Client) ReactivateAccount(ctx context.Context) (*AccountStatusChange, error) {
	return doJSON[AccountStatusChange](ctx, c, call{method: "POST", path: "/v1/user/reactivate-account", auth: authBearer})
}

// AuditLog reads one page of the account's audit log (GET
// /v1/user/audit-log). limit 0 uses the server's default; cursor is the
// NextCursor of the previous page, empty for the first.
func (c *Client) AuditLog(ctx context.Context, limit int, cursor string) (*AuditPage, error) {
	q := url.Values{}
	if limit > 0 {
		q.Set("limit", strconv.Itoa(limit))
	}
	if cursor != "" {
		q.Set("cursor", cursor)
	}
	return doJSON[AuditPage](ctx, c, call{method: "GET", path: "/v1/user/audit-log", query: q, auth: authBearer, idempotent: true})
}
