package clinical_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/clinical"
	"github.com/notegen/notegen/internal/discourse"
	"github.com/notegen/notegen/internal/transcript"
)

// In a dictation, the drugs named under an "Allergies." heading said on its
// own are the allergies.
func TestADictatedAllergiesHeadingNamesAllergies(t *testing.T) {
	t.Parallel()
	r := clinical.Read(transcript.Split(`Home medications. Lisinopril twenty milligrams daily. period. new paragraph. Allergies. Ciprofloxacin, which caused a rash. period. new paragraph. Physical exam. Abdomen is soft.`,
		discourse.InferRoles("en")), clinical.Options{Lang: "en", Dictation: true})
	finding(t, r, clinical.Allergy, "ciprofloxacin")
	none(t, r, clinical.Medication, "ciprofloxacin")
}

// A dictated letter's signature is no part of the note.
func TestALettersSignatureIsDropped(t *testing.T) {
	t.Parallel()
	r := clinical.Read(transcript.Split(`Dear Dr Hughes, thank you for referring Mr Evans. He has ankle swelling. Yours sincerely, Doctor Sarah Okoye, consultant cardiologist.`,
		discourse.InferRoles("en")), clinical.Options{Lang: "en", Dictation: true})
	last := len(r.Units) - 1
	require.Contains(t, r.UnitText(last), "sincerely")
	require.Equal(t, discourse.Drop, r.Units[last].Part)
}
