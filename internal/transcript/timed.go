package transcript

import "strings"

// Timed is one utterance as a speech-to-text provider returns it (a
// verbose_json segment): seconds into the audio and the words, and the
// speaker when the provider diarised the audio ("SPEAKER_00", "doctor").
type Timed struct {
	Start, End float64
	Text       string
	Speaker    string `json:",omitempty"`
}

// FromTimed makes the segments of an audio job: one per utterance, in
// order, with its times. Blank utterances are dropped and text is trimmed.
// A speaker the provider named by role ("doctor") gives that role; a
// diarised voice ("SPEAKER_00") is kept as the segment's Voice, so that
// inference gives all its utterances one role; infer (which may be nil)
// gives the Unknown segments a role.
func FromTimed(parts []Timed, infer RoleInferrer) []Segment {
	var segs []Segment
	for _, p := range parts {
		text := strings.TrimSpace(p.Text)
		if text == "" {
			continue
		}
		start, end := p.Start, p.End
		seg := Segment{ID: len(segs), Speaker: Unknown, Start: &start, End: &end, Text: text}
		if name := strings.TrimSpace(p.Speaker); name != "" {
			if role, ok := RoleOf(name); ok && role != Unknown {
				seg.Speaker = role
			} else {
				seg.Voice = name
			}
		}
		segs = append(segs, seg)
	}
	if infer != nil && hasUnknown(segs) {
		infer(segs)
	}
	return segs
}
