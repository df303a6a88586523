// Package fhir writes a note and its facts as a FHIR R4 document Bundle: a
// Composition (LOINC document type by template, one section per note
// section), the Device that wrote it, the Patient every resource is about,
// and one resource per fact (Condition, MedicationStatement,
// AllergyIntolerance, vital-signs Observation, ServiceRequest). It only
// builds the bundle; serving it is the HTTP layer's job.
package fhir

import (
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"

	"github.com/notegen/notegen/internal/facts"
)

// NoteSection is one section of the note as returned by fetch-note.
type NoteSection struct {
	Key   string
	Title string
	Text  string
}

// Note is what a bundle is built from: the note's sections and facts and the
// job's metadata.
type Note struct {
	JobID     string    // makes the bundle's ids stable: the same job gives the same bundle
	Template  string    // chooses the document type
	Title     string    // the Composition's title; the document type's name when empty
	Lang      string    // "en" or "fr"
	Created   time.Time // the note's date
	Version   string    // notegen's version, written on the Device
	PatientID string    // custom_metadata.patient_id; empty when the job had none
	Sections  []NoteSection
	Facts     facts.Facts
}

// ContentType is the media type of a FHIR JSON body.
const ContentType = "application/fhir+json"

// namespace makes deterministic UUIDs from a job id.
var namespace = uuid.MustParse("6f1c1a52-8f57-4d0e-9a59-3b0f5f7f0c11")

// Marshal builds the bundle and encodes it as JSON without HTML escaping.
func Marshal(n Note) ([]byte, error) {
	b, err := Build(n)
	if err != nil {
		return nil, err
	}
	var sb strings.Builder
	enc := json.NewEncoder(&sb)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(b); err != nil {
		return nil, fmt.Errorf("encode FHIR bundle: %w", err)
	}
	return []byte(sb.String()), nil
}

// Build returns the document Bundle of a note.
func Build(n Note) (*Bundle, error) {
	if n.JobID == "" {
		return nil, errors.New("fhir: a note needs its job id")
	}
	if n.Created.IsZero() {
		return nil, errors.New("fhir: a note needs its date")
	}
	b := &builder{note: n, date: n.Created.UTC().Format(time.RFC3339)}
	return b.bundle(), nil
}

type builder struct {
	note    Note
	date    string
	entries []BundleEntry
	patient Reference
	// references to fact resources, by the section kinds they belong in
	conditions, medications, prescriptions, allergies, vitals, orders []Reference
}

// id derives a stable UUID for the named resource of this job.
func (b *builder) id(name string) string {
	return uuid.NewSHA1(namespace, []byte(b.note.JobID+"/"+name)).String()
}

func (b *builder) add(name string, resource func(id string) any) Reference {
	id := b.id(name)
	url := "urn:uuid:" + id
	b.entries = append(b.entries, BundleEntry{FullURL: url, Resource: resource(id)})
	return Reference{Reference: url}
}

func (b *builder) bundle() *Bundle {
	// the Composition must come first: reserve its place
	compID := b.id("composition")
	b.entries = append(b.entries, BundleEntry{FullURL: "urn:uuid:" + compID})

	b.patient = b.add("patient", func(id string) any {
		p := Patient{ResourceType: "Patient", ID: id}
		if id := clean(b.note.PatientID); id != "" {
			p.Identifier = []Identifier{{Value: id}}
		}
		return p
	})
	device := b.add("device", func(id string) any {
		d := Device{ResourceType: "Device", ID: id, DeviceName: []DeviceName{{Name: "notegen", Type: "manufacturer-name"}}}
		if v := clean(b.note.Version); v != "" {
			d.Version = []DeviceVersion{{Value: v}}
		}
		return d
	})
	device.Display = "notegen"
	b.addFacts()

	doc := DocumentType(b.note.Template)
	title := clean(b.note.Title)
	if title == "" {
		title = doc.Display
	}
	comp := Composition{
		ResourceType: "Composition",
		ID:           compID,
		Language:     b.note.Lang,
		Status:       "final",
		Type:         CodeableConcept{Coding: []Coding{doc}, Text: doc.Display},
		Subject:      b.patient,
		Date:         b.date,
		Author:       []Reference{device},
		Title:        title,
		Section:      b.sections(),
	}
	b.entries[0].Resource = comp
	return &Bundle{
		ResourceType: "Bundle",
		ID:           b.id("bundle"),
		Identifier:   &Identifier{System: "urn:ietf:rfc:3986", Value: "urn:uuid:" + b.id("document")},
		Type:         "document",
		Timestamp:    b.date,
		Entry:        b.entries,
	}
}

// sections writes the note's sections, and links each fact resource from the
// section it belongs in, so that every entry is reachable from the
// Composition as a document requires.
func (b *builder) sections() []Section {
	var out []Section
	for _, s := range b.note.Sections {
		sec := Section{Title: clean(s.Title)}
		if sec.Title == "" {
			sec.Title = clean(s.Key)
		}
		if sec.Title == "" {
			sec.Title = "Section"
		}
		if c, ok := SectionCode(s.Key); ok {
			sec.Code = &CodeableConcept{Coding: []Coding{c}}
		}
		text := clean(s.Text)
		if text == "" {
			sec.EmptyReason = &CodeableConcept{Coding: []Coding{{System: listEmpty, Code: "unavailable", Display: "Unavailable"}}}
			text = sec.Title
		}
		sec.Text = &Narrative{Status: "generated", Div: xhtml(text)}
		out = append(out, sec)
	}
	if len(out) == 0 {
		return nil
	}
	place := func(refs []Reference, keys ...string) {
		if len(refs) == 0 {
			return
		}
		target := len(out) - 1
	find:
		for _, k := range keys {
			for i, s := range b.note.Sections {
				if normKey(s.Key) == k {
					target = i
					break find
				}
			}
		}
		out[target].Entry = append(out[target].Entry, refs...)
		out[target].EmptyReason = nil // a section with entries is not empty
	}
	place(b.conditions, "assessment", "assessmentandplan", "impression", "pastmedicalhistory", "historyofpresentillness", "chiefcomplaint")
	place(b.medications, "medications", "plan", "assessmentandplan", "historyofpresentillness")
	place(b.allergies, "allergies", "pastmedicalhistory", "historyofpresentillness")
	place(b.vitals, "vitalsigns", "physicalexamination", "physicalexam", "examination", "results", "findings")
	place(b.prescriptions, "plan", "assessmentandplan", "recommendations", "medications")
	place(b.orders, "plan", "assessmentandplan", "recommendations", "disposition")
	return out
}

// xhtml writes text as a FHIR narrative div: paragraphs at blank lines,
// line breaks kept, everything escaped.
func xhtml(text string) string {
	var sb strings.Builder
	sb.WriteString(`<div xmlns="http://www.w3.org/1999/xhtml">`)
	for _, para := range strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n\n") {
		para = strings.TrimSpace(para)
		if para == "" {
			continue
		}
		sb.WriteString("<p>")
		for i, line := range strings.Split(para, "\n") {
			if i > 0 {
				sb.WriteString("<br/>")
			}
			sb.WriteString(html.EscapeString(clean(line)))
		}
		sb.WriteString("</p>")
	}
	sb.WriteString("</div>")
	return sb.String()
}

// clean drops what XML and FHIR strings cannot hold (control characters
// other than tab and line breaks, non-characters) and trims the ends.
func clean(s string) string {
	return strings.TrimSpace(strings.Map(func(r rune) rune {
		switch {
		case r == '\t' || r == '\n' || r == '\r':
			return r
		case r < 0x20 || r == 0x7f || r == 0xfffe || r == 0xffff || r == utf8.RuneError:
			return -1
		}
		return r
	}, s))
}
