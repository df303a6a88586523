package job

import (
	"encoding/json"
	"fmt"

	"github.com/notegen/notegen/internal/evidence"
	"github.com/notegen/notegen/internal/transcript"
)

// Segments cuts a job's transcript into segments: an audio job's timed
// utterances when speech-to-text returned them, else the text's turns.
// Roles are inferred for turns that carry no label. The pipeline writes the
// note from these, and the reads answer them, so both see the same cut.
func (s *Service) Segments(j *Job, text string) ([]transcript.Segment, error) {
	infer := inferRoles(j.Spec.RecordingType, j.Spec.Lang)
	if j.SegmentsSealed != nil {
		plain, err := s.master.Open(sealPurpose(segmentsPurpose, j.ID), j.SegmentsSealed)
		if err != nil {
			return nil, fmt.Errorf("open segments: %w", err)
		}
		var timed []transcript.Timed
		if err := json.Unmarshal(plain, &timed); err != nil {
			return nil, fmt.Errorf("decode segments: %w", err)
		}
		if segs := transcript.FromTimed(timed, infer); len(segs) > 0 {
			return segs, nil
		}
	}
	segs := transcript.Split(text, infer)
	if segs == nil {
		segs = []transcript.Segment{}
	}
	return segs, nil
}

// openDetail reads the stored detail of a completed note; a note written
// before details were stored has empty lists.
func (s *Service) openDetail(j *Job) (evidence.Detail, error) {
	d := evidence.Empty()
	if j.NoteDetailSealed == nil {
		return d, nil
	}
	plain, err := s.master.Open(sealPurpose(detailPurpose, j.ID), j.NoteDetailSealed)
	if err != nil {
		return d, fmt.Errorf("open note detail: %w", err)
	}
	if err := json.Unmarshal(plain, &d); err != nil {
		return d, fmt.Errorf("decode note detail: %w", err)
	}
	return d, nil
}
