package job_test

import (
	"context"
	"encoding/json"
	"log/slog"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/apikey"
	"github.com/notegen/notegen/internal/apperr"
	"github.com/notegen/notegen/internal/broker"
	"github.com/notegen/notegen/internal/job"
	"github.com/notegen/notegen/internal/masterkey"
	"github.com/notegen/notegen/internal/store"
	"github.com/notegen/notegen/internal/storetest"
	"github.com/notegen/notegen/internal/upload"
)

func TestMain(m *testing.M) { storetest.Main(m) }

// The job service's rules commit transactions of their own, so these tests
// run on each backend's shared database (storetest.EachDB): each makes its
// own account and key and looks only at its own jobs.

// retention is how long the tests' jobs keep their data after they end.
const retention = time.Hour

// queued records the jobs whose processing the service enqueued, in the
// order it did; it stands in for the pipeline's River queue.
type queued struct {
	mu  sync.Mutex
	ids []string
	// inserted holds, per job, the job it was enqueued with as inserted.
	inserted map[string]*job.Job
}

// Enqueue implements job.Enqueuer.
func (q *queued) Enqueue(_ context.Context, _ *store.Tx, jobID string, inserted *job.Job) error {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.ids = append(q.ids, jobID)
	if inserted != nil {
		if q.inserted == nil {
			q.inserted = map[string]*job.Job{}
		}
		q.inserted[jobID] = inserted
	}
	return nil
}

// times reports how often jobID was enqueued.
func (q *queued) times(jobID string) int {
	q.mu.Lock()
	defer q.mu.Unlock()
	n := 0
	for _, id := range q.ids {
		if id == jobID {
			n++
		}
	}
	return n
}

// fixture is a job service on one backend's database, with its queue.
type fixture struct {
	db    *store.DB
	jobs  *job.Service
	queue *queued
}

func newFixture(t *testing.T, db *store.DB) *fixture {
	t.Helper()
	key, err := masterkey.Parse(masterkey.Generate())
	require.NoError(t, err)
	q := &queued{}
	log := slog.New(slog.DiscardHandler)
	events := broker.New(log)
	t.Cleanup(events.Close)
	jobs := job.NewService(job.Deps{DB: db, Master: key, Uploads: upload.NewSigner(key, "http://notegen.test"), Queue: q, Events: events},
		job.Config{PublicURL: "http://notegen.test", FreeJobs: 100, Retention: retention, UploadTTL: time.Hour,
			WaitRecheck: time.Minute, StreamAbandon: time.Minute})
	return &fixture{db: db, jobs: jobs, queue: q}
}

// caller makes an account with an API key of type kind and returns it as
// the caller the HTTP edge would authenticate.
func (f *fixture) caller(t *testing.T, kind apikey.Type) apikey.Caller {
	t.Helper()
	var c apikey.Caller
	require.NoError(t, f.db.InTx(context.Background(), func(tx *store.Tx) error {
		c = f.keyFor(t, tx, storetest.NewUser(t, tx), kind)
		return nil
	}))
	return c
}

// otherKey adds a key of type kind to the account of c.
func (f *fixture) otherKey(t *testing.T, c apikey.Caller, kind apikey.Type) apikey.Caller {
	t.Helper()
	var other apikey.Caller
	require.NoError(t, f.db.InTx(context.Background(), func(tx *store.Tx) error {
		other = f.keyFor(t, tx, c.UserID, kind)
		return nil
	}))
	return other
}

func (f *fixture) keyFor(t *testing.T, tx *store.Tx, userID string, kind apikey.Type) apikey.Caller {
	t.Helper()
	id := uuid.NewString()
	_, err := tx.Exec(context.Background(), `INSERT INTO api_keys (id, user_id, key_type, key_hash, key_sealed, last4, status, created_at)
		VALUES (?, ?, ?, ?, ?, ?, 'active', ?)`, id, userID, string(kind), id, []byte("sealed"), "abcd", store.Now())
	require.NoError(t, err)
	return apikey.Caller{KeyID: id, UserID: userID, Type: kind}
}

// spec is a valid text job's fields.
func spec() job.Spec {
	return job.Spec{Template: "primaryCare", VisitType: "followUp", RecordingType: "dictation", Lang: "en"}
}

func idem(t *testing.T, key, endpoint, body string) *job.Idempotency {
	t.Helper()
	i, err := job.NewIdempotency(key, endpoint, []byte(body))
	require.NoError(t, err)
	return i
}

// submitText submits a text job and returns its id.
func (f *fixture) submitText(t *testing.T, c apikey.Caller) string {
	t.Helper()
	sub, err := f.jobs.SubmitText(context.Background(), c, spec(), "Patient reports chest pain for two days.", nil)
	require.NoError(t, err)
	return sub.JobID
}

// submitAudio submits an audio job whose file has extension ext, to be
// uploaded, and returns what the client is told.
func (f *fixture) submitAudio(t *testing.T, c apikey.Caller, ext string) job.Submitted {
	t.Helper()
	audio := spec()
	audio.FileExtension = ext
	sub, err := f.jobs.SubmitAudio(context.Background(), c, audio, nil)
	require.NoError(t, err)
	return sub
}

// complete writes a note for job id as the pipeline does.
func (f *fixture) complete(t *testing.T, id, text string) error {
	t.Helper()
	j, err := f.jobs.Load(context.Background(), id)
	require.NoError(t, err)
	return f.jobs.Complete(context.Background(), j, job.Note{Title: "Note", Text: text, Tokens: 12})
}

// status reads job id's status as its submitter.
func (f *fixture) status(t *testing.T, c apikey.Caller, id string) job.StatusView {
	t.Helper()
	v, err := f.jobs.Status(context.Background(), c, id)
	require.NoError(t, err)
	return v
}

// events lists the types of the events announced for job id, in order.
func (f *fixture) events(t *testing.T, id string) []string {
	t.Helper()
	types, err := store.Collect(context.Background(), f.db, "events", func(row func(...any) error) (string, error) {
		var s string
		return s, row(&s)
	}, `SELECT type FROM outbox_events WHERE job_id = ? ORDER BY sequence`, id)
	require.NoError(t, err)
	return types
}

// usage counts the usage records of job id.
func (f *fixture) usage(t *testing.T, id string) int {
	t.Helper()
	var n int
	require.NoError(t, f.db.QueryRow(context.Background(), `SELECT COUNT(*) FROM usage_records WHERE job_id = ?`, id).Scan(&n))
	return n
}

func requireCode(t *testing.T, code apperr.Code, err error) {
	t.Helper()
	require.Error(t, err)
	require.Equal(t, code, apperr.From(err).Code, err.Error())
}

// A text submission is a queued job whose processing is enqueued with it,
// once; the same request again under its Idempotency-Key answers the same
// job and enqueues nothing more.
func TestATextSubmissionIsQueuedOnceUnderItsKey(t *testing.T) {
	storetest.EachDB(t, func(t *testing.T, db *store.DB) {
		f, ctx := newFixture(t, db), context.Background()
		c := f.caller(t, apikey.Sandbox)
		first, err := f.jobs.SubmitText(ctx, c, spec(), "Chest pain.", idem(t, "k1", "process-text", "chest pain"))
		require.NoError(t, err)
		require.Equal(t, job.Queued, first.Status)
		v := f.status(t, c, first.JobID)
		require.Equal(t, job.Queued, v.Status)
		require.Equal(t, 10, v.Progress)
		require.Equal(t, 1, f.queue.times(first.JobID), "its processing is enqueued with it")

		again, err := f.jobs.SubmitText(ctx, c, spec(), "Chest pain.", idem(t, "k1", "process-text", "chest pain"))
		require.NoError(t, err)
		require.Equal(t, first, again, "the same answer")
		require.Equal(t, 1, f.queue.times(first.JobID), "nothing more to run")

		page, err := f.jobs.ListOwned(ctx, c.UserID, job.ListFilter{})
		require.NoError(t, err)
		require.Len(t, page.Jobs, 1, "one job for the two requests")
	})
}

// The job a submission hands to the run that starts at once is the job
// as stored: the run writes the note from it (transcript, custom template,
// spec) and announces it (account, key, metadata, webhook environment)
// without reading it back.
func TestASubmissionHandsItsRunTheJobAsStored(t *testing.T) {
	storetest.EachDB(t, func(t *testing.T, db *store.DB) {
		f, ctx := newFixture(t, db), context.Background()
		c := f.caller(t, apikey.Live)
		consent := true
		sp := spec()
		sp.PatientConsent, sp.WebhookEnv, sp.OutputLanguage = &consent, "prod", "fr"
		sp.CustomMetadata = []byte(`{"patient_id":"p-1","ward":3}`)
		sub, err := f.jobs.SubmitText(ctx, c, sp, "Patient reports chest pain for two days.", nil)
		require.NoError(t, err)
		f.queue.mu.Lock()
		inserted := f.queue.inserted[sub.JobID]
		f.queue.mu.Unlock()
		require.NotNil(t, inserted, "a queued submission hands its run the job")
		stored, err := f.jobs.Load(ctx, sub.JobID)
		require.NoError(t, err)
		require.WithinDuration(t, stored.CreatedAt, inserted.CreatedAt, 0)
		require.WithinDuration(t, stored.UpdatedAt, inserted.UpdatedAt, 0)
		inserted.CreatedAt, inserted.UpdatedAt = stored.CreatedAt, stored.UpdatedAt
		require.Equal(t, stored, inserted)
		text, err := f.jobs.OpenTranscript(inserted)
		require.NoError(t, err)
		require.Equal(t, "Patient reports chest pain for two days.", text)
	})
}

// An Idempotency-Key belongs to one request: another body or another
// endpoint under it is a conflict on the header, and no job is made. Keys
// are per API key: another key's same key is a new request.
func TestAnIdempotencyKeyRefusesAnotherRequest(t *testing.T) {
	storetest.EachDB(t, func(t *testing.T, db *store.DB) {
		f, ctx := newFixture(t, db), context.Background()
		c := f.caller(t, apikey.Sandbox)
		first, err := f.jobs.SubmitText(ctx, c, spec(), "Chest pain.", idem(t, "k1", "process-text", "chest pain"))
		require.NoError(t, err)

		_, err = f.jobs.SubmitText(ctx, c, spec(), "Knee pain.", idem(t, "k1", "process-text", "knee pain"))
		requireCode(t, apperr.Conflict, err)
		require.Equal(t, "Idempotency-Key", apperr.From(err).Field)
		audio := spec()
		audio.FileExtension = "wav"
		_, err = f.jobs.SubmitAudio(ctx, c, audio, idem(t, "k1", "process-audio", "chest pain"))
		requireCode(t, apperr.Conflict, err)

		page, err := f.jobs.ListOwned(ctx, c.UserID, job.ListFilter{})
		require.NoError(t, err)
		require.Len(t, page.Jobs, 1, "the refused requests made no job")

		live := f.otherKey(t, c, apikey.Live)
		other, err := f.jobs.SubmitText(ctx, live, spec(), "Knee pain.", idem(t, "k1", "process-text", "knee pain"))
		require.NoError(t, err)
		require.NotEqual(t, first.JobID, other.JobID)
	})
}

// A job moves forward only: once completed it is never failed, and once
// failed it is never completed. Each end is announced once, and a live
// job's usage is recorded once, however many attempts finish.
func TestAFinishedJobNeverChanges(t *testing.T) {
	storetest.EachDB(t, func(t *testing.T, db *store.DB) {
		f, ctx := newFixture(t, db), context.Background()
		c := f.caller(t, apikey.Live)

		done := f.submitText(t, c)
		require.NoError(t, f.complete(t, done, "Chest pain for two days."))
		require.NoError(t, f.complete(t, done, "Another attempt's note."), "a second attempt finds it ended")
		failed, err := f.jobs.Fail(ctx, done, "internal_error", "too late")
		require.NoError(t, err)
		require.Nil(t, failed, "a completed job is not failed")
		v := f.status(t, c, done)
		require.Equal(t, job.Completed, v.Status)
		require.Equal(t, 100, v.Progress)
		note, err := f.jobs.FetchNote(ctx, c, done)
		require.NoError(t, err)
		require.Equal(t, "Chest pain for two days.", note.Note, "the first attempt's note")
		require.Equal(t, []string{"job.completed"}, f.events(t, done))
		require.Equal(t, 1, f.usage(t, done))

		broken := f.submitText(t, c)
		failed, err = f.jobs.Fail(ctx, broken, "note_generation_failed", "The note provider failed")
		require.NoError(t, err)
		require.NotNil(t, failed)
		require.NoError(t, f.complete(t, broken, "A late note."))
		again, err := f.jobs.Fail(ctx, broken, "internal_error", "again")
		require.NoError(t, err)
		require.Nil(t, again, "failed once")
		v = f.status(t, c, broken)
		require.Equal(t, job.Failed, v.Status)
		require.Equal(t, "The note provider failed", v.Message)
		_, err = f.jobs.FetchNote(ctx, c, broken)
		requireCode(t, apperr.Conflict, err)
		require.Equal(t, []string{"job.error"}, f.events(t, broken))
		require.Zero(t, f.usage(t, broken), "a failed job is not billed for a note")
	})
}

// A transcript arriving for a job that is no longer transcribing (another
// attempt finished, or the job failed) is not stored, and a job deleted
// with its account is neither completed nor failed: nothing is announced.
func TestLateResultsChangeNothing(t *testing.T) {
	storetest.EachDB(t, func(t *testing.T, db *store.DB) {
		f, ctx := newFixture(t, db), context.Background()
		c := f.caller(t, apikey.Sandbox)
		sub := f.submitAudio(t, c, "wav")
		_, err := f.jobs.Fail(ctx, sub.JobID, "upload_expired", "The audio was not uploaded")
		require.NoError(t, err)
		j, err := f.jobs.Load(ctx, sub.JobID)
		require.NoError(t, err)
		j.Status = job.Transcribing // what a worker that started earlier holds
		require.NoError(t, f.jobs.StoreTranscript(ctx, j, job.Transcription{Text: "Too late."}))
		require.Equal(t, job.Failed, f.status(t, c, sub.JobID).Status)
		_, err = f.jobs.FetchTranscript(ctx, c, sub.JobID)
		requireCode(t, apperr.Conflict, err)

		gone := f.submitText(t, c)
		j, err = f.jobs.Load(ctx, gone)
		require.NoError(t, err)
		_, err = db.Exec(ctx, `DELETE FROM users WHERE id = ?`, c.UserID)
		require.NoError(t, err)
		require.NoError(t, f.jobs.Complete(ctx, j, job.Note{Text: "No one to read it."}))
		_, err = f.jobs.Fail(ctx, gone, "internal_error", "gone")
		require.ErrorIs(t, err, job.ErrNotFound)
		_, err = f.jobs.Status(ctx, c, gone)
		require.ErrorIs(t, err, job.ErrNotFound)
		require.Empty(t, f.events(t, gone))
	})
}

// A job is seen only by its own account and key type: another account, a
// live key for a sandbox job and a malformed id are all "not found", as if
// the job did not exist.
func TestAJobIsSeenOnlyByItsOwner(t *testing.T) {
	storetest.EachDB(t, func(t *testing.T, db *store.DB) {
		f, ctx := newFixture(t, db), context.Background()
		c := f.caller(t, apikey.Sandbox)
		id := f.submitText(t, c)
		v := f.status(t, c, id)
		require.Equal(t, id, v.JobID)
		require.False(t, v.CreatedAt.IsZero())

		stranger := f.caller(t, apikey.Sandbox)
		live := f.otherKey(t, c, apikey.Live)
		for name, who := range map[string]apikey.Caller{"another account": stranger, "a live key": live} {
			_, err := f.jobs.Status(ctx, who, id)
			require.ErrorIs(t, err, job.ErrNotFound, name)
			_, err = f.jobs.WaitStatus(ctx, who, id, time.Second, "")
			require.ErrorIs(t, err, job.ErrNotFound, name)
			_, err = f.jobs.FetchTranscript(ctx, who, id)
			require.ErrorIs(t, err, job.ErrNotFound, name)
		}
		_, err := f.jobs.Status(ctx, c, "not-a-uuid")
		require.ErrorIs(t, err, job.ErrNotFound)
		_, err = f.jobs.Status(ctx, c, uuid.NewString())
		require.ErrorIs(t, err, job.ErrNotFound)
	})
}

// A status wait is answered by the job's change as soon as it commits, not
// by the slow re-check, and a wait for a job that has ended answers at once.
func TestAWaitEndsWithTheJob(t *testing.T) {
	storetest.EachDB(t, func(t *testing.T, db *store.DB) {
		f, ctx := newFixture(t, db), context.Background()
		c := f.caller(t, apikey.Sandbox)
		id := f.submitText(t, c)
		answered := make(chan job.StatusView, 1)
		start := time.Now()
		go func() {
			v, err := f.jobs.WaitStatus(ctx, c, id, 30*time.Second, "")
			if err == nil {
				answered <- v
			}
			close(answered)
		}()
		time.Sleep(50 * time.Millisecond)
		require.NoError(t, f.complete(t, id, "A note."))
		v, ok := <-answered
		require.True(t, ok, "the wait answered")
		require.Equal(t, job.Completed, v.Status)
		require.Less(t, time.Since(start), 10*time.Second, "woken by the change, not the one-minute re-check")

		start = time.Now()
		v, err := f.jobs.WaitStatus(ctx, c, id, 30*time.Second, "")
		require.NoError(t, err)
		require.Equal(t, job.Completed, v.Status)
		require.Less(t, time.Since(start), 5*time.Second)
		_, err = f.jobs.WaitStatus(ctx, c, id, job.MaxWait+time.Second, "")
		requireCode(t, apperr.Validation, err)
	})
}

// Retention purges a job's data once it is due and no sooner; a job that
// has not ended is never due. A purged job still answers its status, but
// its note and transcript are gone.
func TestRetentionPurgesWhatIsDueAndOnlyThat(t *testing.T) {
	storetest.EachDB(t, func(t *testing.T, db *store.DB) {
		f, ctx := newFixture(t, db), context.Background()
		c := f.caller(t, apikey.Sandbox)
		done, running := f.submitText(t, c), f.submitText(t, c)
		require.NoError(t, f.complete(t, done, "A note."))

		now, later := store.Now(), store.Now().Add(retention+time.Minute)
		due, err := f.jobs.DueForPurge(ctx, now)
		require.NoError(t, err)
		require.NotContains(t, due, done, "not before its retention")
		require.NoError(t, f.jobs.Purge(ctx, done, now))
		_, err = f.jobs.FetchNote(ctx, c, done)
		require.NoError(t, err, "a purge that is not due does nothing")

		due, err = f.jobs.DueForPurge(ctx, later)
		require.NoError(t, err)
		require.Contains(t, due, done)
		require.NotContains(t, due, running, "a job that has not ended keeps its data")
		require.NoError(t, f.jobs.Purge(ctx, done, later))

		_, err = f.jobs.FetchNote(ctx, c, done)
		requireCode(t, apperr.NotFound, err)
		require.Contains(t, err.Error(), "retention")
		_, err = f.jobs.FetchTranscript(ctx, c, done)
		requireCode(t, apperr.NotFound, err)
		require.Equal(t, job.Completed, f.status(t, c, done).Status, "the job itself is still known")
		due, err = f.jobs.DueForPurge(ctx, later)
		require.NoError(t, err)
		require.NotContains(t, due, done, "purged once")
		_, err = f.jobs.FetchTranscript(ctx, c, running)
		require.NoError(t, err, "the job still running keeps its transcript")
	})
}

// An audio job whose upload never arrives ends in error once its URL has
// expired, and not before; the client is told why.
func TestAnExpiredUploadEndsTheJob(t *testing.T) {
	storetest.EachDB(t, func(t *testing.T, db *store.DB) {
		f, ctx := newFixture(t, db), context.Background()
		c := f.caller(t, apikey.Sandbox)
		sub := f.submitAudio(t, c, ".WAV")
		require.Equal(t, job.Pending, sub.Status)
		require.NotEmpty(t, sub.PresignedURL)

		expired, err := f.jobs.ExpiredUploads(ctx, store.Now())
		require.NoError(t, err)
		require.NotContains(t, expired, sub.JobID)
		expired, err = f.jobs.ExpiredUploads(ctx, store.Now().Add(2*time.Hour))
		require.NoError(t, err)
		require.Contains(t, expired, sub.JobID)

		ended, err := f.jobs.ExpireUpload(ctx, sub.JobID)
		require.NoError(t, err)
		require.NotNil(t, ended)
		v := f.status(t, c, sub.JobID)
		require.Equal(t, job.Failed, v.Status)
		require.Contains(t, v.Message, "upload URL expired")
		expired, err = f.jobs.ExpiredUploads(ctx, store.Now().Add(2*time.Hour))
		require.NoError(t, err)
		require.NotContains(t, expired, sub.JobID, "ended once")
	})
}

// A resumable upload must continue where the stored audio ends; the job is
// queued, and its processing enqueued, when the last byte arrives, after
// which no more audio is taken.
func TestAnUploadQueuesTheJobWhenComplete(t *testing.T) {
	storetest.EachDB(t, func(t *testing.T, db *store.DB) {
		f, ctx := newFixture(t, db), context.Background()
		c := f.caller(t, apikey.Sandbox)
		sub := f.submitAudio(t, c, "wav")
		id := sub.JobID
		require.Zero(t, f.queue.times(id), "nothing to run before the audio")

		plan, err := f.jobs.PlanUpload(ctx, id, &upload.Range{Start: 0, End: 9, Total: 20})
		require.NoError(t, err)
		require.Equal(t, "wav", plan.Job.Spec.FileExtension)
		res, complete, err := f.jobs.RecordUpload(ctx, plan, 10)
		require.NoError(t, err)
		require.False(t, complete)
		require.Equal(t, job.UploadResult{JobID: id, Status: job.Pending, BytesReceived: 10}, res)

		_, err = f.jobs.PlanUpload(ctx, id, &upload.Range{Start: 5, End: 19, Total: 20})
		requireCode(t, apperr.Conflict, err)
		_, err = f.jobs.PlanUpload(ctx, id, &upload.Range{Start: 10, End: 29, Total: 30})
		requireCode(t, apperr.Conflict, err)
		plan, err = f.jobs.PlanUpload(ctx, id, &upload.Range{Start: 10, End: 19, Total: 20})
		require.NoError(t, err)
		res, complete, err = f.jobs.RecordUpload(ctx, plan, 10)
		require.NoError(t, err)
		require.True(t, complete)
		require.Equal(t, job.UploadResult{JobID: id, Status: job.Queued, BytesReceived: 20}, res)
		require.Equal(t, job.Queued, f.status(t, c, id).Status)
		require.Equal(t, 1, f.queue.times(id))

		_, err = f.jobs.PlanUpload(ctx, id, nil)
		requireCode(t, apperr.Conflict, err)
		_, _, err = f.jobs.RecordUpload(ctx, plan, 10)
		requireCode(t, apperr.Conflict, err)
		require.Equal(t, 1, f.queue.times(id), "queued once")
	})
}

// A job's events are numbered by the job's own row, in the update that
// makes the change they announce: attempts that race to end one job leave
// one event, numbered 1, whose body carries the same number, and the row's
// count says how many events the job has.
func TestRacingAttemptsNumberAJobsEventsWithoutGaps(t *testing.T) {
	storetest.EachDB(t, func(t *testing.T, db *store.DB) {
		f, ctx := newFixture(t, db), context.Background()
		c := f.caller(t, apikey.Sandbox)
		ids := make([]string, 6)
		for i := range ids {
			ids[i] = f.submitText(t, c)
		}
		var wg sync.WaitGroup
		for _, id := range ids {
			for k := range 4 {
				wg.Go(func() {
					if k%2 == 0 {
						_ = f.complete(t, id, "Chest pain.")
						return
					}
					_, _ = f.jobs.Fail(ctx, id, "internal_error", "racing")
				})
			}
		}
		wg.Wait()
		for _, id := range ids {
			type event struct {
				sequence int64
				body     string
			}
			events, err := store.Collect(ctx, db, "events", func(row func(...any) error) (event, error) {
				var e event
				return e, row(&e.sequence, &e.body)
			}, `SELECT sequence, payload FROM outbox_events WHERE job_id = ? ORDER BY sequence`, id)
			require.NoError(t, err)
			require.Len(t, events, 1, "one attempt ended the job")
			require.EqualValues(t, 1, events[0].sequence)
			var body map[string]any
			require.NoError(t, json.Unmarshal([]byte(events[0].body), &body))
			require.EqualValues(t, 1, body["sequence"])
			var counted int64
			require.NoError(t, db.QueryRow(ctx, `SELECT event_sequence FROM jobs WHERE id = ?`, id).Scan(&counted))
			require.EqualValues(t, 1, counted)
		}
	})
}
