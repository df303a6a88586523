package pipeline

import (
	"context"
	"database/sql"
	"fmt"
	"os"

	"github.com/notegen/notegen/internal/audio"
	"github.com/notegen/notegen/internal/clinical"
	"github.com/notegen/notegen/internal/evidence"
	"github.com/notegen/notegen/internal/job"
	nt "github.com/notegen/notegen/internal/notetemplate"
	"github.com/notegen/notegen/internal/provider"
	"github.com/notegen/notegen/internal/queue"
	"github.com/notegen/notegen/internal/store"
	"github.com/notegen/notegen/internal/transcript"
)

// transcribe turns the job's audio into its transcript.
func (s *Service) transcribe(ctx context.Context, j *job.Job) error {
	if err := s.jobs.StartTranscribing(ctx, j); err != nil {
		return err
	}
	var t job.Transcription
	if j.Sandbox {
		text := provider.SampleTranscript(j.Spec.Lang, j.Spec.RecordingType)
		t = job.Transcription{Text: text, Tokens: transcript.EstimateTokens(text)}
	} else {
		if s.stt == nil {
			return &provider.Error{Provider: "speech-to-text", Message: "speech-to-text is not configured"}
		}
		got, secs, err := s.transcribeAudio(ctx, j)
		if err != nil {
			return err
		}
		t = job.Transcription{Text: got.Text, Tokens: got.Tokens, Seconds: sql.NullFloat64{Float64: secs, Valid: true}, Segments: got.Segments}
	}
	if err := s.jobs.StoreTranscript(ctx, j, t); err != nil {
		return err
	}
	if !s.cfg.KeepAudio {
		if err := s.blobs.Delete(ctx, j.ID); err != nil {
			s.log.WarnContext(ctx, "could not delete transcribed audio", "job_id", j.ID, "error", err.Error())
		}
	}
	return nil
}

// transcribeAudio normalises the stored audio with ffmpeg and sends it to
// the speech-to-text provider. The normalised file lives only for the call.
func (s *Service) transcribeAudio(ctx context.Context, j *job.Job) (provider.Transcript, float64, error) {
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
func (s *Service) writeNote(ctx context.Context, j *job.Job) error {
	text, err := s.jobs.OpenTranscript(j)
	if err != nil {
		return err
	}
	custom := s.jobs.CustomOf(j)
	var writer provider.NoteWriter = s.writer
	if j.Sandbox {
		writer = provider.Sandbox{}
	}
	// The transcript is cut into segments and read once: the note, its
	// evidence and its facts all come from this one reading.
	segs, err := s.jobs.Segments(j, text)
	if err != nil {
		return err
	}
	reading := clinical.Read(segs, clinical.Options{Lang: j.Spec.Lang, Dictation: j.Spec.RecordingType == "dictation",
		Context: custom.Context})
	req := provider.NoteRequest{
		Transcript: text, Segments: segs, Reading: reading, Template: j.Spec.Template, VisitType: j.Spec.VisitType,
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
	// The run's queue job ends with the note's commit, not in one of its
	// own.
	return s.jobs.CompleteWith(ctx, j, job.Note{Title: note.Title, Text: note.Text, Tokens: note.Tokens, Detail: detail},
		func(tx *store.Tx) error { return queue.FinishTx(ctx, tx) })
}

// noteDetail computes a written note's sections, evidence and facts, once,
// so that they are stored with the note. A sentence stating a number the
// encounter never said loses its spans and is logged as a fidelity
// warning, with counts only: no patient text reaches the log.
func (s *Service) noteDetail(ctx context.Context, j *job.Job, r *clinical.Reading, note provider.Note) (evidence.Detail, error) {
	var d evidence.Detail
	segs := r.Segments
	if len(note.Sections) > 0 {
		d = s.detail.Written(note.Sections, r)
	} else {
		res, err := nt.Resolve(nt.Request{Template: j.Spec.Template, Lang: j.Spec.Lang, OutputLanguage: j.Spec.OutputLanguage,
			DocumentationStyle: j.Spec.DocumentationStyle})
		if err != nil {
			return evidence.Detail{}, fmt.Errorf("note sections: %w", err)
		}
		if len(note.Cited) > 0 {
			var checked evidence.Checked
			d, checked = s.detail.Cited(note.Cited, res.Sections, r)
			if checked.Dropped > 0 {
				s.log.WarnContext(ctx, "fidelity warning: the language model cited segments that do not support its sentences",
					"job_id", j.ID, "citations", checked.Citations, "dropped", checked.Dropped)
			}
		} else {
			d = s.detail.Plain(note.Text, res.Sections, r)
		}
	}
	if flagged := s.detail.FlagUnsaid(&d, segs, j.Spec.Lang); flagged > 0 {
		s.log.WarnContext(ctx, "fidelity warning: note sentences state numbers the encounter never said",
			"job_id", j.ID, "sentences", flagged)
	}
	return d, nil
}
