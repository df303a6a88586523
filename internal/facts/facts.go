// Package facts renders an encounter's structured facts (problems,
// medications, allergies, vital signs and orders) from its clinical
// reading (package clinical), each with the spans of the words that
// support it. It never writes a number that was not said: every value is
// a number the reading read out of the words its spans point at.
package facts

import (
	"github.com/notegen/notegen"
	"github.com/notegen/notegen/internal/clinical"
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

// Medication actions: the reading's, which the wire contract names.
const (
	ActionStart    = clinical.ActionStart
	ActionContinue = clinical.ActionContinue
	ActionStop     = clinical.ActionStop
	ActionChange   = clinical.ActionChange
	ActionMention  = clinical.ActionMention
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
