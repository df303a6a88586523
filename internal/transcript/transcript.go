// Package transcript turns an encounter's transcript into segments: one per
// speaker turn of a text job, one per utterance of an audio job, each with the
// role of who spoke it. Segments are what evidence and facts point into, so
// their Text is kept verbatim and offsets into it are counted in code points.
package transcript

import (
	"fmt"
	"unicode/utf8"
)

// Speaker is the role of whoever uttered a segment, as the wire contract
// names it.
type Speaker string

// The roles a segment can have. Other covers a relative, an interpreter or a
// nurse: someone whose words are part of the encounter but who is neither
// the clinician writing the note nor the patient it is about.
const (
	Clinician Speaker = "clinician"
	Patient   Speaker = "patient"
	Other     Speaker = "other"
	Unknown   Speaker = "unknown"
)

// Valid reports whether s is one of the roles the contract allows.
func (s Speaker) Valid() bool {
	switch s {
	case Clinician, Patient, Other, Unknown:
		return true
	}
	return false
}

// Segment is one turn (text jobs) or utterance (audio jobs) of a transcript.
// Start and End are seconds into the audio and nil for text jobs, which is
// why they are pointers: zero is a real time.
type Segment struct {
	ID      int
	Speaker Speaker
	// Voice names the speaker when a label or the speech provider's
	// diarisation told who spoke without saying their role ("Speaker 1"):
	// every segment of one voice gets the same inferred role. A
	// companion's label is kept too ("RN", "Dad"): it says whether they
	// are staff. It is not part of the wire contract.
	Voice string
	Start *float64
	End   *float64
	Text  string
}

// Len is the segment's length in code points, the unit of every offset the
// API returns.
func (s Segment) Len() int { return utf8.RuneCountInString(s.Text) }

// Slice returns the text between code-point offsets start (inclusive) and end
// (exclusive), or an error naming the segment when the range does not fit;
// callers that build evidence use it to check a span before returning it.
func (s Segment) Slice(start, end int) (string, error) {
	runes := []rune(s.Text)
	if start < 0 || end < start || end > len(runes) {
		return "", fmt.Errorf("segment %d: range [%d,%d) outside its %d code points", s.ID, start, end, len(runes))
	}
	return string(runes[start:end]), nil
}
