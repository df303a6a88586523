package clinical_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/clinical"
)

// A recogniser writes no question mark, and the question model reads an
// opening "what" or "is that" as a question; a clinician saying "what you
// have is" or "i think you have" states a diagnosis all the same, and the
// orders after it are for it.
func TestAnImpressionInTheFirstPersonIsStatedWithoutPunctuation(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: the x-rays show no fracture
Doctor: so what you have is medial epicondylitis which is
Patient: is that golfer's elbow
Doctor: yes and i'm going to send you for an mri of the elbow`)
	dx := finding(t, r, clinical.Condition, "epicondylitis")
	require.True(t, dx.Diagnosis, "the clinician's impression is the diagnosis")
	require.Equal(t, "medial epicondylitis", finding(t, r, clinical.Imaging, "mri").Reason)

	r = read(t, "en", `Doctor: what i want to tell you is that i think you have a knee sprain from overuse
Doctor: i want you to take tylenol five hundred milligrams three times a day`)
	require.True(t, finding(t, r, clinical.Condition, "sprain").Diagnosis)
}

// "My impression is that ..." opens the clause that states the diagnosis:
// the diagnosis is read past the clause's subject and hedge.
func TestADiagnosisInAClauseAfterTheLead(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: My impression is that you probably have a contusion of the thigh, but let's look at the x-ray first.`)
	dx := finding(t, r, clinical.Condition, "contusion")
	require.True(t, dx.Diagnosis)
}

// A drug named after its kind ("a blood pressure tablet called
// losartan") is started by the verb acting on the kind, and a name the
// lexicon does not know is a drug there ("an antibiotic called cefixime").
func TestADrugNamedAfterItsKindIsWhatTheVerbActsOn(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Patient: She takes amlodipine in the morning.
GP: So I'd like her to stop the amlodipine. Instead I'll start her on a different blood pressure tablet called losartan, twenty-five milligrams once a day.`)
	losartan := finding(t, r, clinical.Medication, "losartan")
	require.Equal(t, clinical.ActionStart, losartan.Action)
	require.True(t, losartan.New)

	r = read(t, "en", `Doctor: I'm prescribing an antibiotic called cefixime. The dose is eighty milligrams once a day for ten days.`)
	cefixime := finding(t, r, clinical.Medication, "cefixime")
	require.Equal(t, clinical.ActionStart, cefixime.Action)
	require.Equal(t, "80 mg", *cefixime.Dose)
}

// "..., so let's taper it off": the consequence is out of the negation's
// and the supposition's reach, and the particle after the pronoun makes
// the verb a stop.
func TestTaperingItOffAfterItFailedIsAStop(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Patient: I take gabapentin three hundred milligrams three times a day.
Doctor: The gabapentin isn't helping and it's causing side effects, so let's taper it off.`)
	require.Equal(t, clinical.ActionStop, finding(t, r, clinical.Medication, "gabapentin").Action)
}

// A drug the lexicon does not list is known by its name's ending, after
// the USAN and INN stems ("ofloxacin", "carbocisteine"): started, or
// stopped, as the verb says.
func TestADrugIsKnownByItsStem(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Patient: I take carbocisteine for the phlegm.
Doctor: Let's stop the carbocisteine. I'm going to start you on ofloxacin ear drops, ten drops once a day for seven days.`)
	require.Equal(t, clinical.ActionStop, finding(t, r, clinical.Medication, "carbocisteine").Action)
	require.Equal(t, clinical.ActionStart, finding(t, r, clinical.Medication, "ofloxacin").Action)
	none(t, r, clinical.Medication, "phlegm")
	// the cephalosporins' endings ("cefazolin", "ceftriaxone")
	r = read(t, "en", `Attending: We gave you a dose of IV cefazolin, two grams, about half an hour ago.
Patient: Okay.`)
	require.NotNil(t, finding(t, r, clinical.Medication, "cefazolin").Dose)
}

// "Allergic to neomycin, it gave me blisters": an allergy to a drug the
// lexicon does not list, known by its stem.
func TestAnAllergyToADrugKnownByItsStem(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: Any allergies to medications?
Patient: Yes, I'm allergic to neomycin, it gave me a rash with blisters.`)
	finding(t, r, clinical.Allergy, "neomycin")
	none(t, r, clinical.Medication, "neomycin")
}

// A condition the clinician reads back from the record ("Now looking at
// your record, you've got type 2 diabetes") is history, not a diagnosis
// of this visit.
func TestTheRecordReadBackIsHistory(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Dr: Now looking at your record, you've got type 2 diabetes. You're on gliclazide, is that right?
Patient: Yes, eighty milligrams twice a day.
Dr: This is otitis externa, swimmer's ear.`)
	require.False(t, finding(t, r, clinical.Condition, "diabetes").Diagnosis)
	require.True(t, finding(t, r, clinical.Condition, "otitis externa").Diagnosis)
}

// A result the clinician reads as a diagnosis ("So this does show
// osteoporosis.") is the diagnosis, though the clinician named the
// condition just before in explaining the result.
func TestAResultThatShowsADiagnosis(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Dr. Lee: Your T-score at the lower spine is minus two point eight. Anything at minus two point five or lower counts as osteoporosis. So this does show osteoporosis.
Patient: Oh dear.`)
	require.True(t, finding(t, r, clinical.Condition, "osteoporosis").Diagnosis)
}
