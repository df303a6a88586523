package clinical_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/assertion"
	"github.com/notegen/notegen/internal/clinical"
	"github.com/notegen/notegen/internal/discourse"
)

// Who a finding is about, when it was, and what a drug's decision is, read
// beyond one sentence: companions speaking of themselves, replies, starting
// doses and dates said later.

// "For fever or if he's uncomfortable, you can give acetaminophen": a drug
// to give for a symptom the child has is started, as needed; "if the rash
// spreads, start the hydrocortisone cream" is only a supposition.
func TestADrugStartedForASymptomIsStarted(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: For fever or if he's uncomfortable, you can give acetaminophen, one hundred twenty milligrams every six hours as needed.
Doctor: If the rash spreads, start the hydrocortisone cream.`)
	acetaminophen := finding(t, r, clinical.Medication, "acetaminophen")
	require.Equal(t, assertion.Present, acetaminophen.Assertion)
	require.Equal(t, clinical.ActionStart, acetaminophen.Action)
	require.NotEqual(t, assertion.Present, finding(t, r, clinical.Medication, "hydrocortisone").Assertion)
	r = read(t, "fr", `Médecin : Pour la fièvre, vous pouvez donner de l'acétaminophène, quinze milligrammes par kilo aux quatre heures au besoin.`)
	require.Equal(t, clinical.ActionStart, finding(t, r, clinical.Medication, "acétaminophène").Action)
}

// An interpreter relaying a mother in the first person: her "I take
// sertraline and I'm breastfeeding him" is her drug, not the baby's, also
// when the doctor answers of it; "I give him Tylenol" is his. Told to tell
// mom, "Mateo has bronchiolitis" is Mateo's.
func TestACompanionsOwnDrugIsNotThePatients(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: How has Mateo been?
Interpreter: She says he has had a cough and a runny nose for four days. He is feeding less and his nose is blocked. I give him Tylenol at night.
Doctor: Is he having wet diapers?
Interpreter: Yes, he has five or six a day.
Interpreter: And can I keep taking my medicine? I take sertraline and I'm breastfeeding him.
Doctor: Yes, sertraline is fine with breastfeeding. Keep taking it.
Doctor: Please tell mom that Mateo has bronchiolitis.`)
	none(t, r, clinical.Medication, "sertraline")
	require.Equal(t, assertion.Patient, finding(t, r, clinical.Medication, "tylenol").Subject)
	require.Equal(t, assertion.Patient, finding(t, r, clinical.Condition, "bronchiolitis").Subject)
}

// In speech recognised without punctuation the boundary model may cut a
// return precaution in two; what the second part lists is still only
// what to come back for. A stop said as one ends the condition.
func TestAConditionRunsOnAcrossAModelsCut(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `come back or call us if you get short of breath a fever over one hundred and one you're coughing up blood or if the cough isn't getting better in three weeks`)
	require.NotEqual(t, assertion.Present, finding(t, r, clinical.Symptom, "hemoptysis").Assertion)
	r = read(t, "en", `Doctor: Call us if the fever comes back. You are coughing up blood today, which we need to look at.`)
	require.Equal(t, assertion.Present, finding(t, r, clinical.Symptom, "hemoptysis").Assertion)
}

// A reaction said before what caused it ("I got hives all over from
// Bactrim") is an allergy with its reaction, not a drug taken and a
// symptom now; a symptom from a fall is no allergy.
func TestAReactionFromADrugIsAnAllergy(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: And you're allergic to sulfa, right?
Patient: Right. The sulfur drugs. I got hives all over from Bactrim.
Doctor: And the bruise on your arm?
Patient: I got the swelling from a fall, I took ibuprofen for it.`)
	bactrim := finding(t, r, clinical.Allergy, "bactrim")
	require.NotNil(t, bactrim.Reaction)
	require.Equal(t, "hives", *bactrim.Reaction)
	none(t, r, clinical.Medication, "bactrim")
	none(t, r, clinical.Allergy, "ibuprofen")
	r = read(t, "fr", `Patiente : J'ai fait de l'urticaire partout avec le Bactrim.`)
	finding(t, r, clinical.Allergy, "bactrim")
}

// A symptom the patient denied stays denied when the clinician names it
// later as a side effect; a condition told in one sentence is dated by the
// next ("That was thirty years ago."), and "when I was pregnant" is past
// itself; a drug the clinician would normally offer, and does not, is no
// prescription.
func TestDeniedSymptomsAndDatedHistoryStayAsTold(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `GP: Have you been getting any headaches?
Patient: No, not really.
GP: Have you ever had blood pressure problems before?
Patient: Only when I was pregnant with my first. I had pre-eclampsia and they induced me. That was thirty years ago, and it went back to normal afterwards.
GP: I'd like to start amlodipine, five milligrams once a day. Most people get on fine with it. The commonest one is some ankle swelling, and occasionally flushing or a headache in the first week or two.
GP: Because your QRISK is over ten percent, I would normally also offer a cholesterol-lowering tablet, a statin, atorvastatin twenty milligrams.
Patient: Can I think about the statin?`)
	require.Equal(t, assertion.Absent, finding(t, r, clinical.Symptom, "headache").Assertion)
	require.Equal(t, assertion.Past, finding(t, r, clinical.Condition, "preeclampsia").Time)
	require.Equal(t, assertion.Past, finding(t, r, clinical.Condition, "pregnan").Time)
	require.False(t, finding(t, r, clinical.Medication, "atorvastatin").New)
	require.True(t, finding(t, r, clinical.Medication, "amlodipine").New)
}

// A drug changed and then to be kept on is changed; a drug started today
// takes the dose the clinician starts it at sentences later; an allergy the
// clinician names and asks about takes the reaction the patient tells.
func TestDosesAndReactionsSaidLater(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `[doctor] We have a shellfish allergy on your chart. What happened with that?
[patient] Shrimp. I broke out in hives all over, that was in my twenties.
[doctor] First, I want to increase the metformin to one thousand milligrams twice a day. Keep taking it with breakfast and dinner.
[patient] Okay.
[doctor] Second, I'd like to add a medicine called semaglutide. It's a shot you give yourself once a week.
[patient] A shot? I'm not a big fan of needles.
[doctor] It's a tiny pen needle. Before we start it, have you ever had pancreatitis?
[patient] No.
[doctor] Good. We'll start at zero point two five milligrams once a week for four weeks, then go up to zero point five milligrams once a week.`)
	metformin := finding(t, r, clinical.Medication, "metformin")
	require.Equal(t, clinical.ActionChange, metformin.Action)
	requireDose(t, r, "semaglutide", "0.25 mg")
	shellfish := finding(t, r, clinical.Allergy, "shellfish")
	require.NotNil(t, shellfish.Reaction)
	require.Equal(t, "hives", *shellfish.Reaction)
	r = read(t, "en", `Doctor: Because of his allergy I'm going to prescribe azithromycin instead. Could you weigh him?
Mum: Eighteen kilos.
Doctor: So at eighteen kilos his dose is one hundred and eighty milligrams, once a day for three days.`)
	azithromycin := finding(t, r, clinical.Medication, "azithromycin")
	require.NotNil(t, azithromycin.Dose, "the dose of a child, said of him")
	require.Equal(t, "180 mg", *azithromycin.Dose)
	r = read(t, "en", `Doctor: Because of his allergy I'm going to prescribe azithromycin instead. Could you weigh him?
Mum: Eighteen kilos.
Doctor: So at eighteen kilos his dose is one hundred and eighty milligrams. That's seven ml of the liquid, once a day for three days.
Doctor: I'm also going to prescribe prochlorperazine. They're three milligram tablets that dissolve under the lip. One tablet twice a day, for up to three days.`)
	azithromycin = finding(t, r, clinical.Medication, "azithromycin")
	require.NotNil(t, azithromycin.Frequency, "how often, said after the dose")
	require.Equal(t, "once daily", *azithromycin.Frequency)
	prochlorperazine := finding(t, r, clinical.Medication, "prochlorperazine")
	require.NotNil(t, prochlorperazine.Frequency, "how often, said two sentences later")
	require.Equal(t, "twice daily", *prochlorperazine.Frequency)
}

// A condition the clinician tells the patient they have, named for the
// first time, is the diagnosis; one named before is a recap.
func TestAConditionToldInTheSecondPersonIsTheDiagnosis(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: Okay, your x-ray is back. You have a fracture of the distal radius, near the wrist.`)
	require.True(t, finding(t, r, clinical.Condition, "fracture").Diagnosis)
	r = read(t, "en", `Doctor: Do you have any medical problems?
Patient: I have asthma.
Doctor: Right, you have asthma, so we'll keep the inhaler going.`)
	require.False(t, finding(t, r, clinical.Condition, "asthma").Diagnosis)
	r = read(t, "fr", `Médecin : La radio est revenue. Vous avez une fracture du poignet.`)
	require.True(t, finding(t, r, clinical.Condition, "fracture").Diagnosis)
}

// A condition recalled as history and judged today is today's diagnosis:
// the history's mention does not hide the judgement.
func TestAConditionOfTheHistoryJudgedTodayIsDiagnosed(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `[doctor] okay , great . you're here for your routine yearly exam . i know you have a history of high blood pressure and you've had some depression in the past .
[patient] yes .
[doctor] have you been checking your blood pressure ?
[patient] not really , maybe once a week .
[doctor] okay . so here in the office today it is a little bit elevated , okay ? so your blood pressure is a little bit high .
[doctor] so for your first problem , your high blood pressure , we'll increase the lisinopril to 20 milligrams once a day .`)
	require.True(t, finding(t, r, clinical.Condition, "hypertension").Diagnosis)
}

// After the exam, the clinician's "please tell mom that Mateo has
// bronchiolitis" tells the diagnosis, not the family history; "his dad has
// asthma" stays there.
func TestADiagnosisToldThroughARelativeIsTheAssessment(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: Does anyone in the family have asthma?
Mother: Su papá tiene asma.
Interpreter: His dad has asthma.
Doctor: Does anyone smoke at home?
Interpreter: My husband smokes, but outside.
Doctor: Thank you. The nurse weighed him at eight point two kilos. His temperature is thirty-eight point one, heart rate one forty-five, and his oxygen is ninety-six percent.
Doctor: Let me examine him. His nose is full of mucus. In the lungs I hear scattered crackles and some wheezes on both sides. He's alert and smiling at me.
Doctor: Please tell mom that Mateo has bronchiolitis. It's a viral infection of the small airways in the lungs, very common in babies this time of year. His oxygen is good, so he can go home.`)
	for _, u := range r.Units {
		text := r.UnitText(indexOf(r, u))
		switch {
		case strings.Contains(text, "bronchiolitis"):
			require.Equal(t, discourse.Assessment, u.Part, text)
		case strings.Contains(text, "dad has asthma"):
			require.NotEqual(t, discourse.Assessment, u.Part, text)
		}
	}
}

// A start put off to a later visit is no prescription today.
func TestAStartPutOffIsNoPrescription(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: With a second flare he is a candidate for urate-lowering therapy, but we will defer starting allopurinol until this flare has settled. Start colchicine zero point six milligrams twice a day.`)
	require.False(t, finding(t, r, clinical.Medication, "allopurinol").New)
	require.True(t, finding(t, r, clinical.Medication, "colchicine").New)
	r = read(t, "fr", `Médecin : On va attendre pour commencer l'allopurinol, la crise doit d'abord se calmer.`)
	require.False(t, finding(t, r, clinical.Medication, "allopurinol").New)
}

// A relative who came with the patient speaks of their own illness and
// drugs in the first person: the daughter's metformin is not her father's,
// the father's Ventolin not his son's.
func TestARelativesOwnDrugsAreNotThePatients(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `GP: Hello Mr Okafor, and you must be his daughter.
Daughter: Yes, I'm Grace. Dad's had two falls this week, he gets dizzy when he stands up.
GP: Does he have a blood pressure monitor at home?
Daughter: Yes, I brought mine round. I'm on tablets for my own blood pressure, and I'm diabetic, I'm on metformin, so I'm always checking something.
GP: What tablets is your dad taking?
Daughter: He takes amlodipine ten milligrams and tamsulosin.`)
	none(t, r, clinical.Medication, "metformin")
	finding(t, r, clinical.Medication, "amlodipine")
	require.NotEqual(t, assertion.Patient, finding(t, r, clinical.Condition, "diabetes").Subject)
	r = read(t, "fr", `Urgentologue: Y a-t-il de l'asthme dans la famille?
Père: Sa sœur a le rhume. Pis moi je fais de l'asthme, j'ai ma pompe de Ventolin, mais ça c'est moi, pas lui.`)
	none(t, r, clinical.Medication, "ventolin")
}

// A drug a parent took himself ("I took Ritalin in middle school") does not
// take away the child's own drug of the same kind, decided later.
func TestAParentsOwnDrugLeavesTheChildsDecision(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Pediatrician: How have the last four weeks been on the Concerta?
Father: Better in the mornings. I had ADHD as a kid, though, I took Ritalin in middle school.
Pediatrician: That's common, it runs in families. He is growing well.
Pediatrician: His weight is up two pounds and his blood pressure is normal.
Pediatrician: I'd like to increase the Concerta from eighteen to twenty-seven milligrams, still one tablet every morning with breakfast.`)
	concerta := finding(t, r, clinical.Medication, "concerta")
	require.Equal(t, clinical.ActionChange, concerta.Action)
}

// What is said of people in general ("most women with endometriosis can
// still get pregnant") and what a treatment prevents ("the pill prevents
// pregnancy", "condoms protect against chlamydia", "stay away from
// pregnant women") is no finding of the patient; her own "I am pregnant"
// still is.
func TestGeneralStatementsAndWhatIsPreventedAreNotThePatients(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: It's very common, and most women with endometriosis can still get pregnant.
Doctor: The pill prevents pregnancy, and condoms protect against chlamydia.`)
	for _, name := range []string{"pregnan", "chlamydia"} {
		f := finding(t, r, clinical.Condition, name)
		require.NotEqual(t, assertion.Present, f.Assertion, name)
		require.False(t, f.Diagnosis, name)
	}
	r = read(t, "en", `Doctor: You are contagious to anyone who hasn't had chickenpox, so stay away from pregnant women and newborns.`)
	require.NotEqual(t, assertion.Present, finding(t, r, clinical.Condition, "pregnan").Assertion)
	require.NotEqual(t, assertion.Absent, finding(t, r, clinical.Condition, "chickenpox").Assertion, "said of others")
	r = read(t, "en", `Patient: I am pregnant, about ten weeks.`)
	require.Equal(t, assertion.Present, finding(t, r, clinical.Condition, "pregnan").Assertion)
	r = read(t, "fr", `Médecin : C'est fréquent, et la plupart des femmes avec une endométriose peuvent tomber enceintes.
Médecin : La pilule protège contre la grossesse, et le préservatif protège contre la chlamydia.`)
	for _, name := range []string{"grossesse", "chlamydia"} {
		require.NotEqual(t, assertion.Present, finding(t, r, clinical.Condition, name).Assertion, name)
	}
}

// In the patient's own words a clause that opens with "she" or "he" after
// a relative was named speaks of the relative: "my mum's got an
// underactive thyroid, she's been on levothyroxine for years" is the
// mother's drug, none of the patient's. "My mum says she gave me Calpol" is still the patient's.
func TestARelativesClauseInThePatientsWordsIsTheRelatives(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: Does anything run in the family?
Patient: My mum's got an underactive thyroid, she's been on levothyroxine for years.`)
	none(t, r, clinical.Medication, "levothyroxine")
	r = read(t, "en", `Patient: My mum says she gave me Calpol last night.`)
	require.Equal(t, assertion.Patient, finding(t, r, clinical.Medication, "calpol").Subject)
	r = read(t, "en", `Patient: They started me on the carbimazole, twenty milligrams every morning.`)
	require.Equal(t, assertion.Patient, finding(t, r, clinical.Medication, "carbimazole").Subject, "they started me on it")
	r = read(t, "fr", `Patiente : Ma mère a une hypothyroïdie, elle prend du Levothyrox depuis des années.`)
	none(t, r, clinical.Medication, "levothyrox")
}

// A condition said in the plural is the condition the lexicon lists in
// the singular: "nondisplaced fractures of the left seventh and eighth
// ribs" is a fracture, "des otites à répétition" otitis; "stress" and
// "sinus" are no plurals.
func TestAConditionSaidInThePluralIsTheCondition(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: Your chest x-ray is back. It shows nondisplaced fractures of the left seventh and eighth ribs.`)
	require.Equal(t, assertion.Present, finding(t, r, clinical.Condition, "fracture").Assertion)
	r = read(t, "fr", `Mère : Elle a fait des otites à répétition quand elle était bébé.`)
	finding(t, r, clinical.Condition, "otite")
}

// A drug the carer may add under a condition, told with its dose and how
// often ("if she's still miserable you can add children's ibuprofen, seven
// point five ml up to three times a day"), is started for when it is
// needed; a drug only to be tried if something happens, without a dose,
// stays a supposition.
func TestADrugAllowedWithItsDoseIsStarted(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: Keep going with the paracetamol, and if he's still grumpy you can add ibuprofen, five ml up to three times a day.`)
	ibuprofen := finding(t, r, clinical.Medication, "ibuprofen")
	require.Equal(t, assertion.Present, ibuprofen.Assertion)
	require.Equal(t, clinical.ActionStart, ibuprofen.Action)
	r = read(t, "en", `Doctor: If the cough gets worse you can try an albuterol inhaler.`)
	require.NotEqual(t, assertion.Present, finding(t, r, clinical.Medication, "albuterol").Assertion)
	r = read(t, "fr", `Médecin : Continuez le Doliprane, et s'il est encore grognon vous pouvez ajouter de l'ibuprofène, cinq millilitres jusqu'à trois fois par jour.`)
	require.Equal(t, assertion.Present, finding(t, r, clinical.Medication, "ibuprofène").Assertion)
}

// A condition confirmed in a reply and dated by the reply's next sentence
// ("Have you had chickenpox before?" "Yeah." "When I was like six.") is
// past; "the chickenpox virus" names what causes shingles, not chickenpox
// had today.
func TestAReplyDatedByItsNextSentenceIsPast(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `have you had chickenpox before
yeah
when i was like six
so this looks like shingles
it's the chickenpox virus waking back up along one nerve`)
	chickenpox := finding(t, r, clinical.Condition, "chickenpox")
	require.Equal(t, assertion.Present, chickenpox.Assertion)
	require.Equal(t, assertion.Past, chickenpox.Time)
	r = read(t, "en", `Doctor: Have you had chickenpox before?
Patient: Yes. I've got it now, though, my son gave it to me.`)
	require.Equal(t, assertion.Current, finding(t, r, clinical.Condition, "chickenpox").Time)
}

// A dose changed by a pronoun ("I'm going to reduce it from twenty
// milligrams to ten milligrams, once a day") is the drug's new dose, not
// the one the patient said before.
func TestADoseChangedByAPronounIsTheNewDose(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Patient: I take carbimazole, twenty milligrams every morning.
Doctor: Your T4 is normal now, so I'm going to reduce it from twenty milligrams to ten milligrams, once a day in the morning.`)
	requireDecision(t, r, "carbimazole", clinical.ActionChange, "10 mg")
}

// An interpreter speaks for the patient in the patient's first person:
// "My mother has diabetes. She takes insulin." is the patient's family
// history, and the insulin the mother's. Beside a parent, an interpreter
// relays the parent, and "my son" is the patient.
func TestAnInterpretersFirstPersonIsThePatients(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: Does anything run in her family?
Interpreter: My mother has diabetes. She takes insulin.
Doctor: Any medicines?
Interpreter: I take metformin, one every day.`)
	require.Equal(t, assertion.Family, finding(t, r, clinical.Condition, "diabetes").Subject)
	none(t, r, clinical.Medication, "insulin")
	require.Equal(t, assertion.Patient, finding(t, r, clinical.Medication, "metformin").Subject)
	r = read(t, "en", `Doctor: What brings you in today?
Interpreter: I have been itching for three weeks, all over.
Doctor: Is anyone else at home itching?
Interpreter: Yes, my husband is itching too.
Doctor: Your husband will need the cream as well.`)
	require.Equal(t, assertion.Patient, finding(t, r, clinical.Symptom, "itching").Subject,
		"the clinician's 'your husband', through an interpreter, is the patient's husband")
	r = read(t, "en", `Doctor: What brings you in today?
Patient: (speaks in Dari)
Interpreter: I have been itching for three weeks. I am breastfeeding my son, he is seven months.`)
	require.Equal(t, assertion.Patient, finding(t, r, clinical.Symptom, "itching").Subject,
		"an interpreter for a patient who speaks relays her: 'my son' is her son")
	r = read(t, "en", `Doctor: What brings you in today?
Interpreter: My son has had a fever for two days.`)
	require.Equal(t, assertion.Patient, finding(t, r, clinical.Symptom, "fever").Subject)
}

// What an interpreter says in their own name ("This is from me. My own son
// had scabies last year. We used permethrin.") is no finding of the
// patient's; what they relay is.
func TestAnInterpretersOwnAsideIsNotRead(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: Any medicines?
Interpreter: I take metformin, one every day.
Interpreter: Doctor, can I say something? This is from me. My own son had scabies from school last year. We used a cream, permethrin I think.`)
	require.Equal(t, assertion.Patient, finding(t, r, clinical.Medication, "metformin").Subject)
	none(t, r, clinical.Medication, "permethrin")
	none(t, r, clinical.Condition, "scabies")
}

// A turn that is wholly a transcriber's note in brackets ("Patient: (speaks
// in Dari)", "[inaudible]") is dropped and not read, whatever part the
// model gave it; a note in brackets before speech is not.
func TestAStageDirectionIsNotRead(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: Any fever?
Patient: (speaks in Dari)
Interpreter: No fever.
Patient: [inaudible]
Patient: (in the background) Who is it, Marta?`)
	for i, u := range r.Units {
		text := r.Segments[u.Segment].Text
		whole := strings.HasPrefix(text, "(speaks") || strings.HasPrefix(text, "[inaudible")
		require.Equal(t, whole, r.Unread(i), text)
		if whole {
			require.Equal(t, discourse.Drop, u.Part, text)
		}
	}
}

// The patient reading back the clinician's advice asserts nothing: the
// fever of a safety net read back is no fever, while an answer that
// repeats a question's words is read.
func TestAReadBackOfTheAdviceIsNotRead(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: Any fever or chills?
Patient: No fever, no chills.
Doctor: Come back straight away if you get a temperature or shivers, or if you start vomiting.
Patient: Fever or vomiting, come straight back. Got it.`)
	f := finding(t, r, clinical.Symptom, "fever")
	require.Equal(t, assertion.Absent, f.Assertion, "the answer denies it; the read-back asserts nothing")
	require.Equal(t, assertion.Hypothetical, finding(t, r, clinical.Symptom, "vomiting").Assertion, "only the safety net names it")
	r = read(t, "en", `Doctor: You've had the cough for three weeks now.
Patient: Three weeks, yes, and now I'm coughing up blood.`)
	require.Equal(t, assertion.Present, finding(t, r, clinical.Symptom, "hemoptysis").Assertion, "a sentence that goes on to its own news is read")
}

// An allergy the clinician names in a question is the patient's when the
// answer confirms it, with the reaction the answer tells; a "no" leaves it
// out, and the drug is no medication either way.
func TestAnAllergyNamedInAQuestionIsReadThroughItsAnswer(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: And allergies, still just the amoxicillin?
Patient: Yeah, I got hives from it.`)
	a := finding(t, r, clinical.Allergy, "amoxicillin")
	require.NotNil(t, a.Reaction)
	require.Equal(t, "hives", *a.Reaction)
	none(t, r, clinical.Medication, "amoxicillin")
	r = read(t, "en", `Doctor: Any allergies to medicines, like penicillin?
Patient: No, nothing like that.`)
	none(t, r, clinical.Allergy, "penicillin")
	// the substance read from the chart after the question
	r = read(t, "en", `Doctor: Any allergies? I have amoxicillin on her chart.
Mom: Yes, at twelve months she got hives all over.`)
	a = finding(t, r, clinical.Allergy, "amoxicillin")
	require.NotNil(t, a.Reaction)
	require.Equal(t, "hives", *a.Reaction)
}

// A question the patient answers in another language is answered by the
// interpreter's rendering: the allergy and its reaction are read from it.
func TestAnAnswerInAnotherLanguageIsTheInterpreters(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: Any allergies to medicines?
Patient: Penicillin. Ngứa, nổi mẩn khắp người.
Interpreter: Penicillin. Itching, a rash all over my body.`)
	a := finding(t, r, clinical.Allergy, "penicillin")
	require.NotNil(t, a.Reaction)
	require.Contains(t, strings.ToLower(*a.Reaction), "itching")
}

// An allergy said to be outgrown is no allergy of today.
func TestAnOutgrownAllergyIsNone(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: Any other allergies?
Mom: He had an egg allergy as a baby, but he outgrew it. He eats eggs all the time now.
Doctor: And peanuts?
Mom: He's allergic to peanuts, he gets hives.`)
	none(t, r, clinical.Allergy, "egg")
	finding(t, r, clinical.Allergy, "peanut")
	r = read(t, "fr", `Médecin : Des allergies ?
Mère : Elle était allergique au lait bébé, mais c'est passé en grandissant.`)
	none(t, r, clinical.Allergy, "lait")
}

// A companion's own drug is theirs when the clinician comes back to it
// later with "your" ("Pis votre pompe de Ventolin non plus, ... on y en
// donne pas"): no medication of the child's.
func TestACompanionsDrugSaidWithYourLaterIsTheirs(t *testing.T) {
	t.Parallel()
	r := read(t, "fr", `Médecin : Dans la famille, de l'asthme ?
Père : Moi, j'ai fait de l'asthme quand j'étais petit. J'ai encore une pompe de Ventolin dans le char.
Médecin : Est-ce que quelqu'un fume à la maison ?
Père : Moi, sur le balcon.
Médecin : Correct. Je vais l'examiner.
Médecin : Sa saturation est bonne.
Médecin : Pas d'antibiotique. Pis votre pompe de Ventolin non plus, ça aide pas dans la bronchiolite chez les bébés.`)
	none(t, r, clinical.Medication, "ventolin")
}

// A measure the patient says they came about ("C'est pour ma tension",
// "I came for my blood pressure check") is the chief complaint over a
// symptom answered later; a measure read out is none.
func TestAMeasureTheVisitIsForIsTheComplaint(t *testing.T) {
	t.Parallel()
	r := read(t, "fr", `Médecin : Bonjour, qu'est-ce qui vous amène ?
Patient : Bonjour docteur. C'est pour ma tension. L'infirmière m'a dit qu'elle était trop haute.
Médecin : Vous avez des symptômes ? Des maux de tête ?
Patient : Un peu mal à la tête le matin.`)
	require.Contains(t, strings.ToLower(r.ComplaintText), "tension")
	r = read(t, "en", `Doctor: Your blood pressure is one forty over ninety today. What brings you in?
Patient: I've had a bad cough for two weeks.
Doctor: Any fever?
Patient: No.
Doctor: Any blood in the phlegm?
Patient: No.`)
	require.Contains(t, strings.ToLower(r.ComplaintText), "cough")
}

// A reaction said with a verb ("it makes me throw up", "it made the
// tendons in my heels so sore", "seeing things") is the allergy's.
func TestAReactionSaidWithAVerbIsTheAllergys(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ said, drug, reaction string }{
		{"Patient: Codeine, it makes me throw up.", "codeine", "throw up"},
		{"Patient: Cipro. It made the tendons in my heels so sore I could barely walk.", "cipro", "tendons"},
		{"Caller: Codeine. He went all funny on it, seeing things that weren't there.", "codeine", "seeing things"},
	} {
		r := read(t, "en", "Doctor: Any allergies to medicines?\n"+c.said)
		a := finding(t, r, clinical.Allergy, c.drug)
		require.NotNil(t, a.Reaction, c.said)
		require.Contains(t, strings.ToLower(*a.Reaction), c.reaction, c.said)
	}
}

// A read-back in other forms of the clinician's words ("Fièvre, dos,
// vomissements, confusion. C'est noté." after "si vous vomissez ... plus
// confuse") asserts nothing either.
func TestAReadBackInOtherWordFormsIsNotRead(t *testing.T) {
	t.Parallel()
	r := read(t, "fr", `IPS : Avez-vous fait de la fièvre ?
Patiente : Non, pas de fièvre.
IPS : Si vous faites de la fièvre, si vous avez mal dans le dos, si vous vomissez, ou si vous êtes plus confuse, vous allez à l'urgence.
Fille : Fièvre, dos, vomissements, confusion. C'est noté.`)
	require.NotEqual(t, assertion.Present, finding(t, r, clinical.Symptom, "fièvre").Assertion)
	for _, f := range r.Findings {
		require.False(t, f.Assertion == assertion.Present && (strings.Contains(f.Name, "vomis") || strings.Contains(f.Name, "confus")), f.Name)
	}
}

// "Les gouttes" are drops, "la goutte" is gout: a condition the lexicon
// says only in the singular is not read from its plural.
func TestDropsAreNoGout(t *testing.T) {
	t.Parallel()
	r := read(t, "fr", `Médecin : Elle prend des médicaments ?
Mère : Juste la vitamine D, les gouttes, une fois par jour.`)
	none(t, r, clinical.Condition, "goutte")
	r = read(t, "fr", `Médecin : Qu'est-ce qui vous amène ?
Patient : J'ai une crise de goutte au gros orteil.`)
	finding(t, r, clinical.Condition, "goutte")
}

// A condition the clinician checks with the patient ("Vous avez eu une
// fracture du col du fémur, il me semble.") and the reply dates ("Oui, en
// deux mille vingt et un.") is past, as is one time is counted from ("le
// calcium depuis la fracture"); a fall said with the verb ("je suis
// tombée") is a symptom.
func TestAConditionDatedByTheReplyIsPast(t *testing.T) {
	t.Parallel()
	r := read(t, "fr", `Médecin : Alors, qu'est-ce qui se passe ?
Patiente : Je suis tombée trois fois en deux mois.
Médecin : Vous avez eu une fracture du col du fémur, il me semble.
Fille : Oui, en deux mille vingt et un, le droit. Elle a eu une prothèse.
Médecin : Et vos médicaments ?
Fille : Le calcium vitamine D depuis la fracture.`)
	f := finding(t, r, clinical.Condition, "fracture")
	require.Equal(t, assertion.Past, f.Time)
	require.False(t, f.Diagnosis)
	require.Equal(t, assertion.Present, finding(t, r, clinical.Symptom, "chutes").Assertion)
}
