package billing_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/account"
	"github.com/notegen/notegen/internal/apperr"
	"github.com/notegen/notegen/internal/billing"
	"github.com/notegen/notegen/internal/outbox"
	"github.com/notegen/notegen/internal/store"
	"github.com/notegen/notegen/internal/storetest"
)

func TestMain(m *testing.M) { storetest.Main(m) }

// events lists the types of the outbox events tx holds, oldest first.
func events(t *testing.T, tx *store.Tx) []string {
	t.Helper()
	stored, err := outbox.ClaimUndispatched(context.Background(), tx, 100)
	require.NoError(t, err)
	var types []string
	for _, e := range stored {
		types = append(types, e.Type)
	}
	return types
}

// A trial account gets exactly its free jobs; the one that uses the last
// announces billing.trial_exhausted, once, and the next is refused with
// payment_required.
func TestTrialAccountGetsItsFreeJobsThenPaymentRequired(t *testing.T) {
	storetest.Each(t, func(t *testing.T, tx *store.Tx) {
		ctx, now := context.Background(), store.Now()
		user := storetest.NewUser(t, tx)
		for range 3 {
			require.NoError(t, billing.ChargeLiveJob(ctx, tx, user, 3, now))
		}
		err := billing.ChargeLiveJob(ctx, tx, user, 3, now)
		require.Equal(t, apperr.PaymentRequired, apperr.From(err).Code)
		plan, err := account.ReadPlan(ctx, tx, user)
		require.NoError(t, err)
		require.EqualValues(t, 3, plan.LiveJobsUsed, "the refused job is not counted")
		require.True(t, plan.TrialExhaustedAt.Valid)
		require.Equal(t, []string{outbox.BillingTrialExhausted}, events(t, tx))
	})
}

// The paid plan is not held to the free allowance and sends no
// trial_exhausted.
func TestPaidPlanIsNotHeldToTheFreeJobs(t *testing.T) {
	storetest.Each(t, func(t *testing.T, tx *store.Tx) {
		ctx, now := context.Background(), store.Now()
		user := storetest.NewUser(t, tx)
		require.NoError(t, billing.SetPlan(ctx, tx, user, billing.PlanPaid, now))
		for range 3 {
			require.NoError(t, billing.ChargeLiveJob(ctx, tx, user, 1, now))
		}
		require.NotContains(t, events(t, tx), outbox.BillingTrialExhausted)
	})
}

// Usage is billed once: an invoice covers the usage since the last one,
// is open until paid and overdue after its payment term; paying it leaves
// nothing open, and the next invoice starts where it ended.
func TestUsageIsInvoicedOncePaidAndFallsDue(t *testing.T) {
	storetest.Each(t, func(t *testing.T, tx *store.Tx) {
		ctx := context.Background()
		start := store.Now().Add(-time.Hour)
		user := storetest.NewUser(t, tx)
		require.NoError(t, billing.RecordUsage(ctx, tx, billing.JobUsage{UserID: user, APIKeyID: "key-1", JobID: "job-1",
			TranscriptionTokens: 400_000, NoteTokens: 600_000}, start))
		_, cents, err := billing.UninvoicedUsage(ctx, tx, user, start.Add(time.Minute))
		require.NoError(t, err)
		require.Equal(t, billing.NanosToCents(billing.PriceNanos(1_000_000)), cents)
		require.Positive(t, cents)

		inv, err := billing.Issue(ctx, tx, user, billing.KindManual, -1, start.Add(time.Minute))
		require.NoError(t, err)
		require.Equal(t, cents, inv.AmountCents, "a negative amount bills the uninvoiced usage")
		require.Equal(t, "open", inv.Status)
		count, open, err := billing.OpenBalance(ctx, tx, user)
		require.NoError(t, err)
		require.Equal(t, 1, count)
		require.Equal(t, cents, open)
		_, again, err := billing.UninvoicedUsage(ctx, tx, user, start.Add(2*time.Minute))
		require.NoError(t, err)
		require.Zero(t, again, "invoiced usage is not billed again")

		overdue, err := billing.HasOverdueInvoice(ctx, tx, user, inv.DueAt.Add(-time.Second))
		require.NoError(t, err)
		require.False(t, overdue)
		overdue, err = billing.HasOverdueInvoice(ctx, tx, user, inv.DueAt.Add(time.Second))
		require.NoError(t, err)
		require.True(t, overdue)

		paid, err := billing.PayAll(ctx, tx, user, start.Add(3*time.Minute))
		require.NoError(t, err)
		require.Len(t, paid, 1)
		require.Equal(t, inv.ID, paid[0].ID)
		count, _, err = billing.OpenBalance(ctx, tx, user)
		require.NoError(t, err)
		require.Zero(t, count)
		require.Equal(t, []string{outbox.BillingInvoiceCreated, outbox.BillingInvoicePaid}, events(t, tx))
	})
}

// An invoice of nothing is paid as it is issued.
func TestAZeroInvoiceIsPaidAtOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, tx *store.Tx) {
		ctx, now := context.Background(), store.Now()
		user := storetest.NewUser(t, tx)
		inv, err := billing.Issue(ctx, tx, user, billing.KindFinal, -1, now)
		require.NoError(t, err)
		require.Equal(t, "paid", inv.Status)
		require.NotNil(t, inv.PaidAt)
		count, _, err := billing.OpenBalance(ctx, tx, user)
		require.NoError(t, err)
		require.Zero(t, count)
		require.Equal(t, []string{outbox.BillingInvoiceCreated, outbox.BillingInvoicePaid}, events(t, tx))
	})
}
