package fhir

import "strings"

// Code systems.
const (
	loinc         = "http://loinc.org"
	snomed        = "http://snomed.info/sct"
	ucum          = "http://unitsofmeasure.org"
	obsCategory   = "http://terminology.hl7.org/CodeSystem/observation-category"
	condClinical  = "http://terminology.hl7.org/CodeSystem/condition-clinical"
	condVerify    = "http://terminology.hl7.org/CodeSystem/condition-ver-status"
	condCategory  = "http://terminology.hl7.org/CodeSystem/condition-category"
	allergyStatus = "http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical"
	listEmpty     = "http://terminology.hl7.org/CodeSystem/list-empty-reason"
	profileBase   = "http://hl7.org/fhir/StructureDefinition/"
)

// documentTypes gives each template its LOINC document type. Templates with
// no more specific kind of note are progress notes; word-for-word and smart
// insert dictations are plain notes.
var documentTypes = map[string]Coding{
	"primaryCare":             {loinc, "11506-3", "Progress note"},
	"er":                      {loinc, "34111-5", "Emergency department Note"},
	"psychiatry":              {loinc, "11488-4", "Consult note"},
	"surgicalSpecialties":     {loinc, "11488-4", "Consult note"},
	"medicalSpecialties":      {loinc, "11488-4", "Consult note"},
	"nursing":                 {loinc, "34746-8", "Nurse Note"},
	"radiology":               {loinc, "18748-4", "Diagnostic imaging study"},
	"pharmacy":                {loinc, "56445-0", "Medication summary Document"},
	"procedures":              {loinc, "28570-0", "Procedure note"},
	"interventionalRadiology": {loinc, "28570-0", "Procedure note"},
	"letter":                  {loinc, "57133-1", "Referral note"},
	"social":                  {loinc, "11506-3", "Progress note"},
	"wfw":                     {loinc, "34109-9", "Note"},
	"smartInsert":             {loinc, "34109-9", "Note"},
}

// DocumentType returns the LOINC document type of a template; unknown
// templates (a custom one) are progress notes.
func DocumentType(template string) Coding {
	if c, ok := documentTypes[template]; ok {
		return c
	}
	return documentTypes["primaryCare"]
}

// sectionCodes gives the LOINC code of the note sections that have one (the
// C-CDA section codes). Keys are normalised (lower case, no separators) so
// that "historyOfPresentIllness" and "history_of_present_illness" match.
var sectionCodes = map[string]Coding{
	"chiefcomplaint":          {loinc, "10154-3", "Chief complaint Narrative - Reported"},
	"reasonforreferral":       {loinc, "42349-1", "Reason for referral (narrative)"},
	"historyofpresentillness": {loinc, "10164-2", "History of Present illness Narrative"},
	"reviewofsystems":         {loinc, "10187-3", "Review of systems Narrative - Reported"},
	"pastmedicalhistory":      {loinc, "11348-0", "History of Past illness Narrative"},
	"pastsurgicalhistory":     {loinc, "47519-4", "History of Procedures Document"},
	"medications":             {loinc, "10160-0", "History of Medication use Narrative"},
	"allergies":               {loinc, "48765-2", "Allergies and adverse reactions Document"},
	"socialhistory":           {loinc, "29762-2", "Social history Narrative"},
	"familyhistory":           {loinc, "10157-6", "History of family member diseases Narrative"},
	"vitalsigns":              {loinc, "8716-3", "Vital signs"},
	"physicalexamination":     {loinc, "29545-1", "Physical findings Narrative"},
	"physicalexam":            {loinc, "29545-1", "Physical findings Narrative"},
	"mentalstatusexamination": {loinc, "10190-7", "Mental status Narrative"},
	"results":                 {loinc, "30954-2", "Relevant diagnostic tests/laboratory data Narrative"},
	"assessment":              {loinc, "51848-0", "Evaluation note"},
	"plan":                    {loinc, "18776-5", "Plan of care note"},
	"assessmentandplan":       {loinc, "51847-2", "Evaluation + Plan note"},
	"patienteducation":        {loinc, "69730-0", "Instructions"},
	"findings":                {loinc, "18782-3", "Radiology Study observation (narrative)"},
	"impression":              {loinc, "19005-8", "Radiology Imaging study [Impression] (narrative)"},
	"recommendations":         {loinc, "18783-1", "Radiology Study recommendation (narrative)"},
	"comparison":              {loinc, "18834-2", "Radiology Comparison study - prior (narrative)"},
	"clinicalindication":      {loinc, "18785-6", "Radiology Reason for study (narrative)"},
	"indication":              {loinc, "59768-2", "Procedure indications [Interpretation] Narrative"},
	"procedure":               {loinc, "29554-3", "Procedure Narrative"},
	"anesthesia":              {loinc, "59774-0", "Procedure anesthesia Narrative"},
	"complications":           {loinc, "55109-3", "Complications Document"},
}

func normKey(k string) string {
	return strings.NewReplacer("_", "", "-", "", " ", "").Replace(strings.ToLower(k))
}

// SectionCode returns the LOINC code of a section key, if it has one.
func SectionCode(key string) (Coding, bool) {
	c, ok := sectionCodes[normKey(key)]
	return c, ok
}

// vitalCodes are the LOINC codes and R4 vital-signs profiles of each vital.
var vitalCodes = map[string]struct {
	code    Coding
	profile string
}{
	"blood_pressure":    {Coding{loinc, "85354-9", "Blood pressure panel with all children optional"}, "bp"},
	"heart_rate":        {Coding{loinc, "8867-4", "Heart rate"}, "heartrate"},
	"respiratory_rate":  {Coding{loinc, "9279-1", "Respiratory rate"}, "resprate"},
	"temperature":       {Coding{loinc, "8310-5", "Body temperature"}, "bodytemp"},
	"oxygen_saturation": {Coding{loinc, "2708-6", "Oxygen saturation in Arterial blood"}, "oxygensat"},
	"weight":            {Coding{loinc, "29463-7", "Body weight"}, "bodyweight"},
	"height":            {Coding{loinc, "8302-2", "Body height"}, "bodyheight"},
}

var (
	systolic  = Coding{loinc, "8480-6", "Systolic blood pressure"}
	diastolic = Coding{loinc, "8462-4", "Diastolic blood pressure"}
)

// orderCategories are the SNOMED CT categories of orders (those US Core
// uses for ServiceRequest); a follow-up visit has only text.
var orderCategories = map[string]Coding{
	"lab":       {snomed, "108252007", "Laboratory procedure"},
	"imaging":   {snomed, "363679005", "Imaging"},
	"referral":  {snomed, "3457005", "Patient referral"},
	"procedure": {snomed, "387713003", "Surgical procedure"},
}

// doseUnits maps a dose's unit as facts write it to UCUM.
var doseUnits = map[string]string{
	"mg": "mg", "mcg": "ug", "µg": "ug", "g": "g", "mL": "mL", "units": "[iU]", "%": "%", "mEq": "meq",
}
