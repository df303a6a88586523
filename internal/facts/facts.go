// Package facts extracts an encounter's structured facts (problems,
// medications, allergies, vital signs and orders) from its transcript
// segments, in English or French, each with the spans of the words that
// support it. It works offline from lexicons compiled into the binary and
// never writes a number that was not said: every value comes from a number
// parsed out of the transcript words its spans point at.
package facts

import (
	"sort"

	"github.com/notegen/notegen"
	"github.com/notegen/notegen/internal/transcript"
)

// The facts are wire types: the root package defines them once for the
// API, the SDK and this package, so what is extracted is what is sent.
type (
	// Span points at the words of one segment that support a fact:
	// code-point offsets into the segment's Text, end exclusive.
	Span = notegen.Span
	// Problem is a condition or symptom the encounter is about.
	Problem = notegen.Problem
	// Medication is a drug named in the encounter. Dose, Route and Frequency
	// are nil when they were not said; Route and Frequency are normalised
	// English terms ("oral", "twice daily") whatever the encounter's
	// language, so that they can be coded.
	Medication = notegen.Medication
	// Allergy is a substance the patient reacts to.
	Allergy = notegen.Allergy
	// Vital is one measured vital sign. Value is the number as said, in
	// digits ("130/85" for blood pressure); Unit is UCUM.
	Vital = notegen.Vital
	// Order is something the clinician orders or plans. Text is the words
	// as said.
	Order = notegen.Order
	// Facts is everything extracted from one encounter. Lists are never
	// nil, so that they encode as [] rather than null.
	Facts = notegen.Facts
)

// Problem statuses.
const (
	StatusActive   = "active"
	StatusResolved = "resolved"
	StatusRuledOut = "ruled_out"
)

// Medication actions.
const (
	ActionStart    = "start"
	ActionContinue = "continue"
	ActionStop     = "stop"
	ActionChange   = "change"
	ActionMention  = "mention"
)

// Vital kinds, as the contract names them.
const (
	VitalBloodPressure = "blood_pressure"
	VitalHeartRate     = "heart_rate"
	VitalRespiratory   = "respiratory_rate"
	VitalTemperature   = "temperature"
	VitalOxygen        = "oxygen_saturation"
	VitalWeight        = "weight"
	VitalHeight        = "height"
)

// Order kinds.
const (
	OrderLab       = "lab"
	OrderImaging   = "imaging"
	OrderReferral  = "referral"
	OrderProcedure = "procedure"
	OrderFollowUp  = "follow_up"
)

// Extractor holds the compiled lexicons; build it once with New and share it:
// Extract does not modify it.
type Extractor struct {
	lex map[string]*lexicon
}

// New compiles the English and French lexicons.
func New() *Extractor {
	return &Extractor{lex: map[string]*lexicon{"en": compile(englishLexicon()), "fr": compile(frenchLexicon())}}
}

// Extract reads the segments in language lang ("en" or "fr"; anything else
// is read as English) and returns their facts.
func (x *Extractor) Extract(segs []transcript.Segment, lang string) Facts {
	lx, ok := x.lex[lang]
	if !ok {
		lx = x.lex["en"]
	}
	doc := analyse(segs, lx)
	f := Facts{
		Problems:    []Problem{},
		Medications: []Medication{},
		Allergies:   []Allergy{},
		Vitals:      []Vital{},
		Orders:      []Order{},
	}
	allergyTokens := map[[2]int]bool{}
	f.Allergies = doc.allergies(allergyTokens)
	allergens := map[string]bool{}
	for _, a := range f.Allergies {
		allergens[fold(a.Substance)] = true
	}
	f.Medications = doc.medications(allergyTokens, allergens)
	if v := doc.vitals(); v != nil {
		f.Vitals = v
	}
	f.Problems = doc.problems()
	if o := doc.orders(); o != nil {
		f.Orders = o
	}
	return f
}

// sortSpans orders spans by position and drops duplicates.
func sortSpans(spans []Span) []Span {
	sort.Slice(spans, func(i, j int) bool {
		if spans[i].Segment != spans[j].Segment {
			return spans[i].Segment < spans[j].Segment
		}
		return spans[i].Start < spans[j].Start
	})
	out := spans[:0]
	for i, s := range spans {
		if i > 0 && s == spans[i-1] {
			continue
		}
		out = append(out, s)
	}
	return out
}

func strPtr(s string) *string { return &s }
