package fhir

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"

	"github.com/notegen/notegen/internal/facts"
)

func concept(system string, c Coding) *CodeableConcept {
	c.System = system
	return &CodeableConcept{Coding: []Coding{c}}
}

// addFacts adds one resource per fact.
func (b *builder) addFacts() {
	f := b.note.Facts
	for i, p := range f.Problems {
		b.conditions = append(b.conditions, b.add(fmt.Sprintf("problem/%d", i), func(id string) any {
			c := Condition{
				ResourceType: "Condition",
				ID:           id,
				Category:     []CodeableConcept{*concept(condCategory, Coding{Code: "encounter-diagnosis", Display: "Encounter Diagnosis"})},
				Code:         CodeableConcept{Text: orUnknown(p.Text)},
				Subject:      b.patient,
			}
			switch p.Status {
			case facts.StatusResolved:
				// a condition of the past ("pneumonia as a child") is the
				// patient's history, not a diagnosis of this encounter
				c.ClinicalStatus = concept(condClinical, Coding{Code: "resolved", Display: "Resolved"})
				c.Category = []CodeableConcept{*concept(condCategory, Coding{Code: "problem-list-item", Display: "Problem List Item"})}
			case facts.StatusRuledOut:
				// a ruled-out condition is refuted; it has no clinical status
				c.VerificationStatus = concept(condVerify, Coding{Code: "refuted", Display: "Refuted"})
			default:
				c.ClinicalStatus = concept(condClinical, Coding{Code: "active", Display: "Active"})
			}
			return c
		}))
	}
	for i, m := range f.Medications {
		if m.Prescribed || m.Action == facts.ActionStart || m.Action == facts.ActionChange {
			// prescribed at this visit (started, restarted, changed or
			// refilled): an order; a refilled drug is also one the patient
			// takes, and stays on the medication list below
			b.prescriptions = append(b.prescriptions, b.add(fmt.Sprintf("prescription/%d", i), func(id string) any {
				return MedicationRequest{
					ResourceType:              "MedicationRequest",
					ID:                        id,
					Status:                    "active",
					Intent:                    "order",
					MedicationCodeableConcept: CodeableConcept{Text: orUnknown(m.Name)},
					Subject:                   b.patient,
					AuthoredOn:                b.date,
					ReasonCode:                reasonCode(m.Reason),
					DosageInstruction:         dosage(m),
					Note:                      []Annotation{{Text: "Action in this encounter: " + m.Action}},
				}
			}))
			if m.Action != facts.ActionContinue {
				continue
			}
		}
		b.medications = append(b.medications, b.add(fmt.Sprintf("medication/%d", i), func(id string) any {
			return MedicationStatement{
				ResourceType:              "MedicationStatement",
				ID:                        id,
				Status:                    medicationStatus(m.Action),
				MedicationCodeableConcept: CodeableConcept{Text: orUnknown(m.Name)},
				Subject:                   b.patient,
				Dosage:                    dosage(m),
				Note:                      []Annotation{{Text: "Action in this encounter: " + m.Action}},
			}
		}))
	}
	for i, a := range f.Allergies {
		b.allergies = append(b.allergies, b.add(fmt.Sprintf("allergy/%d", i), func(id string) any {
			al := AllergyIntolerance{
				ResourceType:   "AllergyIntolerance",
				ID:             id,
				ClinicalStatus: concept(allergyStatus, Coding{Code: "active", Display: "Active"}),
				Code:           CodeableConcept{Text: orUnknown(a.Substance)},
				Patient:        b.patient,
			}
			if a.Reaction != nil && clean(*a.Reaction) != "" {
				al.Reaction = []Reaction{{Manifestation: []CodeableConcept{{Text: clean(*a.Reaction)}}}}
			}
			return al
		}))
	}
	for i, v := range f.Vitals {
		obs, ok := b.observation(v)
		if !ok {
			continue // a vital this package cannot code is left out rather than written wrong
		}
		b.vitals = append(b.vitals, b.add(fmt.Sprintf("vital/%d", i), func(id string) any {
			obs.ID = id
			return obs
		}))
	}
	for i, o := range f.Orders {
		b.orders = append(b.orders, b.add(fmt.Sprintf("order/%d", i), func(id string) any {
			sr := ServiceRequest{
				ResourceType: "ServiceRequest",
				ID:           id,
				Status:       "active",
				Intent:       "order",
				Code:         CodeableConcept{Text: orUnknown(o.Text)},
				Subject:      b.patient,
				ReasonCode:   reasonCode(o.Reason),
			}
			if c, ok := orderCategories[o.Kind]; ok {
				sr.Category = []CodeableConcept{{Coding: []Coding{c}}}
			} else {
				sr.Category = []CodeableConcept{{Text: strings.ReplaceAll(o.Kind, "_", " ")}}
			}
			return sr
		}))
	}
}

// medicationStatus maps what happens at this visit to a drug taken before
// it to MedicationStatement.status: stopped only when stopped at this
// visit, active when continued or named.
func medicationStatus(action string) string {
	if action == facts.ActionStop {
		return "stopped"
	}
	return "active"
}

// reasonCode is the problem a prescription or an order addresses, as said;
// nil when none was.
func reasonCode(reason *string) []CodeableConcept {
	if reason == nil || clean(*reason) == "" {
		return nil
	}
	return []CodeableConcept{{Text: clean(*reason)}}
}

func dosage(m facts.Medication) []Dosage {
	var d Dosage
	var text []string
	if m.Dose != nil && clean(*m.Dose) != "" {
		text = append(text, clean(*m.Dose))
		if q := doseQuantity(*m.Dose); q != nil {
			d.DoseAndRate = []DoseAndRate{{DoseQuantity: q}}
		}
	}
	if m.Route != nil && clean(*m.Route) != "" {
		text = append(text, clean(*m.Route))
		d.Route = &CodeableConcept{Text: clean(*m.Route)}
	}
	if m.Frequency != nil && clean(*m.Frequency) != "" {
		text = append(text, clean(*m.Frequency))
		d.Timing = &Timing{Code: &CodeableConcept{Text: clean(*m.Frequency)}}
		if *m.Frequency == "as needed" || strings.HasSuffix(*m.Frequency, " as needed") {
			// "every 6 hours as needed": taken when needed, at most so often
			yes := true
			d.AsNeeded = &yes
		}
	}
	if len(text) == 0 {
		return nil
	}
	d.Text = strings.Join(text, " ")
	return []Dosage{d}
}

// decimal is a FHIR decimal as JSON writes it; strconv would also take
// "NaN", "1e5" or hex floats, which are not.
var decimal = regexp.MustCompile(`^-?(0|[1-9][0-9]*)(\.[0-9]+)?$`)

// doseQuantity reads "20 mg" as a Quantity, with its UCUM code when the unit
// has one.
func doseQuantity(dose string) *Quantity {
	parts := strings.Fields(dose)
	if len(parts) == 0 {
		return nil
	}
	if !decimal.MatchString(parts[0]) {
		return nil
	}
	q := &Quantity{Value: json.Number(parts[0])}
	if len(parts) > 1 {
		q.Unit = parts[1]
		if code, ok := doseUnits[parts[1]]; ok {
			q.System, q.Code = ucum, code
		}
	}
	return q
}

// observation writes a vital sign with the R4 vital-signs profile of its
// kind: category vital-signs, its LOINC code, a UCUM quantity, and blood
// pressure as a panel with systolic and diastolic components.
func (b *builder) observation(v facts.Vital) (Observation, bool) {
	vc, ok := vitalCodes[v.Kind]
	if !ok {
		return Observation{}, false
	}
	obs := Observation{
		ResourceType: "Observation",
		Meta:         &Meta{Profile: []string{profileBase + vc.profile}},
		Status:       "final",
		Category:     []CodeableConcept{*concept(obsCategory, Coding{Code: "vital-signs", Display: "Vital Signs"})},
		Code:         CodeableConcept{Coding: []Coding{vc.code}, Text: vc.code.Display},
		Subject:      b.patient,
		Effective:    b.date,
	}
	quantity := func(s string) (*Quantity, bool) {
		if !decimal.MatchString(s) {
			return nil, false
		}
		return &Quantity{Value: json.Number(s), Unit: v.Unit, System: ucum, Code: v.Unit}, true
	}
	if v.Kind == facts.VitalBloodPressure {
		sys, dia, found := strings.Cut(v.Value, "/")
		qs, ok1 := quantity(sys)
		qd, ok2 := quantity(dia)
		if !found || !ok1 || !ok2 {
			return Observation{}, false
		}
		obs.Component = []ObservationComponent{
			{Code: CodeableConcept{Coding: []Coding{systolic}}, ValueQuantity: qs},
			{Code: CodeableConcept{Coding: []Coding{diastolic}}, ValueQuantity: qd},
		}
		return obs, true
	}
	q, ok := quantity(v.Value)
	if !ok {
		return Observation{}, false
	}
	obs.ValueQuantity = q
	return obs, true
}

// orUnknown is a fact's text made safe for FHIR, which has no empty strings.
func orUnknown(s string) string {
	if s = clean(s); s == "" {
		return "unknown"
	}
	return s
}
