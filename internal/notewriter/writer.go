// Package notewriter writes structured clinical notes from a transcript
// without a language model: it segments turns and sentences, drops small
// talk, assigns statements to sections with lexicons and rules, rewrites
// speech into third-person clinical statements and normalises numbers.
// Output is deterministic and needs no network.
package notewriter

import (
	"context"
	"fmt"

	nt "github.com/notegen/notegen/internal/notetemplate"
)

// Input is one note job, mirroring the wire contract.
type Input struct {
	// Transcript is a dictation or a conversation; speaker tags such as
	// "[doctor]" / "[patient]" or "Doctor:" are recognised when present.
	Transcript string
	// Template is a notetemplate identifier, e.g. "primaryCare".
	Template string
	// VisitType is "initialEncounter", "followUp" or empty.
	VisitType string
	// RecordingType is "dictation" or "conversation"; a dictation is treated
	// as the clinician speaking throughout.
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
	// transcript spans it was written from (provenance).
	Sections []Section
}

// Writer writes notes. It holds no mutable state, so one Writer may serve
// concurrent requests.
type Writer struct{}

// New returns a Writer.
func New() *Writer { return &Writer{} }

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
	tmpl, spoken, out, style := res.Template, res.Spoken, res.Output, res.Style

	lex := lexiconFor(string(spoken))
	turns, tagged := splitTurns(in.Transcript)
	if !tagged && in.RecordingType == "conversation" {
		turns = inferTurns(in.Transcript, string(spoken))
	}
	if tagged && labelsSwapped(turns, string(spoken)) {
		swapLabels(turns)
	}
	if in.RecordingType == "dictation" {
		for i := range turns {
			turns[i].speaker = speakerClinician
		}
	}
	p := inferPronouns(turns, in.CustomContext, string(spoken))
	found := analyze(turns, lex, string(spoken), p)

	sections := res.Sections
	r := renderer{lex: lex, spoken: string(spoken), out: out, style: style, analysis: found}
	written := r.render(tmpl.ID(), sections)
	toCodePoints(written, in.Transcript)
	return Note{
		Title:    title(tmpl, out, in.VisitType),
		Text:     sectionsText(written),
		Sections: written,
	}, nil
}

func title(tmpl nt.Template, lang nt.Lang, visitType string) string {
	suffix := map[nt.Lang]map[string]string{
		nt.English: {"initialEncounter": "Initial Encounter", "followUp": "Follow-up"},
		nt.French:  {"initialEncounter": "Première consultation", "followUp": "Visite de suivi"},
	}[lang][visitType]
	if suffix == "" {
		return tmpl.Title(lang)
	}
	return tmpl.Title(lang) + " — " + suffix
}
