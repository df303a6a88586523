package fhir_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/acibench"
	"github.com/notegen/notegen/internal/clinical"
	"github.com/notegen/notegen/internal/facts"
	"github.com/notegen/notegen/internal/fhir"
	"github.com/notegen/notegen/internal/fhir/fhirtest"
	"github.com/notegen/notegen/internal/notetemplate"
	"github.com/notegen/notegen/internal/transcript"
)

// aciSections splits an ACI-BENCH note at its upper-case headings, the way a
// note's sections arrive from the writer.
func aciSections(note string) []fhir.NoteSection {
	heading := regexp.MustCompile(`^[A-Z][A-Z /&-]{2,}$`)
	var out []fhir.NoteSection
	for _, line := range strings.Split(note, "\n") {
		l := strings.TrimSpace(line)
		if heading.MatchString(l) {
			out = append(out, fhir.NoteSection{Key: aciKey(l), Title: l})
			continue
		}
		if len(out) == 0 {
			out = append(out, fhir.NoteSection{Key: "note", Title: "Note"})
		}
		out[len(out)-1].Text += line + "\n"
	}
	return out
}

func aciKey(h string) string {
	switch h {
	case "CHIEF COMPLAINT":
		return notetemplate.KeyChiefComplaint
	case "HISTORY OF PRESENT ILLNESS":
		return notetemplate.KeyHPI
	case "REVIEW OF SYSTEMS":
		return notetemplate.KeyReviewOfSystems
	case "PHYSICAL EXAMINATION", "PHYSICAL EXAM", "EXAM":
		return notetemplate.KeyPhysicalExam
	case "VITALS", "VITALS REVIEWED", "VITAL SIGNS":
		return notetemplate.KeyVitalSigns
	case "RESULTS":
		return notetemplate.KeyResults
	case "ASSESSMENT AND PLAN":
		return notetemplate.KeyAssessmentAndPlan
	case "ASSESSMENT":
		return notetemplate.KeyAssessment
	case "PLAN":
		return notetemplate.KeyPlan
	case "MEDICATIONS", "CURRENT MEDICATIONS":
		return notetemplate.KeyMedications
	case "ALLERGIES":
		return notetemplate.KeyAllergies
	case "SOCIAL HISTORY":
		return notetemplate.KeySocialHistory
	case "FAMILY HISTORY":
		return notetemplate.KeyFamilyHistory
	case "PAST HISTORY", "PAST MEDICAL HISTORY":
		return notetemplate.KeyPastMedicalHistory
	}
	return strings.ToLower(strings.ReplaceAll(h, " ", "_"))
}

// TestBundlesValidate writes the bundle of every ACI-BENCH train and valid
// encounter, and of edge cases, and has the FHIR validator check them all.
func TestBundlesValidate(t *testing.T) {
	fhirtest.Install(t)
	script := fhirtest.Validator(t)
	dir := t.TempDir()
	read := func(segs []transcript.Segment, lang string) facts.Facts {
		return facts.From(clinical.Read(segs, clinical.Options{Lang: lang}))
	}
	created := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	write := func(name string, n fhir.Note) {
		b, err := fhir.Marshal(n)
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, name+".json"), b, 0o600))
	}
	templates := notetemplate.IDs()
	count := 0
	for _, split := range []string{"train", "valid"} {
		for i, e := range acibench.Read(t, split) {
			segs := transcript.Split(e.Dialogue, nil)
			write(fmt.Sprintf("%s-%s", split, e.ID), fhir.Note{
				JobID:     e.ID,
				Template:  templates[i%len(templates)],
				Lang:      "en",
				Created:   created,
				Version:   "test",
				PatientID: map[bool]string{true: "patient-" + e.ID}[i%2 == 0],
				Sections:  aciSections(e.Note),
				Facts:     read(segs, "en"),
			})
			count++
		}
	}
	require.Equal(t, 87, count, "67 train and 20 valid encounters")

	// edge cases: nothing at all; French; markup and empty sections; every template
	write("edge-empty", fhir.Note{JobID: "e1", Template: "wfw", Created: created, Facts: read(nil, "en")})
	fr := transcript.Split("Médecin : Votre tension est à cent trente sur quatre-vingt-cinq, température trente-huit virgule cinq. On arrête l'ibuprofène. Je vous adresse au cardiologue.\nPatiente : Je suis allergique à la pénicilline.", nil)
	write("edge-french", fhir.Note{JobID: "e2", Template: "er", Lang: "fr", Created: created, PatientID: "dossier 12 & <b>",
		Sections: []fhir.NoteSection{
			{Key: "assessment", Title: "Évaluation", Text: "Fièvre à 38,5 °C <b>isolée</b> & \"toux\".\x01\x7f\ufffe"},
			{Key: "plan", Title: "Plan", Text: "  "},
			{Key: "", Title: " \x02 ", Text: "\x03"},
		},
		Facts: read(fr, "fr")})
	for _, id := range templates {
		tpl, _ := notetemplate.Lookup(id)
		var secs []fhir.NoteSection
		for _, s := range tpl.Sections(notetemplate.English, notetemplate.SOAP) {
			secs = append(secs, fhir.NoteSection{Key: s.Key, Title: s.Heading, Text: "Text of " + s.Heading + "."})
		}
		write("template-"+id, fhir.Note{JobID: "t-" + id, Template: id, Lang: "en", Created: created, Sections: secs, Facts: sampleNote().Facts})
	}

	out, err := fhirtest.Validate(script, dir)
	t.Log(strings.TrimSpace(out))
	require.NoError(t, err, "FHIR validator:\n%s", out)
	require.Contains(t, out, fmt.Sprintf("%d passed, 0 failed", count+2+len(templates)))
}

// TestValidatorCatchesInvalidBundles proves the validator is not a no-op: a
// resource with an element R4 does not define, and a document whose
// Composition is not first, both fail.
func TestValidatorCatchesInvalidBundles(t *testing.T) {
	fhirtest.Install(t)
	script := fhirtest.Validator(t)
	dir := t.TempDir()
	good, err := fhir.Marshal(sampleNote())
	require.NoError(t, err)
	bad := strings.Replace(string(good), `"resourceType":"Patient"`, `"resourceType":"Patient","nickname":"x"`, 1)
	require.NotEqual(t, string(good), bad)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "unknown-element.json"), []byte(bad), 0o600))
	b, err := fhir.Build(sampleNote())
	require.NoError(t, err)
	b.Entry[0], b.Entry[1] = b.Entry[1], b.Entry[0]
	swapped, err := jsonMarshal(b)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "composition-second.json"), swapped, 0o600))
	out, err := fhirtest.Validate(script, dir)
	require.Error(t, err)
	require.Contains(t, out, "0 passed, 2 failed", out)
	require.Contains(t, out, "nickname")
	require.Contains(t, out, "not a Composition")

	// one file, as the README's users give it, and a path that is not there
	out, err = fhirtest.Validate(script, filepath.Join(dir, "unknown-element.json"))
	require.Error(t, err)
	require.Contains(t, out, "0 passed, 1 failed", out)
	out, err = fhirtest.Validate(script, filepath.Join(dir, "missing.json"))
	var exit *exec.ExitError
	require.ErrorAs(t, err, &exit, out)
	require.Equal(t, 2, exit.ExitCode(), "a path that cannot be read is a usage error: %s", out)
}
