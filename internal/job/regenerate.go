package job

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/google/uuid"

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

// Regenerate writes a job's note again, optionally with another template,
// language, style or custom template, as a new job that names its source:
// the source job and its note stay as they are. It needs the source's
// transcript, which the new job gets a copy of, so it lives on even when the
// source is purged first. A live regeneration is billed as a job; its
// transcript is not billed again.
func (s *Service) Regenerate(ctx context.Context, c apikey.Caller, req RegenerateRequest, idem *Idempotency) (Submitted, error) {
	now := store.Now()
	if sub, ok, err := s.replay(ctx, c.KeyID, idem, queuedAnswer); err != nil || ok {
		return sub, err
	}
	if req.JobID == "" {
		return Submitted{}, apperr.Invalid("job_id", "job_id is required")
	}
	src, err := s.readable(ctx, c, req.JobID)
	if err != nil {
		return Submitted{}, err
	}
	transcript, err := s.transcriptOf(src, "The job has no transcript to write a note from yet: it is")
	if err != nil {
		return Submitted{}, err
	}
	spec := src.Spec
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
	if spec.Custom == nil {
		// Absent fields keep the source's values, its custom template too.
		var custom Custom
		if plain, err := s.master.Open(sealPurpose(customPurpose, src.ID), src.CustomSealed); err == nil && json.Unmarshal(plain, &custom) == nil {
			spec.Custom = &custom
		}
	}
	if req.CustomMetadata != nil {
		spec.CustomMetadata = req.CustomMetadata
	}
	if err := spec.Validate(false); err != nil {
		return Submitted{}, err
	}
	var segments []byte
	if src.SegmentsSealed != nil {
		if segments, err = s.master.Open(sealPurpose(segmentsPurpose, src.ID), src.SegmentsSealed); err != nil {
			return Submitted{}, fmt.Errorf("open the source segments: %w", err)
		}
	}
	id := uuid.Must(uuid.NewV7()).String()
	return s.insert(ctx, newJob{id: id, caller: c, spec: spec, source: src.Source, status: Queued, transcript: transcript,
		sourceJobID: src.ID, audioSeconds: src.AudioSeconds, segments: segments}, idem, queuedAnswer, now)
}
