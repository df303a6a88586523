package clinical_test

// Words that name a finding used in another sense: a verb ("strain your
// urine"), the name of a service or a season ("the stroke clinic", "flu
// season"), a vaccine ("her third hepatitis B").

import (
	"testing"

	"github.com/notegen/notegen/internal/clinical"
)

// "I want you to strain all of your urine" and "Strain everything." tell
// the patient what to do: no strain.
func TestStrainYourUrineIsNoStrain(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: And I want you to strain all of your urine through this strainer so we catch the stone.
Patient: Strain everything.`)
	none(t, r, clinical.Condition, "strain")
}

// A condition that names a service ("the stroke clinic", "le centre de
// lutte contre le cancer") is no condition of the patient's.
func TestAConditionNamingAServiceIsNoFinding(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Patient: The chap at the stroke clinic mentioned a tablet called ezetimibe.
Doctor: You don't need it.`)
	none(t, r, clinical.Condition, "stroke")
	r = read(t, "fr", `Médecin : Je vous fais un courrier pour le centre de lutte contre le cancer.`)
	none(t, r, clinical.Condition, "cancer")
}

// Vaccines and seasons named by their disease ("her first flu shot", "her
// third hepatitis B", "her first flu season", "sa première saison de la
// grippe") are no diagnosis of the baby's.
func TestAVaccineIsNoDiagnosis(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: Now, vaccines today. She'll get DTaP, Hib, her third hepatitis B, and her first flu shot. Because it's her first flu season, she needs a second flu dose in four weeks.`)
	none(t, r, clinical.Condition, "hepatitis")
	none(t, r, clinical.Condition, "influenza")
	r = read(t, "fr", `Médecin : C'est sa première saison de la grippe, elle aura une deuxième dose dans quatre semaines.`)
	none(t, r, clinical.Condition, "grippe")
}

// "Tramadol also lowers the seizure threshold" names a measure, no
// seizure of the patient's.
func TestASeizureThresholdIsNoSeizure(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: Tramadol also lowers the seizure threshold, and that risk goes up with sertraline.`)
	none(t, r, clinical.Symptom, "seizure")
}
