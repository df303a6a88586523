package job

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/notegen/notegen/internal/clinical"
	"os"
	"time"

	"github.com/riverqueue/river"

	"github.com/notegen/notegen/internal/audio"
	"github.com/notegen/notegen/internal/billing"
	"github.com/notegen/notegen/internal/provider"
	"github.com/notegen/notegen/internal/queue"
	"github.com/notegen/notegen/internal/store"
)

// processArgs is the queued work of one job.
type processArgs struct {
	JobID string `json:"job_id"`
}

// Kind implements river.JobArgs.
func (processArgs) Kind() string { return "note_job" }

// InsertOpts implements river.JobArgsWithInsertOpts.
func (processArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: queue.Notes, MaxAttempts: 6}
}

// enqueue adds the job's processing to the queue inside tx, so the work
// exists exactly when the change that asks for it commits.
func (s *Service) enqueue(ctx context.Context, tx *store.Tx, jobID string) error {
	return s.queue.InsertTx(ctx, tx, processArgs{JobID: jobID}, &river.InsertOpts{Queue: queue.Notes})
}

// Register adds the job workers and the retention sweep to the queue.
func (s *Service) Register(w *river.Workers) []*river.PeriodicJob {
	river.AddWorker(w, &processWorker{s: s})
	river.AddWorker(w, &sweepWorker{s: s})
	return []*river.PeriodicJob{
		river.NewPeriodicJob(river.PeriodicInterval(s.cfg.SweepInterval), func() (river.JobArgs, *river.InsertOpts) {
			return sweepArgs{}, &river.InsertOpts{Queue: queue.Maintenance}
		}, &river.PeriodicJobOpts{RunOnStart: true}),
	}
}

type processWorker struct {
	river.WorkerDefaults[processArgs]
	s *Service
}

// NextRetry spaces retries after transient failures: RetryBase, doubling,
// at most ten minutes, or the provider's own Retry-After when longer. A
// retry soon is announced to nobody, so it wakes the queue at its time.
func (w *processWorker) NextRetry(j *river.Job[processArgs]) time.Time {
	delay := w.s.cfg.RetryBase << min(j.Attempt-1, 10)
	delay = min(delay, 10*time.Minute)
	at := time.Now().Add(delay)
	if w.s.queue != nil {
		w.s.queue.WakeAt(j.Queue, at)
	}
	return at
}

// Work runs one attempt. Each step checks the job's stored status, so an
// attempt after a crash resumes where the last one stopped.
func (w *processWorker) Work(ctx context.Context, j *river.Job[processArgs]) error {
	err := w.s.process(ctx, j.Args)
	if err == nil {
		return nil
	}
	code, message, permanent := classify(err)
	if !permanent && j.Attempt < j.MaxAttempts {
		w.s.log.WarnContext(ctx, "note job attempt failed; will retry", "job_id", j.Args.JobID, "attempt", j.Attempt, "error", err.Error())
		return err
	}
	w.s.log.ErrorContext(ctx, "note job failed", "job_id", j.Args.JobID, "attempt", j.Attempt, "error", err.Error())
	if ferr := w.s.fail(context.WithoutCancel(ctx), j.Args.JobID, code, message); ferr != nil {
		return errors.Join(err, ferr)
	}
	return nil
}

// classify turns a failure into the error code and message the client sees
// and says whether retrying is pointless.
func classify(err error) (code, message string, permanent bool) {
	var decodeErr *audio.DecodeError
	var pe *provider.Error
	switch {
	case errors.As(err, &decodeErr):
		return "audio_unreadable", "The audio could not be decoded: " + decodeErr.Detail, true
	case errors.Is(err, audio.ErrNoFFmpeg):
		return "unavailable", "Audio cannot be processed: ffmpeg is not installed on the server", true
	case errors.As(err, &pe):
		code := "note_generation_failed"
		if pe.Provider == "speech-to-text" {
			code = "transcription_failed"
		}
		return code, "The " + pe.Provider + " provider failed: " + pe.Message, !pe.Transient
	}
	return "internal_error", "The job failed because of a server error", false
}

func (s *Service) process(ctx context.Context, args processArgs) error {
	j, err := load(ctx, s.db, args.JobID, false)
	if errors.Is(err, errJobNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if j.PurgedAt.Valid {
		return nil
	}
	switch j.Status {
	case Queued, Transcribing:
		// A regenerated audio job starts with its source's transcript.
		if j.Source == "audio" && j.TranscriptSealed == nil {
			if err := s.transcribe(ctx, j); err != nil {
				return err
			}
			// The note is written from the transcript as stored, which may
			// be another attempt's if one finished first: read it back
			// rather than trust the copy in memory.
			if j, err = load(ctx, s.db, args.JobID, false); err != nil {
				return err
			}
		}
		return s.writeNote(ctx, j)
	case Transcribed:
		return s.writeNote(ctx, j)
	}
	return nil // pending, completed or error: nothing to do
}

// transcribe turns the job's audio into its transcript.
func (s *Service) transcribe(ctx context.Context, j *Job) error {
	if j.Status == Queued {
		if err := s.db.InTx(ctx, func(tx *store.Tx) error {
			return s.setStatus(ctx, tx, j, Transcribing, statusMessage(Transcribing), store.Now())
		}); err != nil {
			return err
		}
	}
	var text string
	var tokens int64
	var seconds any
	var segments []byte // sealed timed utterances, when the provider gave them
	if j.Sandbox {
		text = provider.SampleTranscript(j.Spec.Lang, j.Spec.RecordingType)
		tokens = provider.EstimateTokens(text)
	} else {
		if s.stt == nil {
			return &provider.Error{Provider: "speech-to-text", Message: "speech-to-text is not configured"}
		}
		t, secs, err := s.transcribeAudio(ctx, j)
		if err != nil {
			return err
		}
		text, tokens, seconds = t.Text, t.Tokens, secs
		if len(t.Segments) > 0 {
			plain, err := json.Marshal(t.Segments)
			if err != nil {
				return fmt.Errorf("encode segments: %w", err)
			}
			segments = s.master.Seal(sealPurpose(segmentsPurpose, j.ID), plain)
		}
	}
	now := store.Now()
	err := s.db.InTx(ctx, func(tx *store.Tx) error {
		current, err := load(ctx, tx, j.ID, true)
		if err != nil {
			return err
		}
		if current.Status != Transcribing {
			return nil // another attempt finished first
		}
		if _, err := tx.Exec(ctx, `UPDATE jobs SET transcript_sealed = ?, segments_sealed = ?, transcription_tokens = ?, audio_seconds = COALESCE(?, audio_seconds) WHERE id = ?`,
			s.master.Seal(sealPurpose(transcriptPurpose, j.ID), []byte(text)), segments, tokens, seconds, j.ID); err != nil {
			return fmt.Errorf("store transcript: %w", err)
		}
		j.TranscriptionTokens = tokens
		return s.setStatus(ctx, tx, current, Transcribed, statusMessage(Transcribed), now)
	})
	if err != nil {
		return err
	}
	j.Status = Transcribed
	if !s.cfg.KeepAudio {
		if err := s.blobs.Delete(ctx, j.ID); err != nil {
			s.log.WarnContext(ctx, "could not delete transcribed audio", "job_id", j.ID, "error", err.Error())
		}
	}
	return nil
}

// transcribeAudio normalises the stored audio with ffmpeg and sends it to
// the speech-to-text provider. The normalised file lives only for the call.
func (s *Service) transcribeAudio(ctx context.Context, j *Job) (provider.Transcript, float64, error) {
	src, err := s.blobs.Open(ctx, j.ID, j.UploadBytes)
	if err != nil {
		return provider.Transcript{}, 0, err
	}
	defer src.Close()
	if err := os.MkdirAll(s.cfg.TempDir, 0o700); err != nil {
		return provider.Transcript{}, 0, fmt.Errorf("temp directory: %w", err)
	}
	tmp, err := os.CreateTemp(s.cfg.TempDir, "normalised-*.wav")
	if err != nil {
		return provider.Transcript{}, 0, fmt.Errorf("temp file: %w", err)
	}
	tmp.Close()
	defer os.Remove(tmp.Name())
	select {
	case s.transcodes <- struct{}{}:
	case <-ctx.Done():
		return provider.Transcript{}, 0, ctx.Err()
	}
	seconds, err := audio.Normalize(ctx, src, j.Spec.FileExtension, tmp.Name())
	<-s.transcodes
	if err != nil {
		return provider.Transcript{}, 0, err
	}
	wav, err := os.Open(tmp.Name())
	if err != nil {
		return provider.Transcript{}, 0, fmt.Errorf("open normalised audio: %w", err)
	}
	defer wav.Close()
	t, err := s.stt.Transcribe(ctx, wav, j.Spec.Lang)
	return t, seconds, err
}

// writeNote writes the note from the transcript and completes the job.
func (s *Service) writeNote(ctx context.Context, j *Job) error {
	transcript, err := s.openTranscript(j)
	if err != nil {
		return err
	}
	var custom Custom
	if plain, err := s.master.Open(sealPurpose(customPurpose, j.ID), j.CustomSealed); err == nil {
		_ = json.Unmarshal(plain, &custom)
	}
	var writer provider.NoteWriter = s.writer
	if j.Sandbox {
		writer = provider.Sandbox{}
	}
	// The transcript is cut into segments and read once: the note, its
	// evidence and its facts all come from this one reading.
	segs, err := s.segmentsOf(j, transcript)
	if err != nil {
		return err
	}
	reading := clinical.Read(segs, clinical.Options{Lang: j.Spec.Lang, Dictation: j.Spec.RecordingType == "dictation",
		Context: custom.Context})
	req := provider.NoteRequest{
		Transcript: transcript, Segments: segs, Reading: reading, Template: j.Spec.Template, VisitType: j.Spec.VisitType,
		RecordingType: j.Spec.RecordingType, Lang: j.Spec.Lang, OutputLanguage: j.Spec.OutputLanguage,
		DocumentationStyle: j.Spec.DocumentationStyle, CustomTemplate: custom.Template, CustomContext: custom.Context,
	}
	var note provider.Note
	if citing, ok := writer.(provider.CitingWriter); ok {
		note, err = citing.WriteCited(ctx, req, segs)
	} else {
		note, err = writer.Write(ctx, req)
	}
	if err != nil {
		return err
	}
	detail, err := s.noteDetail(ctx, j, reading, note)
	if err != nil {
		return err
	}
	now := store.Now()
	return s.db.InTx(ctx, func(tx *store.Tx) error {
		// What the usage and the event need of the job was fixed before
		// the note was written (j was read after any transcription), so
		// the job is not read again: the update checks and locks at once,
		// and leaves a job that another attempt ended meanwhile alone.
		changed, err := s.setStatusWith(ctx, tx, j, Completed, statusMessage(Completed), now, columns{
			set: `, note_sealed = ?, note_detail_sealed = ?, note_title = ?, note_tokens = ?, completed_at = ?, purge_after = ?`,
			args: []any{s.master.Seal(sealPurpose(notePurpose, j.ID), []byte(note.Text)), s.master.Seal(sealPurpose(detailPurpose, j.ID), detail),
				note.Title, note.Tokens, now, now.Add(s.cfg.Retention)},
			unlessEnded: true,
		})
		if err != nil || !changed || j.Sandbox {
			return err
		}
		// A regeneration's transcription tokens are zero: its source
		// job's note paid for the transcript.
		return billing.RecordUsage(ctx, tx, billing.JobUsage{UserID: j.UserID, APIKeyID: j.APIKeyID, JobID: j.ID,
			TranscriptionTokens: j.TranscriptionTokens, NoteTokens: note.Tokens}, now)
	})
}

// fail ends a job in error and tells the client.
func (s *Service) fail(ctx context.Context, jobID, code, message string) error {
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
	if err == nil && failed != nil && !s.cfg.KeepAudio && failed.Source == "audio" {
		_ = s.blobs.Delete(ctx, jobID)
	}
	return err
}

// jsonValue decodes stored JSON for embedding in an event body.
func jsonValue(raw []byte) any {
	var v any
	if len(raw) == 0 || json.Unmarshal(raw, &v) != nil {
		return map[string]any{}
	}
	return v
}
