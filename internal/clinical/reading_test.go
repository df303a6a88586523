package clinical_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/assertion"
	"github.com/notegen/notegen/internal/clinical"
	"github.com/notegen/notegen/internal/discourse"
	"github.com/notegen/notegen/internal/transcript"
)

// read makes the reading of a labelled transcript.
func read(t *testing.T, lang, text string) *clinical.Reading {
	t.Helper()
	return clinical.Read(transcript.Split(text, discourse.InferRoles(lang)), clinical.Options{Lang: lang})
}

// finding returns the finding of kind whose name contains name.
func finding(t *testing.T, r *clinical.Reading, kind clinical.Kind, name string) clinical.Finding {
	t.Helper()
	for _, f := range r.Findings {
		if f.Kind == kind && strings.Contains(strings.ToLower(f.Name), name) {
			return f
		}
	}
	var have []string
	for _, f := range r.Findings {
		have = append(have, string(f.Kind)+":"+f.Name)
	}
	t.Fatalf("no %s finding %q among %v", kind, name, have)
	return clinical.Finding{}
}

func none(t *testing.T, r *clinical.Reading, kind clinical.Kind, name string) {
	t.Helper()
	for _, f := range r.Findings {
		require.False(t, f.Kind == kind && strings.Contains(strings.ToLower(f.Name), name), "unexpected %s finding %q", kind, f.Name)
	}
}

func TestQuestionsAreReadThroughTheirAnswers(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: Any chest pain?
Patient: No.
Doctor: Any vomiting?
Patient: No. Well, I threw up once at the very start.
Doctor: Do you have asthma?
Patient: Never had it.`)
	require.Equal(t, assertion.Absent, finding(t, r, clinical.Symptom, "chest pain").Assertion)
	require.Equal(t, assertion.Absent, finding(t, r, clinical.Condition, "asthma").Assertion)
	// a statement that it happened outweighs the bare "no" before it
	require.Equal(t, assertion.Present, finding(t, r, clinical.Symptom, "vomiting").Assertion)
}

func TestRelativesAndThePast(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: Any medical problems in the family?
Patient: My mother has type 2 diabetes.
Doctor: Do you smoke?
Patient: I quit five years ago.
Doctor: Any problems with your chest?
Patient: I had asthma as a child but it went away.`)
	mother := finding(t, r, clinical.Condition, "type 2 diabetes")
	require.Equal(t, assertion.Family, mother.Subject)
	require.Equal(t, "mother", mother.Relation)
	smoking := finding(t, r, clinical.Habit, "smok")
	require.Equal(t, assertion.Past, smoking.Time, "a former smoker")
	asthma := finding(t, r, clinical.Condition, "asthma")
	require.Equal(t, assertion.Past, asthma.Time)
	require.True(t, asthma.Resolved, "said to have gone away, though asthma is chronic")
}

func TestMedicationActionsAtThisVisit(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: What do you take?
Patient: Metformin five hundred milligrams twice a day, and I stopped the lisinopril two months ago.
Doctor: Your pressure is high, so I'm going to restart the lisinopril at ten milligrams once a day.
Doctor: Keep taking the metformin.
Doctor: Your bendroflumethiazide raises uric acid, so I'd like to stop it.
Doctor: I'm also going to check your potassium.
Doctor: You can take ibuprofen as needed for the pain.`)
	lis := finding(t, r, clinical.Medication, "lisinopril")
	require.Equal(t, clinical.ActionStart, lis.Action, "a restart is a start")
	require.True(t, lis.New)
	require.Equal(t, "10 mg", *lis.Dose)
	met := finding(t, r, clinical.Medication, "metformin")
	require.Equal(t, clinical.ActionContinue, met.Action)
	require.False(t, met.New)
	require.Equal(t, "500 mg", *met.Dose)
	require.Equal(t, "twice daily", *met.Frequency)
	require.Equal(t, clinical.ActionStop, finding(t, r, clinical.Medication, "bendroflumethiazide").Action, "'stop it' acts on the drug just named")
	ibu := finding(t, r, clinical.Medication, "ibuprofen")
	require.Equal(t, clinical.ActionStart, ibu.Action, "'as needed' is a frequency, not a supposition")
	require.Equal(t, "as needed", *ibu.Frequency)
	none(t, r, clinical.Medication, "potassium")
	require.True(t, finding(t, r, clinical.Lab, "potassium").Ordered, "potassium is a lab")
}

func TestADecisionUnderAConditionUndoesNoFirmOne(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: Stay off the simvastatin. I'm starting rosuvastatin five milligrams three times a week.
Doctor: If the aches come back, stop the rosuvastatin and call us.
Doctor: If the rash spreads, start the hydrocortisone cream.`)
	rosu := finding(t, r, clinical.Medication, "rosuvastatin")
	require.Equal(t, clinical.ActionStart, rosu.Action, "the start stands: the stop is only said under a condition")
	require.True(t, rosu.New)
	require.Equal(t, "5 mg", *rosu.Dose)
	require.Equal(t, clinical.ActionStop, finding(t, r, clinical.Medication, "simvastatin").Action, "'stay off' keeps a drug stopped")
	cream := finding(t, r, clinical.Medication, "hydrocortisone")
	require.Equal(t, clinical.ActionMention, cream.Action, "a drug only to be started if something happens is no prescription")
	require.False(t, cream.New)
}

func TestADrugThatActsIsNotActedOn(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: Keep the metformin the same.
Doctor: Let's also check a B12 level, since metformin can lower it.
Doctor: The prednisone may raise your sugars, so check them twice a day.`)
	require.Equal(t, clinical.ActionContinue, finding(t, r, clinical.Medication, "metformin").Action,
		"metformin lowering B12 is no change of its dose")
	require.NotEqual(t, clinical.ActionChange, finding(t, r, clinical.Medication, "prednisone").Action)
}

func TestASwitchStartsTheNewDrugAndStopsTheOld(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: Are you still on the Clenil, two puffs twice a day?
Patient: I ran out a month ago.
Doctor: I'm going to switch you to Fostair, two puffs twice a day, instead of the Clenil.
Doctor: Use an emollient instead of soap, and mometasone once a day on the red areas.`)
	fos := finding(t, r, clinical.Medication, "fostair")
	require.Equal(t, clinical.ActionStart, fos.Action, "the drug switched to is started")
	require.True(t, fos.New)
	require.False(t, fos.Taken, "a drug switched to today is no current medication")
	require.Equal(t, clinical.ActionStop, finding(t, r, clinical.Medication, "clenil").Action, "the drug replaced is stopped")
	require.NotEqual(t, clinical.ActionStop, finding(t, r, clinical.Medication, "mometasone").Action,
		"'instead of' stops only the drug it introduces")

	fr := read(t, "fr", `Médecin : Je vous passe à l'amoxicilline mille milligrammes trois fois par jour au lieu de la pénicilline.`)
	require.Equal(t, clinical.ActionStart, finding(t, fr, clinical.Medication, "amoxicilline").Action)
	require.Equal(t, clinical.ActionStop, finding(t, fr, clinical.Medication, "pénicilline").Action)
}

func TestAFrequencyIsOnlyWhatWasSaidOfTheDrug(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: How often are you using the salbutamol?
Patient: I'm using the salbutamol four or five times a day.
Doctor: If you are using the salbutamol more than every four hours, ring us the same day.
Doctor: Take the prednisolone forty milligrams twice a day, and the amoxicillin.`)
	require.Nil(t, finding(t, r, clinical.Medication, "salbutamol").Frequency,
		"'four or five times a day' is no 'a day', and a supposition's 'every four hours' is no frequency")
	require.Equal(t, "twice daily", *finding(t, r, clinical.Medication, "prednisolone").Frequency)
}

func TestAParentsReportIsNoMeasurementOrHabit(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: What's been going on?
Mom: He had a fever of one hundred two point four this morning.
Doctor: Is he drinking and having wet diapers?
Mom: Yes, he's drinking fine, lots of wet diapers.
Doctor: His temperature here is one hundred one point eight. We'll recheck the ear in two to three weeks.`)
	require.Equal(t, "101.8", finding(t, r, clinical.Vital, "temperature").Value, "the measurement here, not the reading at home")
	none(t, r, clinical.Habit, "alcohol")
	require.Equal(t, "follow-up in 2 to 3 weeks", finding(t, r, clinical.FollowUp, "follow").Name, "a range keeps both ends")
}

func TestADrugNamedWithItsSaltIsOneDrug(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: I'll start you on ferrous fumarate two hundred and ten milligrams twice a day, and tranexamic acid one gram three times a day during your period.`)
	fer := finding(t, r, clinical.Medication, "ferrous fumarate")
	require.Equal(t, clinical.ActionStart, fer.Action)
	require.Equal(t, "210 mg", *fer.Dose)
	tra := finding(t, r, clinical.Medication, "tranexamic acid")
	require.Equal(t, "1 g", *tra.Dose)
	n := 0
	for _, f := range r.Findings {
		if f.Kind == clinical.Medication {
			n++
		}
	}
	require.Equal(t, 2, n, "ferrous fumarate and tranexamic acid, not ferrous, fumarate and acid")
}

func TestAllergiesAreTheSubstancesTheirWordsAreAbout(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: Any allergies?
Patient: Penicillin. When I was little my lips swelled right up.
Doctor: As you're allergic to penicillin, I'll prescribe clarithromycin, five hundred milligrams twice a day.
Patient: Codeine gives me a rash too.`)
	pen := finding(t, r, clinical.Allergy, "penicillin")
	require.NotNil(t, pen.Reaction)
	require.Contains(t, *pen.Reaction, "swell")
	require.NotNil(t, finding(t, r, clinical.Allergy, "codeine").Reaction)
	none(t, r, clinical.Allergy, "clarithromycin")
	require.Equal(t, clinical.ActionStart, finding(t, r, clinical.Medication, "clarithromycin").Action)
	none(t, r, clinical.Symptom, "rash")
}

func TestDiagnosisOrdersAndTheirReasons(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: What brings you in?
Patient: I've had a cough for ten days and a fever.
Doctor: I hear crackles at the right base.
Doctor: So it sounds like a chest infection.
Doctor: I'll send amoxicillin to your chemist, five hundred milligrams three times a day for five days.
Doctor: I'd also like a chest x-ray.
Doctor: If you get more breathless, go to A and E.
Doctor: I'll see you back in one week.`)
	dx := finding(t, r, clinical.Condition, "chest infection")
	require.True(t, dx.Diagnosis)
	amox := finding(t, r, clinical.Medication, "amoxicillin")
	require.Equal(t, clinical.ActionStart, amox.Action)
	require.Equal(t, "chest infection", amox.Reason)
	xray := finding(t, r, clinical.Imaging, "x-ray")
	require.True(t, xray.Ordered)
	require.Equal(t, "chest infection", xray.Reason)
	require.Equal(t, "follow-up in 1 week", finding(t, r, clinical.FollowUp, "follow-up").Name)
	require.Equal(t, "cough", r.Findings[r.Complaint].Name)
	for _, u := range r.Units {
		if strings.Contains(r.UnitText(indexOf(r, u)), "A and E") {
			require.Equal(t, discourse.Plan, u.Part, "a return precaution is a plan item")
		}
	}
}

func indexOf(r *clinical.Reading, u discourse.Unit) int {
	for i, v := range r.Units {
		if v.Segment == u.Segment && v.Start == u.Start {
			return i
		}
	}
	return -1
}

func TestADrugTheLexiconDoesNotListIsReadFromItsPrescription(t *testing.T) {
	t.Parallel()
	r := read(t, "en", "Doctor: For the burning you can take phenazopyridine, two hundred milligrams three times a day.")
	f := finding(t, r, clinical.Medication, "phenazopyridine")
	require.Equal(t, "200 mg", *f.Dose)
	require.Equal(t, "three times daily", *f.Frequency)
}

func TestFrenchEncounter(t *testing.T) {
	t.Parallel()
	r := read(t, "fr", `Médecin : Qu'est-ce qui vous amène ?
Patiente : J'ai mal à l'oreille gauche depuis trois jours.
Médecin : Avez-vous de la fièvre ?
Patiente : Non.
Médecin : Ça ressemble à une otite. Je vous prescris de l'amoxicilline, un gramme trois fois par jour pendant sept jours.`)
	require.Equal(t, assertion.Absent, finding(t, r, clinical.Symptom, "fièvre").Assertion)
	require.True(t, finding(t, r, clinical.Condition, "otite").Diagnosis)
	amox := finding(t, r, clinical.Medication, "amoxicilline")
	require.Equal(t, clinical.ActionStart, amox.Action)
	require.Equal(t, "1 g", *amox.Dose)
	require.Equal(t, "three times daily", *amox.Frequency)
}

// A route belongs to the drug it is said with: after the name and dose, or
// right before the name; not a route said for another dose or another
// drug further along the sentence.
func TestARouteIsTheDrugItIsSaidWith(t *testing.T) {
	t.Parallel()
	r := read(t, "en", "Doctor: She received methylprednisolone one hundred twenty-five milligrams IV. "+
		"Plan: prednisone forty milligrams daily to follow the IV dose, DuoNebs every four hours, and IV ceftriaxone one gram daily.")
	require.Equal(t, "intravenous", *finding(t, r, clinical.Medication, "methylprednisolone").Route)
	require.Nil(t, finding(t, r, clinical.Medication, "prednisone").Route, "the IV dose is methylprednisolone's")
	require.Nil(t, finding(t, r, clinical.Medication, "duoneb").Route, "a nebulised drug is not given IV")
	require.Equal(t, "intravenous", *finding(t, r, clinical.Medication, "ceftriaxone").Route)
}

// In a list, each drug's dose and frequency follow its name: a frequency
// said after one drug is not the next one's.
func TestAListGivesEachDrugWhatFollowsItsName(t *testing.T) {
	t.Parallel()
	r := read(t, "en", "Doctor: What do you take?\nPatient: Albuterol as needed, apixaban five milligrams twice daily, and diltiazem one hundred twenty milligrams daily.")
	albuterol := finding(t, r, clinical.Medication, "albuterol")
	require.Nil(t, albuterol.Dose)
	require.Equal(t, "as needed", *albuterol.Frequency)
	apixaban := finding(t, r, clinical.Medication, "apixaban")
	require.Equal(t, "5 mg", *apixaban.Dose)
	require.Equal(t, "twice daily", *apixaban.Frequency)
	diltiazem := finding(t, r, clinical.Medication, "diltiazem")
	require.Equal(t, "120 mg", *diltiazem.Dose)
	require.Equal(t, "once daily", *diltiazem.Frequency)
}

// "No, just in my belly" answers no to the back pain asked about; "no,
// just a little" says yes.
func TestARestrictingReplyKeepsItsNo(t *testing.T) {
	t.Parallel()
	r := read(t, "fr", "Médecin : Des douleurs dans le dos ?\nPatiente : Non, juste en bas du ventre, une gêne.")
	require.Equal(t, assertion.Absent, finding(t, r, clinical.Symptom, "dos").Assertion)
	r = read(t, "en", "Doctor: Any back pain?\nPatient: No, just in my lower belly.")
	require.Equal(t, assertion.Absent, finding(t, r, clinical.Symptom, "back").Assertion)
	r = read(t, "en", "Doctor: Any cough?\nPatient: No, just a little in the mornings.")
	require.Equal(t, assertion.Present, finding(t, r, clinical.Symptom, "cough").Assertion)
}

// "Sensitive to" is about an allergy only when said of a person.
func TestSensitiveToIsAnAllergyOnlyOfAPerson(t *testing.T) {
	t.Parallel()
	r := read(t, "en", "Doctor: I'll send the sample to the lab to check the infection is sensitive to the antibiotic.\nPatient: Okay.")
	none(t, r, clinical.Allergy, "antibiotic")
	r = read(t, "en", "Doctor: Any allergies?\nPatient: I'm very sensitive to codeine, it makes me itch.")
	finding(t, r, clinical.Allergy, "codeine")
}

// British "the surgery" after "into the" is the practice, no procedure.
func TestTheSurgeryAsAPlaceIsNoProcedure(t *testing.T) {
	t.Parallel()
	r := read(t, "en", "GP: Could you drop a urine sample into the surgery tomorrow morning?\nPatient: Yes.")
	none(t, r, clinical.Procedure, "surgery")
	finding(t, r, clinical.Lab, "urinalysis")
	r = read(t, "en", "Doctor: I'll book you in for surgery next week.\nPatient: Okay.")
	finding(t, r, clinical.Procedure, "surgery")
}

// A frequency said after a dose and "and" belongs to the next item of the
// list, even a drug the lexicon does not know: it is left out rather than
// given to the drug before.
func TestAFrequencyAfterTheNextItemIsNotTheDrugs(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: What do you take?
Patient: Levothyroxine seventy-five micrograms and zapodronic acid once a week.
Doctor: I'm starting amoxicillin five hundred milligrams three times a day and ibuprofen as needed.`)
	require.Nil(t, finding(t, r, clinical.Medication, "levothyroxine").Frequency, "once a week is the other drug's")
	amox := finding(t, r, clinical.Medication, "amoxicillin")
	require.NotNil(t, amox.Frequency)
	require.Equal(t, "three times daily", *amox.Frequency)
}

// "Oxygen" names a treatment and a vital sign: with a value after it, it is
// the vital sign.
func TestOxygenWithAValueIsTheSaturation(t *testing.T) {
	t.Parallel()
	r := read(t, "en", "Doctor: Your temperature is 98.9, oxygen is 96%.")
	require.Equal(t, "96", finding(t, r, clinical.Vital, "oxygen_saturation").Value)
}

// "Antibiotics won't help with a virus" negates no virus: a verb that is
// negated is a pseudo-trigger for what follows it.
func TestANegatedVerbNegatesNotWhatFollowsIt(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: I think this is bronchitis, most likely viral.
Doctor: Antibiotics won't help with a virus, so I'm not going to give you any.`)
	for _, f := range r.Findings {
		require.False(t, f.Kind == clinical.Condition && f.Assertion == assertion.Absent, "%s read as ruled out", f.Name)
	}
}

// "It's swollen" says how the wrist is, not what the patient has: a short
// impression cue makes no symptom a diagnosis. "I think it's a fracture"
// still diagnoses.
func TestAShortCueDiagnosesNoSymptom(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: There's a deformity of the left wrist, it's swollen and tender.
Doctor: I think it's a fracture of the left wrist.`)
	for _, f := range r.Findings {
		if f.Kind == clinical.Symptom {
			require.False(t, f.Diagnosis, "%s read as a diagnosis", f.Name)
		}
	}
	require.True(t, finding(t, r, clinical.Condition, "fracture").Diagnosis)
}

// A place said alone before a symptom places it: "No, just the wrist.
// It's agony." is wrist pain, and the patient's complaint.
func TestAPlaceSaidAloneBeforeASymptomPlacesIt(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: Any pain anywhere else, your hip, your neck?
Patient: No, just the wrist. It's agony, about eight out of ten.
Patient: It's on one side, usually the right, behind my eye. Throbbing.`)
	require.Equal(t, assertion.Present, finding(t, r, clinical.Symptom, "wrist pain").Assertion)
	require.Equal(t, assertion.Absent, finding(t, r, clinical.Symptom, "hip pain").Assertion)
	none(t, r, clinical.Symptom, "side pain")
}

// A nurse's "given" is a dose of the visit; a parent's is what the child
// takes at home.
func TestANursesDoseIsTheVisitsTreatment(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: Tell me what's been going on.
RN: Dexamethasone thirteen milligrams by mouth given. She had two paracetamol at home.
Dad: I gave him ibuprofen at home this morning.`)
	require.True(t, finding(t, r, clinical.Medication, "paracetamol").Taken, "a nurse's handover of a drug taken at home is history")
	dex := finding(t, r, clinical.Medication, "dexamethasone")
	require.Equal(t, clinical.ActionStart, dex.Action)
	require.False(t, dex.Taken, "a dose given here is no current medication")
	ibu := finding(t, r, clinical.Medication, "ibuprofen")
	require.True(t, ibu.Taken)
	require.NotEqual(t, clinical.ActionStart, ibu.Action)
}

// "Bupropion can cause seizures": a risk told is no finding.
func TestARiskToldIsNoFinding(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: Bupropion can cause seizures, and ibuprofen may cause stomach ulcers.`)
	for _, f := range r.Findings {
		if f.Kind == clinical.Symptom || f.Kind == clinical.Condition {
			require.NotEqual(t, assertion.Present, f.Assertion, "%s read as present", f.Name)
		}
	}
	require.Equal(t, assertion.Hypothetical, finding(t, r, clinical.Symptom, "seizure").Assertion)
	fr := read(t, "fr", `Médecin : Ce médicament peut donner des nausées.`)
	require.Equal(t, assertion.Hypothetical, finding(t, fr, clinical.Symptom, "naus").Assertion)
	r = read(t, "en", `Doctor: Because you get an aura, the combined pill raises your stroke risk.`)
	require.NotEqual(t, assertion.Present, finding(t, r, clinical.Condition, "stroke").Assertion, "a word of risk after it")
}

// A reason said after an order with a word of purpose is its reason, as
// said, when the lexicon names no problem there; a plan opened on a
// problem gives it to the items that follow, until a diagnosis is said.
func TestAnOrdersReasonIsItsPurposeOrItsTopic(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: I'll send you for an MRI of the knee to look for a meniscal tear.
Doctor: I'm starting lisinopril ten milligrams daily for your blood pressure.
Doctor: Take tylenol for any pain right now, for two weeks.
Doctor: For your diabetes, I want to keep you on metformin.
Doctor: We'll check a hemoglobin A1c today.
Doctor: You also have a kidney stone. I'll prescribe oxycodone five milligrams every six hours.`)
	reason := func(kind clinical.Kind, name string) string { return finding(t, r, kind, name).Reason }
	require.Equal(t, "meniscal tear", reason(clinical.Imaging, "mri"))
	require.Equal(t, "blood pressure", reason(clinical.Medication, "lisinopril"))
	require.Equal(t, "pain", reason(clinical.Medication, "tylenol"), "the reason ends with its clinical word")
	require.Contains(t, reason(clinical.Lab, "a1c"), "diabetes", "the plan's topic")
	require.NotContains(t, reason(clinical.Medication, "oxycodone"), "diabetes", "a diagnosis said since ends the topic")

	fr := read(t, "fr", `Médecin : Je demande une radiographie du pied pour éliminer une ostéomyélite.`)
	require.Equal(t, "ostéomyélite", finding(t, fr, clinical.Imaging, "radiographie").Reason)
	fr = read(t, "fr", `Médecin : On va vous donner de l'ondansétron pour les nausées. Je demande une analyse d'urine.`)
	require.Empty(t, finding(t, fr, clinical.Lab, "ecbu").Reason, "a purpose that ends its sentence opens no topic")
}

// "Any medications? Any allergies?" "Just pantoprazole. No allergies.":
// the drug answers the other question, and is no allergy.
func TestADrugAnsweringTheMedicationQuestionIsNoAllergy(t *testing.T) {
	t.Parallel()
	r := read(t, "fr", `Urgentologue : Prenez-vous des médicaments ? Des allergies ?
Patient : Juste du pantoprazole quarante milligrammes le matin. Pas d'allergies.`)
	none(t, r, clinical.Allergy, "pantoprazole")
	require.True(t, finding(t, r, clinical.Medication, "pantoprazole").Taken)
	r = read(t, "en", `Doctor: Any allergies to medicines?
Patient: Just plasters, they bring me out in a rash.`)
	finding(t, r, clinical.Allergy, "adhesive")
}

// A dictation's "Allergies: no known drug allergies." states none; its
// "Chief complaint: left big toe pain for two days." is the complaint as
// the clinician words it.
func TestADictatedHeadingAndWhatFollowsIt(t *testing.T) {
	t.Parallel()
	segs := transcript.Split("Chief complaint: left big toe pain for two days.\nAllergies: no known drug allergies.\nHe woke up with a red, swollen toe.", nil)
	r := clinical.Read(segs, clinical.Options{Lang: "en", Dictation: true})
	require.Equal(t, "left big toe pain for two days", r.ComplaintText)
	require.True(t, finding(t, r, clinical.Allergy, "").NoneKnown)
}

// "The shingles vaccine" prevents shingles: no problem, no Condition.
func TestAConditionAVaccinePreventsIsNoFinding(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: You're due for the shingles vaccine and a flu shot today.`)
	none(t, r, clinical.Condition, "shingles")
	none(t, r, clinical.Condition, "influenza")
	fr := read(t, "fr", `Médecin : On fera le vaccin contre le zona.`)
	none(t, fr, clinical.Condition, "zona")
}

// A drug the lexicon does not list is also read from a regimen said
// without a verb of prescribing: a count of doses and how often.
func TestADrugTheLexiconDoesNotListIsReadFromItsRegimen(t *testing.T) {
	t.Parallel()
	r := read(t, "en", "Patient: I'm on the Spiolto, two puffs every morning, and that's it.")
	f := finding(t, r, clinical.Medication, "spiolto")
	require.Equal(t, "2 puffs", *f.Dose)
	require.Equal(t, "once daily, every morning", *f.Frequency)
}

// A drug taken when needed at most so often keeps both: "every six hours
// as needed" is another regimen than every six hours.
func TestAFrequencySaidWithAsNeededKeepsBoth(t *testing.T) {
	t.Parallel()
	r := read(t, "en", "Doctor: For the pain I'll prescribe oxycodone, five milligrams, every four hours as needed.")
	require.Equal(t, "every 4 hours as needed", *finding(t, r, clinical.Medication, "oxycodone").Frequency)
	r = read(t, "fr", "Médecin : Pour la douleur, du paracétamol, un gramme, si besoin, trois fois par jour.")
	require.Equal(t, "three times daily as needed", *finding(t, r, clinical.Medication, "paracétamol").Frequency)
}

// A temperature is never a dose: "denies fever" followed by "furosemide
// 40 mg" measured nothing, and the temperature taken is the one named.
func TestATemperatureIsNeverADose(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: He denies chest pain, fever or leg swelling.
Doctor: He takes furosemide 40 mg daily.
Doctor: On exam, temperature 37.8, heart rate 104.`)
	var temps []string
	for _, f := range r.Findings {
		if f.Kind == clinical.Vital && f.VitalKind == "temperature" {
			temps = append(temps, f.Value)
		}
	}
	require.Equal(t, []string{"37.8"}, temps)
}

// A spoken number is never cut in two by a sentence boundary in text
// without punctuation: "heart rate was fifty eight" is 58, not 50.
func TestASpokenNumberIsNeverCutInTwo(t *testing.T) {
	t.Parallel()
	r := read(t, "en", "Doctor: i reviewed your vitals and everything looks good blood pressure was one eighteen over seventy two heart rate was fifty eight respiratory rate was fourteen you are afebrile")
	for _, f := range r.Findings {
		if f.Kind == clinical.Vital && f.VitalKind == "heart_rate" {
			require.Equal(t, "58", f.Value)
			return
		}
	}
	t.Fatal("no heart rate")
}

// A frequency said as a range keeps its low end: "two or three times a
// day" is not "three times daily".
func TestAFrequencyRangeKeepsItsLowEnd(t *testing.T) {
	t.Parallel()
	r := read(t, "en", "Doctor: What do you take for it?\nPatient: Just naproxen, maybe two or three times a day.")
	require.Equal(t, "two or three times daily", *finding(t, r, clinical.Medication, "naproxen").Frequency)
}

// A frequency said as not reached ("almost every day", "presque tous les
// jours") is left out: charted, it would say more than was said.
func TestAFrequencyNotReachedIsLeftOut(t *testing.T) {
	t.Parallel()
	r := read(t, "en", "Doctor: How often do you need the inhaler?\nPatient: I use the salbutamol almost every day now.")
	require.Nil(t, finding(t, r, clinical.Medication, "salbutamol").Frequency)
}

// Relatives named together share what is said of them ("her mother and
// her brother have diabetes").
func TestRelativesNamedTogether(t *testing.T) {
	t.Parallel()
	r := read(t, "en", "Doctor: Any illnesses in the family?\nPatient: My mother and my sister both have hypothyroidism.")
	f := finding(t, r, clinical.Condition, "hypothyroidism")
	require.Equal(t, assertion.Family, f.Subject)
	require.Equal(t, []string{"mother", "sister"}, f.Relatives)
}

// Another's measure is no vital sign of the patient's: the baby's heart
// rate, the fundal height, "le cœur du bébé".
func TestAnothersMeasureIsNoVitalSign(t *testing.T) {
	t.Parallel()
	r := read(t, "en", "Midwife: Your blood pressure is one twenty over seventy. Baby's heart rate is one forty five, and your fundal height is thirty centimeters.")
	for _, f := range r.Findings {
		if f.Kind == clinical.Vital {
			require.Equal(t, "blood_pressure", f.VitalKind, "%s %s is not the mother's", f.VitalKind, f.Value)
		}
	}
}

// A heading's word that goes on ("Motif : suivi de fibrillation
// auriculaire") is the visit's reason, not a heading.
func TestAVisitReasonThatIsAlsoAHeadingWord(t *testing.T) {
	t.Parallel()
	r := read(t, "fr", "Médecin : Motif : suivi de diabète de type deux et contrôle de la tension.\nMédecin : Pas de plainte particulière.")
	require.Contains(t, strings.ToLower(r.ComplaintText), "suivi de diabète")
}

// A dose's unit counts per day ("par kilo et par jour"): its "par jour"
// is no frequency, which comes after it ("en deux prises").
func TestADoseUnitPerDayIsNoFrequency(t *testing.T) {
	t.Parallel()
	r := read(t, "fr", "Médecin : Je lui prescris de l'amoxicilline, quatre-vingts milligrammes par kilo et par jour en trois prises.")
	f := finding(t, r, clinical.Medication, "amoxicilline")
	require.Equal(t, "80 mg/kg/jour", *f.Dose)
	require.Equal(t, "three times daily", *f.Frequency)
}

// "Return precautions were discussed, including chest pain, shortness of
// breath, coughing up blood": the symptoms to come back for are none the
// patient has, and the denial before them stands.
func TestReturnPrecautionsAssertNothing(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: He denies chest pain, shortness of breath or coughing up blood.
Doctor: Bleeding precautions and return precautions were discussed, including chest pain, shortness of breath, coughing up blood, or black stools.`)
	for _, name := range []string{"chest pain", "shortness of breath", "hemoptysis"} {
		require.Equal(t, assertion.Absent, finding(t, r, clinical.Symptom, name).Assertion, name)
	}
	require.NotEqual(t, assertion.Present, finding(t, r, clinical.Symptom, "bleeding").Assertion)
}

// The relation by which the patient is named to a companion ("with your
// mom") is the patient; the companion's other parent ("my dad had a
// stroke") is the patient's spouse: someone else, not the patient and no
// family history. A parent's "my husband has asthma" is the child's
// family history.
func TestACompanionsRelativesAreWhoTheyAre(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: Good morning, and thanks for coming in with your mom again.
Daughter: She has pain in both knees.
Daughter: But my dad had a stroke in March, so she's been taking care of him.`)
	stroke := finding(t, r, clinical.Condition, "stroke")
	require.Equal(t, assertion.Other, stroke.Subject)
	r = read(t, "en", `Mother: My son has had a cough for three days.
Mother: My husband has asthma.`)
	require.Equal(t, assertion.Family, finding(t, r, clinical.Condition, "asthma").Subject)
	require.Equal(t, assertion.Patient, finding(t, r, clinical.Symptom, "cough").Subject)
}

// "Would you say you've been feeling low?" asks for an answer, not for
// something to be done: the reply decides ("No, I wouldn't say down").
func TestAnOpinionAskedPolitelyIsReadThroughItsReply(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: How has your mood been? Would you say you've been feeling low or down?
Patient: No, I wouldn't say down.`)
	require.Equal(t, assertion.Absent, finding(t, r, clinical.Symptom, "depressed").Assertion)
}

// A subject taken up by a pronoun between commas ("Ma mère, elle, a eu un
// cancer du sein") is one clause: the mother's, not the patient's.
func TestADislocatedSubjectKeepsItsExperiencer(t *testing.T) {
	t.Parallel()
	r := read(t, "fr", `Médecin : Des maladies dans la famille ?
Patient : Ma mère, elle, a eu un cancer du sein.`)
	require.Equal(t, assertion.Family, finding(t, r, clinical.Condition, "cancer du sein").Subject)
}

// A mother (her label says so) telling her own childhood asthma gives the
// child a family history, not asthma; "I gave him ibuprofen" still tells
// the child's drug.
func TestAParentsOwnHistoryIsTheChildsFamilyHistory(t *testing.T) {
	t.Parallel()
	for _, text := range []string{`Médecin : Il a de la fièvre ?
Maman : Un peu, trente-huit hier soir.
Médecin : Il a déjà eu des bronchiolites ?
Maman : Non, c'est la première fois.
Maman : Moi j'avais de l'asthme petite, mais ça a disparu vers dix ans.`, `Doctor: Has he had a fever?
Mum: A little, last night.
Mum: I had asthma as a kid, though.
Mum: I gave him ibuprofen this morning.`} {
		lang := "en"
		if strings.HasPrefix(text, "Médecin") {
			lang = "fr"
		}
		r := read(t, lang, text)
		for _, f := range r.Findings {
			require.False(t, f.Kind == clinical.Condition && f.Subject == assertion.Patient && f.Assertion == assertion.Present, "the mother's %s is not the child's", f.Name)
		}
		require.Equal(t, assertion.Family, finding(t, r, clinical.Condition, "asthm").Subject, "the mother's asthma is read, as family history")
		if lang == "en" {
			require.True(t, finding(t, r, clinical.Medication, "ibuprofen").Taken)
		}
	}
}

// "One of those oxygen finger monitors ... It says ninety-four": the
// device names the vital sign measured, not the oxygen given as a
// treatment, and its reading may come a few sentences into the reply.
func TestAHomeDevicesReadingIsTheVital(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `GP: Have you got one of those little oxygen finger monitors at home?
Patient: Erm, yes, my son got me one. Hang on. It says ninety-six.`)
	sats := finding(t, r, clinical.Vital, "oxygen_saturation")
	require.Equal(t, "96", sats.Value)
}

// "For the fever, or if she is uncomfortable, keep giving her Tylenol":
// a drug the child takes, to go on giving as a symptom calls for it, is
// taken and continued, not a supposition; "if the cough goes on, we might
// start an inhaler" stays one.
func TestADrugGivenAsASymptomNeedsItGoesOn(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Mum: I gave her Tylenol last night.
Doctor: For the fever, or if she is uncomfortable, keep giving her Tylenol every six hours.
Doctor: If the cough goes on, we might start an inhaler like Symbicort.`)
	tylenol := finding(t, r, clinical.Medication, "tylenol")
	require.Equal(t, assertion.Present, tylenol.Assertion)
	require.Equal(t, clinical.ActionContinue, tylenol.Action)
	require.NotEqual(t, assertion.Present, finding(t, r, clinical.Medication, "symbicort").Assertion)
}
