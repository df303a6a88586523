package notegen

import (
	"context"
	"encoding/json"
	"net/url"
)

// NoteSection is one section of a note, in the note's order. Key comes
// from the template definition (chief_complaint, history_of_present_illness,
// physical_exam, assessment, plan, ...); Text is the section's body as it
// appears in Note.Note.
type NoteSection struct {
	Key   string `json:"key"`
	Title string `json:"title"`
	Text  string `json:"text"`
}

// Span points at the transcript words behind a sentence or a fact: the
// segment's id and code-point offsets inside its text, End exclusive.
type Span struct {
	Segment int `json:"segment"`
	Start   int `json:"start"`
	End     int `json:"end"`
}

// Evidence is one sentence of a note that states something from the
// encounter, with the spans that support it; no spans means the transcript
// does not support it (check it before signing).
type Evidence struct {
	// Section is the key of the section the sentence is in.
	Section  string `json:"section"`
	Sentence string `json:"sentence"`
	Spans    []Span `json:"spans"`
}

// Facts are the encounter's structured facts, each with its spans.
type Facts struct {
	Problems    []Problem    `json:"problems"`
	Medications []Medication `json:"medications"`
	Allergies   []Allergy    `json:"allergies"`
	Vitals      []Vital      `json:"vitals"`
	Orders      []Order      `json:"orders"`
}

// Problem is a condition or symptom; Status is active, resolved or
// ruled_out.
type Problem struct {
	Text   string `json:"text"`
	Status string `json:"status"`
	Spans  []Span `json:"spans"`
}

// Medication is a drug named in the encounter; parts not said are nil.
// Action is what happens to it at this visit: start (a new prescription or
// a restart), continue, stop, change (dose or frequency) or mention (named,
// no decision). Prescribed is true when a prescription for it is written at
// this visit: a start or a change, or a drug continued and refilled; these
// are the visit's medication orders. Reason is the problem it addresses, as
// said, or nil.
type Medication struct {
	Name       string  `json:"name"`
	Dose       *string `json:"dose"`
	Route      *string `json:"route"`
	Frequency  *string `json:"frequency"`
	Action     string  `json:"action"`
	Prescribed bool    `json:"prescribed"`
	Reason     *string `json:"reason"`
	Spans      []Span  `json:"spans"`
}

// Allergy is a substance the patient reacts to; Reaction is nil when none
// was said.
type Allergy struct {
	Substance string  `json:"substance"`
	Reaction  *string `json:"reaction"`
	Spans     []Span  `json:"spans"`
}

// Vital is a measured vital sign: Kind is blood_pressure (Value "130/85"),
// heart_rate, respiratory_rate, temperature, oxygen_saturation, weight or
// height; Unit is UCUM (mm[Hg], /min, Cel, %, kg, ...).
type Vital struct {
	Kind  string `json:"kind"`
	Value string `json:"value"`
	Unit  string `json:"unit"`
	Spans []Span `json:"spans"`
}

// Order is a test, referral, procedure or follow-up the clinician ordered
// at this visit: Kind is lab, imaging, referral, procedure or follow_up;
// Reason is the problem it addresses, as said, or nil.
type Order struct {
	Kind   string  `json:"kind"`
	Text   string  `json:"text"`
	Reason *string `json:"reason"`
	Spans  []Span  `json:"spans"`
}

// FetchNoteFHIR reads a completed job's note as a FHIR R4 document Bundle
// (GET /v1/fetch-note/{job_id}?format=fhir), as the JSON the server sent,
// ready to hand to an EHR.
func (c *Client) FetchNoteFHIR(ctx context.Context, jobID string) (json.RawMessage, error) {
	var raw json.RawMessage
	cl := call{method: "GET", path: "/v1/fetch-note/" + pathEscape(jobID), query: url.Values{"format": {"fhir"}}, auth: authAPIKey, idempotent: true}
	if err := c.do(ctx, cl, &raw); err != nil {
		return nil, err
	}
	return raw, nil
}

// Cited returns the words of the transcript a span points at, or "" when
// the span does not fit segs (segments from FetchTranscript or GetJob).
func (sp Span) Cited(segs []Segment) string {
	for _, seg := range segs {
		if seg.ID != sp.Segment {
			continue
		}
		runes := []rune(seg.Text)
		if sp.Start < 0 || sp.End > len(runes) || sp.Start > sp.End {
			return ""
		}
		return string(runes[sp.Start:sp.End])
	}
	return ""
}
