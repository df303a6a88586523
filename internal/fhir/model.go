package fhir

import "encoding/json"

// The FHIR R4 types below carry only the elements notegen writes. They are
// written by hand: of the Go FHIR model libraries, the module proxy this
// project builds from serves only samply/golang-fhir-models v0.3.2 (2022),
// which encodes both alternatives of a required choice element
// (MedicationStatement gets "medicationReference":{} beside
// medicationCodeableConcept), producing resources that are not valid FHIR.
// Field names and cardinalities follow the R4 (4.0.1) specification; the
// tests validate every bundle against the specification's JSON schema.

// Bundle is a FHIR Bundle of type "document".
type Bundle struct {
	ResourceType string        `json:"resourceType"`
	ID           string        `json:"id"`
	Identifier   *Identifier   `json:"identifier,omitempty"`
	Type         string        `json:"type"`
	Timestamp    string        `json:"timestamp"`
	Entry        []BundleEntry `json:"entry"`
}

// BundleEntry holds one resource under its full URL.
type BundleEntry struct {
	FullURL  string `json:"fullUrl"`
	Resource any    `json:"resource"`
}

// Identifier is a business identifier.
type Identifier struct {
	System string `json:"system,omitempty"`
	Value  string `json:"value"`
}

// Coding is one code from one code system.
type Coding struct {
	System  string `json:"system,omitempty"`
	Code    string `json:"code,omitempty"`
	Display string `json:"display,omitempty"`
}

// CodeableConcept is a concept as codes and/or text.
type CodeableConcept struct {
	Coding []Coding `json:"coding,omitempty"`
	Text   string   `json:"text,omitempty"`
}

// Reference points at another resource of the bundle by its full URL.
type Reference struct {
	Reference string `json:"reference"`
	Display   string `json:"display,omitempty"`
}

// Narrative is a resource's or section's human-readable XHTML.
type Narrative struct {
	Status string `json:"status"`
	Div    string `json:"div"`
}

// Quantity is a measured amount; Value keeps the number exactly as said.
type Quantity struct {
	Value  json.Number `json:"value"`
	Unit   string      `json:"unit,omitempty"`
	System string      `json:"system,omitempty"`
	Code   string      `json:"code,omitempty"`
}

// Composition is the document's header and sections.
type Composition struct {
	ResourceType string          `json:"resourceType"`
	ID           string          `json:"id"`
	Language     string          `json:"language,omitempty"`
	Status       string          `json:"status"`
	Type         CodeableConcept `json:"type"`
	Subject      Reference       `json:"subject"`
	Date         string          `json:"date"`
	Author       []Reference     `json:"author"`
	Title        string          `json:"title"`
	Section      []Section       `json:"section,omitempty"`
}

// Section is one section of a Composition.
type Section struct {
	Title       string           `json:"title"`
	Code        *CodeableConcept `json:"code,omitempty"`
	Text        *Narrative       `json:"text,omitempty"`
	Entry       []Reference      `json:"entry,omitempty"`
	EmptyReason *CodeableConcept `json:"emptyReason,omitempty"`
}

// Patient is the subject of the document.
type Patient struct {
	ResourceType string       `json:"resourceType"`
	ID           string       `json:"id"`
	Identifier   []Identifier `json:"identifier,omitempty"`
}

// Device is the software that wrote the note.
type Device struct {
	ResourceType string          `json:"resourceType"`
	ID           string          `json:"id"`
	DeviceName   []DeviceName    `json:"deviceName"`
	Version      []DeviceVersion `json:"version,omitempty"`
}

// DeviceName is a name of a Device.
type DeviceName struct {
	Name string `json:"name"`
	Type string `json:"type"`
}

// DeviceVersion is a version of a Device.
type DeviceVersion struct {
	Value string `json:"value"`
}

// Condition is a problem.
type Condition struct {
	ResourceType       string            `json:"resourceType"`
	ID                 string            `json:"id"`
	ClinicalStatus     *CodeableConcept  `json:"clinicalStatus,omitempty"`
	VerificationStatus *CodeableConcept  `json:"verificationStatus,omitempty"`
	Category           []CodeableConcept `json:"category,omitempty"`
	Code               CodeableConcept   `json:"code"`
	Subject            Reference         `json:"subject"`
}

// MedicationStatement is a medication the patient takes, starts or stops.
type MedicationStatement struct {
	ResourceType              string          `json:"resourceType"`
	ID                        string          `json:"id"`
	Status                    string          `json:"status"`
	MedicationCodeableConcept CodeableConcept `json:"medicationCodeableConcept"`
	Subject                   Reference       `json:"subject"`
	Dosage                    []Dosage        `json:"dosage,omitempty"`
	Note                      []Annotation    `json:"note,omitempty"`
}

// MedicationRequest is a prescription made at this visit.
type MedicationRequest struct {
	ResourceType              string            `json:"resourceType"`
	ID                        string            `json:"id"`
	Status                    string            `json:"status"`
	Intent                    string            `json:"intent"`
	MedicationCodeableConcept CodeableConcept   `json:"medicationCodeableConcept"`
	Subject                   Reference         `json:"subject"`
	AuthoredOn                string            `json:"authoredOn,omitempty"`
	ReasonCode                []CodeableConcept `json:"reasonCode,omitempty"`
	DosageInstruction         []Dosage          `json:"dosageInstruction,omitempty"`
	Note                      []Annotation      `json:"note,omitempty"`
}

// Annotation is a free-text note on a resource.
type Annotation struct {
	Text string `json:"text"`
}

// Dosage is how a medication is taken.
type Dosage struct {
	Text        string           `json:"text,omitempty"`
	Timing      *Timing          `json:"timing,omitempty"`
	AsNeeded    *bool            `json:"asNeededBoolean,omitempty"`
	Route       *CodeableConcept `json:"route,omitempty"`
	DoseAndRate []DoseAndRate    `json:"doseAndRate,omitempty"`
}

// Timing is when a medication is taken, as said.
type Timing struct {
	Code *CodeableConcept `json:"code,omitempty"`
}

// DoseAndRate holds the amount of one dose.
type DoseAndRate struct {
	DoseQuantity *Quantity `json:"doseQuantity,omitempty"`
}

// AllergyIntolerance is an allergy.
type AllergyIntolerance struct {
	ResourceType   string           `json:"resourceType"`
	ID             string           `json:"id"`
	ClinicalStatus *CodeableConcept `json:"clinicalStatus,omitempty"`
	Code           CodeableConcept  `json:"code"`
	Patient        Reference        `json:"patient"`
	Reaction       []Reaction       `json:"reaction,omitempty"`
}

// Reaction is what an allergy does.
type Reaction struct {
	Manifestation []CodeableConcept `json:"manifestation"`
}

// Observation is a vital sign.
type Observation struct {
	ResourceType  string                 `json:"resourceType"`
	ID            string                 `json:"id"`
	Meta          *Meta                  `json:"meta,omitempty"`
	Status        string                 `json:"status"`
	Category      []CodeableConcept      `json:"category"`
	Code          CodeableConcept        `json:"code"`
	Subject       Reference              `json:"subject"`
	Effective     string                 `json:"effectiveDateTime,omitempty"`
	ValueQuantity *Quantity              `json:"valueQuantity,omitempty"`
	Component     []ObservationComponent `json:"component,omitempty"`
}

// Meta declares the profiles a resource claims.
type Meta struct {
	Profile []string `json:"profile,omitempty"`
}

// ObservationComponent is one part of a panel (systolic, diastolic).
type ObservationComponent struct {
	Code          CodeableConcept `json:"code"`
	ValueQuantity *Quantity       `json:"valueQuantity,omitempty"`
}

// ServiceRequest is an order.
type ServiceRequest struct {
	ResourceType string            `json:"resourceType"`
	ID           string            `json:"id"`
	Status       string            `json:"status"`
	Intent       string            `json:"intent"`
	Category     []CodeableConcept `json:"category,omitempty"`
	Code         CodeableConcept   `json:"code"`
	Subject      Reference         `json:"subject"`
	ReasonCode   []CodeableConcept `json:"reasonCode,omitempty"`
}
