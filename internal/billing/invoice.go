package billing

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/notegen/notegen/internal/account"
	"github.com/notegen/notegen/internal/outbox"
	"github.com/notegen/notegen/internal/store"
)

// Plans.
const (
	PlanTrial = "trial"
	PlanPaid  = "paid"
)

// Invoice kinds.
const (
	KindFinal   = "final"
	KindManual  = "manual"
	KindMonthly = "monthly"
)

// PaymentTerm is how long an open invoice may stay unpaid before it is
// overdue, which blocks new live keys.
const PaymentTerm = 14 * 24 * time.Hour

// Invoice is a bill for usage, as the billing.invoice_created and
// billing.invoice_paid events carry it. Its JSON is the wire's
// (notegen.Invoice, which the SDK decodes); billing keeps its own type so
// that the domain does not import the wire package, and
// TestInvoiceIsTheWireInvoice holds the two to one shape. Kind is final,
// manual or monthly; Status is open or paid; Amount is AmountCents in
// dollars ("12.50"); PaidAt is nil while the invoice is open.
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

// OpenBalance returns the number and total of the account's open invoices.
func OpenBalance(ctx context.Context, q store.Queryer, userID string) (count int, cents int64, err error) {
	err = q.QueryRow(ctx, `SELECT COUNT(*), COALESCE(SUM(amount_cents), 0) FROM invoices WHERE user_id = ? AND status = 'open'`, userID).Scan(&count, &cents)
	if err != nil {
		return 0, 0, fmt.Errorf("read open invoices: %w", err)
	}
	return count, cents, nil
}

// HasOverdueInvoice reports whether an open invoice is past its due date.
func HasOverdueInvoice(ctx context.Context, q store.Queryer, userID string, now time.Time) (bool, error) {
	var n int
	if err := q.QueryRow(ctx, `SELECT COUNT(*) FROM invoices WHERE user_id = ? AND status = 'open' AND due_at < ?`, userID, now).Scan(&n); err != nil {
		return false, fmt.Errorf("read overdue invoices: %w", err)
	}
	return n > 0, nil
}

// lastInvoicedUntil is the end of the latest invoiced period, or the zero
// time if the account was never invoiced.
func lastInvoicedUntil(ctx context.Context, q store.Queryer, userID string) (time.Time, error) {
	// Not MAX(): SQLite's aggregates drop the column's time type.
	var end time.Time
	err := q.QueryRow(ctx, `SELECT period_end FROM invoices WHERE user_id = ? ORDER BY period_end DESC LIMIT 1`, userID).Scan(&end)
	if errors.Is(err, sql.ErrNoRows) {
		return time.Time{}, nil
	}
	if err != nil {
		return time.Time{}, fmt.Errorf("read last invoice: %w", err)
	}
	return end.UTC(), nil
}

// UninvoicedUsage returns the priced usage since the last invoiced period,
// month by month (the tiers restart each month).
func UninvoicedUsage(ctx context.Context, q store.Queryer, userID string, now time.Time) (from time.Time, cents int64, err error) {
	from, err = lastInvoicedUntil(ctx, q, userID)
	if err != nil {
		return time.Time{}, 0, err
	}
	rows, err := q.Query(ctx, `SELECT created_at, transcription_tokens + note_tokens FROM usage_records WHERE user_id = ? AND created_at >= ? AND created_at < ?`, userID, from, now)
	if err != nil {
		return time.Time{}, 0, fmt.Errorf("read usage: %w", err)
	}
	defer rows.Close()
	perMonth := map[string]int64{}
	for rows.Next() {
		var at time.Time
		var tokens int64
		if err := rows.Scan(&at, &tokens); err != nil {
			return time.Time{}, 0, fmt.Errorf("read usage: %w", err)
		}
		perMonth[at.UTC().Format("2006-01")] += tokens
	}
	if err := rows.Err(); err != nil {
		return time.Time{}, 0, fmt.Errorf("read usage: %w", err)
	}
	var nanos int64
	for _, tokens := range perMonth {
		nanos += PriceNanos(tokens)
	}
	return from, NanosToCents(nanos), nil
}

// Issue creates an invoice for the period ending now and writes its events.
// An invoice of zero is paid as it is issued. A negative amount bills the
// uninvoiced usage.
func Issue(ctx context.Context, tx *store.Tx, userID, kind string, amountCents int64, now time.Time) (Invoice, error) {
	from, usage, err := UninvoicedUsage(ctx, tx, userID, now)
	if err != nil {
		return Invoice{}, err
	}
	if amountCents < 0 {
		amountCents = usage
	}
	if from.IsZero() {
		p, err := account.ReadPlan(ctx, tx, userID)
		if err != nil {
			return Invoice{}, fmt.Errorf("read account start: %w", err)
		}
		from = p.CreatedAt
	}
	inv := Invoice{
		ID: uuid.Must(uuid.NewV7()).String(), Kind: kind, Status: "open", AmountCents: amountCents,
		Amount: FormatCents(amountCents), Currency: "USD",
		PeriodStart: from.UTC(), PeriodEnd: now, IssuedAt: now, DueAt: now.Add(PaymentTerm),
	}
	if amountCents == 0 {
		inv.Status, inv.PaidAt = "paid", &now
	}
	_, err = tx.Exec(ctx, `INSERT INTO invoices (id, user_id, kind, amount_cents, status, period_start, period_end, issued_at, due_at, paid_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		inv.ID, userID, kind, amountCents, inv.Status, inv.PeriodStart, inv.PeriodEnd, now, inv.DueAt, inv.PaidAt)
	if err != nil {
		return Invoice{}, fmt.Errorf("insert invoice: %w", err)
	}
	if _, err := outbox.Add(ctx, tx, outbox.Event{UserID: userID, Type: outbox.BillingInvoiceCreated, Fields: map[string]any{"user_id": userID, "invoice": inv}}, now); err != nil {
		return Invoice{}, err
	}
	if inv.Status == "paid" {
		if _, err := outbox.Add(ctx, tx, outbox.Event{UserID: userID, Type: outbox.BillingInvoicePaid, Fields: map[string]any{"user_id": userID, "invoice": inv}}, now); err != nil {
			return Invoice{}, err
		}
	}
	return inv, nil
}

// PayAll marks every open invoice of the account paid and returns them.
func PayAll(ctx context.Context, tx *store.Tx, userID string, now time.Time) ([]Invoice, error) {
	rows, err := tx.Query(ctx, `SELECT id, kind, amount_cents, period_start, period_end, issued_at, due_at FROM invoices WHERE user_id = ? AND status = 'open' ORDER BY issued_at`, userID)
	if err != nil {
		return nil, fmt.Errorf("read open invoices: %w", err)
	}
	var paid []Invoice
	for rows.Next() {
		inv := Invoice{Status: "paid", Currency: "USD", PaidAt: &now}
		if err := rows.Scan(&inv.ID, &inv.Kind, &inv.AmountCents, &inv.PeriodStart, &inv.PeriodEnd, &inv.IssuedAt, &inv.DueAt); err != nil {
			rows.Close()
			return nil, fmt.Errorf("read open invoices: %w", err)
		}
		inv.Amount = FormatCents(inv.AmountCents)
		paid = append(paid, inv)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read open invoices: %w", err)
	}
	for _, inv := range paid {
		if _, err := tx.Exec(ctx, `UPDATE invoices SET status = 'paid', paid_at = ? WHERE id = ?`, now, inv.ID); err != nil {
			return nil, fmt.Errorf("pay invoice: %w", err)
		}
		if _, err := outbox.Add(ctx, tx, outbox.Event{UserID: userID, Type: outbox.BillingInvoicePaid, Fields: map[string]any{"user_id": userID, "invoice": inv}}, now); err != nil {
			return nil, err
		}
	}
	return paid, nil
}

// ErrNoAccount is returned when an email names no account.
var ErrNoAccount = errors.New("no account with that email")
