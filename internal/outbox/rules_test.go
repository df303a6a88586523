package outbox_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/outbox"
	"github.com/notegen/notegen/internal/store"
	"github.com/notegen/notegen/internal/storetest"
)

func TestMain(m *testing.M) { storetest.Main(m) }

// A job's events are numbered from 1 in the order they are added, the
// number is in the delivered body, and other jobs' events and account
// events do not take numbers from them.
func TestJobEventsAreNumberedPerJob(t *testing.T) {
	storetest.Each(t, func(t *testing.T, tx *store.Tx) {
		ctx, now := context.Background(), store.Now()
		user := storetest.NewUser(t, tx)
		add := func(jobID, typ string, at time.Time) string {
			id, err := outbox.Add(ctx, tx, outbox.Event{UserID: user, Type: typ, JobID: jobID, Fields: map[string]any{"job_id": jobID}}, at)
			require.NoError(t, err)
			return id
		}
		add("job-a", outbox.JobTranscribed, now)
		add("job-b", outbox.JobTranscribed, now.Add(time.Millisecond))
		add("", outbox.WebhookTest, now.Add(2*time.Millisecond))
		last := add("job-a", outbox.JobCompleted, now.Add(3*time.Millisecond))

		stored, err := outbox.ClaimUndispatched(ctx, tx, 10)
		require.NoError(t, err)
		var got []string
		for _, e := range stored {
			got = append(got, e.JobID+"#"+string(rune('0'+e.Sequence)))
		}
		require.Equal(t, []string{"job-a#1", "job-b#1", "#0", "job-a#2"}, got, "oldest first, numbered per job")
		full, err := outbox.Get(ctx, tx, last)
		require.NoError(t, err)
		var body map[string]any
		require.NoError(t, json.Unmarshal(full.Payload, &body))
		require.EqualValues(t, 2, body["sequence"])
		require.Equal(t, outbox.JobCompleted, body["type"])
	})
}

// Dispatching marks a batch at once: dispatched events are no longer
// claimed, and a job's later event knows how many earlier ones still wait.
func TestDispatchedEventsAreNotClaimedAgain(t *testing.T) {
	storetest.Each(t, func(t *testing.T, tx *store.Tx) {
		ctx, now := context.Background(), store.Now()
		user := storetest.NewUser(t, tx)
		var ids []string
		for i, typ := range []string{outbox.JobTranscribed, outbox.JobCompleted} {
			id, err := outbox.Add(ctx, tx, outbox.Event{UserID: user, Type: typ, JobID: "job-a"}, now.Add(time.Duration(i)*time.Millisecond))
			require.NoError(t, err)
			ids = append(ids, id)
		}
		waiting, err := outbox.UndispatchedBefore(ctx, tx, "job-a", 2)
		require.NoError(t, err)
		require.Equal(t, 1, waiting)
		require.NoError(t, outbox.MarkDispatched(ctx, tx, ids[:1], now))
		waiting, err = outbox.UndispatchedBefore(ctx, tx, "job-a", 2)
		require.NoError(t, err)
		require.Zero(t, waiting)
		stored, err := outbox.ClaimUndispatched(ctx, tx, 10)
		require.NoError(t, err)
		require.Len(t, stored, 1)
		require.Equal(t, ids[1], stored[0].ID)
		require.NoError(t, outbox.MarkDispatched(ctx, tx, ids[1:], now))
		any, err := outbox.AnyUndispatched(ctx, tx)
		require.NoError(t, err)
		require.False(t, any)
	})
}

// The database refuses a job event whose number its job has already given
// out: receivers order a job's events by it, so two events must never
// share one, whoever numbers them.
func TestAJobEventNumberIsNeverGivenTwice(t *testing.T) {
	storetest.Each(t, func(t *testing.T, tx *store.Tx) {
		ctx, now := context.Background(), store.Now()
		user := storetest.NewUser(t, tx)
		_, err := outbox.Add(ctx, tx, outbox.Event{UserID: user, Type: outbox.JobTranscribed, JobID: "job-twice", Sequence: 1}, now)
		require.NoError(t, err)
		_, err = outbox.Add(ctx, tx, outbox.Event{UserID: user, Type: outbox.JobCompleted, JobID: "job-twice", Sequence: 1}, now)
		if err == nil {
			// Deferred on PostgreSQL: the next statement reports it.
			err = outbox.MarkDispatched(ctx, tx, []string{"none"}, now)
		}
		require.Error(t, err)
		require.True(t, store.IsUniqueViolation(err), err.Error())
	})
}

// An event written with the change it announces (AddWith) is numbered by
// the change and has the payload Add writes, byte for byte, also when the
// caller's metadata holds text like the sequence's own; a change that
// returns no row writes no event. SQLite cannot combine them.
func TestEventWrittenWithItsChange(t *testing.T) {
	storetest.Each(t, func(t *testing.T, tx *store.Tx) {
		ctx, now := context.Background(), store.Now()
		user := storetest.NewUser(t, tx)
		fields := map[string]any{"job_id": "job-x", "status": "completed",
			"custom_metadata": map[string]any{"note": `"sequence":0`, "sequence": 0}}
		e := outbox.Event{UserID: user, Type: outbox.JobCompleted, JobID: "job-b", Fields: fields}
		withID, err := outbox.AddWith(ctx, tx, e, now, outbox.Announced{Query: `SELECT CAST(? AS bigint)`, Args: []any{12}})
		if tx.Dialect() != store.Postgres {
			require.ErrorIs(t, err, outbox.ErrNotCombined)
			return
		}
		require.NoError(t, err)
		_, err = outbox.AddWith(ctx, tx, outbox.Event{UserID: user, Type: outbox.JobCompleted, JobID: "job-c", Fields: fields}, now,
			outbox.Announced{Query: `SELECT CAST(1 AS bigint) WHERE false`})
		require.NoError(t, err)
		e.JobID, e.Sequence = "job-a", 12
		addID, err := outbox.Add(ctx, tx, e, now)
		require.NoError(t, err)

		with, err := outbox.Get(ctx, tx, withID)
		require.NoError(t, err)
		added, err := outbox.Get(ctx, tx, addID)
		require.NoError(t, err)
		require.Equal(t, string(added.Payload), string(with.Payload), "the same body as Add's")
		stored, err := outbox.ClaimUndispatched(ctx, tx, 10)
		require.NoError(t, err)
		var got []string
		for _, ev := range stored {
			got = append(got, fmt.Sprintf("%s#%d", ev.JobID, ev.Sequence))
		}
		require.ElementsMatch(t, []string{"job-b#12", "job-a#12"}, got, "no event for a change that returned no row")
	})
}

// recordingDispatcher is an outbox.Dispatcher whose "delivery" is a read
// of the dispatched event, and which records what it is handed.
type recordingDispatcher struct{ handed []outbox.Stored }

func (r *recordingDispatcher) DeliveryOf(time.Time) (string, []any) {
	return `SELECT id FROM dispatched WHERE ?::text <> ''`, []any{"bound after the event's own"}
}

func (r *recordingDispatcher) Dispatched(ev outbox.Stored) { r.handed = append(r.handed, ev) }

// A job's first event written with its change and a Dispatcher
// (AddDispatched) is dispatched in the statement that writes it: stored as
// dispatched at its own time, so the dispatcher never claims it, and handed
// to the Dispatcher, with the payload as stored, only once the transaction
// has committed. A later event of a job, a change that returns no row and
// a transaction that rolls back hand nothing over; the later event waits
// for the dispatcher, which keeps the job's order.
func TestAJobsFirstEventIsDispatchedWithItsChange(t *testing.T) {
	storetest.EachDB(t, func(t *testing.T, db *store.DB) {
		ctx, now := context.Background(), store.Now()
		var user string
		require.NoError(t, db.InTx(ctx, func(tx *store.Tx) error { user = storetest.NewUser(t, tx); return nil }))
		d := &recordingDispatcher{}
		add := func(tx *store.Tx, job string, sequence string) (string, error) {
			return outbox.AddDispatched(ctx, tx, outbox.Event{UserID: user, Type: outbox.JobCompleted, JobID: job,
				Fields: map[string]any{"job_id": job}}, now, outbox.Announced{Query: `SELECT CAST(? AS bigint) WHERE ? <> '0'`,
				Args: []any{sequence, sequence}}, d)
		}
		dispatched := func(q store.Queryer, id string) bool {
			var at sql.NullTime
			var created time.Time
			require.NoError(t, q.QueryRow(ctx, `SELECT dispatched_at, created_at FROM outbox_events WHERE id = ?`, id).Scan(&at, &created))
			if at.Valid {
				require.True(t, at.Time.Equal(created), "dispatched in the statement that wrote it")
			}
			return at.Valid
		}
		// Committed: the first event, and a change that returns no row.
		var first string
		err := db.InTx(ctx, func(tx *store.Tx) error {
			var err error
			if first, err = add(tx, uuid.NewString(), "1"); err != nil {
				return err
			}
			if _, err = add(tx, uuid.NewString(), "0"); err != nil {
				return err
			}
			require.Empty(t, d.handed, "nothing handed over before the commit")
			return nil
		})
		if db.Dialect() != store.Postgres {
			require.ErrorIs(t, err, outbox.ErrNotCombined)
			return
		}
		require.NoError(t, err)
		require.Len(t, d.handed, 1, "the first event only")
		stored, err := outbox.Get(ctx, db, first)
		require.NoError(t, err)
		require.Equal(t, stored, d.handed[0], "handed over as stored")
		require.True(t, dispatched(db, first))

		// Rolled back (a job's later event must not stay undispatched in
		// the database the package's tests share): a job's second event
		// is the dispatcher's, and nothing is handed over.
		job := uuid.NewString()
		err = db.InTx(ctx, func(tx *store.Tx) error {
			one, err := add(tx, job, "1")
			require.NoError(t, err)
			two, err := add(tx, job, "2")
			require.NoError(t, err)
			require.True(t, dispatched(tx, one))
			require.False(t, dispatched(tx, two), "a later event is the dispatcher's")
			waiting, err := outbox.UndispatchedBefore(ctx, tx, job, 3)
			require.NoError(t, err)
			require.Equal(t, 1, waiting)
			return errors.New("rolled back")
		})
		require.Error(t, err)
		require.Len(t, d.handed, 1, "a rolled back event is handed to nobody")
	})
}
