package clinical_test

// Who a finding is about and what a companion's words say: relatives
// named to the companion, allergies in their answers, a reaction's cause.

import (
	"strings"
	"testing"

	"github.com/notegen/notegen/internal/assertion"
	"github.com/notegen/notegen/internal/clinical"
	"github.com/stretchr/testify/require"
)

// Said to the son who brought him, "your dad" is the patient ("I think
// your dad has a urinary tract infection"); alone with the patient, "your
// dad" is a relative.
func TestYourDadToHisSonIsThePatient(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: Hello, Mr Jenkins. And you must be his son?
Son: Yes, I'm Mark. Dad's not really himself today.
Doctor: I think your dad has a urinary tract infection that's caused delirium.
Son: Okay.`)
	f := finding(t, r, clinical.Condition, "urinary tract infection")
	require.Equal(t, assertion.Patient, f.Subject)
	r = read(t, "en", `Doctor: Does anyone in the family have diabetes?
Patient: No.
Doctor: I see your dad had a stroke.
Patient: Yes, last year.`)
	require.NotEqual(t, assertion.Patient, finding(t, r, clinical.Condition, "stroke").Subject)
}

// A drug avoided because of the patient's allergy ("No ibuprofen, because
// of your allergy.") is the allergy, though the words negate the drug.
func TestADrugAvoidedForAnAllergyIsTheAllergy(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: For the headache you can take paracetamol, one gram up to four times a day when needed. No ibuprofen, because of your allergy.
Patient: Okay.`)
	finding(t, r, clinical.Allergy, "ibuprofen")
}

// Asked about problems and allergies together, a drug said with a word of
// taking ("Du cholestérol, je prends de l'atorvastatine") is taken, no
// allergy; a drug after a preposition ("avec la duloxétine ça augmente le
// risque") is no object of the verb after it.
func TestADrugTakenInAnAllergyAnswer(t *testing.T) {
	t.Parallel()
	r := read(t, "fr", `Médecin : D'autres problèmes de santé ? Des allergies ?
Patient : Du cholestérol, je prends de l'atorvastatine, vingt milligrammes le soir. Et je suis allergique au Bactrim, j'ai fait des plaques partout.
Médecin : L'ibuprofène, il faut l'arrêter : avec la duloxétine ça augmente le risque de saignement.`)
	none(t, r, clinical.Allergy, "atorvastatine")
	require.True(t, finding(t, r, clinical.Medication, "atorvastatine").Taken)
	finding(t, r, clinical.Allergy, "bactrim")
	for _, f := range r.Findings {
		require.False(t, f.Kind == clinical.Medication && strings.Contains(f.Name, "duloxétine") && f.Action == clinical.ActionChange, "duloxétine changed")
	}
}

// A reaction told with its cause after it ("un bronchospasme dû à
// l'aspirine") is an allergy, with the reaction.
func TestAReactionDueToADrugIsAnAllergy(t *testing.T) {
	t.Parallel()
	r := read(t, "fr", `Médecin : Racontez-moi.
Patient : Il y a cinq ans, j'ai pris de l'aspirine pour un mal de tête, et une heure après ça sifflait. Aux urgences, ils ont dit que c'était un bronchospasme dû à l'aspirine.`)
	f := finding(t, r, clinical.Allergy, "aspirine")
	require.NotNil(t, f.Reaction)
	require.Contains(t, *f.Reaction, "bronchospasme")
}

// The relative of a family history asked about is the one the answer
// names ("Dans la famille, il y a du diabète ?" "Mon frère, oui.").
func TestTheRelativeTheAnswerNames(t *testing.T) {
	t.Parallel()
	r := read(t, "fr", `Médecin : Dans la famille, il y a du diabète ?
Patient : Mon frère, oui.
Patient : Lui, il est diabétique depuis l'enfance.`)
	var rel string
	for _, f := range r.Findings {
		if f.Subject == assertion.Family && strings.Contains(f.Name, "diabète") {
			rel = f.Relation
		}
	}
	require.Equal(t, "brother", rel)
}

// A relation of the other sex is someone else: at her daughter's visit,
// the mother's "my son has eczema" is the brother's, no problem of the
// baby girl's.
func TestARelationOfTheOtherSexIsSomeoneElse(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: Hi, so this is Lily's six-month visit. How is she doing?
Mother: She's doing great. She's eating well and she sleeps through the night.
Doctor: Any rashes or dry skin on her?
Mother: No, her skin is fine. My son has eczema though, pretty bad.
Doctor: Okay. She's growing well, and today she gets her six-month vaccines.`)
	for _, f := range r.Findings {
		require.False(t, f.Kind == clinical.Condition && f.Name == "eczema" && f.Subject == assertion.Patient, "%+v", f)
	}
}

// "My mate takes Cialis every day" is the friend's drug, none the
// patient's; "problems with erections" is erectile dysfunction.
func TestAMatesDrugIsNotThePatients(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: you filled in the online form about problems with erections. how long has it been going on?
Patient: about eight months. my mate takes cialis every day. could i have that one instead?`)
	for _, f := range r.Findings {
		require.False(t, f.Kind == clinical.Medication && f.Subject == assertion.Patient && f.Taken, "%+v", f)
	}
	finding(t, r, clinical.Condition, "erectile dysfunction")
}

// A symptom named only as the topic turned to ("En parlant de douleur, moi
// j'ai mal au dos") is no finding: the father's back pain is not his
// son's.
func TestATopicTurnedToIsNoFinding(t *testing.T) {
	t.Parallel()
	r := read(t, "fr", `Médecin : Qu'est-ce qui t'est arrivé, mon grand ?
Enfant : Je suis tombé au hockey sur le poignet.
Père : En parlant de douleur, moi j'ai mal au dos depuis que j'ai pelleté la semaine passée.`)
	for _, f := range r.Findings {
		require.False(t, f.Subject == assertion.Patient && strings.Contains(f.Name, "dos"), "%+v", f)
	}
}

// The clinician's summary of an allergy ("Penicillin, with your tongue
// swelling") names its reaction, no symptom of today; "rheumatic fever as
// a girl" is a past condition, no fever, and "you're back" places nothing.
func TestAnAllergysReactionSaidWithABodyPart(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: Any allergies?
Patient: Penicillin. My tongue swelled up, years ago.
Doctor: Sorry, you've frozen for a second. Okay, you're back. Penicillin, with your tongue swelling.
Patient: I had rheumatic fever as a girl and the valve was replaced in 2009.`)
	for _, f := range r.Findings {
		require.False(t, f.Kind == clinical.Symptom && f.Assertion == assertion.Present && f.Time == assertion.Current, "%+v", f)
	}
	require.Equal(t, assertion.Past, finding(t, r, clinical.Condition, "rheumatic fever").Time)
}

// With no companion who speaks, the clinician's "your mom" is the
// patient's mother, no name for the patient; and "I'll take penicillin
// off your allergy list" gives no penicillin.
func TestYourMomToThePatientAloneIsHerMother(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Patient: It's my yearly physical, but honestly the main thing is my mom. She was just diagnosed with breast cancer.
Doctor: I'm sorry. How is your mom doing?
Patient: She's doing okay.
Doctor: Now, your chart lists a penicillin allergy. What happened with that?
Patient: Oh, no, that's a mistake. I'm not allergic to penicillin, it was my brother. He broke out in hives when he was a kid.
Doctor: That's helpful. I'll take penicillin off your allergy list. Do you have any allergies of your own?
Patient: Codeine makes me itch.`)
	require.Empty(t, r.Patient.Relation)
	for _, f := range r.Findings {
		require.False(t, f.Kind == clinical.Medication && strings.Contains(f.Name, "penicillin") && (f.New || f.Action == clinical.ActionStart), "%+v", f)
	}
}
