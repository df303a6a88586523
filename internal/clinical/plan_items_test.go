package clinical_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/clinical"
	"github.com/notegen/notegen/internal/discourse"
	"github.com/notegen/notegen/internal/transcript"
)

// A diagnosis said after a drug in its sentence ("because your blood
// pressure's high") is that drug's purpose, not a new topic: the items the
// clinician goes on to order are still for the problem the plan was opened
// on.
func TestAPurposeOpensNoNewTopic(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: For your heart failure, we'll keep you on your current medicines.
Doctor: But I'm going to raise the lisinopril to 20 milligrams a day, because your blood pressure's high.
Doctor: I also want to start furosemide 20 milligrams a day.
Doctor: And I'd like an echocardiogram.
Patient: Okay.
Doctor: And then for your hypertension, I think it's out of control.`)
	require.True(t, finding(t, r, clinical.Condition, "hypertension").Diagnosis)
	require.Equal(t, "heart failure", finding(t, r, clinical.Medication, "furosemide").Reason)
	require.Equal(t, "heart failure", finding(t, r, clinical.Imaging, "echocardiogram").Reason)
}

// A reason names the problem in the words said with their qualifiers
// ("lumbar strain"), not the lexicon's other name for it ("mechanical back
// pain"); a topic opened past fillers names every problem listed in it.
func TestAReasonIsTheProblemAsSaid(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: I think you have an acute lumbar strain.
Doctor: I'm going to start meloxicam 15 milligrams once a day.
Patient: Okay.`)
	require.Equal(t, "acute lumbar strain", finding(t, r, clinical.Medication, "meloxicam").Reason)

	r = read(t, "en", `Doctor: So, for your first problem, um, your reflux and your nausea, we're going to do a few things.
Patient: Okay.
Doctor: I want to get an ultrasound of your belly.`)
	require.Equal(t, "reflux and nausea", finding(t, r, clinical.Imaging, "ultrasound").Reason)
}

// A follow-up is one visit: a bare "follow up" in a referral's sentence is
// the referral, two intervals of one length are one return, and a return
// in the plan of one problem is for it.
func TestFollowUpsThatAreOneVisitAreOne(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: For your carpal tunnel syndrome, wear the splint at night, and come back in 14 days.
Patient: Okay.
Doctor: Follow up with your dermatologist as well. All right, I'll see you in two weeks.`)
	var visits []clinical.Finding
	for _, f := range r.Findings {
		if f.Kind == clinical.FollowUp {
			visits = append(visits, f)
		}
	}
	require.Len(t, visits, 1, "14 days and two weeks are one return; the dermatologist is a referral")
	require.Equal(t, "follow-up in 14 days", visits[0].Name)
	require.Len(t, visits[0].Mentions, 2)
	require.Equal(t, "carpal tunnel syndrome", visits[0].Reason)
	finding(t, r, clinical.Referral, "dermatolog")
}

// "A recheck on your a1c" orders the test, not a visit; "recheck your TSH
// in six weeks" also says when to come back.
func TestATestRecheckedIsNoVisit(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: I'd like a recheck on your a1c.
Patient: Sure.`)
	require.True(t, finding(t, r, clinical.Lab, "a1c").Ordered)
	none(t, r, clinical.FollowUp, "follow-up")

	r = read(t, "en", `Doctor: We'll recheck your TSH in six weeks.
Patient: Sure.`)
	require.True(t, finding(t, r, clinical.FollowUp, "6 weeks").Ordered)
}

// A drug refilled is continued with a prescription written today; one
// only kept is not.
func TestARefillIsAPrescription(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: I'll send in a refill of your omeprazole 20 milligrams once a day.
Patient: Thanks.
Doctor: And keep taking your metformin.`)
	omeprazole := finding(t, r, clinical.Medication, "omeprazole")
	require.Equal(t, clinical.ActionContinue, omeprazole.Action)
	require.True(t, omeprazole.Refill)
	require.False(t, omeprazole.New)
	require.False(t, finding(t, r, clinical.Medication, "metformin").Refill)

	r = read(t, "fr", `Médecin : Je vous fais le renouvellement du ramipril.
Patient : Merci.`)
	require.True(t, finding(t, r, clinical.Medication, "ramipril").Refill)
}

// An ordered test is named with the place and side said before it, and
// when it is for, said right after it.
func TestAnOrderIsNamedWithItsPlace(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: I want to get a right upper quadrant ultrasound.
Patient: Okay.
Doctor: And we'll repeat your hemoglobin A1c in three months.`)
	require.Equal(t, "right upper quadrant ultrasound", finding(t, r, clinical.Imaging, "ultrasound").Said)
	require.Equal(t, "hemoglobin A1c in three months", finding(t, r, clinical.Lab, "a1c").Said)
}

// An imaging study is ordered with the organ it is of, the places listed
// with it and how it is done, and "your" is written as "the": a
// ServiceRequest for "ultrasound" alone or "CT scan" alone does not say
// what to image.
func TestAStudyIsNamedWithWhatItImages(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: I'm going to order a CT scan with contrast of your chest, abdomen and pelvis.
Patient: Alright.
Doctor: I also want a thyroid ultrasound, and an MRI of your lumbar spine without contrast.`)
	require.Equal(t, "CT scan with contrast of the chest, abdomen and pelvis", finding(t, r, clinical.Imaging, "ct").Said)
	require.Equal(t, "thyroid ultrasound", finding(t, r, clinical.Imaging, "ultrasound").Said)
	require.Equal(t, "MRI of the lumbar spine without contrast", finding(t, r, clinical.Imaging, "mri").Said)
	r = read(t, "en", `Doctor: We'll get x-rays of the right hip and pelvis and a chest x-ray.
Patient: Okay.`)
	require.Equal(t, "x-rays of the right hip and pelvis", finding(t, r, clinical.Imaging, "x-ray").Said, "the chest is the next study's")
	r = read(t, "fr", `Médecin : Je vous prescris une échographie abdominale et un scanner cérébral sans injection.
Patiente : D'accord.`)
	require.Equal(t, "échographie abdominale", finding(t, r, clinical.Imaging, "échographie").Said)
	require.Equal(t, "scanner cérébral sans injection", finding(t, r, clinical.Imaging, "scanner").Said)
}

// The word before an amount is no drug when it bounds the amount ("at
// least 48 ounces a day").
func TestABoundOnAnAmountIsNoDrug(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: I want you to increase your water intake to at least 48 ounces a day.
Patient: Okay.`)
	none(t, r, clinical.Medication, "least")
}

// A drug another prescriber put the patient on is taken, not started
// today, and the specialist who did it is no referral; a record read back
// ("I have that you take ...") reports what the patient takes.
func TestWhatOthersPrescribedIsTaken(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: I saw that Dr. Brown put you on buspar. Have you been on that before?
Patient: No, it's new.
Doctor: Your cardiologist started you on metoprolol last month, and I want to keep it.
Patient: Okay.
Doctor: For medications, I have that you take vitamin D and fish oil. Is that right?
Patient: Yes.`)
	for _, name := range []string{"buspar", "metoprolol", "vitamin d", "fish oil"} {
		f := finding(t, r, clinical.Medication, name)
		require.True(t, f.Taken, name)
		require.False(t, f.New, "%s was not prescribed today", name)
	}
	none(t, r, clinical.Referral, "cardiology")

	r = read(t, "en", `Doctor: They sometimes will do an ultrasound as part of their exam. The cardiologist may start a statin.
Patient: Okay.`)
	none(t, r, clinical.Imaging, "ultrasound")
	none(t, r, clinical.Referral, "cardiology")
	require.False(t, finding(t, r, clinical.Medication, "statin").Taken, "a drug another may start is not taken yet")

	r = read(t, "fr", `Médecin : Je vois que le Dr Martin vous a mis sous sertraline.
Patient : Oui.`)
	require.False(t, finding(t, r, clinical.Medication, "sertraline").New)
}

// A drug prescribed after the talk that follows a diagnosis is for that
// diagnosis, however long the talk ran.
func TestADiagnosisReachesThePlanAfterTalk(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: I think this is carpal tunnel syndrome.
Doctor: It's common with repetitive work.
Patient: I do a lot of typing.
Doctor: That fits.
Doctor: Try to take breaks every hour.
Patient: Okay.
Doctor: Wear a wrist splint at night.
Patient: Sure.
Doctor: And keep your wrists straight when you type.
Patient: I'll try.
Doctor: I'd like you to take ibuprofen 400 milligrams three times a day.
Patient: Okay.`)
	require.Equal(t, "carpal tunnel syndrome", finding(t, r, clinical.Medication, "ibuprofen").Reason)
}

// A test the lexicon does not know is ordered by the noun that ends its
// name ("an autoimmune panel", "renin levels"; fr "un dosage de la
// rénine"); a problem's word in it names the test, and a test judged ("a
// positive grind test", "good levels") is a result.
func TestAnUnlistedTestIsOrderedByItsHead(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: I also want to go ahead and order an autoimmune panel, okay?
Patient: Okay.
Doctor: We'll check morning aldosterone levels and renin levels, and I'd like a pulmonary function test.
Doctor: On exam you have a positive patellar grind test. Those who get good levels do better.`)
	for _, name := range []string{"autoimmune panel", "morning aldosterone levels", "renin levels", "pulmonary function test"} {
		require.True(t, finding(t, r, clinical.Lab, name).Ordered, name)
	}
	none(t, r, clinical.Lab, "grind")
	none(t, r, clinical.Lab, "good levels")

	// "a quick test", "a few more tests" name no test
	r = read(t, "en", `Doctor: Let me do a quick test of your reflexes, and I'll order a few more tests.
Patient: Okay.`)
	none(t, r, clinical.Lab, "test")

	r = read(t, "en", `Doctor: I'd like to send off an anemia profile.
Patient: Okay.`)
	require.True(t, finding(t, r, clinical.Lab, "anemia profile").Ordered)
	none(t, r, clinical.Condition, "anemia")

	r = read(t, "fr", `Médecin : Je vous prescris un dosage de la rénine.
Patient : D'accord.`)
	require.True(t, finding(t, r, clinical.Lab, "dosage de la rénine").Ordered)

	// a test named by its ending, alone ("spirometry"); "symmetry" is none
	r = read(t, "en", `Doctor: I'd also like you to get spirometry done before your next visit, and I'll check the symmetry of your chest.
Patient: Okay.`)
	require.True(t, finding(t, r, clinical.Lab, "spirometry").Ordered)
	none(t, r, clinical.Lab, "symmetry")
}

// A test made the topic ("from a rapid strep standpoint, ...") or judged as
// a result ("your blood sugar is a little bit high") is no order; a test the verb
// orders stays one whatever is said of it after ("check your a1c, which
// was high").
func TestATestTalkedAboutIsNoOrder(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: So my plan is to start you on prednisone 40 milligrams a day for five days.
Doctor: Your blood sugar is a little bit high today, so I might repeat that next time.
Doctor: From a rapid strep standpoint, we'll treat you with amoxicillin 500 milligrams three times a day.
Patient: Okay.`)
	none(t, r, clinical.Lab, "glucose")
	none(t, r, clinical.Lab, "strep")

	r = read(t, "en", `Doctor: We'll check your a1c which was high last time.
Patient: Okay.`)
	require.True(t, finding(t, r, clinical.Lab, "a1c").Ordered)
}

// A level said under a condition ("and if it's high, call me") is no
// finding.
func TestALevelUnderAConditionIsNoFinding(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: I want you to check your blood sugar, and if it's high, call me.
Patient: Okay.`)
	none(t, r, clinical.Condition, "hyperglycemia")
}

// How often to take a drug prescribed with its dose may be said next, by
// the same speaker, with how many to take.
func TestAFrequencySaidNextIsTheDrugs(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: I'm going to prescribe you some pain medicine. We'll do Lortab 5 milligrams.
Doctor: You can take one to two tablets every six hours as needed for pain.
Patient: Okay.`)
	lortab := finding(t, r, clinical.Medication, "lortab")
	require.NotNil(t, lortab.Frequency)
	require.Equal(t, "every 6 hours as needed", *lortab.Frequency)
}

// Once the plan has opened on a topic the lexicon does not know ("As for
// the thyroid, ..."), a diagnosis made before is not what the items after
// are for: the topic, in its words, is ("Pour la contraception, ...").
func TestAnUnknownTopicEndsTheDiagnosisBefore(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: So, for your diabetes, it's not at goal, and I'm going to add empagliflozin 10 milligrams once a day.
Doctor: As for the thyroid, your TSH is a little high, so I'm going to increase the levothyroxine to 112 micrograms every morning.
Doctor: We'll recheck the TSH in six weeks.
Patient: Okay.`)
	require.Equal(t, "diabetes", finding(t, r, clinical.Medication, "empagliflozin").Reason)
	require.Equal(t, "thyroid", finding(t, r, clinical.Lab, "thyroid").Reason)
	r = read(t, "fr", `Médecin : Vous avez une migraine avec aura.
Médecin : Pour la contraception, il y a une pilule progestative seule, le désogestrel, soixante-quinze microgrammes, un comprimé par jour. Je vous prescris le désogestrel.
Patiente : D'accord.`)
	require.Equal(t, "contraception", finding(t, r, clinical.Medication, "désogestrel").Reason)
}

// A clinician's present perfect is this visit's decision, past adverbs and
// across verbs joined ("I have stopped his diltiazem ... and started
// bisoprolol"; "I have also started ramipril"); a drug another clinician
// may start is neither started nor taken.
func TestThePresentPerfectDecidesToday(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: Plan: I have stopped his diltiazem, as it can worsen heart failure, and started bisoprolol 1.25 milligrams once daily. I have also started ramipril 1.25 milligrams once daily.`)
	require.Equal(t, clinical.ActionStop, finding(t, r, clinical.Medication, "diltiazem").Action)
	require.True(t, finding(t, r, clinical.Medication, "bisoprolol").New)
	require.True(t, finding(t, r, clinical.Medication, "ramipril").New)

	r = read(t, "en", `Doctor: I'm going to send him to ENT.
Doctor: The ENT may want to start a nasal steroid spray like mometasone, or talk about taking out his adenoids, but that's their decision.
Mom: Okay.`)
	mometasone := finding(t, r, clinical.Medication, "mometasone")
	require.False(t, mometasone.New)
	require.False(t, mometasone.Taken)
}

// In the clinician's account of the visit's course, a dose given ("he
// received morphine 4 mg IV and ondansetron") is neither a home drug nor a
// prescription, a treatment begun ("was started on ceftriaxone") is
// started, and a test said in the passive ("Labs were sent, including a
// CBC and a lactate", "A CT ... has been ordered") is ordered, as its
// listed items are.
func TestAnEmergencyCourseReportsWhatWasDone(t *testing.T) {
	t.Parallel()
	r := clinical.Read(transcript.Split(`ED course. Labs were sent, including a CBC, a basic metabolic panel and a lactate. He received one liter of normal saline, morphine four milligrams IV and ondansetron four milligrams IV, and was started on ceftriaxone two grams IV. A CT of the abdomen and pelvis has been ordered. Plan. Continue IV ceftriaxone.`,
		discourse.InferRoles("en")), clinical.Options{Lang: "en", Dictation: true})
	for _, name := range []string{"morphine", "ondansetron"} {
		f := finding(t, r, clinical.Medication, name)
		require.False(t, f.Taken, name)
		require.False(t, f.New, name)
	}
	require.Equal(t, clinical.ActionStart, finding(t, r, clinical.Medication, "ceftriaxone").Action)
	for _, name := range []string{"complete blood count", "basic metabolic panel", "lactate"} {
		require.True(t, finding(t, r, clinical.Lab, name).Ordered, name)
	}
	require.True(t, finding(t, r, clinical.Imaging, "ct").Ordered)

	r = read(t, "en", `Doctor: Your labs were sent last week.
Patient: Okay.`)
	none(t, r, clinical.Lab, "blood work")
}

// A dose said by weight is the dose it comes to, when that is said after it
// with how often ("ninety milligrams per kilo per day; for eighteen kilos
// that's eight hundred milligrams twice a day"); alone, the rate is the
// dose.
func TestADoseByWeightIsTheDoseItComesTo(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: I'm going to give him high dose amoxicillin, ninety milligrams per kilo per day. For eighteen kilos that's eight hundred milligrams twice a day for ten days.
Mom: Okay.`)
	amoxicillin := finding(t, r, clinical.Medication, "amoxicillin")
	require.Equal(t, "800 mg", *amoxicillin.Dose)
	require.Equal(t, "twice daily", *amoxicillin.Frequency)

	r = read(t, "en", `Doctor: I'm going to give him amoxicillin, ninety milligrams per kilo per day.
Mom: Okay.`)
	require.Equal(t, "90 mg/kg/day", *finding(t, r, clinical.Medication, "amoxicillin").Dose)

	// the rate and the dose each in a sentence of their own after the drug
	r = read(t, "en", `Doctor: We'll switch to a stronger antibiotic, Augmentin, the ES-600 strength. The dose is ninety milligrams per kilo per day, split into two doses. For twenty kilos that's nine hundred milligrams twice a day, for ten days.`)
	augmentin := finding(t, r, clinical.Medication, "augmentin")
	require.Equal(t, "900 mg", *augmentin.Dose)
	require.Equal(t, "twice daily", *augmentin.Frequency)
}

// A dose said right after a pronoun standing for the drug, in the next
// turn, is the drug's.
func TestADoseSaidOfItIsTheDrugs(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: I can see from the letter that the hospital started you on bisoprolol after your palpitations.
Patient: That's right, the cardiologist started it, two point five milligrams once a day.
Doctor: Carry on with the bisoprolol as the hospital advised.`)
	bisoprolol := finding(t, r, clinical.Medication, "bisoprolol")
	require.NotNil(t, bisoprolol.Dose)
	require.Equal(t, "2.5 mg", *bisoprolol.Dose)
	require.Equal(t, "once daily", *bisoprolol.Frequency)
}

// Shorthand for every N hours written as one word ("q4h") is that
// frequency.
func TestAnHourlyShorthandIsAFrequency(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: Plan: DuoNeb nebulizers q4h, prednisone 40 mg PO daily for 5 days.`)
	duoneb := finding(t, r, clinical.Medication, "duoneb")
	require.NotNil(t, duoneb.Frequency)
	require.Equal(t, "every 4 hours", *duoneb.Frequency)
	require.Equal(t, "once daily", *finding(t, r, clinical.Medication, "prednisone").Frequency)
}

// In the plan, a test said with its value or its verdict is a result read
// ("labs checked and creatinine is appropriate", "a1c is 5.1 on the last
// check"), even with a word of ordering after it.
func TestAResultReadInThePlanIsNoOrder(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: So for your heart failure, continue the current regimen. Labs checked and creatinine is appropriate.
Doctor: The next one is diabetes. A1c is 5.1 on the last check so no need for another one today.
Patient: Okay.`)
	none(t, r, clinical.Lab, "renal")
	none(t, r, clinical.Lab, "a1c")
}

// A therapy ordered is a referral to its therapists, whatever the verb
// ("order physical therapy referral", "let's get you some physical
// therapy").
func TestATherapyOrderedIsAReferral(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: Hey, dragon, order physical therapy referral.
Doctor: And I'd like to get you some occupational therapy too.
Patient: Okay.`)
	require.True(t, finding(t, r, clinical.Referral, "physical therapy").Ordered)
	require.True(t, finding(t, r, clinical.Referral, "occupational therapy").Ordered)
	none(t, r, clinical.Procedure, "therapy")
}

// "We'll repeat another one" after a test read out orders that test again;
// "I might have to repeat that test" orders nothing.
func TestATestOrderedByAPronoun(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: So, looking at your lipid panel from last year, your cholesterol was a tiny bit high.
Doctor: So, we'll repeat another one this year, okay?
Patient: Okay.`)
	require.True(t, finding(t, r, clinical.Lab, "lipid panel").Ordered)

	r = read(t, "en", `Doctor: Your blood sugar was 169 today, so I might have to repeat that test for pre-op, but I don't think we need to do it today.
Patient: Okay.`)
	none(t, r, clinical.Lab, "glucose")

	r = read(t, "en", `Doctor: Your blood sugar is a little bit high today, so I might repeat that next time.
Patient: Okay.`)
	none(t, r, clinical.Lab, "glucose")
}

// A diagnosis said of the past ("treated as diverticulitis two years ago")
// is history: no reason for what is ordered today.
func TestAPastDiagnosisIsNoReason(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: He had a similar episode two years ago that was treated as diverticulitis.
Doctor: We'll send a CBC and a lactate.
Doctor: My impression is acute diverticulitis.`)
	require.Empty(t, finding(t, r, clinical.Lab, "lactate").Reason)
}

// A test that says when ("before your next A1c") is not ordered.
func TestATestThatSaysWhenIsNoOrder(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: I'd like to check a fructosamine level in six weeks to see how the new medicine is working before your next A1c.
Patient: Okay.`)
	require.True(t, finding(t, r, clinical.Lab, "fructosamine").Ordered)
	none(t, r, clinical.Lab, "a1c")

	r = read(t, "fr", `Médecin : On refera un dosage de la ferritine lors de votre prochaine prise de sang.
Patient : D'accord.`)
	none(t, r, clinical.Lab, "prise de sang")
}

// A test said again after an unlisted test took a problem's word ("an
// anemia profile") is the same order: the reading keeps each order's
// mentions together.
func TestATestSaidAgainAfterAnUnlistedTestStaysOneOrder(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: I'd like to order an autoimmune panel.
Doctor: And I'll send off an anemia profile.
Doctor: Hey, dragon, order an autoimmune panel.`)
	panel := finding(t, r, clinical.Lab, "autoimmune panel")
	require.Len(t, panel.Mentions, 2)
	require.Len(t, finding(t, r, clinical.Lab, "anemia profile").Mentions, 1)
}

// "Sending the urine for a culture" orders a culture, a test named by its
// head alone; "a test" alone still names none.
func TestACultureSaidAloneIsOrdered(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: The urine dip shows nitrites.
Doctor: I'm also sending the urine for a culture, and we'll call you if we need to change the antibiotic.`)
	require.True(t, finding(t, r, clinical.Lab, "culture").Ordered)
	r = read(t, "en", `Doctor: I'd like to order a test for you.`)
	for _, f := range r.Findings {
		require.False(t, f.Kind == clinical.Lab, "a bare test names nothing: %s", f.Name)
	}
}

// A procedure done at the visit is said with a verb of doing it ("I'll
// give you a tetanus booster today", "close it with skin glue"), not of
// ordering; one said of the past is none.
func TestAProcedureDoneAtTheVisitIsOrdered(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: It's a two centimetre laceration on your palm.
Doctor: I'll clean it and close it with skin glue, it won't need stitches.
Doctor: As you're not sure about your tetanus, I'll give you a booster today.`)
	require.True(t, finding(t, r, clinical.Procedure, "vaccination").Ordered)
	glue := finding(t, r, clinical.Procedure, "sutures")
	require.True(t, glue.Ordered)
	require.Contains(t, glue.Said, "glue")
	r = read(t, "en", `Patient: I had stitches in that hand two years ago.`)
	for _, f := range r.Findings {
		require.False(t, f.Ordered, "a past procedure is no order: %s", f.Name)
	}
}

// A plan gone through problem by problem ("your second condition of type
// two diabetes") makes each problem the reason of the orders after it.
func TestAProblemHeadingIsTheReasonOfTheOrdersAfterIt(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: As for the stress, try some meditation or yoga.
Doctor: Your second condition of type two diabetes, we'll continue to manage with diet and exercise.
Doctor: I'm going to order a hemoglobin a1c for your next blood draw.`)
	require.Equal(t, "type two diabetes", finding(t, r, clinical.Lab, "a1c").Reason)
}

// A verb acts on the drug it names first: "stop the aspirin while he is on
// rivaroxaban" stops no rivaroxaban; "meloxicam along with some ultram"
// and "methotrexate with folic acid" start both.
func TestAVerbActsOnTheDrugItNamesFirst(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: Plan: start rivaroxaban fifteen milligrams twice daily for twenty-one days.
Doctor: Stop the aspirin while he is on rivaroxaban to reduce the risk of bleeding.`)
	require.Equal(t, clinical.ActionStop, finding(t, r, clinical.Medication, "aspirin").Action)
	require.Equal(t, clinical.ActionStart, finding(t, r, clinical.Medication, "rivaroxaban").Action)
	r = read(t, "en", `Doctor: I'm going to prescribe you some meloxicam 15 milligrams once a day along with some ultram, 50 milligrams every four hours as needed.`)
	require.Equal(t, clinical.ActionStart, finding(t, r, clinical.Medication, "ultram").Action)
}

// A drug named with its salt ("metoprolol tartrate") is that form, said
// with a dose or not: stopping it stops that form, not another.
func TestADrugWithItsSaltIsOneDrug(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Patient: I take metoprolol tartrate twenty-five milligrams twice daily, and Toprol XL fifty milligrams once a day.
Doctor: So please stop the metoprolol tartrate, the twenty-five milligram one from the hospital, starting today.`)
	require.Equal(t, clinical.ActionStop, finding(t, r, clinical.Medication, "metoprolol tartrate").Action)
	for _, f := range r.Findings {
		require.False(t, f.Kind == clinical.Medication && f.Name != "metoprolol tartrate" && f.Action == clinical.ActionStop,
			"only the tartrate is stopped, not %s", f.Name)
	}
}

// "I'm stopping the carbocisteine, the Fostair goes up to two puffs": the
// Fostair is the subject of its own verb, and the stop is the
// carbocisteine's only.
func TestADrugWithAVerbOfItsOwnIsNotTheObjectBefore(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Patient: I take carbocisteine and Fostair one puff twice a day.
GP: So, to sum up: I'm stopping the carbocisteine, the Fostair goes up to two puffs twice a day, and you carry on with the Spiriva once a day.`)
	require.Equal(t, clinical.ActionStop, finding(t, r, clinical.Medication, "carbocisteine").Action)
	require.NotEqual(t, clinical.ActionStop, finding(t, r, clinical.Medication, "fostair").Action)
}

// A time past said after a follow-up word is no interval to a visit: "to
// go through your review and the blood test you had last week" plans
// nothing; "review in two weeks" does.
func TestATimePastIsNoFollowUpInterval(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: So I'm ringing to go through your review and the blood test you had last week.`)
	for _, f := range r.Findings {
		require.False(t, f.Kind == clinical.FollowUp && strings.Contains(f.Name, "week"), "unexpected %q", f.Name)
	}
	r = read(t, "en", `Doctor: We'll review you in two weeks.`)
	require.Equal(t, "follow-up in 2 weeks", finding(t, r, clinical.FollowUp, "follow-up").Name)
	r = read(t, "fr", `Médecin : On se revoit pour le bilan de la semaine dernière.`)
	for _, f := range r.Findings {
		require.False(t, f.Kind == clinical.FollowUp && strings.Contains(f.Name, "semaine"), "unexpected %q", f.Name)
	}
}

// An order that waits on the patient's course or results ("will refer to
// urology if the PSA is elevated or if symptoms do not improve") is no
// order today; one said with a courtesy ("if that's okay with you") is.
func TestAnOrderThatWaitsOnAConditionIsNone(t *testing.T) {
	t.Parallel()
	ordered := func(r *clinical.Reading, kind clinical.Kind, name string) bool {
		for _, f := range r.Findings {
			if f.Kind == kind && strings.Contains(strings.ToLower(f.Name), name) && f.Ordered {
				return true
			}
		}
		return false
	}
	r := read(t, "en", `Doctor: We'll check a PSA today. Will refer to urology if the PSA is elevated or if symptoms do not improve.`)
	require.False(t, ordered(r, clinical.Referral, "urolog"))
	require.True(t, ordered(r, clinical.Lab, "psa"))
	r = read(t, "en", `Doctor: I'll refer you to physiotherapy, if that's okay with you.`)
	require.True(t, ordered(r, clinical.Referral, "physical therapy"))
	r = read(t, "fr", `Médecin : Je vous adresse au cardiologue, et je vous adresserai au dermatologue si la plaque persiste.`)
	require.True(t, ordered(r, clinical.Referral, "cardio"))
	require.False(t, ordered(r, clinical.Referral, "dermato"))
}

// A general test said with what it checks ("a blood test to check your
// thyroid", "une prise de sang pour vérifier la thyroïde") is named with
// it.
func TestAGeneralTestNamedByWhatItChecks(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: I'd also like a blood test to check your thyroid, because an overactive thyroid can cause atrial fibrillation.
Patient: Okay.`)
	require.Contains(t, finding(t, r, clinical.Lab, "blood").Said, "thyroid")
}

// A condition clause ends at its comma: "une radio du thorax, demain matin
// si possible, pour confirmer la pneumopathie" is ordered, and waits on
// nothing; one that names the course does wait.
func TestAnOrderIfPossibleIsOrdered(t *testing.T) {
	t.Parallel()
	r := read(t, "fr", `Médecin : Je vous fais aussi une ordonnance pour une radio du thorax, demain matin si possible, pour confirmer la pneumopathie.
Patient : D'accord.`)
	require.True(t, finding(t, r, clinical.Imaging, "radio").Ordered)
	r = read(t, "en", `Doctor: I will refer you to urology if the PSA is elevated.
Patient: Okay.`)
	none(t, r, clinical.Referral, "urology")
}
