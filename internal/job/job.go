package job

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/notegen/notegen/internal/apperr"
	"github.com/notegen/notegen/internal/outbox"
	"github.com/notegen/notegen/internal/store"
)

// Status is a job status of the wire contract.
type Status string

// Job statuses: pending (waiting for upload) -> queued -> transcribing ->
// transcribed -> completed, or error from any of them. Text jobs start at
// queued and skip transcription.
const (
	Pending      Status = "pending"
	Queued       Status = "queued"
	Transcribing Status = "transcribing"
	Transcribed  Status = "transcribed"
	Completed    Status = "completed"
	Failed       Status = "error"
)

var progressOf = map[Status]int{Pending: 0, Queued: 10, Transcribing: 30, Transcribed: 60, Completed: 100, Failed: 100}

// Job is a stored job.
type Job struct {
	ID, UserID, APIKeyID string
	Sandbox              bool
	Source               string
	Status               Status
	Message              string
	Spec                 Spec
	CustomSealed         []byte
	UploadBytes          int64
	UploadTotal          sql.NullInt64
	UploadExpiresAt      sql.NullTime
	AudioSeconds         sql.NullFloat64
	TranscriptSealed     []byte
	NoteSealed           []byte
	// SegmentsSealed holds an audio job's timed utterances (JSON), when
	// speech-to-text returned them.
	SegmentsSealed []byte
	// NoteDetailSealed holds the note's sections, evidence and facts (JSON).
	NoteDetailSealed    []byte
	NoteTitle           string
	TranscriptionTokens int64
	NoteTokens          int64
	ErrorCode           string
	ErrorMessage        string
	// SourceJobID names the job a regenerated note was written from.
	SourceJobID          string
	CreatedAt, UpdatedAt time.Time
	CompletedAt          sql.NullTime
	PurgeAfter           sql.NullTime
	PurgedAt             sql.NullTime
}

const jobColumns = `id, user_id, api_key_id, is_sandbox, source, status, message, template, visit_type, recording_type, lang,
	output_language, documentation_style, custom_sealed, custom_metadata, webhook_env, patient_consent, file_extension,
	upload_bytes, upload_total, upload_expires_at, audio_seconds, transcript_sealed, note_sealed, note_title,
	transcription_tokens, note_tokens, error_code, error_message, created_at, updated_at, completed_at,
	purge_after, purged_at, source_job_id, segments_sealed, note_detail_sealed`

// errCodeBilling marks job errors about billing, whose webhook carries no
// error object (the interface says so).
const errCodeBilling = "billing"

// ErrNotFound answers a job that does not exist or that the caller may not
// see: the two are told apart by nobody outside.
var ErrNotFound = apperr.New(apperr.NotFound, "Job not found")

// load reads a job; forUpdate locks its row for the rest of a transaction.
func load(ctx context.Context, q store.Queryer, id string, forUpdate bool) (*Job, error) {
	suffix := ""
	if forUpdate {
		suffix = q.ForUpdate()
	}
	var j Job
	var consent bool
	var metadata string
	var source sql.NullString
	err := q.QueryRow(ctx, `SELECT `+jobColumns+` FROM jobs WHERE id = ?`+suffix, id).Scan(
		&j.ID, &j.UserID, &j.APIKeyID, &j.Sandbox, &j.Source, &j.Status, &j.Message, &j.Spec.Template, &j.Spec.VisitType,
		&j.Spec.RecordingType, &j.Spec.Lang, &j.Spec.OutputLanguage, &j.Spec.DocumentationStyle, &j.CustomSealed, &metadata,
		&j.Spec.WebhookEnv, &consent, &j.Spec.FileExtension, &j.UploadBytes, &j.UploadTotal, &j.UploadExpiresAt,
		&j.AudioSeconds, &j.TranscriptSealed, &j.NoteSealed, &j.NoteTitle, &j.TranscriptionTokens, &j.NoteTokens,
		&j.ErrorCode, &j.ErrorMessage, &j.CreatedAt, &j.UpdatedAt, &j.CompletedAt, &j.PurgeAfter, &j.PurgedAt, &source,
		&j.SegmentsSealed, &j.NoteDetailSealed)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("read job: %w", err)
	}
	j.Spec.PatientConsent = &consent
	j.SourceJobID = source.String
	j.Spec.CustomMetadata = []byte(metadata)
	j.CreatedAt, j.UpdatedAt = j.CreatedAt.UTC(), j.UpdatedAt.UTC()
	return &j, nil
}

// env is where the job's webhooks go: its webhook_env, else dev for
// sandbox jobs and prod for live ones.
func (j *Job) env() string {
	if j.Spec.WebhookEnv != "" {
		return j.Spec.WebhookEnv
	}
	if j.Sandbox {
		return "dev"
	}
	return "prod"
}

// urls are the note and transcript locations named in webhooks.
func (s *Service) noteURL(id string) string { return s.cfg.PublicURL + "/v1/fetch-note/" + id }
func (s *Service) transcriptURL(id string) string {
	return s.cfg.PublicURL + "/v1/fetch-transcript/" + id
}

// setStatus moves a locked job to a new status with its message, and
// writes the event that status announces in the same transaction.
func (s *Service) setStatus(ctx context.Context, tx *store.Tx, j *Job, to Status, message string, now time.Time) error {
	_, err := s.setStatusWith(ctx, tx, j, to, message, now, columns{})
	return err
}

// columns are more columns of the job that a status change sets in its
// own statement: set is a list of ", column = ?" items, args their values.
type columns struct {
	set  string
	args []any
	// unlessEnded leaves a completed or failed job as it is: then the
	// status change does nothing and announces nothing. The update locks
	// the row as it checks, so the job need not be locked first.
	unlessEnded bool
	// blind is for a caller that need not learn whether the job changed
	// (with unlessEnded): on PostgreSQL the update and its event then go
	// to the database as one statement with the transaction's next round
	// trip, its commit for a job's last step, rather than in a round trip
	// of their own. setStatusWith then reports a change either way.
	blind bool
}

// setStatusWith is setStatus that also stores the result the status
// announces (a note, a transcript, an error), one statement fewer per step
// than storing it first. It reports whether the job changed.
func (s *Service) setStatusWith(ctx context.Context, tx *store.Tx, j *Job, to Status, message string, now time.Time, also columns) (bool, error) {
	eventType := eventOf(to)
	args := append([]any{to, message, progressOf[to], now}, also.args...)
	args = append(args, j.ID)
	where := ` WHERE id = ?`
	if also.unlessEnded {
		where += ` AND status NOT IN (?, ?)`
		args = append(args, Completed, Failed)
	}
	query := `UPDATE jobs SET status = ?, message = ?, progress = ?, updated_at = ?` + also.set
	if to == Completed || to == Failed {
		// A job's end ends the claim of the replica that ran it
		// (claim.go), in the update the end makes anyway.
		query += `, claimed_by = NULL, claimed_until = NULL`
	}
	// A status that announces an event numbers it in this update: the
	// row's lock orders the job's events, and no read of the outbox's
	// highest number is needed.
	var sequence int64
	if eventType != "" && also.blind && also.unlessEnded && tx.Dialect() == store.Postgres {
		j.Status, j.Message = to, message
		if err := s.events.PublishTx(ctx, tx, statusTopic(j.ID)); err != nil {
			return false, err
		}
		if _, err := outbox.AddDispatched(ctx, tx, s.event(j, to, eventType, 0, now), now, outbox.Announced{
			Query: query + `, event_sequence = event_sequence + 1` + where + ` RETURNING event_sequence`, Args: args,
		}, s.dispatch); err != nil {
			return false, fmt.Errorf("update job status: %w", err)
		}
		return true, nil
	}
	if eventType != "" {
		err := tx.ScanRow(ctx, query+`, event_sequence = event_sequence + 1`+where+` RETURNING event_sequence`, args, &sequence)
		if errors.Is(err, sql.ErrNoRows) && also.unlessEnded {
			return false, nil
		}
		if err != nil {
			return false, fmt.Errorf("update job status: %w", err)
		}
	} else {
		res, err := tx.Exec(ctx, query+where, args...)
		if err == nil && also.unlessEnded {
			if n, rerr := res.RowsAffected(); rerr != nil || n == 0 {
				return false, rerr
			}
		}
		if err != nil {
			return false, fmt.Errorf("update job status: %w", err)
		}
	}
	j.Status, j.Message = to, message
	if err := s.events.PublishTx(ctx, tx, statusTopic(j.ID)); err != nil {
		return false, err
	}
	if eventType == "" {
		return true, nil
	}
	_, err := outbox.Add(ctx, tx, s.event(j, to, eventType, sequence, now), now)
	return true, err
}

// event is the status event of j's change to status to, numbered sequence
// among the job's events.
func (s *Service) event(j *Job, to Status, eventType string, sequence int64, now time.Time) outbox.Event {
	fields := map[string]any{
		"job_id": j.ID, "status": string(to), "note_url": s.noteURL(j.ID), "custom_metadata": jsonValue(j.Spec.CustomMetadata),
	}
	switch to {
	case Transcribed:
		fields["transcript_url"] = s.transcriptURL(j.ID)
	case Failed:
		if j.ErrorCode != errCodeBilling {
			fields["error"] = map[string]string{"code": j.ErrorCode, "message": j.ErrorMessage}
		}
	}
	return outbox.Event{UserID: j.UserID, Type: eventType, Fields: fields, JobID: j.ID, Env: j.env(), Sequence: sequence}
}

// eventOf is the event a change to status to announces, "" for none.
func eventOf(to Status) string {
	switch to {
	case Transcribed:
		return outbox.JobTranscribed
	case Completed:
		return outbox.JobCompleted
	case Failed:
		return outbox.JobError
	}
	return ""
}
