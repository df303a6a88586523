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

// orEmpty is s, or an empty list for nil.
func orEmpty[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

func wireSections(secs []evidence.Section) []notegen.NoteSection { return orEmpty(secs) }

func wireEvidence(items []evidence.Sentence) []notegen.Evidence {
	items = orEmpty(items)
	for i := range items {
		items[i].Spans = orEmpty(items[i].Spans)
	}
	return items
}

// wireFacts returns f with no nil list at any depth. The facts are wire
// types already (package facts uses the root package's); only a nil list,
// which would encode as null, needs mending.
func wireFacts(f facts.Facts) notegen.Facts {
	f.Problems, f.Medications, f.Allergies = orEmpty(f.Problems), orEmpty(f.Medications), orEmpty(f.Allergies)
	f.Vitals, f.Orders = orEmpty(f.Vitals), orEmpty(f.Orders)
	for i := range f.Problems {
		f.Problems[i].Spans = orEmpty(f.Problems[i].Spans)
	}
	for i := range f.Medications {
		f.Medications[i].Spans = orEmpty(f.Medications[i].Spans)
	}
	for i := range f.Allergies {
		f.Allergies[i].Spans = orEmpty(f.Allergies[i].Spans)
	}
	for i := range f.Vitals {
		f.Vitals[i].Spans = orEmpty(f.Vitals[i].Spans)
	}
	for i := range f.Orders {
		f.Orders[i].Spans = orEmpty(f.Orders[i].Spans)
	}
	return f
}
