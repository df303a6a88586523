package notegen

import (
	"context"
	"net/url"
)

// UsageRequest selects the months of GetUsage ("YYYY-MM"; empty means the
// current month).
type UsageRequest struct {
	StartMonth string
	EndMonth   string
}

// Usage is the result of GetUsage.
type Usage struct {
	Period           UsagePeriod    `json:"period"`
	Totals           UsageTotals    `json:"totals"`
	MonthlyBreakdown []MonthlyUsage `json:"monthly_breakdown"`
	// APIKeys is keyed by masked key.
	APIKeys map[string]KeyUsage `json:"api_keys"`
	Billing BillingSummary      `json:"billing"`
}

// UsagePeriod is the months a Usage covers, inclusive ("YYYY-MM").
type UsagePeriod struct {
	StartMonth string `json:"start_month"`
	EndMonth   string `json:"end_month"`
}

// UsageTotals adds up the period.
type UsageTotals struct {
	Jobs                int64 `json:"jobs"`
	TranscriptionTokens int64 `json:"transcription_tokens"`
	NoteTokens          int64 `json:"note_tokens"`
	TotalTokens         int64 `json:"total_tokens"`
	// FreeJobsLeft is nil on the paid plan, which has no allowance.
	FreeJobsLeft *int64 `json:"free_jobs_left"`
}

// BillingSummary is the current month's charge so far.
type BillingSummary struct {
	// CurrentUsageAmount is in the account's currency, e.g. 12.5.
	CurrentUsageAmount float64 `json:"current_usage_amount"`
	BillingPeriodStart string  `json:"billing_period_start"`
	BillingPeriodEnd   string  `json:"billing_period_end"`
	SubscriptionStatus string  `json:"subscription_status"`
}

// MonthlyUsage is one month of Usage.MonthlyBreakdown.
type MonthlyUsage struct {
	Month               string `json:"month"`
	Jobs                int64  `json:"jobs"`
	TranscriptionTokens int64  `json:"transcription_tokens"`
	NoteTokens          int64  `json:"note_tokens"`
	TotalTokens         int64  `json:"total_tokens"`
}

// KeyUsage is one key's share of Usage.
type KeyUsage struct {
	Jobs            int64       `json:"jobs"`
	Tokens          TokenCounts `json:"tokens"`
	UsagePercentage float64     `json:"usage_percentage"`
}

// TokenCounts splits a key's tokens by kind.
type TokenCounts struct {
	Transcription  int64 `json:"transcription"`
	NoteGeneration int64 `json:"note_generation"`
	Total          int64 `json:"total"`
}

// SystemStatus is the result of GetSystemStatus.
type SystemStatus struct {
	Status   string            `json:"status"`
	Services map[string]string `json:"services"`
	Latency  map[string]int64  `json:"latency"`
}

// Health is the answer to GET /healthz ("ok") and GET /readyz ("ready").
type Health struct {
	Status string `json:"status"`
}

// GetUsage reads the account's usage and billing (GET /v1/user/usage).
func (c *Client) GetUsage(ctx context.Context, req UsageRequest) (*Usage, error) {
	q := url.Values{}
	if req.StartMonth != "" {
		q.Set("start_month", req.StartMonth)
	}
	if req.EndMonth != "" {
		q.Set("end_month", req.EndMonth)
	}
	return doJSON[Usage](ctx, c, call{method: "GET", path: "/v1/user/usage", query: q, auth: authBearer, idempotent: true})
}

// GetSystemStatus tells what the service can do right now (GET
// /v1/system/status, API key).
func (c *Client) GetSystemStatus(ctx context.Context) (*SystemStatus, error) {
	return doJSON[SystemStatus](ctx, c, call{method: "GET", path: "/v1/system/status", auth: authAPIKey, idempotent: true})
}
