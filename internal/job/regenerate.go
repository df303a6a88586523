package job

import (
	"context"
	"encoding/json"
	"time"

	"github.com/notegen/notegen/internal/apikey"
	"github.com/notegen/notegen/internal/apperr"
	"github.com/notegen/notegen/internal/store"
)

// RegenerateRequest asks for a completed job's note to be written again,
// optionally with another template, language, style or custom template.
type RegenerateRequest struct {
	JobID              string
	Template           *string
	OutputLanguage     *string
	DocumentationStyle *string
	Custom             *Custom
	CustomMetadata     json.RawMessage
}

// Regenerate rewrites the note of a completed job in place: the job goes
// back to transcribed and completes again with the new note. A live
// regeneration is billed as a job.
func (s *Service) Regenerate(ctx context.Context, c apikey.Caller, req RegenerateRequest, idem *Idempotency) (Submitted, error) {
	now := store.Now()
	if sub, ok, err := s.replay(ctx, c.KeyID, idem, regeneratingAnswer); err != nil || ok {
		return sub, err
	}
	if req.JobID == "" {
		return Submitted{}, apperr.Invalid("job_id", "job_id is required")
	}
	j, err := s.owned(ctx, c, req.JobID)
	if err != nil {
		return Submitted{}, err
	}
	spec := j.Spec
	if req.Template != nil {
		spec.Template = *req.Template
	}
	if req.OutputLanguage != nil {
		spec.OutputLanguage = *req.OutputLanguage
	}
	if req.DocumentationStyle != nil {
		spec.DocumentationStyle = *req.DocumentationStyle
	}
	spec.Custom = req.Custom
	if req.CustomMetadata != nil {
		spec.CustomMetadata = req.CustomMetadata
	}
	if err := spec.Validate(false); err != nil {
		return Submitted{}, err
	}
	custom, _ := json.Marshal(spec.customOrEmpty())
	err = s.db.InTx(ctx, func(tx *store.Tx) error {
		j, err := load(ctx, tx, req.JobID, true)
		if err != nil {
			return err
		}
		if j.PurgedAt.Valid {
			return errPurged
		}
		if j.Status != Completed {
			return apperr.New(apperr.Conflict, "Only a completed job's note can be regenerated; the job is %s", j.Status)
		}
		if !c.Sandbox() {
			if err := chargeLiveJob(ctx, tx, c.UserID, s.cfg.FreeJobs, now); err != nil {
				return err
			}
		}
		if _, err := tx.Exec(ctx, `UPDATE jobs SET template = ?, output_language = ?, documentation_style = ?, custom_sealed = ?,
			custom_metadata = ?, regenerations = regenerations + 1, status = ?, message = ?, progress = ?, updated_at = ?,
			completed_at = NULL, purge_after = NULL WHERE id = ?`,
			spec.Template, spec.OutputLanguage, spec.DocumentationStyle, s.master.Seal(sealPurpose(customPurpose, j.ID), custom),
			string(spec.CustomMetadata), Transcribed, "Regenerating the note", progressOf[Transcribed], now, j.ID); err != nil {
			return err
		}
		if err := remember(ctx, tx, c.KeyID, idem, j.ID, now); err != nil {
			return err
		}
		return s.enqueue(ctx, tx, j.ID, true)
	})
	if err != nil {
		return Submitted{}, err
	}
	return regeneratingAnswer(j.ID, time.Time{}), nil
}

// regeneratingAnswer answers a regeneration: the job is writing its note
// again.
func regeneratingAnswer(jobID string, _ time.Time) Submitted {
	return Submitted{JobID: jobID, Status: Transcribed}
}
