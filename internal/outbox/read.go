package outbox

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/notegen/notegen/internal/store"
)

// Stored is an event as the outbox holds it, for the webhook dispatcher
// that turns events into deliveries.
type Stored struct {
	ID, UserID, Type string
	// JobID and Sequence order a job's events; empty and 0 for other
	// events.
	JobID    string
	Sequence int64
	// Env is the event's own routing, "" for the default.
	Env string
	// Payload is the event body as it is delivered.
	Payload []byte
}

// AnyUndispatched reports whether an event waits for dispatch: a cheap
// probe before taking a transaction.
func AnyUndispatched(ctx context.Context, q store.Queryer) (bool, error) {
	var id string
	err := q.QueryRow(ctx, `SELECT id FROM outbox_events WHERE dispatched_at IS NULL LIMIT 1`).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("look for outbox events: %w", err)
	}
	return true, nil
}

// ClaimUndispatched returns up to limit events not yet dispatched, oldest
// first, with their bodies, so that the dispatcher can hand them to an
// attempt without reading them again. On PostgreSQL their rows stay locked
// for the rest of tx and rows another dispatcher holds are skipped, so
// replicas share the work.
func ClaimUndispatched(ctx context.Context, tx *store.Tx, limit int) ([]Stored, error) {
	lock := ""
	if tx.Dialect() == store.Postgres {
		lock = " FOR UPDATE SKIP LOCKED"
	}
	rows, err := tx.Query(ctx, `SELECT `+eventColumns+` FROM outbox_events WHERE dispatched_at IS NULL
		ORDER BY created_at, id LIMIT ?`+lock, limit)
	if err != nil {
		return nil, fmt.Errorf("read outbox: %w", err)
	}
	defer rows.Close()
	var events []Stored
	for rows.Next() {
		e, err := scanEvent(rows.Scan)
		if err != nil {
			return nil, fmt.Errorf("read outbox: %w", err)
		}
		events = append(events, e)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read outbox: %w", err)
	}
	return events, nil
}

// MarkDispatched records that the events became deliveries, in the
// transaction that created them, in one statement for the whole batch.
func MarkDispatched(ctx context.Context, tx *store.Tx, ids []string, now time.Time) error {
	if len(ids) == 0 {
		return nil
	}
	if _, err := tx.Exec(ctx, `UPDATE outbox_events SET dispatched_at = ? WHERE id `+store.InJSONArray(tx.Dialect()),
		now, store.JSONArray(ids)); err != nil {
		return fmt.Errorf("mark events dispatched: %w", err)
	}
	return nil
}

// UndispatchedBefore counts the job's events before sequence that are not
// dispatched yet.
func UndispatchedBefore(ctx context.Context, q store.Queryer, jobID string, sequence int64) (int, error) {
	var n int
	err := q.QueryRow(ctx, `SELECT COUNT(*) FROM outbox_events WHERE job_id = ? AND sequence < ? AND dispatched_at IS NULL`,
		jobID, sequence).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("count earlier job events: %w", err)
	}
	return n, nil
}

// eventColumns are the columns scanEvent reads.
const eventColumns = `id, user_id, type, job_id, sequence, env, payload`

// scanEvent reads an event from a row of eventColumns.
func scanEvent(scan func(dest ...any) error) (Stored, error) {
	var e Stored
	var jobID, env sql.NullString
	var sequence sql.NullInt64
	var payload string
	if err := scan(&e.ID, &e.UserID, &e.Type, &jobID, &sequence, &env, &payload); err != nil {
		return Stored{}, err
	}
	e.JobID, e.Sequence, e.Env, e.Payload = jobID.String, sequence.Int64, env.String, []byte(payload)
	return e, nil
}

// Get reads one event; sql.ErrNoRows when it does not exist.
func Get(ctx context.Context, q store.Queryer, id string) (Stored, error) {
	e, err := scanEvent(q.QueryRow(ctx, `SELECT `+eventColumns+` FROM outbox_events WHERE id = ?`, id).Scan)
	if err != nil {
		return Stored{}, fmt.Errorf("read outbox event: %w", err)
	}
	return e, nil
}

// GetMany reads several events in one statement, for a batch of
// deliveries; an event that does not exist is missing from the map.
func GetMany(ctx context.Context, q store.Queryer, ids []string) (map[string]Stored, error) {
	return store.CollectMap(ctx, q, "read outbox events", func(row func(...any) error) (string, Stored, error) {
		e, err := scanEvent(row)
		return e.ID, e, err
	}, `SELECT `+eventColumns+` FROM outbox_events WHERE id `+store.InJSONArray(q.Dialect()), store.JSONArray(ids))
}
