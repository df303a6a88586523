package job

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"

	"github.com/notegen/notegen/internal/billing"
	"github.com/notegen/notegen/internal/evidence"
	"github.com/notegen/notegen/internal/store"
	"github.com/notegen/notegen/internal/transcript"
)

// The pipeline's steps: what runs a job (internal/pipeline) reads it and
// stores each step's result through these, so that every change to the
// jobs table, and the status event it announces, is made here.

// Load reads job id with its sealed data, for the pipeline that runs it.
// A job that does not exist is ErrNotFound.
func (s *Service) Load(ctx context.Context, id string) (*Job, error) {
	return load(ctx, s.db, id, false)
}

// CustomOf unseals the custom template and context of a job. A job without
// them, or whose data was purged, has none: the note is then written on
// the template alone, as it always was.
func (s *Service) CustomOf(j *Job) Custom {
	var custom Custom
	if plain, err := s.master.Open(sealPurpose(customPurpose, j.ID), j.CustomSealed); err == nil {
		_ = json.Unmarshal(plain, &custom)
	}
	return custom
}

// StartTranscribing moves a queued audio job to transcribing, which the
// client sees before the (long) transcription starts. A job past queued
// (an attempt resumed after a crash) is left as it is.
func (s *Service) StartTranscribing(ctx context.Context, j *Job) error {
	if j.Status != Queued {
		return nil
	}
	return s.db.InTx(ctx, func(tx *store.Tx) error {
		return s.setStatus(ctx, tx, j, Transcribing, statusMessage(Transcribing), store.Now())
	})
}

// Transcription is what speech-to-text made of a job's audio.
type Transcription struct {
	Text   string
	Tokens int64
	// Seconds is the audio's length; unset keeps what is stored (a sandbox
	// job's audio is never decoded).
	Seconds sql.NullFloat64
	// Segments are the timed utterances, when the provider gave them.
	Segments []transcript.Timed
}

// StoreTranscript stores a transcribing job's transcript and makes it
// transcribed, announcing it. A job that another attempt already took past
// transcribing is left as it is: the note is then written from the
// transcript that attempt stored.
func (s *Service) StoreTranscript(ctx context.Context, j *Job, t Transcription) error {
	var segments []byte
	if len(t.Segments) > 0 {
		plain, err := json.Marshal(t.Segments)
		if err != nil {
			return fmt.Errorf("encode segments: %w", err)
		}
		segments = s.master.Seal(sealPurpose(segmentsPurpose, j.ID), plain)
	}
	var seconds any
	if t.Seconds.Valid {
		seconds = t.Seconds.Float64
	}
	now := store.Now()
	err := s.writes.InTx(ctx, func(tx *store.Tx) error {
		current, err := load(ctx, tx, j.ID, true)
		if err != nil {
			return err
		}
		if current.Status != Transcribing {
			return nil // another attempt finished first
		}
		if _, err := tx.Exec(ctx, `UPDATE jobs SET transcript_sealed = ?, segments_sealed = ?, transcription_tokens = ?, audio_seconds = COALESCE(?, audio_seconds) WHERE id = ?`,
			s.master.Seal(sealPurpose(transcriptPurpose, j.ID), []byte(t.Text)), segments, t.Tokens, seconds, j.ID); err != nil {
			return fmt.Errorf("store transcript: %w", err)
		}
		j.TranscriptionTokens = t.Tokens
		return s.setStatus(ctx, tx, current, Transcribed, statusMessage(Transcribed), now)
	})
	if err != nil {
		return err
	}
	j.Status = Transcribed
	return nil
}

// Note is a note as the pipeline wrote it, ready to be stored.
type Note struct {
	Title  string
	Text   string
	Tokens int64
	// Detail is the note's sections, evidence and facts, computed once
	// when it was written.
	Detail evidence.Detail
}

// Complete stores a job's note, completes the job, announces it and, for a
// live job, records its usage, all in one transaction. A job that ended
// meanwhile (another attempt completed it, or it failed) is left as it is
// and nothing is announced or billed: a finished job never changes again.
func (s *Service) Complete(ctx context.Context, j *Job, note Note) error {
	return s.CompleteWith(ctx, j, note, nil)
}

// CompleteWith is Complete with also run in the transaction that stores
// the note (nil for nothing), whether or not the note is stored: the
// pipeline finishes the queue's job of the run in it, so that both end in
// one commit.
func (s *Service) CompleteWith(ctx context.Context, j *Job, note Note, also func(tx *store.Tx) error) error {
	detail, err := json.Marshal(note.Detail)
	if err != nil {
		return fmt.Errorf("encode note detail: %w", err)
	}
	now := store.Now()
	return s.writes.InTx(ctx, func(tx *store.Tx) error {
		// What the usage and the event need of the job was fixed before
		// the note was written (j was read after any transcription), so
		// the job is not read again: the update checks and locks at once,
		// and leaves a job that another attempt ended meanwhile alone.
		changed, err := s.setStatusWith(ctx, tx, j, Completed, statusMessage(Completed), now, columns{
			set: `, note_sealed = ?, note_detail_sealed = ?, note_title = ?, note_tokens = ?, completed_at = ?, purge_after = ?`,
			args: []any{s.master.Seal(sealPurpose(notePurpose, j.ID), []byte(note.Text)), s.master.Seal(sealPurpose(detailPurpose, j.ID), detail),
				note.Title, note.Tokens, now, now.Add(s.cfg.Retention)},
			unlessEnded: true,
			// A sandbox job is not billed, so nothing here depends on
			// whether the note was stored: the update and its event go
			// with the commit.
			blind: j.Sandbox,
		})
		if err == nil && also != nil {
			err = also(tx)
		}
		if err != nil || !changed || j.Sandbox {
			return err
		}
		// A regeneration's transcription tokens are zero: its source
		// job's note paid for the transcript.
		return billing.RecordUsage(ctx, tx, billing.JobUsage{UserID: j.UserID, APIKeyID: j.APIKeyID, JobID: j.ID,
			TranscriptionTokens: j.TranscriptionTokens, NoteTokens: note.Tokens}, now)
	})
}

// Fail ends a job in error with the code and message the client sees, and
// announces it. It returns the job it failed, nil when the job had already
// ended (a finished job never changes again), so that the caller can drop
// what the job no longer needs (its audio).
func (s *Service) Fail(ctx context.Context, jobID, code, message string) (*Job, error) {
	now := store.Now()
	var failed *Job
	err := s.db.InTx(ctx, func(tx *store.Tx) error {
		j, err := load(ctx, tx, jobID, true)
		if err != nil {
			return err
		}
		if j.Status == Completed || j.Status == Failed {
			return nil
		}
		if _, err := tx.Exec(ctx, `UPDATE jobs SET error_code = ?, error_message = ?, completed_at = ?, purge_after = ? WHERE id = ?`,
			code, message, now, now.Add(s.cfg.Retention), jobID); err != nil {
			return fmt.Errorf("record job error: %w", err)
		}
		j.ErrorCode, j.ErrorMessage = code, message
		failed = j
		return s.setStatus(ctx, tx, j, Failed, message, now)
	})
	if err != nil {
		return nil, err
	}
	return failed, nil
}

// jsonValue decodes stored JSON for embedding in an event body.
func jsonValue(raw []byte) any {
	var v any
	if len(raw) == 0 || json.Unmarshal(raw, &v) != nil {
		return map[string]any{}
	}
	return v
}
