package httpapi

import (
	"github.com/notegen/notegen"
	"github.com/notegen/notegen/internal/evidence"
	"github.com/notegen/notegen/internal/facts"
	"github.com/notegen/notegen/internal/transcript"
)

// list maps a slice to the wire and never returns nil: the contract's
// lists are [] when empty, not null.
func list[S, W any](in []S, f func(S) W) []W {
	out := make([]W, 0, len(in))
	for _, v := range in {
		out = append(out, f(v))
	}
	return out
}

func wireSegments(segs []transcript.Segment) []notegen.Segment { return list(segs, wireSegment) }

func wireSpans(spans []facts.Span) []notegen.Span {
	return list(spans, func(s facts.Span) notegen.Span { return notegen.Span{Segment: s.Segment, Start: s.Start, End: s.End} })
}

func wireSections(secs []evidence.Section) []notegen.NoteSection {
	return list(secs, func(s evidence.Section) notegen.NoteSection {
		return notegen.NoteSection{Key: s.Key, Title: s.Title, Text: s.Text}
	})
}

func wireEvidence(items []evidence.Sentence) []notegen.Evidence {
	return list(items, func(e evidence.Sentence) notegen.Evidence {
		return notegen.Evidence{Section: e.Section, Sentence: e.Sentence, Spans: wireSpans(e.Spans)}
	})
}

func wireFacts(f facts.Facts) notegen.Facts {
	return notegen.Facts{
		Problems: list(f.Problems, func(p facts.Problem) notegen.Problem {
			return notegen.Problem{Text: p.Text, Status: p.Status, Spans: wireSpans(p.Spans)}
		}),
		Medications: list(f.Medications, func(m facts.Medication) notegen.Medication {
			return notegen.Medication{Name: m.Name, Dose: m.Dose, Route: m.Route, Frequency: m.Frequency, Action: m.Action,
				Spans: wireSpans(m.Spans)}
		}),
		Allergies: list(f.Allergies, func(a facts.Allergy) notegen.Allergy {
			return notegen.Allergy{Substance: a.Substance, Reaction: a.Reaction, Spans: wireSpans(a.Spans)}
		}),
		Vitals: list(f.Vitals, func(v facts.Vital) notegen.Vital {
			return notegen.Vital{Kind: v.Kind, Value: v.Value, Unit: v.Unit, Spans: wireSpans(v.Spans)}
		}),
		Orders: list(f.Orders, func(o facts.Order) notegen.Order {
			return notegen.Order{Kind: o.Kind, Text: o.Text, Spans: wireSpans(o.Spans)}
		}),
	}
}
