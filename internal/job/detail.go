package job

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/notegen/notegen/internal/clinical"
	"github.com/notegen/notegen/internal/evidence"
	nt "github.com/notegen/notegen/internal/notetemplate"
	"github.com/notegen/notegen/internal/provider"
	"github.com/notegen/notegen/internal/transcript"
)

// segmentsOf cuts a job's transcript into segments: an audio job's timed
// utterances when speech-to-text returned them, else the text's turns.
// Roles are inferred for turns that carry no label.
func (s *Service) segmentsOf(j *Job, text string) ([]transcript.Segment, error) {
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

// noteDetail computes a written note's sections, evidence and facts, once,
// so that they are stored with the note. A sentence stating a number the
// encounter never said loses its spans and is logged as a fidelity
// warning, with counts only: no patient text reaches the log.
func (s *Service) noteDetail(ctx context.Context, j *Job, r *clinical.Reading, note provider.Note) ([]byte, error) {
	var d evidence.Detail
	segs := r.Segments
	if len(note.Sections) > 0 {
		d = s.detail.Written(note.Sections, r)
	} else {
		res, err := nt.Resolve(nt.Request{Template: j.Spec.Template, Lang: j.Spec.Lang, OutputLanguage: j.Spec.OutputLanguage,
			DocumentationStyle: j.Spec.DocumentationStyle})
		if err != nil {
			return nil, fmt.Errorf("note sections: %w", err)
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
	plain, err := json.Marshal(d)
	if err != nil {
		return nil, fmt.Errorf("encode note detail: %w", err)
	}
	return plain, nil
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
