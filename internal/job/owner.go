package job

import (
	"context"
	"database/sql"
	"time"

	"github.com/google/uuid"

	"github.com/notegen/notegen/internal/apikey"
	"github.com/notegen/notegen/internal/apperr"
	"github.com/notegen/notegen/internal/audit"
	"github.com/notegen/notegen/internal/discourse"
	"github.com/notegen/notegen/internal/keyset"
	"github.com/notegen/notegen/internal/store"
	"github.com/notegen/notegen/internal/transcript"
)

// Page sizes of the owner's job list.
const (
	DefaultListLimit = 20
	MaxListLimit     = 100
)

// ActionJobViewed is the audit action of the owner reading a job's note
// and transcript: patient data, so every read is on the record.
const ActionJobViewed = "job.viewed"

// ListFilter selects a page of the owner's jobs. Empty fields select all.
type ListFilter struct {
	// Limit is 1 to MaxListLimit; 0 means DefaultListLimit.
	Limit  int
	Cursor string
	// Status is one of the job statuses.
	Status string
	// KeyType is "sandbox" or "live".
	KeyType string
}

// Summary is a job as the owner's list shows it: what was asked and how it
// went, without patient text.
type Summary struct {
	JobID         string
	Status        Status
	Template      string
	VisitType     string
	RecordingType string
	Lang          string
	IsSandbox     bool
	// APIKey is the submitting key, masked.
	APIKey string
	// SourceJobID is empty except for regenerations.
	SourceJobID string
	CreatedAt   time.Time
	UpdatedAt   time.Time
	// DurationSeconds is the audio's length; nil for text jobs.
	DurationSeconds *float64
	// ErrorCode and ErrorMessage are set for jobs that ended in error.
	ErrorCode    string
	ErrorMessage string
}

// SummaryPage is one page of the owner's jobs, newest first.
type SummaryPage struct {
	Jobs []Summary
	// NextCursor fetches the next, older page; empty on the last page.
	NextCursor string
}

// ListOwned lists the jobs of account userID, sandbox and live, newest
// first.
func (s *Service) ListOwned(ctx context.Context, userID string, f ListFilter) (SummaryPage, error) {
	limit := f.Limit
	if limit == 0 {
		limit = DefaultListLimit
	}
	if limit < 1 || limit > MaxListLimit {
		return SummaryPage{}, apperr.Invalid("limit", "limit must be between 1 and %d", MaxListLimit)
	}
	query := `SELECT j.id, j.status, j.template, j.visit_type, j.recording_type, j.lang, j.is_sandbox, j.api_key_id,
		j.source_job_id, j.created_at, j.updated_at, j.audio_seconds, j.error_code, j.error_message
		FROM jobs j WHERE j.user_id = ?`
	args := []any{userID}
	if f.Status != "" {
		st, err := ParseStatus("status", f.Status)
		if err != nil {
			return SummaryPage{}, err
		}
		query += ` AND j.status = ?`
		args = append(args, st)
	}
	switch f.KeyType {
	case "":
	case "sandbox", "live":
		query += ` AND j.is_sandbox = ?`
		args = append(args, f.KeyType == "sandbox")
	default:
		return SummaryPage{}, apperr.Invalid("key_type", "key_type must be one of sandbox, live")
	}
	// The cursor's id must be a job's UUID, which PostgreSQL would otherwise
	// refuse with an error of its own.
	query, args, err := keyset.Older(query, args, "j.created_at", "j.id", f.Cursor, limit, func(id string) error {
		_, err := uuid.Parse(id)
		return err
	})
	if err != nil {
		return SummaryPage{}, apperr.Invalid("cursor", "cursor is not one this server issued")
	}
	jobs, err := store.Collect(ctx, s.db, "list jobs", func(row func(...any) error) (Summary, error) {
		var j Summary
		var source sql.NullString
		var seconds sql.NullFloat64
		// The key's id until the names are read below, after the rows.
		err := row(&j.JobID, &j.Status, &j.Template, &j.VisitType, &j.RecordingType, &j.Lang, &j.IsSandbox, &j.APIKey,
			&source, &j.CreatedAt, &j.UpdatedAt, &seconds, &j.ErrorCode, &j.ErrorMessage)
		j.SourceJobID = source.String
		if seconds.Valid {
			j.DurationSeconds = &seconds.Float64
		}
		j.CreatedAt, j.UpdatedAt = j.CreatedAt.UTC(), j.UpdatedAt.UTC()
		return j, err
	}, query, args...)
	if err != nil {
		return SummaryPage{}, err
	}
	page := SummaryPage{Jobs: jobs}
	keyIDs := make([]string, len(jobs))
	for i, j := range jobs {
		keyIDs[i] = j.APIKey
	}
	names, err := apikey.MaskedNames(ctx, s.db, userID, keyIDs)
	if err != nil {
		return SummaryPage{}, err
	}
	for i := range page.Jobs {
		page.Jobs[i].APIKey = names[page.Jobs[i].APIKey]
	}
	page.Jobs, page.NextCursor = keyset.Page(page.Jobs, limit, func(j Summary) (time.Time, string) { return j.CreatedAt, j.JobID })
	return page, nil
}

// OwnerView is a job as its owner reads it: the fetch-note answer with the
// transcript and its segments. A job still running has no note yet.
type OwnerView struct {
	NoteView
	Transcript string
	Segments   []transcript.Segment
}

// ViewOwned returns job id of account userID with its note and transcript,
// and records the read in the audit log. Another account's job is not
// found.
func (s *Service) ViewOwned(ctx context.Context, userID, id string) (OwnerView, error) {
	if _, err := uuid.Parse(id); err != nil {
		return OwnerView{}, ErrNotFound
	}
	j, err := load(ctx, s.db, id, false)
	if err != nil {
		return OwnerView{}, err
	}
	if j.UserID != userID {
		return OwnerView{}, ErrNotFound
	}
	if j.PurgedAt.Valid {
		return OwnerView{}, errPurged
	}
	note, err := s.noteView(j)
	if err != nil {
		return OwnerView{}, err
	}
	v := OwnerView{NoteView: note, Segments: []transcript.Segment{}}
	if j.TranscriptSealed != nil {
		if v.Transcript, err = s.OpenTranscript(j); err != nil {
			return OwnerView{}, err
		}
		if v.Segments, err = s.Segments(j, v.Transcript); err != nil {
			return OwnerView{}, err
		}
	}
	// The read is recorded before the data leaves: a view that cannot be
	// recorded is refused.
	if err := s.db.InTx(ctx, func(tx *store.Tx) error {
		return audit.Record(ctx, tx, userID, ActionJobViewed, j.ID, nil, store.Now())
	}); err != nil {
		return OwnerView{}, err
	}
	return v, nil
}

// inferRoles gives unlabelled turns a role: a dictation is the clinician
// speaking; a conversation's turns are attributed by the discourse
// package's learned role model.
func inferRoles(recordingType, lang string) transcript.RoleInferrer {
	if recordingType == "dictation" {
		return func(segs []transcript.Segment) {
			for i := range segs {
				if segs[i].Speaker == transcript.Unknown {
					segs[i].Speaker = transcript.Clinician
				}
			}
		}
	}
	return discourse.InferRoles(lang)
}
