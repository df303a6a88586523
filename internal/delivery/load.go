package delivery

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/notegen/notegen/internal/account"
	"github.com/notegen/notegen/internal/batch"
	"github.com/notegen/notegen/internal/outbox"
	"github.com/notegen/notegen/internal/store"
	"github.com/notegen/notegen/internal/webhook"
)

// maxLoadBatch bounds the deliveries one batch of reads loads.
const maxLoadBatch = 64

// pendingLoad is a delivery whose automatic attempt is about to be made,
// and then what the attempt needs of the database.
type pendingLoad struct {
	id string
	// known is true when del is already the delivery as it was just
	// dispatched (a direct attempt's): only the account's settings and
	// secrets are read.
	known bool
	// found is false when the delivery or its event is gone (the account
	// was deleted).
	found bool
	del   delivery
	// settings are the account's webhook URLs, read now so that a URL
	// changed while the event waited is honoured.
	settings webhook.Settings
	// secrets sign the attempt; secretsErr is recorded as the attempt's
	// failure, as when the attempt read them itself.
	secrets    []string
	secretsErr error
	err        error
}

// newLoader batches the reads before automatic attempts: under a burst,
// four statements (deliveries, events, webhook URLs, signing secrets)
// serve the whole batch instead of four per delivery.
func newLoader(d *Service) *batch.Batcher[*pendingLoad] {
	return &batch.Batcher[*pendingLoad]{Max: maxLoadBatch, Run: d.loadBatch}
}

// loadForAttempt reads what the automatic attempt of delivery id needs,
// with the other workers' deliveries of the moment.
func (d *Service) loadForAttempt(id string) *pendingLoad {
	p := &pendingLoad{id: id}
	_ = d.loader.Do(context.Background(), p) // no deadline: it never ends early
	return p
}

// loadBatch serves a batch of pendingLoad. A failed read fails every
// delivery of the batch, and each job retries.
func (d *Service) loadBatch(batch []*pendingLoad) {
	ctx, cancel := context.WithTimeout(context.Background(), recordTimeout)
	defer cancel()
	fail := func(err error) {
		for _, p := range batch {
			p.err = err
		}
	}
	var ids []string
	for _, p := range batch {
		if !p.known {
			ids = append(ids, p.id)
		}
	}
	dels := map[string]delivery{}
	if len(ids) > 0 {
		var err error
		if dels, err = d.loadMany(ctx, ids); err != nil {
			fail(err)
			return
		}
	}
	for _, p := range batch {
		if p.known {
			dels[p.id] = p.del
		}
	}
	var users []string
	seen := map[string]bool{}
	for _, del := range dels {
		if !seen[del.UserID] {
			seen[del.UserID] = true
			users = append(users, del.UserID)
		}
	}
	if len(users) == 0 {
		return // every delivery is gone
	}
	urls, err := account.ReadWebhookURLsOf(ctx, d.db, users)
	if err != nil {
		fail(err)
		return
	}
	secrets, secretsErr := d.settings.SigningSecretsOf(ctx, users)
	for _, p := range batch {
		del, ok := dels[p.id]
		if !ok {
			continue
		}
		u, ok := urls[del.UserID]
		if !ok {
			p.err = fmt.Errorf("read webhook settings of %s: the account is gone", del.UserID)
			continue
		}
		p.found, p.del, p.settings = true, del, webhook.SettingsOf(u)
		if secretsErr != nil {
			// Read the account's own, as a lone attempt would, so that one
			// account's failure is only its own.
			p.secrets, p.secretsErr = d.settings.SigningSecrets(ctx, del.UserID)
			continue
		}
		p.secrets = secrets[del.UserID]
	}
}

// loadMany reads deliveries and their events in two statements; a
// delivery or event that is gone is missing from the map.
func (d *Service) loadMany(ctx context.Context, ids []string) (map[string]delivery, error) {
	dels, err := store.CollectMap(ctx, d.db, "load deliveries", func(row func(...any) error) (string, delivery, error) {
		var del delivery
		var jobID sql.NullString
		err := row(&del.ID, &del.UserID, &del.Type, &jobID, &del.Status, &del.Attempts, &del.NextAttemptAt)
		del.JobID = jobID.String
		return del.ID, del, err
	}, `SELECT id, user_id, event_type, job_id, status, attempts, next_attempt_at FROM webhook_deliveries
		WHERE id `+store.InJSONArray(d.db.Dialect()), store.JSONArray(ids))
	if err != nil {
		return nil, err
	}
	events, err := outbox.GetMany(ctx, d.db, ids)
	if err != nil {
		return nil, err
	}
	for id, del := range dels {
		ev, ok := events[id]
		if !ok {
			delete(dels, id)
			continue
		}
		del.Env, del.Payload = ev.Env, ev.Payload
		dels[id] = del
	}
	return dels, nil
}
