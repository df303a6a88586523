package account_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/account"
	"github.com/notegen/notegen/internal/outbox"
	"github.com/notegen/notegen/internal/store"
	"github.com/notegen/notegen/internal/storetest"
)

func TestMain(m *testing.M) { storetest.Main(m) }

// A new account is inactive on the trial plan; each status change is
// announced by an account.status_changed event naming both statuses, and
// a change to the same status is no change and no event.
func TestStatusChangesAreAnnounced(t *testing.T) {
	storetest.Each(t, func(t *testing.T, tx *store.Tx) {
		ctx, now := context.Background(), store.Now()
		user := storetest.NewUser(t, tx)
		status, err := account.Lock(ctx, tx, user)
		require.NoError(t, err)
		require.Equal(t, account.Inactive, status)
		plan, err := account.ReadPlan(ctx, tx, user)
		require.NoError(t, err)
		require.Equal(t, "trial", plan.Plan)

		require.NoError(t, account.Transition(ctx, tx, user, account.Inactive, account.Active, now))
		require.NoError(t, account.Transition(ctx, tx, user, account.Active, account.Active, now))
		require.NoError(t, account.Transition(ctx, tx, user, account.Active, account.Cancelled, now))
		status, err = account.StatusOf(ctx, tx, user)
		require.NoError(t, err)
		require.Equal(t, account.Cancelled, status)

		stored, err := outbox.ClaimUndispatched(ctx, tx, 10)
		require.NoError(t, err)
		require.Len(t, stored, 2)
		var changes []string
		for _, e := range stored {
			full, err := outbox.Get(ctx, tx, e.ID)
			require.NoError(t, err)
			var body struct{ Type, AccountStatus, PreviousStatus string }
			var raw map[string]any
			require.NoError(t, json.Unmarshal(full.Payload, &raw))
			body.Type, body.AccountStatus, body.PreviousStatus = raw["type"].(string), raw["account_status"].(string), raw["previous_status"].(string)
			require.Equal(t, outbox.AccountStatusChanged, body.Type)
			changes = append(changes, body.PreviousStatus+"->"+body.AccountStatus)
		}
		require.Equal(t, []string{"inactive->active", "active->cancelled"}, changes)
	})
}

// Webhook URLs are kept per environment; "" removes one, and the batch
// read returns each account's URLs and leaves out unknown accounts.
func TestWebhookURLsPerEnvironment(t *testing.T) {
	storetest.Each(t, func(t *testing.T, tx *store.Tx) {
		ctx, now := context.Background(), store.Now()
		a, b := storetest.NewUser(t, tx), storetest.NewUser(t, tx)
		require.NoError(t, account.SetWebhookURL(ctx, tx, a, "dev", "https://dev.example/hook", now))
		require.NoError(t, account.SetWebhookURL(ctx, tx, a, "prod", "https://prod.example/hook", now))
		require.NoError(t, account.SetWebhookURL(ctx, tx, b, "prod", "https://b.example/hook", now))
		require.NoError(t, account.SetWebhookURL(ctx, tx, a, "dev", "", now))
		require.Error(t, account.SetWebhookURL(ctx, tx, a, "staging", "https://x.example", now))

		urls, err := account.ReadWebhookURLs(ctx, tx, a)
		require.NoError(t, err)
		require.Equal(t, account.WebhookURLs{Prod: "https://prod.example/hook"}, urls)
		all, err := account.ReadWebhookURLsOf(ctx, tx, []string{a, b, "no-such-user"})
		require.NoError(t, err)
		require.Equal(t, map[string]account.WebhookURLs{
			a: {Prod: "https://prod.example/hook"},
			b: {Prod: "https://b.example/hook"},
		}, all)
	})
}
