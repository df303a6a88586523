package delivery

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/webhook"
)

// Routing per the contract: an event's own webhook_env wins; a job's event
// goes to dev for a sandbox job and prod for a live one; other events go to
// prod, else dev; a missing URL names the setting that was looked for.
func TestDeliveriesAreRoutedPerTheContract(t *testing.T) {
	t.Parallel()
	dev, prod := "https://dev.example/hook", "https://prod.example/hook"
	both := webhook.Settings{Dev: &dev, Prod: &prod}
	for _, c := range []struct {
		name string
		st   webhook.Settings
		del  delivery
		want target
	}{
		{"the event's own env", both, delivery{Env: "dev", JobID: "j", Payload: []byte(`{"is_sandbox":false}`)}, target{Env: "dev", URL: dev, Missing: "webhook_dev"}},
		{"a sandbox job's event", both, delivery{JobID: "j", Payload: []byte(`{"is_sandbox":true}`)}, target{Env: "dev", URL: dev, Missing: "webhook_dev"}},
		{"a live job's event", both, delivery{JobID: "j", Payload: []byte(`{"is_sandbox":false}`)}, target{Env: "prod", URL: prod, Missing: "webhook_prod"}},
		{"a live job without a prod URL", webhook.Settings{Dev: &dev}, delivery{JobID: "j"}, target{Env: "prod", Missing: "webhook_prod"}},
		{"an account event", both, delivery{}, target{Env: "prod", URL: prod, Missing: "webhook_prod"}},
		{"an account event without prod", webhook.Settings{Dev: &dev}, delivery{}, target{Env: "dev", URL: dev, Missing: "webhook_prod or webhook_dev"}},
		{"an account event without URLs", webhook.Settings{}, delivery{}, target{Env: "dev", Missing: "webhook_prod or webhook_dev"}},
	} {
		require.Equal(t, c.want, routeWith(c.st, c.del), c.name)
	}
}

// Retries follow the schedule, a receiver's Retry-After overrides its
// step, and the attempt after the last step fails the delivery; a final
// status releases the job's next event once; an automatic attempt that
// finds its delivery decided meanwhile changes nothing; a redelivery that
// fails leaves the status as it was.
func TestRetriesFollowTheSchedule(t *testing.T) {
	t.Parallel()
	d := &Service{schedule: []time.Duration{5 * time.Second, 5 * time.Minute}}
	now := time.Date(2026, 11, 27, 9, 0, 0, 0, time.UTC)
	del := delivery{ID: "d1"}
	tg := target{Env: "prod", URL: "https://prod.example/hook"}
	pending := func(attempts int) delivery { return delivery{ID: "d1", Status: StatusPending, Attempts: attempts} }

	dec := d.decide(del, tg, result{Outcome: OutcomeRetry, StatusCode: 500}, 1, TriggerAutomatic, pending(0), now)
	require.True(t, dec.update)
	require.Equal(t, StatusPending, dec.status)
	require.Equal(t, 1, dec.attempts)
	require.Equal(t, now.Add(5*time.Second), *dec.next)
	require.False(t, dec.rec.released)

	dec = d.decide(del, tg, result{Outcome: OutcomeRetry, StatusCode: 429, RetryAfter: time.Hour}, 2, TriggerAutomatic, pending(1), now)
	require.Equal(t, now.Add(time.Hour), *dec.next, "Retry-After overrides the schedule's step")

	dec = d.decide(del, tg, result{Outcome: OutcomeRetry, StatusCode: 503}, 3, TriggerAutomatic, pending(2), now)
	require.Equal(t, StatusFailed, dec.status, "no step is left")
	require.Nil(t, dec.next)
	require.True(t, dec.rec.released, "a failed delivery releases the job's next event")

	dec = d.decide(del, tg, result{Outcome: OutcomeFailed, StatusCode: 410}, 1, TriggerAutomatic, pending(0), now)
	require.Equal(t, StatusFailed, dec.status, "a refusal that retrying cannot mend fails at once")

	dec = d.decide(del, tg, result{Outcome: OutcomeSucceeded, StatusCode: 204}, 1, TriggerAutomatic, pending(0), now)
	require.Equal(t, StatusSucceeded, dec.status)
	require.True(t, dec.rec.released)
	require.Equal(t, 204, *dec.rec.attempt.StatusCode)

	dec = d.decide(del, tg, result{Outcome: OutcomeSucceeded}, 2, TriggerAutomatic, delivery{ID: "d1", Status: StatusSucceeded, Attempts: 1}, now)
	require.False(t, dec.update, "decided meanwhile (a redelivery succeeded): the late attempt is recorded, nothing else")

	failed := delivery{ID: "d1", Status: StatusFailed, Attempts: 3}
	dec = d.decide(del, tg, result{Outcome: OutcomeRetry, StatusCode: 500}, 0, TriggerRedeliver, failed, now)
	require.Equal(t, StatusFailed, dec.status)
	require.Equal(t, 3, dec.attempts, "a redelivery is no scheduled attempt")
	require.Nil(t, dec.next)
	dec = d.decide(del, tg, result{Outcome: OutcomeSucceeded, StatusCode: 200}, 0, TriggerRedeliver, failed, now)
	require.Equal(t, StatusSucceeded, dec.status)
	require.False(t, dec.rec.released, "the delivery was final already: its job's next event was released then")
}
