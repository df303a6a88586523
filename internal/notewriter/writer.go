// Package notewriter writes a structured clinical note from the clinical
// reading of an encounter without a language model: each section of the
// template is rendered from the reading (the diagnosis the clinician
// stated, the plan items, the allergies, the drugs already taken, the
// review of systems) and from the units the discourse model placed in it,
// rewritten in the clinical voice. Every sentence carries the transcript
// spans it was written from, in segment coordinates. Output is
// deterministic and needs no network.
package notewriter

import (
	"context"
	"fmt"

	"github.com/notegen/notegen"
	"github.com/notegen/notegen/internal/clinical"
	"github.com/notegen/notegen/internal/discourse"
	"github.com/notegen/notegen/internal/lexicon"
	nt "github.com/notegen/notegen/internal/notetemplate"
	"github.com/notegen/notegen/internal/transcript"
)

// Input is one note job, mirroring the wire contract.
type Input struct {
	// Transcript is a dictation or a conversation as submitted.
	Transcript string
	// Segments are the transcript's segments, built once per job (from
	// speaker labels, the speech provider's timed utterances or role
	// inference); nil means they are cut from Transcript here.
	Segments []transcript.Segment
	// Reading is the encounter's clinical reading when the caller has
	// made it already; nil means the writer reads Segments.
	Reading *clinical.Reading
	// Template is a notetemplate identifier, e.g. "primaryCare".
	Template string
	// VisitType is "initialEncounter", "followUp" or empty.
	VisitType string
	// RecordingType is "dictation" or "conversation"; a dictation is the
	// clinician speaking throughout.
	RecordingType string
	// Lang is the language spoken ("en" or "fr"); it picks the lexicon.
	Lang string
	// OutputLanguage is the language of headings and title; empty means Lang.
	// Statements keep the spoken language: the writer does not translate.
	OutputLanguage string
	// DocumentationStyle is "soap" (default) or "problemBased".
	DocumentationStyle string
	// CustomTemplate, when set, replaces the template's sections with its
	// own headings (one per line).
	CustomTemplate string
	// CustomContext is free text about the patient; it informs pronouns.
	CustomContext string
}

// Note is the written note.
type Note struct {
	Title string
	// Text is the note as plain text: each section's heading in upper
	// case, then its sentences one per line.
	Text string
	// Sections hold the same note sentence by sentence, each with the
	// transcript spans it was written from.
	Sections []Section
	// Reading is the clinical reading the note was rendered from; the
	// note's facts are rendered from the same reading.
	Reading *clinical.Reading
}

// Section is one section of the written note.
type Section struct {
	// Key is the template's section key (notetemplate.Key...), or
	// "custom:<heading>" for an unmatched custom heading.
	Key       string
	Heading   string
	Sentences []Sentence
}

// Sentence is one line of a section and the spans it was written from, in
// segment coordinates. Headings, placeholders and fixed phrases have none.
// Why says how the line came to be (the unit's part and the model's
// probability, or the finding it renders), for traces; it is never sent.
type Sentence struct {
	Text  string
	Spans []notegen.Span
	Why   string
}

// Writer writes notes. It holds no mutable state, so one Writer may serve
// concurrent requests.
type Writer struct{}

// New returns a Writer.
func New() *Writer { return &Writer{} }

// Segments cuts a text job's transcript into segments, with inferred
// roles for unlabelled turns (a dictation is the clinician's).
func Segments(text, recordingType, lang string) []transcript.Segment {
	if recordingType == "dictation" {
		return transcript.Split(text, func(segs []transcript.Segment) {
			for i := range segs {
				if segs[i].Speaker == transcript.Unknown {
					segs[i].Speaker = transcript.Clinician
				}
			}
		})
	}
	return transcript.Split(text, discourse.InferRoles(lang))
}

// Write turns in into a note. It fails on an unknown template, language or
// style, and when ctx is already cancelled.
func (w *Writer) Write(ctx context.Context, in Input) (Note, error) {
	if err := ctx.Err(); err != nil {
		return Note{}, fmt.Errorf("write note: %w", err)
	}
	res, err := nt.Resolve(nt.Request{Template: in.Template, Lang: in.Lang, OutputLanguage: in.OutputLanguage,
		DocumentationStyle: in.DocumentationStyle, CustomTemplate: in.CustomTemplate})
	if err != nil {
		return Note{}, fmt.Errorf("write note: %w", err)
	}
	r := in.Reading
	if r == nil {
		segs := in.Segments
		if segs == nil {
			segs = Segments(in.Transcript, in.RecordingType, string(res.Spoken))
		}
		r = clinical.Read(segs, clinical.Options{Lang: string(res.Spoken), Dictation: in.RecordingType == "dictation",
			Context: in.CustomContext})
	}
	rd := newRenderer(r, res.Output, res.Style)
	written := rd.render(res.Sections)
	return Note{
		Title:    title(res.Template, res.Output, in.VisitType),
		Text:     sectionsText(written),
		Sections: written,
		Reading:  r,
	}, nil
}

// title is the template's title in the output language, with the visit
// type when one was given (phrases.txt "visit.<type>").
func title(tmpl nt.Template, lang nt.Lang, visitType string) string {
	if visitType != "initialEncounter" && visitType != "followUp" {
		return tmpl.Title(lang)
	}
	return tmpl.Title(lang) + " — " + lexicon.For(string(lang)).Phrase("visit."+visitType)
}
