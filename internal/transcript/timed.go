package transcript

import "strings"

// Timed is one utterance as a speech-to-text provider returns it (a
// verbose_json segment): seconds into the audio and the words.
type Timed struct {
	Start, End float64
	Text       string
}

// FromTimed makes the segments of an audio job: one per utterance, in
// order, with its times. Blank utterances are dropped and text is trimmed.
// Speech-to-text does not say who spoke, so every segment is Unknown until
// infer (which may be nil) gives it a role.
func FromTimed(parts []Timed, infer RoleInferrer) []Segment {
	var segs []Segment
	for _, p := range parts {
		text := strings.TrimSpace(p.Text)
		if text == "" {
			continue
		}
		start, end := p.Start, p.End
		segs = append(segs, Segment{ID: len(segs), Speaker: Unknown, Start: &start, End: &end, Text: text})
	}
	if infer != nil && hasUnknown(segs) {
		infer(segs)
	}
	return segs
}
