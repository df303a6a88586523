package clinical_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/assertion"
	"github.com/notegen/notegen/internal/clinical"
	"github.com/notegen/notegen/internal/notewriter"
)

// Everyday drugs by the names patients say (US and UK brands among them)
// and everyday diagnoses are findings, not words the reading passes over.
func TestEverydayDrugsAndDiagnosesAreKnown(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: What do you take at the moment?
Patient: Eliquis, Jardiance, Synthroid and my Trulicity pen. Adcal-D3 twice a day, and Nytol when I can't sleep.
Doctor: And the Dovobet gel for the psoriasis?
Patient: Yes, still using it.
Doctor: Your pulse is slow, so this is bradycardia, probably from the bisoprolol.`)
	for _, name := range []string{"eliquis", "jardiance", "synthroid", "trulicity", "adcal", "nytol", "dovobet"} {
		f := finding(t, r, clinical.Medication, name)
		require.True(t, f.Taken, "%s is taken", name)
	}
	require.True(t, finding(t, r, clinical.Condition, "bradycardia").Diagnosis)
	fr := read(t, "fr", `Médecin : C'est une névralgie du trijumeau, et vous avez aussi une rosacée.`)
	finding(t, fr, clinical.Condition, "névralgie du trijumeau")
	finding(t, fr, clinical.Condition, "rosacée")
}

// A drug the patient asks for or wonders about is no drug taken, and,
// declined, no drug at all.
func TestADrugAskedForIsNotTaken(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Patient: I was kind of hoping for a Z-Pack. And I take my lisinopril every morning.
Doctor: This is viral, so antibiotics won't help.
Patient: I'd like to keep taking my ibuprofen though.`)
	zpack := finding(t, r, clinical.Medication, "z-pack")
	require.False(t, zpack.Taken)
	require.Equal(t, clinical.ActionMention, zpack.Action)
	require.True(t, finding(t, r, clinical.Medication, "lisinopril").Taken)
	require.True(t, finding(t, r, clinical.Medication, "ibuprofen").Taken, "a word of taking wins over the wish")
}

// The answer to a question about a relative speaks of the relative, unless
// the patient speaks of themselves in it.
func TestAnAnswerAboutARelativeIsTheirs(t *testing.T) {
	t.Parallel()
	fr := read(t, "fr", `Docteur : Et votre mère a une thyroïde qui ne marche pas assez, c'est ça ?
Patient : Oui, une maladie de Hashimoto, elle prend du Levothyrox depuis des années.`)
	require.Equal(t, assertion.Family, finding(t, fr, clinical.Condition, "hashimoto").Subject)
	en := read(t, "en", `Doctor: And your dad, any health problems?
Patient: Yes, high blood pressure and gout.
Doctor: What about your mum?
Patient: She's fine. But I have asthma myself.`)
	require.Equal(t, assertion.Family, finding(t, en, clinical.Condition, "hypertension").Subject)
	require.Equal(t, assertion.Family, finding(t, en, clinical.Condition, "gout").Subject)
	require.Equal(t, assertion.Patient, finding(t, en, clinical.Condition, "asthma").Subject)
}

// A symptom that says what a drug is for ("cough syrup") is no symptom the
// patient has.
func TestASymptomNamingADrugIsNotHad(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Dad: We tried that Zarbee's cough syrup at night, the honey one, to help her sleep.
Doctor: Does she have a cough?
Dad: No.`)
	require.Equal(t, assertion.Absent, finding(t, r, clinical.Symptom, "cough").Assertion)
}

// A year said in words dates what is said with it, as one in digits does.
func TestAYearSaidInWordsDatesTheFinding(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Pharmacist: Then clopidogrel, seventy-five milligrams, once a day. That's since your mini-stroke?
Patient: That's right, the TIA, back in twenty sixteen. Nothing since.`)
	require.Equal(t, assertion.Past, finding(t, r, clinical.Condition, "transient ischemic attack").Time)
	fr := read(t, "fr", `Médecin : Côté antécédents, il y a l'appendicite opérée en deux mille quinze ?
Patient : Oui, c'est ça.`)
	require.Equal(t, assertion.Past, finding(t, fr, clinical.Condition, "appendicite").Time)
}

// A parent's own condition is the child's family history, and a
// child's illness as a baby is past; an allergy named with a denial of
// drug allergies stands.
func TestAParentsOwnHistoryAndTheChildsPast(t *testing.T) {
	t.Parallel()
	r := read(t, "fr", `Mère : Cinq ans. Il respire mal depuis cette nuit, il siffle pis il tousse sans arrêt.
Urgentologue : A-t-il déjà été hospitalisé ?
Mère : Juste quand il était bébé, à six mois, pour une bronchiolite. Deux jours.
Urgentologue : Des allergies ?
Mère : Aux arachides. À deux ans, il a fait de l'urticaire partout pis il avait les lèvres enflées. Il a un EpiPen Junior dans son sac. Pas d'allergie aux médicaments.
Urgentologue : Dans la famille, y a-t-il de l'asthme ?
Mère : Son père est asthmatique, pis moi je fais de l'eczéma.`)
	require.Equal(t, assertion.Past, finding(t, r, clinical.Condition, "bronchiolite").Time)
	require.Equal(t, assertion.Family, finding(t, r, clinical.Condition, "eczéma").Subject)
	require.Equal(t, assertion.Present, finding(t, r, clinical.Allergy, "arachide").Assertion)
}

// A drug held while another is taken and restarted after is stopped
// today; "stop it" after a habit named since the drug stops the habit; a
// heading with its colon opens the allergies it lists.
func TestAHoldAHabitsPronounAndAnAllergyHeading(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Patient: I take simvastatin forty milligrams at night, and my albuterol inhaler when I need it.
Doctor: The clarithromycin doesn't mix well with simvastatin, so stop the simvastatin while you're on the antibiotic, and start it again the day after you finish the course.
Doctor: I'm refilling your albuterol. The vaping irritates your airways, so I'd stop it.`)
	require.Equal(t, clinical.ActionStop, finding(t, r, clinical.Medication, "simvastatin").Action)
	require.Equal(t, clinical.ActionContinue, finding(t, r, clinical.Medication, "albuterol").Action)
	d := clinical.Read(notewriter.Segments(`Medications colon losartan fifty milligrams once daily comma and aspirin eighty-one milligrams once daily period. She stopped hydrochlorothiazide in twenty eighteen because of low sodium period. New paragraph. Allergies colon lisinopril comma which caused a persistent dry cough period. New paragraph. Family history colon mother had a stroke at age seventy-eight period.`, "dictation", "en"),
		clinical.Options{Lang: "en", Dictation: true})
	require.Equal(t, assertion.Present, finding(t, d, clinical.Allergy, "lisinopril").Assertion)
}

// A course started as a whole starts the drugs the clinician then doses,
// even ones the patient had at home unopened; one started only under a
// condition starts none.
func TestACourseStartedAsAWholeStartsItsDrugs(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Son: It's in the kitchen drawer, not opened. Prednisolone and clarithromycin, it says on the box.
Doctor: I'd like you to start the rescue pack today. The prednisolone is thirty milligrams, six tablets once a day in the morning, for five days.
Son: Six of the little ones, okay.
Doctor: And the clarithromycin is five hundred milligrams twice a day, also for five days.`)
	require.Equal(t, clinical.ActionStart, finding(t, r, clinical.Medication, "prednisolone").Action)
	require.Equal(t, clinical.ActionStart, finding(t, r, clinical.Medication, "clarithromycin").Action)
	h := read(t, "en", `Patient: I have my rescue pack at home, prednisolone and amoxicillin.
Doctor: If your phlegm turns green, start the rescue pack. The prednisolone is thirty milligrams once a day.`)
	require.NotEqual(t, clinical.ActionStart, finding(t, h, clinical.Medication, "prednisolone").Action)
}

// A condition that only qualifies what is asked about or looked for
// ("stroke symptoms", "screening for cancer") is no condition had.
func TestAConditionNamingATopicIsNotHad(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: I want to ask about stroke symptoms specifically. Any weakness on one side?
Patient: No.
Doctor: We'll also do your screening for colon cancer this year.`)
	none(t, r, clinical.Condition, "stroke")
	none(t, r, clinical.Condition, "colon cancer")
	g := read(t, "en", `Doctor: I have reminded her of the symptoms of giant cell arteritis, and she needs a pregnancy test before the new tablets.`)
	none(t, g, clinical.Condition, "giant cell arteritis")
	none(t, g, clinical.Condition, "pregnancy")
	x := read(t, "en", `Doctor: The chest x-ray shows signs of pneumonia in the right lower lobe.`)
	finding(t, x, clinical.Condition, "pneumonia")
}

// A reason names the problem as it was diagnosed in full, when the item
// names it shortly.
func TestAReasonNamesTheProblemInFull(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: My impression is that this is acute bacterial sinusitis.
Doctor: For the sinusitis, I'm prescribing amoxicillin five hundred milligrams three times a day.`)
	require.Equal(t, "acute bacterial sinusitis", finding(t, r, clinical.Medication, "amoxicillin").Reason)
}

// A drug allergy is named as it was said, a brand or its generic name, as
// a drug taken is.
func TestADrugAllergyIsNamedAsSaid(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: Any allergies?
Patient: Keflex. I got hives.`)
	a := finding(t, r, clinical.Allergy, "keflex")
	require.Equal(t, "keflex", a.Name)
	require.NotNil(t, a.Reaction)
}

// A companion who asks the patient the clinician's question again answers
// with what follows ("Gary, any numbness down below? No, he says no."); a
// drug that "makes people constipated" gives no constipation.
func TestARelayedQuestionAndAnEffectOnPeople(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: Does he have any numbness or tingling around his bottom?
Wife: Gary, any numbness down below? No, he says no.
Doctor: He shouldn't take your co-codamol, it makes people drowsy and constipated.`)
	require.Equal(t, assertion.Absent, finding(t, r, clinical.Symptom, "numbness").Assertion)
	require.NotEqual(t, assertion.Present, finding(t, r, clinical.Symptom, "constipation").Assertion)
}

// A sign the exam did not find is no diagnosis ruled out.
func TestASignTheExamDidNotFindIsNotRuledOut(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: Let me listen to your heart. Heart regular rate and rhythm, no murmur. Lungs are clear.`)
	m := finding(t, r, clinical.Condition, "murmur")
	require.Equal(t, assertion.Absent, m.Assertion)
	require.False(t, m.RuledOut)
}

// An item whose sentence says what it is for in words that name no
// problem is not for the diagnosis made before it.
func TestAnItemWithItsOwnPurposeBorrowsNoDiagnosis(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: Possible reflux given the relation to a late meal.
Doctor: I'm referring him for an exercise stress test, given his risk factors and family history.`)
	for _, f := range r.Findings {
		if f.Kind == clinical.Imaging || f.Kind == clinical.Referral || f.Kind == clinical.Procedure || f.Kind == clinical.Lab {
			require.NotContains(t, f.Reason, "reflux", f.Name)
		}
	}
}

// A verb after a drug acts on the drug it names after itself, not on the
// one before it ("en alternance avec le Tylenol, donner l'Advil").
func TestAVerbAfterADrugActsOnTheDrugAfterIt(t *testing.T) {
	t.Parallel()
	r := read(t, "fr", `Père : Du Tylenol liquide, à peu près aux six heures.
Médecin : Vous continuez le Tylenol, deux cent vingt-cinq milligrammes aux quatre heures au besoin. Vous pouvez ajouter l'Advil, cent cinquante milligrammes aux huit heures, en alternance avec le Tylenol, donner l'Advil avec un peu de nourriture.`)
	require.Equal(t, clinical.ActionContinue, finding(t, r, clinical.Medication, "tylenol").Action)
	require.Equal(t, clinical.ActionStart, finding(t, r, clinical.Medication, "advil").Action)
}

// A drug only talked about adding is not started; a verb in a clause of
// its own after a comma does not act on a drug before it.
func TestADrugTalkedAboutAndAVerbInAClauseOfItsOwn(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: We discussed adding dapagliflozin, Farxiga, but his insurance copay is prohibitive at this time.
Patient: Can't I just have a water tablet for the swelling?
Doctor: With your gout on bendroflumethiazide before, I don't want to give you one.`)
	require.NotEqual(t, clinical.ActionStart, finding(t, r, clinical.Medication, "dapagliflozin").Action)
	require.NotEqual(t, clinical.ActionStart, finding(t, r, clinical.Medication, "bendroflumethiazide").Action)
}

// A procedure's word read as a measure judged ("your oxygen is a bit lower
// than usual") orders nothing.
func TestAMeasureJudgedOrdersNoProcedure(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: This is a flare-up of your COPD. Your oxygen is a bit lower than usual, but it's still above ninety-two, so I'm happy for you to be treated at home.`)
	for _, f := range r.Findings {
		require.False(t, f.Kind == clinical.Procedure && f.Ordered, "ordered %s", f.Name)
	}
}
