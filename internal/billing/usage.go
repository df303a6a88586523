package billing

import (
	"context"
	"fmt"
	"math"
	"sort"
	"time"

	"github.com/notegen/notegen/internal/account"
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

// Usage reports the account's live usage for the months start..end
// ("YYYY-MM", both defaulting to the current month).
func (s *Service) Usage(ctx context.Context, userID, startMonth, endMonth string) (UsageReport, error) {
	db, freeJobs, now := s.db, s.freeJobs, store.Now()
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
	rows, err := db.Query(ctx, `SELECT created_at, transcription_tokens, note_tokens, api_key_id
		FROM usage_records WHERE user_id = ? AND created_at >= ? AND created_at < ?`, userID, start, end.AddDate(0, 1, 0))
	if err != nil {
		return UsageReport{}, fmt.Errorf("read usage: %w", err)
	}
	defer rows.Close()
	months := map[string]*MonthUsage{}
	byKey := map[string]KeyUsage{}
	for rows.Next() {
		var at time.Time
		var tr, nt int64
		var keyID string
		if err := rows.Scan(&at, &tr, &nt, &keyID); err != nil {
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
		k := byKey[keyID]
		k.Jobs++
		k.Tokens.Transcription += tr
		k.Tokens.NoteGeneration += nt
		k.Tokens.Total += tr + nt
		byKey[keyID] = k
	}
	if err := rows.Err(); err != nil {
		return UsageReport{}, fmt.Errorf("read usage: %w", err)
	}
	rows.Close()
	ids := make([]string, 0, len(byKey))
	for id := range byKey {
		ids = append(ids, id)
	}
	names, err := s.keyNames(ctx, userID, ids)
	if err != nil {
		return UsageReport{}, err
	}
	for id, k := range byKey {
		// Keys of one type and last four characters share a name, as they
		// did when the report joined the key table.
		masked, ok := names[id]
		if !ok {
			continue
		}
		sum := r.APIKeys[masked]
		sum.Jobs += k.Jobs
		sum.Tokens.Transcription += k.Tokens.Transcription
		sum.Tokens.NoteGeneration += k.Tokens.NoteGeneration
		sum.Tokens.Total += k.Tokens.Total
		r.APIKeys[masked] = sum
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

	p, err := account.ReadPlan(ctx, db, userID)
	if err != nil {
		return UsageReport{}, err
	}
	plan := p.Plan
	if plan == PlanTrial {
		left := max(0, int64(freeJobs)-p.LiveJobsUsed)
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
