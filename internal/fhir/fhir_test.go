package fhir_test

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/facts"
	"github.com/notegen/notegen/internal/fhir"
)

// decode turns a bundle into plain maps, as an EHR reading it would.
func decode(t *testing.T, n fhir.Note) map[string]any {
	t.Helper()
	b, err := fhir.Marshal(n)
	require.NoError(t, err)
	var m map[string]any
	require.NoError(t, json.Unmarshal(b, &m))
	return m
}

func resources(m map[string]any) []map[string]any {
	var out []map[string]any
	for _, e := range m["entry"].([]any) {
		out = append(out, e.(map[string]any)["resource"].(map[string]any))
	}
	return out
}

func str(s string) *string { return &s }

// sampleFacts are the facts of a hypertension follow-up: the encounter's
// reading is tested in internal/clinical; here only how facts are coded.
func sampleFacts() facts.Facts {
	span := []facts.Span{{Segment: 0, Start: 0, End: 4}}
	return facts.Facts{
		Problems: []facts.Problem{{Text: "hypertension", Status: facts.StatusActive, Spans: span},
			{Text: "pneumonia", Status: facts.StatusRuledOut, Spans: span},
			{Text: "appendicitis", Status: facts.StatusResolved, Spans: span}},
		Medications: []facts.Medication{
			{Name: "lisinopril", Dose: str("40 mg"), Frequency: str("once daily"), Action: facts.ActionChange, Reason: str("high blood pressure"), Spans: span},
			{Name: "metformin", Dose: str("500 mg"), Action: facts.ActionContinue, Spans: span},
			{Name: "aspirin", Action: facts.ActionStop, Spans: span},
		},
		Allergies: []facts.Allergy{{Substance: "penicillin", Reaction: str("hives"), Spans: span}},
		Vitals: []facts.Vital{{Kind: facts.VitalBloodPressure, Value: "150/90", Unit: "mm[Hg]", Spans: span},
			{Kind: facts.VitalHeartRate, Value: "72", Unit: "/min", Spans: span}},
		Orders: []facts.Order{{Kind: facts.OrderLab, Text: "lipid panel", Reason: str("hyperlipidemia"), Spans: span},
			{Kind: facts.OrderFollowUp, Text: "follow-up in 2 weeks", Spans: span}},
	}
}

func sampleNote() fhir.Note {
	return fhir.Note{
		JobID:     "job_123",
		Template:  "primaryCare",
		Lang:      "en",
		Created:   time.Date(2026, 11, 23, 9, 30, 0, 0, time.UTC),
		Version:   "1.4.0",
		PatientID: "MRN-0042",
		Sections: []fhir.NoteSection{
			{Key: "chiefComplaint", Title: "Chief Complaint", Text: "High blood pressure."},
			{Key: "vitalSigns", Title: "Vital Signs", Text: "BP 150/90, HR 72."},
			{Key: "assessmentAndPlan", Title: "Assessment and Plan", Text: "Hypertension <uncontrolled> & rising.\nIncrease lisinopril to 40 mg daily."},
			{Key: "patientEducation", Title: "Patient Education", Text: ""},
		},
		Facts: sampleFacts(),
	}
}

func TestBundleIsADocument(t *testing.T) {
	t.Parallel()
	m := decode(t, sampleNote())
	require.Equal(t, "Bundle", m["resourceType"])
	require.Equal(t, "document", m["type"])
	rs := resources(m)
	comp := rs[0]
	require.Equal(t, "Composition", comp["resourceType"], "a document starts with its Composition")
	require.Equal(t, "final", comp["status"])
	require.Equal(t, "11506-3", comp["type"].(map[string]any)["coding"].([]any)[0].(map[string]any)["code"])

	byType := map[string][]map[string]any{}
	for _, r := range rs {
		byType[r["resourceType"].(string)] = append(byType[r["resourceType"].(string)], r)
	}
	patient := byType["Patient"][0]
	require.Equal(t, "MRN-0042", patient["identifier"].([]any)[0].(map[string]any)["value"])
	device := byType["Device"][0]
	require.Equal(t, "notegen", device["deviceName"].([]any)[0].(map[string]any)["name"])
	require.Equal(t, "1.4.0", device["version"].([]any)[0].(map[string]any)["value"])

	// the sections, their LOINC codes and escaped narrative
	secs := comp["section"].([]any)
	require.Len(t, secs, 4)
	code := func(s any) string {
		c, ok := s.(map[string]any)["code"]
		if !ok {
			return ""
		}
		return c.(map[string]any)["coding"].([]any)[0].(map[string]any)["code"].(string)
	}
	require.Equal(t, "10154-3", code(secs[0]))
	require.Equal(t, "8716-3", code(secs[1]))
	require.Equal(t, "51847-2", code(secs[2]))
	div := secs[2].(map[string]any)["text"].(map[string]any)["div"].(string)
	require.Equal(t, `<div xmlns="http://www.w3.org/1999/xhtml"><p>Hypertension &lt;uncontrolled&gt; &amp; rising.<br/>Increase lisinopril to 40 mg daily.</p></div>`, div)

	// one resource per fact, each about the Patient
	for _, kind := range []string{"Condition", "MedicationRequest", "MedicationStatement", "AllergyIntolerance", "Observation", "ServiceRequest"} {
		require.NotEmpty(t, byType[kind], kind)
		for _, r := range byType[kind] {
			ref, ok := r["subject"]
			if kind == "AllergyIntolerance" {
				ref, ok = r["patient"]
			}
			require.True(t, ok, kind)
			require.Equal(t, comp["subject"], ref, "%s is about the document's patient", kind)
		}
	}
	var bp map[string]any
	for _, o := range byType["Observation"] {
		if o["code"].(map[string]any)["coding"].([]any)[0].(map[string]any)["code"] == "85354-9" {
			bp = o
		}
	}
	require.NotNil(t, bp, "blood pressure is a panel")
	comps := bp["component"].([]any)
	require.Len(t, comps, 2)
	sys := comps[0].(map[string]any)["valueQuantity"].(map[string]any)
	require.Equal(t, 150.0, sys["value"])
	require.Equal(t, "mm[Hg]", sys["code"])
	require.Equal(t, 90.0, comps[1].(map[string]any)["valueQuantity"].(map[string]any)["value"])
	// a dose changed today is a prescription: an order with its reason
	require.Len(t, byType["MedicationRequest"], 1)
	rx := byType["MedicationRequest"][0]
	require.Equal(t, "active", rx["status"])
	require.Equal(t, "order", rx["intent"])
	require.Equal(t, "lisinopril", rx["medicationCodeableConcept"].(map[string]any)["text"])
	require.Equal(t, "high blood pressure", rx["reasonCode"].([]any)[0].(map[string]any)["text"])
	dose := rx["dosageInstruction"].([]any)[0].(map[string]any)["doseAndRate"].([]any)[0].(map[string]any)["doseQuantity"].(map[string]any)
	require.Equal(t, 40.0, dose["value"])
	require.Equal(t, "mg", dose["code"])
	// drugs taken before the visit: active when continued, stopped only
	// when stopped at this visit
	statuses := map[string]string{}
	for _, ms := range byType["MedicationStatement"] {
		statuses[ms["medicationCodeableConcept"].(map[string]any)["text"].(string)] = ms["status"].(string)
	}
	require.Equal(t, map[string]string{"metformin": "active", "aspirin": "stopped"}, statuses)
	// an order carries its reason; a ruled-out condition is refuted, not active
	reasons := map[string]any{}
	for _, sr := range byType["ServiceRequest"] {
		reasons[sr["code"].(map[string]any)["text"].(string)] = sr["reasonCode"]
	}
	require.Equal(t, "hyperlipidemia", reasons["lipid panel"].([]any)[0].(map[string]any)["text"])
	require.Nil(t, reasons["follow-up in 2 weeks"], "no reason was said")
	codeOf := func(concept any) any {
		return concept.(map[string]any)["coding"].([]any)[0].(map[string]any)["code"]
	}
	for _, c := range byType["Condition"] {
		switch c["code"].(map[string]any)["text"] {
		case "pneumonia":
			require.NotContains(t, c, "clinicalStatus")
			require.Equal(t, "refuted", codeOf(c["verificationStatus"]))
		case "appendicitis":
			// a condition of the past is history, no diagnosis of this visit
			require.Equal(t, "resolved", codeOf(c["clinicalStatus"]))
			require.Equal(t, "problem-list-item", codeOf(c["category"].([]any)[0]))
		case "hypertension":
			require.Equal(t, "active", codeOf(c["clinicalStatus"]))
			require.Equal(t, "encounter-diagnosis", codeOf(c["category"].([]any)[0]))
		}
	}
}

func TestBundleWithoutPatientIDHasNoIdentifier(t *testing.T) {
	t.Parallel()
	n := sampleNote()
	n.PatientID = ""
	for _, r := range resources(decode(t, n)) {
		if r["resourceType"] == "Patient" {
			require.NotContains(t, r, "identifier")
		}
	}
}

func TestBundleIsStablePerJob(t *testing.T) {
	t.Parallel()
	a, err := fhir.Marshal(sampleNote())
	require.NoError(t, err)
	b, err := fhir.Marshal(sampleNote())
	require.NoError(t, err)
	require.Equal(t, string(a), string(b), "the same note gives the same bundle")
	n := sampleNote()
	n.JobID = "job_456"
	c, err := fhir.Marshal(n)
	require.NoError(t, err)
	require.NotEqual(t, string(a), string(c), "another job gives other ids")
}

func TestBundleRefusesIncompleteNote(t *testing.T) {
	t.Parallel()
	n := sampleNote()
	n.JobID = ""
	_, err := fhir.Build(n)
	require.Error(t, err)
	n = sampleNote()
	n.Created = time.Time{}
	_, err = fhir.Build(n)
	require.Error(t, err)
}

func jsonMarshal(v any) ([]byte, error) { return json.Marshal(v) }

func TestOddFactValuesStayValid(t *testing.T) {
	t.Parallel()
	n := sampleNote()
	nan, weird := "NaN mg", "\x01"
	n.Facts = facts.Facts{
		Medications: []facts.Medication{{Name: "\x02", Dose: &nan, Route: &weird, Action: facts.ActionMention}},
		Vitals:      []facts.Vital{{Kind: facts.VitalHeartRate, Value: "1e5", Unit: "/min"}, {Kind: facts.VitalBloodPressure, Value: "120", Unit: "mm[Hg]"}, {Kind: "mood", Value: "5", Unit: "1"}},
	}
	m := decode(t, n)
	kinds := map[string]int{}
	for _, r := range resources(m) {
		kinds[r["resourceType"].(string)]++
		if r["resourceType"] == "MedicationStatement" {
			require.Equal(t, "unknown", r["medicationCodeableConcept"].(map[string]any)["text"])
			dosage := r["dosage"].([]any)[0].(map[string]any)
			require.NotContains(t, dosage, "doseAndRate", "NaN is not a dose")
			require.NotContains(t, dosage, "route", "a blank route is left out")
		}
	}
	require.Zero(t, kinds["Observation"], "vitals that cannot be coded are left out, not written wrong")
}

// A drug taken when needed, alone or at most so often ("every 6 hours as
// needed"), is dosed as needed.
func TestADrugTakenWhenNeededIsDosedAsNeeded(t *testing.T) {
	t.Parallel()
	n := sampleNote()
	n.Facts.Medications = []facts.Medication{{Name: "tramadol", Dose: str("50 mg"), Frequency: str("every 6 hours as needed"),
		Action: facts.ActionStart, Spans: []facts.Span{{Segment: 0, Start: 0, End: 4}}}}
	for _, r := range resources(decode(t, n)) {
		if r["resourceType"] != "MedicationRequest" {
			continue
		}
		dosage := r["dosageInstruction"].([]any)[0].(map[string]any)
		require.Equal(t, true, dosage["asNeededBoolean"])
		require.Equal(t, "50 mg every 6 hours as needed", dosage["text"])
		return
	}
	t.Fatal("no MedicationRequest for the tramadol")
}

// A drug refilled is ordered (a MedicationRequest) and still taken (an
// active MedicationStatement).
func TestARefillIsOrderedAndTaken(t *testing.T) {
	t.Parallel()
	n := sampleNote()
	n.Facts.Medications = []facts.Medication{{Name: "omeprazole", Dose: str("20 mg"), Action: facts.ActionContinue, Prescribed: true,
		Spans: []facts.Span{{Segment: 0, Start: 0, End: 4}}}}
	kinds := map[string]string{}
	for _, r := range resources(decode(t, n)) {
		switch r["resourceType"] {
		case "MedicationRequest":
			kinds["request"] = r["intent"].(string)
		case "MedicationStatement":
			kinds["statement"] = r["status"].(string)
		}
	}
	require.Equal(t, map[string]string{"request": "order", "statement": "active"}, kinds)
}
