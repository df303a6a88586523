package clinical_test

// Today's decisions and their reasons, as the words around them say:
// clauses of when and condition, cessation, a drug as a subject, lists of
// tests, reasons of cause and of the patient's own problem.

import (
	"strings"
	"testing"

	"github.com/notegen/notegen/internal/clinical"
	"github.com/notegen/notegen/internal/discourse"
	"github.com/notegen/notegen/internal/transcript"
	"github.com/stretchr/testify/require"
)

// "Come back straight away if ..." is a safety net, not a visit booked:
// no follow-up order; one with its interval is.
func TestAReturnOnAConditionIsNoFollowUp(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: Come back straight away if you get a temperature or shivers.
Patient: Okay.`)
	none(t, r, clinical.FollowUp, "follow")
	r = read(t, "en", `Doctor: Come back in two weeks so we can check the wound.
Patient: Okay.`)
	require.True(t, finding(t, r, clinical.FollowUp, "2 weeks").Ordered)
}

// A decision said in a clause of when or on what condition ("which goes
// back to normal when you stop it", "quand vous l'arrêterez") decides
// nothing today: the drug just prescribed stays started.
func TestAStopInAClauseOfWhenIsNoStop(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: I'm giving you tamsulosin, four hundred micrograms, once a day. It can make you dizzy, which goes back to normal when you stop it.
Patient: Okay.`)
	require.Equal(t, "start", finding(t, r, clinical.Medication, "tamsulosin").Action)
	r = read(t, "fr", `Médecin : Je vous prescris de l'ibuprofène, quatre cents milligrammes trois fois par jour. Les douleurs d'estomac passent quand vous l'arrêtez.
Patient : D'accord.`)
	require.Equal(t, "start", finding(t, r, clinical.Medication, "ibuprof").Action)
	r = read(t, "en", `Doctor: You've been on the naproxen. Your kidneys are struggling, so stop it today.
Patient: Okay.`)
	require.Equal(t, "stop", finding(t, r, clinical.Medication, "naproxen").Action)
}

// A kind of drug said beside a drug's name ("prednisone, a steroid, forty
// milligrams once a day") is that drug: the dose and frequency after it
// are the named drug's.
func TestAKindOfDrugInAppositionKeepsTheDose(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: I'm going to give you prednisone, a steroid, forty milligrams once a day in the morning, for five days.
Patient: Okay.`)
	f := finding(t, r, clinical.Medication, "prednisone")
	require.NotNil(t, f.Dose)
	require.Equal(t, "40 mg", *f.Dose)
	require.NotNil(t, f.Frequency)
	require.Equal(t, "once daily", *f.Frequency)
}

// A decision in a sentence that opens on the patient's course ("Once
// this flare has completely settled, I'd like to start allopurinol") waits
// on it: no start today; one that opens on a time alone ("When you get
// home, start the colchicine") is today's.
func TestADecisionAfterAClauseOfTheCourseWaits(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: Once this flare has completely settled, in about two weeks, I'd like to start allopurinol. When you get home, start the colchicine, half a milligram twice a day.
Patient: Okay.`)
	require.NotEqual(t, clinical.ActionStart, finding(t, r, clinical.Medication, "allopurinol").Action)
	require.Equal(t, clinical.ActionStart, finding(t, r, clinical.Medication, "colchicine").Action)
}

// A diagnosis said with its cause ("cellulitis from a cat bite") is one
// diagnosis, the reason of the drug prescribed after it, and a drug chosen
// "because of your allergy" is still for it; two diagnoses side by side
// give no reason.
func TestADiagnosisWithItsCauseIsTheReason(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `PA: This is cellulitis from a cat bite. Normally we'd use Augmentin, but because of your allergy I'm prescribing doxycycline instead, one hundred milligrams twice a day.
Patient: Okay.`)
	require.Equal(t, "cellulitis", finding(t, r, clinical.Medication, "doxycycline").Reason)
	r = read(t, "fr", `Médecin : C'est une gastrite due à l'ibuprofène. Je vous prescris de l'oméprazole, vingt milligrammes le matin.
Patient : D'accord.`)
	require.Equal(t, "gastrite", finding(t, r, clinical.Medication, "oméprazole").Reason)
	r = read(t, "en", `Doctor: You have a COPD exacerbation and atrial fibrillation. I'm starting prednisone forty milligrams daily.
Patient: Okay.`)
	require.Equal(t, "", finding(t, r, clinical.Medication, "prednisone").Reason)
}

// A topic of the plan followed in its sentence by the diagnosis that
// explains it ("for the shortness of breath ..., I think it was an
// exacerbation of your heart failure") gives its items that diagnosis as
// their reason; a topic with no diagnosis after it stays the reason.
func TestTheDiagnosisOfATopicIsTheReason(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: So for the shortness of breath that you had in the emergency department, I think it was an exacerbation of your heart failure. You probably ate some salty food.
Patient: Mm-hmm.
Doctor: So, for that, I'm going to prescribe Lasix eighty milligrams once a day.`)
	require.Equal(t, "heart failure", finding(t, r, clinical.Medication, "lasix").Reason)
	r = read(t, "en", `Doctor: For your shortness of breath, I'm going to prescribe an albuterol inhaler, two puffs as needed.`)
	require.Equal(t, "shortness of breath", finding(t, r, clinical.Medication, "albuterol").Reason)
}

// A drug's reason is the patient's own problem, not a relative's named
// with it, nor a state of life such as a pregnancy it is safe in, nor a
// relative's diagnosis said before; a screening test keeps the family
// history as its reason.
func TestADrugsReasonIsThePatientsOwnProblem(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: You have high cholesterol, and with your father's stroke, I recommend starting atorvastatin, twenty milligrams once a day.
Patient: Okay.`)
	require.Equal(t, "high cholesterol", finding(t, r, clinical.Medication, "atorvastatin").Reason)
	r = read(t, "en", `GP: This is a urine infection. I'm going to prescribe nitrofurantoin, which is safe at this stage of pregnancy, one hundred milligrams twice a day.
Patient: Okay.`)
	require.NotContains(t, finding(t, r, clinical.Medication, "nitrofurantoin").Reason, "pregnan")
	r = read(t, "fr", `Docteur : Vous avez une hypertension artérielle.
Docteur : Ça abîme les artères, surtout avec l'infarctus de votre père.
Docteur : Je vous prescris de l'amlodipine, cinq milligrammes une fois par jour.
Patient : D'accord.`)
	require.NotContains(t, finding(t, r, clinical.Medication, "amlodipine").Reason, "infarctus")
	r = read(t, "en", `Doctor: Given your sister's breast cancer, I'd like a screening mammogram.
Patient: Okay.`)
	require.Contains(t, finding(t, r, clinical.Imaging, "mammogram").Reason, "breast cancer")
}

// "No more ibuprofen", "surtout plus d'Advil": the clinician ends a drug
// the patient takes, a stop, though the words negate it.
func TestNoMoreOfADrugStopsIt(t *testing.T) {
	t.Parallel()
	r := read(t, "fr", `Mère : Hier soir je lui ai donné de l'Advil.
Médecin : Par contre, surtout plus d'Advil pendant la varicelle.`)
	require.Equal(t, clinical.ActionStop, finding(t, r, clinical.Medication, "advil").Action)
	r = read(t, "en", `Patient: I've been taking ibuprofen for it.
Doctor: No more ibuprofen, it can upset your stomach. Tylenol is fine.`)
	require.Equal(t, clinical.ActionStop, finding(t, r, clinical.Medication, "ibuprofen").Action)
}

// A nurse's "elle a eu sa ceftriaxone il y a quarante minutes" reports a
// dose given in the department, not a drug she takes; "vous continuez
// votre pilule" continues her contraceptive.
func TestADoseTheNurseReportsGivenIsNoHomeDrug(t *testing.T) {
	t.Parallel()
	r := read(t, "fr", `Urgentiste : Ceftriaxone un gramme en intraveineuse, quand l'ECBU est prélevé.
Infirmier : Elle a eu sa ceftriaxone il y a quarante minutes, pas de réaction.
Urgentiste : Vous continuez votre pilule, il n'y a pas d'interaction.
Patiente : D'accord.`)
	require.False(t, finding(t, r, clinical.Medication, "ceftriaxone").Taken)
	require.Equal(t, clinical.ActionContinue, finding(t, r, clinical.Medication, "pilule").Action)
}

// "The D-dimer came back elevated, so a CT pulmonary angiogram was
// ordered": the result read out is the D-dimer's, the CT is ordered, and
// the angiogram is the CT's, no catheterization of its own.
func TestAnOrderAfterAResultInAnotherClause(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: ED course. The D-dimer came back elevated, so a CT pulmonary angiogram was ordered.
Patient: Okay.`)
	ct := finding(t, r, clinical.Imaging, "ct")
	require.True(t, ct.Ordered)
	require.Equal(t, "CT pulmonary angiogram", ct.Said)
	none(t, r, clinical.Procedure, "catheterization")
}

// A drug's name in a list of tests ("bloods, kidney function, CRP and
// calcium") names the level measured, no prescription.
func TestADrugNamedInAListOfTestsIsNoPrescription(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: I'll also send bloods, kidney function, CRP and calcium, and send your urine off for culture.
Patient: Okay.`)
	require.False(t, finding(t, r, clinical.Medication, "calcium").New)
	r = read(t, "en", `Doctor: I'll check a CRP, and start calcium carbonate, five hundred milligrams twice a day.
Patient: Okay.`)
	require.True(t, finding(t, r, clinical.Medication, "calcium").New)
}

// A drug that is the subject of the verb after it ("L'ibuprofène augmente
// le risque", "The prednisone raises your sugar") is not increased; a
// dictation's "metformin increase to 1000 mg" still changes it.
func TestADrugThatDoesTheVerbIsNotActedOn(t *testing.T) {
	t.Parallel()
	r := read(t, "fr", `Médecin : Plus d'ibuprofène pendant la varicelle. L'ibuprofène augmente le risque d'infections de la peau.
Mère : D'accord.`)
	require.Equal(t, clinical.ActionStop, finding(t, r, clinical.Medication, "ibuprof").Action)
	r = read(t, "en", `Doctor: Plan. Metformin increase to one thousand milligrams twice daily.
Patient: Okay.`)
	require.Equal(t, clinical.ActionChange, finding(t, r, clinical.Medication, "metformin").Action)
}

// The brand and the generic name one drug ("de la nitrofurantoïne, le
// Macrobid"), and one that is the subject of a negated verb ("le Macrobid
// ne diminue pas l'effet de la pilule") is not decreased.
func TestABrandAndItsGenericAreOnePrescription(t *testing.T) {
	t.Parallel()
	r := read(t, "fr", `IPS : Je vous prescris de la nitrofurantoïne, le Macrobid, cent milligrammes deux fois par jour pendant cinq jours.
Patiente : Correct.
IPS : Le Macrobid ne diminue pas l'effet de la pilule, vous continuez l'Alesse comme d'habitude.`)
	n := 0
	for _, f := range r.Findings {
		if f.Kind == clinical.Medication && f.New {
			n++
		}
	}
	require.Equal(t, 1, n, "one prescription")
	require.Equal(t, clinical.ActionStart, finding(t, r, clinical.Medication, "nitrofurantoïne").Action)
}

// A drug the clinician offers and the patient turns down in reply ("I'd
// rather not") is not prescribed; one offered beside another drug, of
// which the reply refuses one, is left as decided.
func TestADrugTurnedDownIsNotPrescribed(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `GP: Anything over ten percent, we'd normally offer a statin. I'd suggest atorvastatin, twenty milligrams at night.
Patient: I'd rather not, if that's alright. I'd like to get my weight down first.
GP: That's absolutely your decision.`)
	require.NotEqual(t, clinical.ActionStart, finding(t, r, clinical.Medication, "atorvastatin").Action)
	r = read(t, "fr", `Médecin : Je vous propose une statine, de l'atorvastatine, vingt milligrammes le soir.
Patient : Je préfère pas, je veux d'abord perdre du poids.`)
	require.NotEqual(t, clinical.ActionStart, finding(t, r, clinical.Medication, "atorvastatine").Action)
	r = read(t, "en", `GP: I'd suggest atorvastatin, twenty milligrams at night.
Patient: Okay, that's fine.`)
	require.Equal(t, clinical.ActionStart, finding(t, r, clinical.Medication, "atorvastatin").Action)
}

// A drug said to be a relative's, after it in its sentence ("that's his
// sister's"), is not the patient's.
func TestARelativesDrugIsNotThePatients(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: Any other medicines?
Mom: Just the Concerta. Oh, there's an albuterol inhaler in his backpack, but that's his sister Lucia's, for her asthma.`)
	none(t, r, clinical.Medication, "albuterol")
}

// The dose of a drug just started may come two sentences on, after a
// word of warning ("I'm going to start metformin. It can upset the
// stomach at first. Take one five hundred milligram tablet once a day.").
func TestADoseTwoSentencesOn(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `GP: For the diabetes, I'm going to start metformin. It can upset the stomach at first, so we build it up slowly. Take one five hundred milligram tablet once a day with your evening meal.
Patient: Okay.`)
	requireDose(t, r, "metformin", "500 mg")
}

// What a drug is, said with the drug as its subject ("Isotretinoin is a
// great medicine for severe acne"), and what another prescriber has yet
// to do with it ("a dermatologist has to prescribe it"), decide nothing
// today; another's past decision by a pronoun ("your cardiologist started
// it") makes the drug taken.
func TestADescribedDrugIsNotPrescribed(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Mother: Can she go on Accutane? It worked so well for me.
Nurse Practitioner: Isotretinoin is a great medicine for severe acne that's scarring, but it's a big step, and a dermatologist has to prescribe it. Let me take a look first.`)
	f := finding(t, r, clinical.Medication, "isotretinoin")
	require.False(t, f.New)
	require.NotEqual(t, clinical.ActionStart, f.Action)
	r = read(t, "en", `Doctor: I see the metoprolol on your list. Your cardiologist started it last year.
Patient: Yes.`)
	require.True(t, finding(t, r, clinical.Medication, "metoprolol").Taken)
}

// A dose given at once in the department ("prednisone sixty milligrams by
// mouth now") gives way to the regimen prescribed after it ("forty
// milligrams once a day"): the chart never pairs the one dose with the
// other's frequency.
func TestTheRegimenOverADoseGivenNow(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Dr. Patel: We're going to give you a steroid, prednisone sixty milligrams by mouth now.
Nurse Rosa: Prednisone sixty milligrams given by mouth.
Dr. Patel: Here's the plan. Take prednisone forty milligrams once a day for the next four days, starting tomorrow morning.
Patient: Okay.`)
	requireDose(t, r, "prednisone", "40 mg")
}

// A drug recommended without a dose takes the dose the clinician says of
// it later ("Atorvastatin, twenty milligrams, one tablet once a day"); a
// dose said only under a condition does not count.
func TestADoseSaidAfterTheDecision(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: You have high cholesterol, and I recommend starting a cholesterol medicine called atorvastatin.
Patient: Okay, I will take what you give me.
Doctor: Atorvastatin, twenty milligrams, one tablet once a day, at any time of day.`)
	requireDose(t, r, "atorvastatin", "20 mg")
	r = read(t, "en", `Doctor: You have high cholesterol, and I recommend starting atorvastatin.
Patient: Okay.
Doctor: If the atorvastatin forty milligrams was ever too much, we would lower it.`)
	require.Nil(t, finding(t, r, clinical.Medication, "atorvastatin").Dose)
}

// A lasting condition named as why ("Because you have asthma, you're in a
// higher-risk group") is no reason of the drug given for the diagnosis
// made before it; a topic that names the item ("for the medicine, ...")
// is no reason; a purpose said after the dose and how often ("lisinopril,
// ten milligrams once a day, for your blood pressure") is.
func TestWhyADrugIsGivenIsNotItsReason(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Provider: So this is influenza A. Because you have asthma, you're in a higher-risk group for complications, so I do want to treat it. I'm prescribing oseltamivir, seventy-five milligrams twice a day for five days.
Patient: Okay.`)
	require.Equal(t, "influenza", finding(t, r, clinical.Medication, "oseltamivir").Reason)
	r = read(t, "en", `Doctor: So you have high blood pressure. For the medicine, I'm starting lisinopril, ten milligrams once a day, for your blood pressure.
Patient: Okay.`)
	require.Equal(t, "blood pressure", finding(t, r, clinical.Medication, "lisinopril").Reason)
}

// How often to use an ointment, said a sentence after it with the verb of
// using it ("then put a thin layer on the sores three times a day"), is
// the ointment's; a parent's own cream, named with their own eczema ("I
// actually have eczema myself, and I've got a steroid cream for it,
// triamcinolone"), is not the child's.
func TestAnOintmentsUseAndAParentsOwnCream(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Pediatrician: Have you put anything on them?
Dad: Just washed them with soap. I actually have eczema myself, and I've got a steroid cream for it, triamcinolone. I almost put some on him last night.
Pediatrician: So this is impetigo. I'm prescribing mupirocin ointment. Gently wash the area with soap and water, pat it dry, then put a thin layer on the sores three times a day for five days.`)
	f := finding(t, r, clinical.Medication, "mupirocin")
	require.NotNil(t, f.Frequency)
	require.Equal(t, "three times daily", *f.Frequency)
	none(t, r, clinical.Medication, "triamcinolone")
}

// A plan opened on a word that names no problem ("Pour la crise, ...") is
// for the diagnosis made before it; a drug to be talked about at a later
// visit ("pour ... parler de l'allopurinol") is not started.
func TestAVagueTopicAndALaterTalk(t *testing.T) {
	t.Parallel()
	r := read(t, "fr", `Médecin : C'est une crise de goutte.
Médecin : Pour la crise, avec votre ancien ulcère, je préfère éviter les anti-inflammatoires. Je vous prescris de la colchicine.
Médecin : On se revoit dans trois semaines, avec la prise de sang, pour reprendre la tension sous amlodipine et parler de l'allopurinol.
Patient : D'accord.`)
	require.Equal(t, "goutte", finding(t, r, clinical.Medication, "colchicine").Reason)
	require.NotEqual(t, clinical.ActionStart, finding(t, r, clinical.Medication, "allopurinol").Action)
}

// A brand said beside the drug's name ("take acetaminophen, that's
// Tylenol, six hundred fifty milligrams") is the same mention: the
// clinician's "take" is a prescription, not the patient's taking.
func TestABrandBesideTheNameIsOneMention(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Provider: For the fever and the aches, take acetaminophen, that's Tylenol, six hundred fifty milligrams every six hours as needed.
Patient: Okay.`)
	requireDecision(t, r, "acetaminophen", clinical.ActionStart, "650 mg")
}

// A drug at its dose as the subject of a verb ("L'amlodipine à dix
// milligrammes y contribue") is no change to that dose: the change said
// after it ("Je diminue l'amlodipine à cinq milligrammes") gives the dose.
func TestADrugAtItsDoseDoingSomethingIsNoChange(t *testing.T) {
	t.Parallel()
	r := read(t, "fr", `Fille : L'amlodipine dix milligrammes le matin, pour la tension.
Médecin : C'est une hypotension orthostatique. L'amlodipine à dix milligrammes y contribue.
Fille : Donc c'est le médicament ?
Médecin : En partie. Je diminue l'amlodipine à cinq milligrammes, une fois par jour le matin, à cause de ces chutes.`)
	requireDecision(t, r, "amlodipine", clinical.ActionChange, "5 mg")
}

// A dose given in the department by a clinic's route ("ondansetron four
// milligrams IV for the nausea") or reported given by the nurse gives way
// to the prescription for home, whose frequency comes a sentence on with
// the verb of using it ("Let one melt on your tongue every eight hours");
// the reason said with the first is still the drug's.
func TestAnIVDoseGivesWayToTheHomePrescription(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Dr. Patel: Nurse, let's start an IV, give a liter of normal saline as a bolus, and ondansetron four milligrams IV for the nausea.
Nurse: Dr. Patel, first liter is in, ondansetron was given.
Dr. Patel: I'm sending a prescription for ondansetron, the dissolving tablets, four milligrams. Let one melt on your tongue every eight hours as needed.
Patient: Okay.`)
	f := finding(t, r, clinical.Medication, "ondansetron")
	require.NotNil(t, f.Frequency)
	require.Equal(t, "every 8 hours as needed", *f.Frequency)
	require.Equal(t, "nausea", f.Reason)
}

// A dictated letter: "I have increased her methotrexate from fifteen
// milligrams to twenty milligrams once weekly, starting this week" is a
// change to 20 mg ("this week" is a time, no pronoun for the drug); a drug
// stopped for a reaction ("hydroxychloroquine, which was stopped after she
// developed a widespread itchy rash within a few weeks of starting it") is
// an allergy with its reaction, not started; a drug to be discussed later
// ("we will discuss adding a second disease modifying drug such as
// sulfasalazine") is not started.
func TestADictatedLettersDrugs(t *testing.T) {
	t.Parallel()
	r := clinical.Read(transcript.Split(`Doctor: She has been on methotrexate fifteen milligrams once weekly for the last year full stop You will recall that she was previously on hydroxychloroquine comma which was stopped after she developed a widespread itchy rash within a few weeks of starting it full stop new paragraph Plan colon I have increased her methotrexate from fifteen milligrams to twenty milligrams once weekly comma starting this week full stop I will review her in three months comma and if her disease remains active we will discuss adding a second disease modifying drug such as sulfasalazine full stop`,
		discourse.InferRoles("en")), clinical.Options{Lang: "en", Dictation: true})
	requireDecision(t, r, "methotrexate", clinical.ActionChange, "20 mg")
	hcq := finding(t, r, clinical.Allergy, "hydroxychloroquine")
	require.NotNil(t, hcq.Reaction)
	require.Contains(t, *hcq.Reaction, "rash")
	for _, f := range r.Findings {
		require.False(t, f.Kind == clinical.Medication && f.New && (strings.Contains(f.Name, "hydroxychloroquine") || strings.Contains(f.Name, "sulfasalazine")), "%s prescribed", f.Name)
	}
}

// A drug given to keep a problem away ("apixaban ... to reduce the risk of
// a stroke") has that prevention as its reason, said with its cue: the
// stroke is not had.
func TestAPreventionIsTheReason(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: You have atrial fibrillation and a point for the high blood pressure.
Doctor: I'd like to start you on apixaban, five milligrams twice a day, morning and evening, to reduce the risk of a stroke.
Patient: Okay.`)
	require.Equal(t, "reduce the risk of a stroke", finding(t, r, clinical.Medication, "apixaban").Reason)
}

// A drug's French brand is the drug ("l'empagliflozine, le Jardiance"):
// one start, not a drug started and its brand changed; a verb before an
// article and its noun ("ça aide à baisser le sucre") acts on no drug by
// pronoun.
func TestAFrenchBrandIsTheDrug(t *testing.T) {
	t.Parallel()
	r := read(t, "fr", `Médecin : Pis on va ajouter l'empagliflozine, le Jardiance, dix milligrammes une fois par jour le matin. Ça aide à baisser le sucre, pis ça protège le cœur pis les reins.
Patient : Correct.`)
	var drugs []clinical.Finding
	for _, f := range r.Findings {
		if f.Kind == clinical.Medication {
			drugs = append(drugs, f)
		}
	}
	require.Len(t, drugs, 1)
	require.Equal(t, clinical.ActionStart, drugs[0].Action)
	require.False(t, drugs[0].Taken)
}

// A pronoun stands for the drug its sentence, or the one before it, opened
// on as a topic ("Pour l'ibuprofène, il faut l'éviter : ..., avec le
// ramipril, ... On l'arrête."), not the drug named last; "éviter" a drug
// stops it.
func TestAPronounStandsForTheDrugTheSentenceOpenedOn(t *testing.T) {
	t.Parallel()
	r := read(t, "fr", `Patient : De l'ibuprofène de temps en temps, pour le dos.
Médecin : On augmente le ramipril à dix milligrammes, une fois par jour.
Médecin : Pour l'ibuprofène, il faut l'éviter : ça fait monter la tension et, avec le ramipril, ça peut abîmer les reins. On l'arrête.
Patient : D'accord.`)
	require.Equal(t, clinical.ActionStop, finding(t, r, clinical.Medication, "ibuprofène").Action)
	require.Equal(t, clinical.ActionChange, finding(t, r, clinical.Medication, "ramipril").Action)
}

// A diagnosis said with what it is ("croup, a viral infection that causes
// swelling") or with its cause after "because it's" ("antibiotics don't
// help croup because it's a virus") is one diagnosis, the reason of the
// drug given after it.
func TestADiagnosisWithWhatItIsIsTheReason(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Dr. Nguyen: So this is croup, a viral infection that causes swelling around the voice box.
Grandma: Does he need antibiotics?
Dr. Nguyen: No, antibiotics don't help croup because it's a virus. What does help is a steroid. I'm going to give him a dose of dexamethasone here in the clinic, seven point four milligrams, by mouth, just one dose.`)
	require.Equal(t, "croup", finding(t, r, clinical.Medication, "dexamethasone").Reason)
}

// A companion asking whether the child needs a drug ("Does he need
// antibiotics?") wishes for it: the drug is not one he takes.
func TestACompanionAskingForADrugIsNoTaking(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Dr. Nguyen: So this is croup.
Grandma: Does he need antibiotics?
Dr. Nguyen: No, antibiotics don't help croup because it's a virus.`)
	require.False(t, finding(t, r, clinical.Medication, "antibiotic").Taken)
}

// A liquid's strength ("the one hundred sixty milligrams per five
// milliliter liquid") is no dose, and its form no drug: the dose is the
// amount to give ("two point five milliliters"); a form said between a
// drug and its dose ("nitrofurantoin, it's the modified-release capsule,
// one hundred milligrams") does not keep the dose from it.
func TestAStrengthIsNoDose(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: For her weight you can give infant acetaminophen, the one hundred sixty milligrams per five milliliter liquid, two point five milliliters, which is eighty milligrams, every six hours as needed for fever.
Mother: Okay.`)
	f := finding(t, r, clinical.Medication, "acetaminophen")
	require.NotNil(t, f.Dose)
	require.NotEqual(t, "160 mg", *f.Dose)
	none(t, r, clinical.Medication, "liquid")
	r = read(t, "en", `GP: I'm going to prescribe nitrofurantoin, it's the modified-release capsule, one hundred milligrams twice a day for three days.
Patient: Okay.`)
	requireDose(t, r, "nitrofurantoin", "100 mg")
}

// A drug said with its dose and how often, even where the part model
// reads an assessment ("Pour les démangeaisons la nuit, de la cétirizine
// dix milligrammes, un comprimé le soir."), is prescribed; a kind named
// first and its brand beside it ("un émollient, le Dexeryl, deux fois par
// jour") is one drug the brand decides.
func TestARegimenWithoutAVerbIsPrescribed(t *testing.T) {
	t.Parallel()
	r := read(t, "fr", `Médecin : Alors, c'est une poussée de dermatite atopique.
Médecin : En plus, un émollient, le Dexeryl, deux fois par jour sur tout le corps, même quand ça va mieux.
Médecin : Pour les démangeaisons la nuit, de la cétirizine dix milligrammes, un comprimé le soir.
Patient : D'accord.`)
	require.Equal(t, clinical.ActionStart, finding(t, r, clinical.Medication, "cétirizine").Action)
	require.Equal(t, clinical.ActionStart, finding(t, r, clinical.Medication, "dexeryl").Action)
}

// Medicines started as a whole and listed one by one ("I'm going to start
// a few medicines. First, ... Second, aspirin seventy-five milligrams once
// a day ... Take it with food.") are each started, though the patient once
// took one of them: the word of taking after the item decides nothing over
// the start.
func TestMedicinesStartedAsAList(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Patient: I've had aspirin for headaches before, no problem.
Doctor: It sounds like stable angina. In the meantime I'm going to start a few medicines.
Doctor: First, a spray to use under the tongue if you get the tightness. If it hasn't gone after five minutes you can use it again. It can give you a headache.
Doctor: Second, aspirin seventy-five milligrams once a day, to make the blood less sticky. Take it with food.
Patient: Okay.`)
	f := finding(t, r, clinical.Medication, "aspirin")
	require.Equal(t, clinical.ActionStart, f.Action)
	require.Contains(t, strings.ToLower(finding(t, r, clinical.Condition, "angina").Name), "angina")
}

// A dictated discharge summary's headed lists decide for their drugs
// ("new medications: co-amoxiclav ..." started at its oral dose,
// "Unchanged medications: amlodipine ..." continued), and its observations
// on discharge are the vitals, not those on admission.
func TestADischargeSummarysHeadedLists(t *testing.T) {
	t.Parallel()
	r := clinical.Read(transcript.Split(`Doctor: Findings on admission colon temperature thirty eight point nine comma blood pressure one hundred and eight over sixty four full stop Progress colon she was treated with intravenous co-amoxiclav one point two grams three times a day for three days full stop Observations on discharge colon temperature thirty six point eight comma blood pressure one hundred and thirty two over seventy eight full stop new paragraph Medications on discharge colon new medications colon co-amoxiclav six hundred and twenty five milligrams three times a day for five more days full stop Unchanged medications colon amlodipine five milligrams once daily full stop`,
		discourse.InferRoles("en")), clinical.Options{Lang: "en", Dictation: true})
	requireDecision(t, r, "co-amoxiclav", clinical.ActionStart, "625 mg")
	require.Equal(t, clinical.ActionContinue, finding(t, r, clinical.Medication, "amlodipine").Action)
	require.Equal(t, "36.8", finding(t, r, clinical.Vital, "temperature").Value)
}

// The dose a change replaces ("Au lieu de quarante milligrammes le matin,
// vous prenez quatre-vingts milligrammes") is not the new dose; a
// reaction said in the first person ("je vomis tout") is charted by its
// name.
func TestTheReplacedDoseIsNotTheDose(t *testing.T) {
	t.Parallel()
	r := read(t, "fr", `Patient : Le furosémide quarante milligrammes le matin.
Médecin : Et toujours l'allergie à la codéine ?
Patient : Oui, la codéine, je vomis tout.
Médecin : On augmente le furosémide. Au lieu de quarante milligrammes le matin, vous prenez quatre-vingts milligrammes le matin, pendant une semaine.`)
	requireDose(t, r, "furosémide", "80 mg")
	a := finding(t, r, clinical.Allergy, "codéine")
	require.NotNil(t, a.Reaction)
	require.Equal(t, "vomissements", *a.Reaction)
}

// A kind of drug a companion names without saying it is taken ("Okay, so
// antibiotics.") is no drug the child takes; strep throat is charted as
// said, not as tonsillitis.
func TestAKindOfDrugNamedIsNotTaken(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Pediatrician: We did a rapid strep test when you came in, and it's positive. So this is strep throat, a bacterial infection of the throat.
Dad: Okay, so antibiotics.
Pediatrician: Yes. Amoxicillin, ten milliliters twice a day for ten days.`)
	for _, f := range r.Findings {
		require.False(t, f.Kind == clinical.Medication && strings.Contains(f.Name, "antibiotic") && f.Taken, "antibiotics taken")
	}
	require.Equal(t, "strep throat", finding(t, r, clinical.Condition, "strep").Name)
}

// A drug at its dose as the object of a preposition ("malgré le ramipril
// à cinq milligrammes") is the dose taken, no change to it: the change
// said after gives the dose ("On augmente le ramipril à dix milligrammes").
func TestADrugAtItsDoseAfterAPrepositionIsNoChange(t *testing.T) {
	t.Parallel()
	r := read(t, "fr", `Médecin : Donc votre hypertension artérielle n'est pas contrôlée malgré le ramipril à cinq milligrammes.
Patient : D'accord.
Médecin : On augmente le ramipril à dix milligrammes, une fois par jour, le matin.`)
	requireDose(t, r, "ramipril", "10 mg")
}

// requireDose checks that the drug whose name contains name is charted
// with dose.
func requireDose(t *testing.T, r *clinical.Reading, name, dose string) {
	t.Helper()
	f := finding(t, r, clinical.Medication, name)
	require.NotNil(t, f.Dose, "%s has no dose", name)
	require.Equal(t, dose, *f.Dose)
}

// requireDecision checks that the drug whose name contains name is
// decided on with action, at dose.
func requireDecision(t *testing.T, r *clinical.Reading, name, action, dose string) {
	t.Helper()
	require.Equal(t, action, finding(t, r, clinical.Medication, name).Action)
	requireDose(t, r, name, dose)
}

// Refills after a statement of two conditions ("your diabetes and your
// high blood pressure are both well controlled") give neither drug a
// reason: which one each treats is not said.
func TestRefillsAfterTwoConditionsHaveNoReason(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Patient: I just need refills on my lisinopril and my metformin.
Provider: So your diabetes and your high blood pressure are both well controlled, and we'll make no changes. I'll send ninety-day refills of the lisinopril and the metformin to your pharmacy today, same doses.`)
	require.Empty(t, finding(t, r, clinical.Medication, "metformin").Reason)
}

// "For the first week, cut the citalopram down ... and start sertraline"
// opens on a time, no reason: the sertraline is for the depression
// diagnosed before.
func TestATimeOpeningThePlanIsNoReason(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `GP: So I think this is a relapse of your depression, a moderate one from what you've told me. The citalopram helped before, but it isn't holding things now.
Patient: Okay. Do I just stop the citalopram?
GP: No, we'll do it gradually, swapping over across a week. For the first week, cut the citalopram down to ten milligrams each morning, and at the same time start sertraline fifty milligrams once a day.`)
	require.Equal(t, "depression", finding(t, r, clinical.Medication, "sertraline").Reason)
}
