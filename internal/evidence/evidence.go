// Package evidence ties a written note to the encounter it was written
// from: the note's sections keyed by the template, each sentence with the
// transcript segments that support it, and the encounter's facts. It is
// computed once, when the note is written, and stored sealed with it, so a
// read never recomputes (and never disagrees with) what the writer knew.
package evidence

import (
	"strings"

	"github.com/notegen/notegen"
	"github.com/notegen/notegen/internal/facts"
	nt "github.com/notegen/notegen/internal/notetemplate"
	"github.com/notegen/notegen/internal/notewriter"
	"github.com/notegen/notegen/internal/transcript"
)

// The note's sections and evidence are wire types: the root package
// defines them once for the API, the SDK and the sealed copy stored here.
type (
	// Section is one section of the note: its wire key (snake_case, from
	// the template definition), its heading as written and its body as it
	// appears in the note.
	Section = notegen.NoteSection
	// Sentence is one sentence of the note that states something from the
	// encounter, with the segment spans that support it; empty Spans means
	// the transcript does not support it.
	Sentence = notegen.Evidence
)

// Detail is everything fetch-note returns beside the note's text.
type Detail struct {
	Sections []Section   `json:"sections"`
	Evidence []Sentence  `json:"evidence"`
	Facts    facts.Facts `json:"facts"`
}

// Empty returns a Detail whose lists are empty rather than nil, so that
// they encode as [] for a note that has none.
func Empty() Detail {
	return Detail{Sections: []Section{}, Evidence: []Sentence{}, Facts: EmptyFacts()}
}

// EmptyFacts returns facts with every list empty.
func EmptyFacts() facts.Facts {
	return facts.Facts{Problems: []facts.Problem{}, Medications: []facts.Medication{}, Allergies: []facts.Allergy{},
		Vitals: []facts.Vital{}, Orders: []facts.Order{}}
}

// FromWritten turns the built-in writer's sections, whose sentences carry
// their spans in segment coordinates, into sections and evidence. A line
// that holds several sentences ("• Respiratory: Crackles. No wheezes.") is
// cut into them, each with the spans that support it (see allot).
func FromWritten(written []notewriter.Section, segs []transcript.Segment) ([]Section, []Sentence) {
	sections := make([]Section, 0, len(written))
	items := []Sentence{}
	for _, s := range written {
		key := nt.WireKey(s.Key)
		lines := make([]string, 0, len(s.Sentences))
		for _, sent := range s.Sentences {
			lines = append(lines, sent.Text)
			if notewriter.IsPlaceholder(sent.Text) || strings.TrimSpace(sent.Text) == "" {
				continue
			}
			spans := dedupe(append([]facts.Span{}, sent.Spans...))
			parts := splitLine(sent.Text)
			if len(parts) < 2 {
				items = append(items, Sentence{Section: key, Sentence: sent.Text, Spans: spans})
				continue
			}
			for p, own := range allot(parts, spans, segs) {
				if own == nil {
					own = []facts.Span{}
				}
				items = append(items, Sentence{Section: key, Sentence: parts[p], Spans: own})
			}
		}
		sections = append(sections, Section{Key: key, Title: s.Heading, Text: strings.Join(lines, "\n")})
	}
	return sections, items
}

func dedupe(spans []facts.Span) []facts.Span {
	seen := make(map[facts.Span]bool, len(spans))
	out := spans[:0]
	for _, sp := range spans {
		if !seen[sp] {
			seen[sp] = true
			out = append(out, sp)
		}
	}
	return out
}
