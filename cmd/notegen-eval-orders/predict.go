package main

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/notegen/notegen/internal/facts"
	"github.com/notegen/notegen/internal/lexicon"
	"github.com/notegen/notegen/internal/notewriter"
	"github.com/notegen/notegen/internal/orderbench"
	"github.com/notegen/notegen/internal/transcript"
)

// reading is what the service extracts from one encounter: its segments
// (the turns that provenance counts) and its facts.
type reading struct {
	segs  []transcript.Segment
	facts facts.Facts
}

// read writes the encounter's note as the service does for a text job (the
// built-in writer, primaryCare, conversation, English, as
// notegen-eval-facts --evidence does) and renders the facts from the
// note's reading, as the service's note detail does: the facts scored are
// the facts a client receives.
func read(w *notewriter.Writer, dialogue string) (reading, error) {
	note, err := w.Write(context.Background(), notewriter.Input{Transcript: dialogue, Template: "primaryCare",
		VisitType: "followUp", RecordingType: "conversation", Lang: "en"})
	if err != nil {
		return reading{}, fmt.Errorf("write note: %w", err)
	}
	return reading{segs: note.Reading.Segments, facts: facts.From(note.Reading)}, nil
}

// mapping says which facts become orders.
type mapping struct {
	// continued also makes an order of a medication the clinician
	// continues without refilling it (off by default: the task's orders
	// are decisions, and "stay on it" writes no prescription; a refill is
	// an order either way).
	continued bool
}

// skipped counts facts left out of the orders, and why, for the report.
type skipped struct {
	stopped, continued, procedures int
}

// orders maps an encounter's facts to the task's orders:
//   - lab and imaging orders keep their type; referrals and follow-ups are
//     the task's followup;
//   - a procedure has no type of its own in the task: one the lexicon
//     says is one of its four (order=: a drug given in the office, an
//     injection or a vaccine, is a medication; a catheterization is
//     imaging) takes that type, described as said; the others (surgery,
//     a cast) are left out and counted, as the official scorer would drop
//     an order of another type;
//   - a medication started, changed (a new dose) or refilled is a
//     medication order,
//     described by its name, dose, route and frequency as said; one
//     stopped is no order (the task has no discontinue order), nor one
//     continued unless m.continued; one only mentioned is none.
//
// Provenance is the segments the fact's spans point into: a segment id is
// a turn id, since the service cuts a labelled transcript at its labels.
func (m mapping) orders(f facts.Facts, sk *skipped) []orderbench.Order {
	var out []orderbench.Order
	for _, o := range f.Orders {
		var typ string
		switch o.Kind {
		case facts.OrderLab:
			typ = orderbench.TypeLab
		case facts.OrderImaging:
			typ = orderbench.TypeImaging
		case facts.OrderReferral, facts.OrderFollowUp:
			typ = orderbench.TypeFollowUp
		case facts.OrderProcedure:
			if typ = procedureType(o.Text); typ == "" {
				sk.procedures++
				continue
			}
		default:
			continue
		}
		out = append(out, orderbench.Order{OrderType: typ, Description: o.Text, Reason: o.Reason, Provenance: turns(o.Spans)})
	}
	for _, med := range f.Medications {
		switch med.Action {
		case facts.ActionStart, facts.ActionChange:
		case facts.ActionContinue:
			if !m.continued && !med.Prescribed {
				sk.continued++
				continue
			}
		case facts.ActionStop:
			sk.stopped++
			continue
		default:
			continue
		}
		out = append(out, orderbench.Order{OrderType: orderbench.TypeMedication, Description: medicationText(med),
			Reason: med.Reason, Provenance: turns(med.Spans)})
	}
	return out
}

// procedureType is the task's type of a procedure order by its lexicon
// entry's order attribute, "" when it has none.
func procedureType(text string) string {
	x := lexicon.For("en")
	toks := x.Tokenize(strings.ToLower(text))
	for k := range toks {
		if e, _ := x.List("procedures").Match(toks, k); e != nil {
			return e.Attr("order")
		}
	}
	return ""
}

// medicationText describes a medication order as a prescription reads:
// name, dose, route, frequency, each when it was said.
func medicationText(m facts.Medication) string {
	parts := []string{m.Name}
	for _, p := range []*string{m.Dose, m.Route, m.Frequency} {
		if p != nil && *p != "" {
			parts = append(parts, *p)
		}
	}
	return strings.Join(parts, " ")
}

// turns is the sorted set of segment ids that spans point into.
func turns(spans []facts.Span) []int {
	var ids []int
	for _, sp := range spans {
		ids = append(ids, sp.Segment)
	}
	slices.Sort(ids)
	return slices.Compact(ids)
}
