// Package outbox records events that must reach the account's webhook. An
// event is written in the same transaction as the change it announces, so
// a change is never committed without its event nor the other way round;
// webhook delivery reads the outbox afterwards.
package outbox

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/notegen/notegen/internal/store"
)

// Event types of the wire contract.
const (
	JobCompleted          = "job.completed"
	JobTranscribed        = "job.transcribed"
	JobError              = "job.error"
	AccountStatusChanged  = "account.status_changed"
	BillingTrialExhausted = "billing.trial_exhausted"
	BillingInvoiceCreated = "billing.invoice_created"
	BillingInvoicePaid    = "billing.invoice_paid"
	WebhookTest           = "webhook.test"
)

// EndsJob reports whether an event of type eventType is the last of its
// job. A job's events announce its status changes, and a completed or
// failed job changes no more, so nothing of the job follows job.completed
// or job.error.
func EndsJob(eventType string) bool { return eventType == JobCompleted || eventType == JobError }

// Event is one event to deliver.
type Event struct {
	UserID string
	Type   string
	// Fields are the body fields besides type and timestamp.
	Fields map[string]any
	// JobID and Env route job events; Env is "dev", "prod" or "" for the
	// default routing.
	JobID string
	Env   string
	// Sequence is a job event's number among its job's events, when the
	// caller keeps the count (job does, on the job's row, in the update
	// that the event announces); 0 takes the next number after the
	// outbox's highest for the job.
	Sequence int64
}

// Topic is the store wake-up topic raised when events are committed.
const Topic = "outbox"

// Add writes an event to the outbox inside tx and returns its id. Job events
// carry their per-job sequence number (e.Sequence, or the next after the
// job's highest) so receivers can order them; the outbox's unique index
// refuses a number given twice. The dispatcher on this replica is woken
// when tx commits.
func Add(ctx context.Context, tx *store.Tx, e Event, now time.Time) (string, error) {
	tx.Wake(Topic)
	id := uuid.Must(uuid.NewV7()).String()
	body := e.body(now)
	var sequence any
	if e.JobID != "" {
		n := e.Sequence
		if n == 0 {
			if err := tx.QueryRow(ctx, `SELECT COALESCE(MAX(sequence), 0) + 1 FROM outbox_events WHERE job_id = ?`, e.JobID).Scan(&n); err != nil {
				return "", fmt.Errorf("next event sequence: %w", err)
			}
		}
		sequence = n
		body["sequence"] = n
	}
	payload, err := json.Marshal(body)
	if err != nil {
		return "", fmt.Errorf("encode %s event: %w", e.Type, err)
	}
	var jobID, env any
	if e.JobID != "" {
		jobID = e.JobID
	}
	if e.Env != "" {
		env = e.Env
	}
	// Deferred: on PostgreSQL the event goes to the database with the
	// transaction's next statement or its commit, not in a round trip of
	// its own.
	if err := tx.Defer(ctx, "write "+e.Type+" event", `INSERT INTO outbox_events (id, user_id, type, payload, job_id, sequence, env, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
		id, e.UserID, e.Type, string(payload), jobID, sequence, env, now); err != nil {
		return "", err
	}
	return id, nil
}

// body is the event's payload without its sequence: its fields, its type
// and when it happened.
func (e Event) body(now time.Time) map[string]any {
	body := make(map[string]any, len(e.Fields)+3)
	for k, v := range e.Fields {
		body[k] = v
	}
	body["type"] = e.Type
	body["timestamp"] = now.UTC().Format(time.RFC3339)
	return body
}

// Announced is a change that a job event announces, given to AddWith as
// one statement: a write that returns, for the row it changes, the event's
// per-job sequence number as its one column, and no row when there is
// nothing to announce.
type Announced struct {
	Query string
	Args  []any
}

// AddWith writes a job event together with the change it announces and
// returns the event's id. On PostgreSQL both are one statement deferred to
// the transaction's next round trip (its commit, for a job's last step):
// the change and its event cost no round trip of their own. The event is written only if the change
// returns a row, and carries the sequence number it returns, so the caller
// does not learn whether anything changed; a caller that must know runs
// the change itself and calls Add. On SQLite, where a WITH cannot hold an
// UPDATE, it returns ErrNotCombined and writes nothing.
//
// The payload is the one Add writes: the sequence is joined into the
// encoded body by the database, as the same digits.
func AddWith(ctx context.Context, tx *store.Tx, e Event, now time.Time, change Announced) (string, error) {
	return AddDispatched(ctx, tx, e, now, change, nil)
}

// Dispatcher takes a job's first event to its delivery in the statement
// that writes the event (AddDispatched): the delivery is written with it,
// claimed for this replica's attempt, the event is written dispatched,
// and once the transaction commits the delivery is attempted at once. The
// webhook dispatcher's wake-up, its claim and update of the event and its
// transaction are spared, per event. A job's first event has nothing of
// its job before it to wait for; a later one is left to the dispatcher,
// which keeps the job's order. Package delivery implements it.
type Dispatcher interface {
	// DeliveryOf is the statement that writes the delivery of each row
	// of dispatched (id, user_id, type, job_id, sequence: the event just
	// written, when it is its job's first), and its arguments in the
	// order of its placeholders.
	DeliveryOf(now time.Time) (query string, args []any)
	// Dispatched hands over the event whose delivery the statement
	// wrote, once the transaction has committed.
	Dispatched(ev Stored)
}

// AddDispatched is AddWith that, when d is not nil and the event is its
// job's first, also writes its delivery through d in the same statement
// (see Dispatcher). The dispatcher on this replica is woken only for an
// event left to it.
func AddDispatched(ctx context.Context, tx *store.Tx, e Event, now time.Time, change Announced, d Dispatcher) (string, error) {
	if tx.Dialect() != store.Postgres {
		return "", ErrNotCombined
	}
	if e.JobID == "" {
		return "", fmt.Errorf("write %s event: only a job event is numbered by its change", e.Type)
	}
	id := uuid.Must(uuid.NewV7()).String()
	body := e.body(now)
	body["sequence"] = 0
	payload, err := json.Marshal(body)
	if err != nil {
		return "", fmt.Errorf("encode %s event: %w", e.Type, err)
	}
	// The encoder sorts the keys: the ones after "sequence" (status,
	// timestamp, transcript_url, type) hold no caller's text, so the last
	// `"sequence":0` is the event's own, not one inside custom metadata.
	const mark = `"sequence":0`
	at := bytes.LastIndex(payload, []byte(mark))
	if at < 0 {
		return "", fmt.Errorf("encode %s event: no sequence in %d bytes", e.Type, len(payload))
	}
	before, after := string(payload[:at+len(mark)-1]), string(payload[at+len(mark):])
	var env any
	if e.Env != "" {
		env = e.Env
	}
	args := append(append([]any{}, change.Args...), id, e.UserID, e.Type, before, after, e.JobID, env, now)
	const insert = `INSERT INTO outbox_events (id, user_id, type, payload, job_id, sequence, env, created_at%s)
		SELECT ?, ?, ?, ?::text || announced.sequence || ?::text, ?, announced.sequence, ?, ?%s FROM announced`
	if d == nil {
		tx.Wake(Topic)
		// Deferred, as Add's insert is.
		err = tx.Defer(ctx, "write "+e.Type+" event", `WITH announced(sequence) AS (`+change.Query+`)
			`+fmt.Sprintf(insert, "", ""), args...)
		return id, err
	}
	// The event is dispatched in the statement that writes it only as its
	// job's first: written's dispatched_at and the delivery go together.
	delivery, deliveryArgs := d.DeliveryOf(now)
	args = append(append(args, now), deliveryArgs...)
	var written int64
	tx.WakeUnless(Topic, func() bool { return written > 0 })
	tx.AfterCommit(func() {
		if written > 0 {
			d.Dispatched(Stored{ID: id, UserID: e.UserID, Type: e.Type, JobID: e.JobID, Sequence: 1, Env: e.Env,
				Payload: []byte(before + "1" + after)})
		}
	})
	err = tx.DeferCounted(ctx, "write "+e.Type+" event", `WITH announced(sequence) AS (`+change.Query+`),
		written AS (`+fmt.Sprintf(insert, ", dispatched_at", ", CASE WHEN announced.sequence = 1 THEN ?::timestamptz END")+`
			RETURNING id, user_id, type, job_id, sequence, dispatched_at),
		dispatched AS (SELECT id, user_id, type, job_id, sequence FROM written WHERE dispatched_at IS NOT NULL)
		`+delivery, func(n int64) { written = n }, args...)
	return id, err
}

// ErrNotCombined is AddWith's answer on a database where a change and its
// event cannot be one statement.
var ErrNotCombined = errors.New("outbox: a change and its event cannot be one statement here")
