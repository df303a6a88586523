package billing

import (
	"context"
	"fmt"
	"math"
	"sort"
	"time"

	"github.com/notegen/notegen/internal/apperr"
	"github.com/notegen/notegen/internal/store"
)

// UsageReport is the answer to GET /v1/user/usage.
type UsageReport struct {
	Period           Period
	Totals           UsageTotals
	MonthlyBreakdown []MonthUsage
	APIKeys          map[string]KeyUsage
	Billing          BillingSummary
}

// Period is the months a report covers, inclusive.
type Period struct {
	StartMonth string
	EndMonth   string
}

// UsageTotals adds up the period.
type UsageTotals struct {
	Jobs                int64
	TranscriptionTokens int64
	NoteTokens          int64
	TotalTokens         int64
	// FreeJobsLeft is null on the paid plan, which has no allowance.
	FreeJobsLeft *int64
}

// MonthUsage is one month of the period.
type MonthUsage struct {
	Month               string
	Jobs                int64
	TranscriptionTokens int64
	NoteTokens          int64
	TotalTokens         int64
}

// KeyUsage is one API key's share of the period.
type KeyUsage struct {
	Jobs            int64
	Tokens          TokenCounts
	UsagePercentage float64
}

// TokenCounts splits tokens by kind.
type TokenCounts struct {
	Transcription  int64
	NoteGeneration int64
	Total          int64
}

// BillingSummary is the current month's charge so far.
type BillingSummary struct {
	CurrentUsageAmount float64
	BillingPeriodStart string
	BillingPeriodEnd   string
	SubscriptionStatus string
}

func parseMonth(field, v string, def time.Time) (time.Time, error) {
	if v == "" {
		return def, nil
	}
	t, err := time.Parse("2006-01", v)
	if err != nil {
		return time.Time{}, apperr.Invalid(field, "%s must be a month as YYYY-MM", field)
	}
	return t, nil
}

// Service answers account owners' billing questions.
type Service struct {
	db       *store.DB
	freeJobs int
	mask     func(keyType, last4 string) string
}

// NewService returns the billing service. freeJobs is the trial's
// allowance of live jobs; mask renders an API key as listings show it,
// from its type and last four characters.
func NewService(db *store.DB, freeJobs int, mask func(keyType, last4 string) string) *Service {
	return &Service{db: db, freeJobs: freeJobs, mask: mask}
}

// Usage reports the account's live usage for the months start..end
// ("YYYY-MM", both defaulting to the current month).
func (s *Service) Usage(ctx context.Context, userID, startMonth, endMonth string) (UsageReport, error) {
	db, freeJobs, mask, now := s.db, s.freeJobs, s.mask, store.Now()
	current := time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, time.UTC)
	start, err := parseMonth("start_month", startMonth, current)
	if err != nil {
		return UsageReport{}, err
	}
	end, err := parseMonth("end_month", endMonth, current)
	if err != nil {
		return UsageReport{}, err
	}
	if end.Before(start) {
		return UsageReport{}, apperr.Invalid("end_month", "end_month must not be before start_month")
	}
	r := UsageReport{Period: Period{StartMonth: start.Format("2006-01"), EndMonth: end.Format("2006-01")}, APIKeys: map[string]KeyUsage{}, MonthlyBreakdown: []MonthUsage{}}
	rows, err := db.Query(ctx, `SELECT u.created_at, u.transcription_tokens, u.note_tokens, k.key_type, k.last4
		FROM usage_records u JOIN api_keys k ON k.id = u.api_key_id
		WHERE u.user_id = ? AND u.created_at >= ? AND u.created_at < ?`, userID, start, end.AddDate(0, 1, 0))
	if err != nil {
		return UsageReport{}, fmt.Errorf("read usage: %w", err)
	}
	defer rows.Close()
	months := map[string]*MonthUsage{}
	for rows.Next() {
		var at time.Time
		var tr, nt int64
		var keyType, last4 string
		if err := rows.Scan(&at, &tr, &nt, &keyType, &last4); err != nil {
			return UsageReport{}, fmt.Errorf("read usage: %w", err)
		}
		month := at.UTC().Format("2006-01")
		m := months[month]
		if m == nil {
			m = &MonthUsage{Month: month}
			months[month] = m
		}
		m.Jobs++
		m.TranscriptionTokens += tr
		m.NoteTokens += nt
		m.TotalTokens += tr + nt
		masked := mask(keyType, last4)
		k := r.APIKeys[masked]
		k.Jobs++
		k.Tokens.Transcription += tr
		k.Tokens.NoteGeneration += nt
		k.Tokens.Total += tr + nt
		r.APIKeys[masked] = k
	}
	if err := rows.Err(); err != nil {
		return UsageReport{}, fmt.Errorf("read usage: %w", err)
	}
	for _, m := range months {
		r.MonthlyBreakdown = append(r.MonthlyBreakdown, *m)
		r.Totals.Jobs += m.Jobs
		r.Totals.TranscriptionTokens += m.TranscriptionTokens
		r.Totals.NoteTokens += m.NoteTokens
		r.Totals.TotalTokens += m.TotalTokens
	}
	sort.Slice(r.MonthlyBreakdown, func(i, j int) bool { return r.MonthlyBreakdown[i].Month < r.MonthlyBreakdown[j].Month })
	for masked, k := range r.APIKeys {
		if r.Totals.TotalTokens > 0 {
			k.UsagePercentage = math.Round(float64(k.Tokens.Total)*10000/float64(r.Totals.TotalTokens)) / 100
		}
		r.APIKeys[masked] = k
	}

	var plan string
	var used int64
	if err := db.QueryRow(ctx, `SELECT plan, live_jobs_used FROM accounts WHERE user_id = ?`, userID).Scan(&plan, &used); err != nil {
		return UsageReport{}, fmt.Errorf("read plan: %w", err)
	}
	if plan == PlanTrial {
		left := max(0, int64(freeJobs)-used)
		r.Totals.FreeJobsLeft = &left
	}
	var monthTokens int64
	if err := db.QueryRow(ctx, `SELECT COALESCE(SUM(transcription_tokens + note_tokens), 0) FROM usage_records WHERE user_id = ? AND created_at >= ? AND created_at < ?`,
		userID, current, current.AddDate(0, 1, 0)).Scan(&monthTokens); err != nil {
		return UsageReport{}, fmt.Errorf("read month usage: %w", err)
	}
	r.Billing = BillingSummary{
		CurrentUsageAmount: float64(NanosToCents(PriceNanos(monthTokens))) / 100,
		BillingPeriodStart: current.Format(time.RFC3339),
		BillingPeriodEnd:   current.AddDate(0, 1, 0).Add(-time.Second).Format(time.RFC3339),
		SubscriptionStatus: plan,
	}
	return r, nil
}
