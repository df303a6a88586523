package job

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/notegen/notegen/internal/apikey"
	"github.com/notegen/notegen/internal/apperr"
	"github.com/notegen/notegen/internal/store"
	"github.com/notegen/notegen/internal/upload"
)

// MaxAudioBytes is the contract's limit on one recording.
const MaxAudioBytes = 500 << 20

// UploadResult is the answer to an upload.
type UploadResult struct {
	JobID         string
	Status        Status
	BytesReceived int64
}

// UploadPlan is what the job's rules allow one upload request to store:
// the pipeline writes the body where it says, then calls RecordUpload.
type UploadPlan struct {
	// Job is the pending job the audio is for.
	Job *Job
	// Received is the answer as things stand, before this body.
	Received UploadResult
	// Query is a request that only asks how much has arrived: it stores
	// nothing and is answered Received.
	Query bool
	// Start is the byte the body starts at; Total the whole audio's
	// length, -1 while not known.
	Start, Total int64
	// Limit is the most the body may hold: its range's length, or what
	// is left of MaxAudioBytes for a whole body.
	Limit int64
	// Whole is a body that is the whole audio (no Content-Range).
	Whole bool
}

// PlanUpload checks an upload request for a pending job, whole (cr nil) or
// as one range of a resumable upload; the caller has checked the upload
// URL's signature. A job that is no longer pending, a total that differs
// from the one announced and a range that does not continue the audio
// stored are conflicts.
func (s *Service) PlanUpload(ctx context.Context, jobID string, cr *upload.Range) (UploadPlan, error) {
	j, err := load(ctx, s.db, jobID, false)
	if err != nil {
		return UploadPlan{}, err
	}
	if j.Status != Pending {
		return UploadPlan{}, apperr.New(apperr.Conflict, "The job's audio has already been received; the job is %s", j.Status)
	}
	p := UploadPlan{Job: j, Received: UploadResult{JobID: j.ID, Status: Pending, BytesReceived: j.UploadBytes},
		Total: -1, Limit: MaxAudioBytes, Whole: cr == nil}
	if cr == nil {
		return p, nil
	}
	if cr.Total > MaxAudioBytes {
		return UploadPlan{}, apperr.New(apperr.PayloadTooLarge, "Audio must be at most %d MiB", MaxAudioBytes>>20)
	}
	if cr.Query {
		p.Query = true
		return p, nil
	}
	p.Start, p.Total, p.Limit = cr.Start, cr.Total, cr.Len()
	if j.UploadTotal.Valid && p.Total >= 0 && p.Total != j.UploadTotal.Int64 {
		return UploadPlan{}, apperr.New(apperr.Conflict, "Content-Range total %d differs from the %d announced earlier", p.Total, j.UploadTotal.Int64)
	}
	if p.Start != 0 && p.Start != j.UploadBytes {
		return UploadPlan{}, apperr.New(apperr.Conflict, "The upload must continue at byte %d", j.UploadBytes)
	}
	return p, nil
}

// RecordUpload records that written bytes of the plan's body are stored.
// Once every byte has arrived the job is queued, its processing enqueued
// in the same transaction; complete reports that. An upload to the same
// job that was recorded meanwhile makes this one a conflict.
func (s *Service) RecordUpload(ctx context.Context, p UploadPlan, written int64) (res UploadResult, complete bool, err error) {
	now := store.Now()
	start, total := p.Start, p.Total
	complete = p.Whole || (total >= 0 && start+written == total)
	res = p.Received
	err = s.db.InTx(ctx, func(tx *store.Tx) error {
		j, err := load(ctx, tx, p.Job.ID, true)
		if err != nil {
			return err
		}
		if j.Status != Pending || (start != 0 && j.UploadBytes != start) {
			return apperr.New(apperr.Conflict, "Another upload to this job was received at the same time; continue at byte %d", j.UploadBytes)
		}
		var totalArg any
		if total >= 0 {
			totalArg = total
		} else if complete {
			totalArg = start + written
		}
		if _, err := tx.Exec(ctx, `UPDATE jobs SET upload_bytes = ?, upload_total = COALESCE(?, upload_total), updated_at = ? WHERE id = ?`,
			start+written, totalArg, now, j.ID); err != nil {
			return fmt.Errorf("record upload: %w", err)
		}
		res.BytesReceived = start + written
		if !complete {
			return nil
		}
		res.Status = Queued
		if err := s.setStatus(ctx, tx, j, Queued, statusMessage(Queued), now); err != nil {
			return err
		}
		return s.queue.Enqueue(ctx, tx, j.ID, nil)
	})
	if err != nil {
		return UploadResult{}, false, err
	}
	return res, complete, nil
}

// SubmitUploaded creates a queued audio job, id, whose size bytes of audio
// the caller has already stored (a one-shot upload) and checked; spec has
// been validated. A repeated submission answers the job the first one
// created, and replayed tells the caller that the audio it stored is not
// needed.
func (s *Service) SubmitUploaded(ctx context.Context, c apikey.Caller, id string, spec Spec, size int64, idem *Idempotency) (sub Submitted, replayed bool, err error) {
	if prior, ok, err := s.replay(ctx, c.KeyID, idem, queuedAnswer); err != nil || ok {
		return prior, ok, err
	}
	sub, err = s.insert(ctx, newJob{id: id, caller: c, spec: spec, source: "audio", status: Queued, uploadBytes: size, uploadTotal: size},
		idem, queuedAnswer, store.Now())
	return sub, false, err
}

// SpecFromForm reads job fields sent as form values, by their wire names;
// custom and custom_metadata are JSON objects in their fields. The spec
// still has to be validated.
func SpecFromForm(f map[string]string) (Spec, error) {
	s := Spec{
		Template: f["template"], VisitType: f["visit_type"], RecordingType: f["recording_type"], Lang: f["lang"],
		OutputLanguage: f["output_language"], DocumentationStyle: f["documentation_style"], WebhookEnv: f["webhook_env"],
		FileExtension: f["file_extension"],
	}
	if v, ok := f["patient_consent"]; ok && v != "" {
		b, err := strconv.ParseBool(v)
		if err != nil {
			return Spec{}, apperr.Invalid("patient_consent", "patient_consent must be true or false")
		}
		s.PatientConsent = &b
	}
	if v := f["custom"]; v != "" {
		var c Custom
		if err := json.Unmarshal([]byte(v), &c); err != nil {
			return Spec{}, apperr.Invalid("custom", "custom must be a JSON object with context and template strings")
		}
		s.Custom = &c
	}
	if v := f["custom_metadata"]; v != "" {
		s.CustomMetadata = json.RawMessage(v)
	}
	return s, nil
}
