package clinical_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/assertion"
	"github.com/notegen/notegen/internal/clinical"
)

// A drug named after a condition and a comma is no item of a list ("With
// your asthma, propranolol can tighten the airways"): the verbs of the
// sentence are not its own, and what it can do says nothing of its being
// taken. Set aside in the next sentence, it is neither started nor taken.
func TestADrugSetAsideIsNeitherStartedNorTaken(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: Since you're having six to eight headache days a month, I'd like to start a daily preventive medicine.
Doctor: My usual first choice is propranolol, it's a beta blocker. With your asthma, propranolol can tighten the airways and bring on an asthma attack, so I don't want to use it. I'm not going to prescribe the propranolol.
Doctor: Instead we'll start topiramate, twenty-five milligrams at bedtime.
Patient: Okay.`)
	p := finding(t, r, clinical.Medication, "propranolol")
	require.NotEqual(t, clinical.ActionStart, p.Action)
	require.False(t, p.New || p.Taken, "%+v", p)
	requireDecision(t, r, "topiramate", clinical.ActionStart, "25 mg")
}

// The clinician's "at home you'll take ciprofloxacin" says what to take,
// not what is taken; a drug that is the subject of its own verb
// ("Ciprofloxacin doesn't affect the pill, keep taking your Sprintec")
// leaves its words of taking to the other drug, and the clinician's answer
// to the patient's "I'm on the pill, is that a problem?" is no reply to a
// question about what the patient takes.
func TestWhatTheClinicianSaysToTakeIsAPrescription(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: Your urine shows an infection and your kidney is tender, so this is pyelonephritis.
Doctor: At home you'll take ciprofloxacin, five hundred milligrams twice a day for seven days.
Patient: I'm on the pill, is that a problem?
Doctor: Ciprofloxacin doesn't affect the pill, keep taking your Sprintec as usual.`)
	c := finding(t, r, clinical.Medication, "ciprofloxacin")
	require.Equal(t, clinical.ActionStart, c.Action)
	require.True(t, c.New)
	require.False(t, c.Taken)
}

// "Medication allergies?" asks about allergies only: the drug in the reply
// is the allergy, with its reaction, and no drug taken.
func TestMedicationAllergiesAskAboutAllergiesOnly(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: Any other medical problems?
Patient: No, just the asthma.
Doctor: Medication allergies?
Patient: Amoxicillin. I got hives all over from it.
Doctor: Do you smoke?
Patient: No, never.`)
	a := finding(t, r, clinical.Allergy, "amoxicillin")
	require.NotNil(t, a.Reaction)
	require.Contains(t, *a.Reaction, "hives")
	none(t, r, clinical.Medication, "amoxicillin")
}

// "Can I hold off on that one?" turns down the statin just offered.
func TestHoldingOffTurnsAnOfferDown(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `GP: With a QRISK of fourteen percent, guidelines would also suggest a statin, atorvastatin twenty milligrams. How do you feel about that?
Patient: Can I hold off on that one? I'd rather see what my cholesterol is first.
GP: That's completely reasonable. We'll check your cholesterol in the bloods.`)
	a := finding(t, r, clinical.Medication, "atorvastatin")
	require.False(t, a.New, "%+v", a)
	require.NotEqual(t, clinical.ActionStart, a.Action)
}

// A drug's risk told with the drug as subject ("the gliclazide can make
// the sugar go too low", "propranolol can tighten the airways and bring on
// an asthma attack") is no finding of today.
func TestARiskTheDrugCanBringIsNoFinding(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: We'll restart the gliclazide, eighty milligrams twice a day.
Doctor: Please tell him the gliclazide can make the sugar go too low, especially if he skips meals.
Doctor: With your asthma, propranolol can tighten the airways and bring on an asthma attack.`)
	for _, f := range r.Findings {
		if (f.Kind == clinical.Condition || f.Kind == clinical.Symptom) && f.Name != "asthma" {
			require.NotEqual(t, assertion.Present, f.Assertion, "%s", f.Name)
		}
	}
}

// A drug taken "that time" or "before with no problem" was taken once: the
// clinician's prescription of it today is a start, not a continuation.
func TestADrugTakenBeforeIsStartedAgain(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: Has he had ear infections before?
Mom: Just one when he was eighteen months old. He got amoxicillin that time and did fine with it.
Doctor: This is an ear infection. We will use amoxicillin, the high dose, seven hundred twenty milligrams twice a day for seven days.
Doctor: If he were allergic to penicillin we would use cefdinir instead, but he took amoxicillin before with no problem.`)
	a := finding(t, r, clinical.Medication, "amoxicillin")
	require.Equal(t, clinical.ActionStart, a.Action)
	require.True(t, a.New)
}

// A return said before a request joined to it ("I'd like to speak to you
// again in four weeks, and could you do another week of home readings?")
// is booked: the question is the request.
func TestAReturnSaidBeforeAJoinedRequestIsBooked(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `GP: I'd like to start you on amlodipine five milligrams once a day.
Patient: Okay.
GP: Then I'd like to speak to you again in four weeks, and could you do another week of home readings just before that?
Patient: Yes.`)
	finding(t, r, clinical.FollowUp, "4 weeks")
}

// The father's inhaler the mother asks about is his ("la Ventoline de son
// papa"), and "je ne la prescris pas" takes it back: no drug for the baby,
// prescribed or taken.
func TestARelativesDrugTurnedDownByPronounIsNone(t *testing.T) {
	t.Parallel()
	r := read(t, "fr", `Médecin : Il a de la fièvre ?
Mère : Non. Et la Ventoline de son papa, on pourrait lui en donner un peu pour les sifflements ?
Médecin : La Ventoline n'est pas efficace dans la bronchiolite du nourrisson, donc je ne la prescris pas, et il ne faut pas lui donner celle de son papa.`)
	for _, f := range r.Findings {
		if f.Kind == clinical.Medication {
			require.False(t, f.New || f.Taken, "%+v", f)
		}
	}
}

// "three of the over-the-counter two hundred milligram tablets" names no
// drug "counter".
func TestOverTheCounterIsNoDrug(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: You can take ibuprofen six hundred milligrams, that's three of the over-the-counter two hundred milligram tablets, every six hours as needed.`)
	none(t, r, clinical.Medication, "counter")
}

// A sick-day rule ("hold it if you start vomiting", "stop the metformin if
// you can't eat") decides nothing today: the drug goes on.
func TestASickDayRuleIsNoStop(t *testing.T) {
	t.Parallel()
	for _, said := range []string{
		"Keep taking the metformin too, but hold it if you start vomiting or can't eat or drink.",
		"Keep taking the metformin. Stop the metformin if you start vomiting or can't eat or drink.",
	} {
		r := read(t, "en", "Patient: I take metformin, five hundred milligrams twice a day.\nDoctor: "+said)
		require.Equal(t, clinical.ActionContinue, finding(t, r, clinical.Medication, "metformin").Action, said)
	}
}

// The dose the patient gives in reply to "are you taking the metformin?"
// is the drug's ("Oui, mille milligrammes le matin et mille le soir").
func TestTheDoseInTheReplyToAQuestionAboutTheDrug(t *testing.T) {
	t.Parallel()
	r := read(t, "fr", `Médecin : Vous prenez bien la metformine ?
Patient : Oui, mille milligrammes le matin et mille le soir, je n'oublie jamais.`)
	requireDose(t, r, "metformine", "1000 mg")
}

// "stroke prevention" names what is prevented, no stroke.
func TestWhatIsPreventedIsNoFinding(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: I have discussed stroke prevention with her and she is keen to start anticoagulation.`)
	require.NotEqual(t, assertion.Present, finding(t, r, clinical.Condition, "stroke").Assertion)
}

// A speaker's correction of an interval ("in a couple weeks, or, I'm
// sorry, a couple months"; "in two weeks, sorry, I mean four weeks") is
// the interval charted: never the one taken back.
func TestACorrectedIntervalIsTheOneCharted(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: I want to go ahead and order another hemoglobin a1c in a couple weeks, or, I'm sorry, a couple months.
Patient: Okay.
Doctor: I'll see you back in two weeks, sorry, I mean four weeks.`)
	finding(t, r, clinical.FollowUp, "4 weeks")
	require.Contains(t, finding(t, r, clinical.Lab, "a1c").Said, "a couple months")
}

// A drug told as what some people take ("a tablet called clonidine that
// some women use ... so I wouldn't start it now"), or recommended and then
// taken back by its pronoun ("We don't start it during an attack"), is no
// prescription; after two drugs, a pronoun taken back cancels neither
// ("Ondansetron is an option if cyclizine doesn't work ... We won't start
// it today").
func TestADrugOthersTakeOrThatMightComeIsNoPrescription(t *testing.T) {
	t.Parallel()
	for name, said := range map[string]string{
		"clonidine":   "Dr Patel: There's also a tablet called clonidine that some women use, but it often causes a dry mouth and tiredness, so I wouldn't start it now.",
		"allopurinol": "GP: Because you've had a kidney stone, that's one of the reasons we might recommend a tablet called allopurinol to lower the urate long term. We don't start it during an attack.",
	} {
		f := finding(t, read(t, "en", said), clinical.Medication, name)
		require.False(t, f.New, "%s: %+v", name, f)
	}
	r := read(t, "en", `GP: I'd like to start you on cyclizine, fifty milligrams three times a day.
Patient: Okay.
GP: Ondansetron is an option if cyclizine doesn't work, so we keep it as a second-line medicine. We won't start it today.`)
	requireDecision(t, r, "cyclizine", clinical.ActionStart, "50 mg")
}

// A companion who names her own drug twice in a sentence ("I take Keppra,
// levetiracetam, twice a day") names hers both times; a condition said
// in general as a cause ("a water infection can make sickness worse") is
// no finding.
func TestACompanionsDrugByBothNamesAndAConditionInGeneral(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: Does anyone in the family have seizures?
Mom: Me. I have epilepsy. I take Keppra, levetiracetam, twice a day.`)
	none(t, r, clinical.Medication, "levetiracetam")
	none(t, r, clinical.Medication, "keppra")
	r = read(t, "en", `GP: I'd like you to drop a urine sample in today, so we can check it for ketones, and for infection, because a water infection can make sickness worse.`)
	for _, f := range r.Findings {
		if f.Kind == clinical.Condition {
			require.NotEqual(t, assertion.Present, f.Assertion, "%+v", f)
		}
	}
}

// "almost certainly to peanut" after "a severe allergic reaction" names
// the allergy; "prévenez le médecin que vous êtes sous Coumadine" (next
// time an antibiotic is given) starts no Coumadine: it is what is taken.
func TestAnAllergyTheClinicianIsAlmostSureOfAndADrugTaken(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: Any other allergies? To medicines?
Patient: No, no medicine allergies.
Doctor: Chloe, you've had anaphylaxis, a severe allergic reaction, almost certainly to peanut.`)
	finding(t, r, clinical.Allergy, "peanut")
	r = read(t, "fr", `Médecin : Vous prenez toujours la Coumadine cinq milligrammes, un comprimé le soir ?
Patiente : Oui.
Médecin : Et la prochaine fois qu'on vous donne un antibiotique, prévenez le médecin que vous êtes sous Coumadine.`)
	c := finding(t, r, clinical.Medication, "coumadine")
	require.False(t, c.New, "%+v", c)
	require.True(t, c.Taken)
}

// "No, a scan wouldn't change what we do ... We only scan if there are
// warning signs": no scan is ordered.
func TestAScanThatWouldNotHelpIsNoOrder(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Patient: Do I need an X-ray or a scan?
Doctor: No, a scan wouldn't change what we do, and it wouldn't help you get better. We only scan if there are warning signs, and you haven't got any.`)
	for _, f := range r.Findings {
		require.False(t, f.Kind == clinical.Imaging && f.Ordered, "%+v", f)
	}
}

// "What does help is a single dose of a steroid medicine called
// dexamethasone. ... For his weight that's two milligrams, ..., just once."
// proposes the drug and its dose.
func TestWhatDoesHelpProposesTheDrug(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Dr Okafor: No, it's a virus, so antibiotics won't help, and he won't need any. What does help is a single dose of a steroid medicine called dexamethasone. It reduces the swelling in the airway. For his weight that's two milligrams, as a liquid, taken by mouth, just once.
Mum: Just the one dose?`)
	requireDecision(t, r, "dexamethasone", clinical.ActionStart, "2 mg")
}

// "On baisse la dose : quatre milligrammes au lieu de cinq", said of the
// Coumadine the sentences before are about, changes it to 4 mg.
func TestTheDoseLoweredIsTheDrugTalkedAbout(t *testing.T) {
	t.Parallel()
	r := read(t, "fr", `Médecin : Vous prenez toujours la Coumadine cinq milligrammes, un comprimé le soir ?
Patiente : Oui.
Médecin : Ce soir, vous ne prenez pas la Coumadine, on saute la prise de ce soir. À partir de demain soir, on baisse la dose : quatre milligrammes au lieu de cinq, une fois par jour le soir.`)
	requireDecision(t, r, "coumadine", clinical.ActionChange, "4 mg")
}

// What a drug is not ("Morphine isn't something we send people home
// with", "l'ibuprofène n'est pas ...") decides nothing; the chart's
// allergy the patient takes back ("I'm not allergic to penicillin, it was
// my brother") is none, and the reaction of the allergy the patient names
// next ("Codeine makes me itch") is codeine's alone.
func TestWhatIsTakenBackOrNotTheirs(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Patient: Can I get some morphine for home?
Doctor: Morphine isn't something we send people home with, and you won't need it for a stone this size.`)
	require.False(t, finding(t, r, clinical.Medication, "morphine").New)
	r = read(t, "en", `Doctor: Now, your chart lists a penicillin allergy. What happened with that?
Patient: Oh, no, that's a mistake. I'm not allergic to penicillin, it was my brother.
Doctor: That's helpful. I'll take penicillin off your allergy list. Do you have any allergies of your own?
Patient: Codeine makes me itch.`)
	none(t, r, clinical.Allergy, "penicillin")
	c := finding(t, r, clinical.Allergy, "codeine")
	require.NotNil(t, c.Reaction)
	require.Contains(t, *c.Reaction, "itch")
}

// A pronoun after two drugs named in the turns before ("my wife's on
// Jardiance ... your sugar is well controlled on metformin, so I don't
// recommend adding it") takes back neither: the metformin goes on.
func TestAPronounAfterTwoDrugsCancelsNeither(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Patient: I just need refills on my metformin.
Patient: Hey, my wife's on Jardiance for her heart failure, and her doctor said it's good for sugar too. Should I switch to that?
Provider: It's a good medicine, but your sugar is well controlled on metformin, so I don't recommend adding it or switching to it right now.
Provider: I'll send ninety-day refills of the metformin to your pharmacy today.`)
	m := finding(t, r, clinical.Medication, "metformin")
	require.Equal(t, assertion.Present, m.Assertion)
	require.Equal(t, clinical.ActionContinue, m.Action)
}

// The clinician telling a course in the present ("At home she takes
// rivaroxaban fifteen milligrams twice a day with food for twenty-one
// days") prescribes it.
func TestACourseToldInThePresentIsAPrescription(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: The scan shows a clot in the calf, a deep vein thrombosis. She has had the first dose of rivaroxaban here in the department.
Doctor: At home she takes rivaroxaban fifteen milligrams twice a day with food for twenty-one days, then twenty milligrams once a day.`)
	requireDecision(t, r, "rivaroxaban", clinical.ActionStart, "15 mg")
}

// A drug's reason is the disease diagnosed ("This is croup. It's a virus
// that causes swelling around the voice box."), not the kind of illness
// said of it after.
func TestTheReasonIsTheDiseaseNotItsKind(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: This is croup. It's a virus that causes swelling around the voice box, and it's usually worse at night.
Dad: Okay.
Doctor: We'll give him a single dose of dexamethasone by mouth, eight milligrams.`)
	require.Contains(t, finding(t, r, clinical.Medication, "dexamethasone").Reason, "croup")
}

// A verb of starting or stopping with its drug as the subject of what would
// happen ("adding aspirin would raise your risk", "stopping it puts you at
// risk of a clot") is no decision; "starting metformin is the plan" is.
func TestWhatADecisionWouldBringIsNoDecision(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: You're on warfarin for your mechanical valve, and your INR today is two point nine.
Patient: My friend says I should take a baby aspirin as well. Should I?
Doctor: No, please don't take aspirin. The warfarin already protects your valve from clots, and adding aspirin would raise your risk of bleeding, particularly with the extraction.
Patient: And should I stop the warfarin before the extraction?
Doctor: No, please don't stop the warfarin. With a mechanical valve, stopping it puts you at risk of a clot on the valve.`)
	for _, f := range r.Findings {
		if f.Kind == clinical.Medication && strings.Contains(f.Name, "aspirin") {
			require.False(t, f.New || f.Taken || f.Action == clinical.ActionStart || f.Action == clinical.ActionStop, "%+v", f)
		}
	}
	r = read(t, "en", `Doctor: Your INR of two point nine is within range and we don't need to change your warfarin dose. Carry on with four milligrams every evening.
Patient: And for the tooth, do I stop it?
Doctor: No, please don't stop the warfarin. With a mechanical valve, stopping it puts you at risk of a clot on the valve, which is far more dangerous than the bleeding from a tooth.`)
	w := finding(t, r, clinical.Medication, "warfarin")
	require.NotEqual(t, clinical.ActionStop, w.Action)
	r = read(t, "en", `Doctor: Your sugars are high, so starting metformin five hundred milligrams twice a day is the plan.
Patient: Okay.`)
	requireDecision(t, r, "metformin", clinical.ActionStart, "500 mg")
}

// A drug offered as "an option" is no prescription, and a friend's word
// about a drug is no drug the patient takes.
func TestAnOptionOrAFriendsWordIsNoDrugOfThePatients(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: This is a migraine. Sumatriptan is another option, but let's start with ibuprofen, four hundred milligrams when it comes on.
Patient: My friend says I should take rizatriptan as well. Should I?
Doctor: It's in the same family, so not with the sumatriptan.`)
	s := finding(t, r, clinical.Medication, "sumatriptan")
	require.False(t, s.New || s.Action == clinical.ActionStart, "%+v", s)
	for _, f := range r.Findings {
		require.False(t, f.Kind == clinical.Medication && strings.Contains(f.Name, "rizatriptan") && (f.Taken || f.New), "%+v", f)
	}
	r = read(t, "en", `Doctor: Does anybody smoke around her?
Grandpa: Nobody smokes in the house. Her friend takes a pill for asthma, Singulair. Should she be on that?
Doctor: Montelukast is an option for some kids, but it can cause bad dreams, and her asthma is well controlled on the Flovent, so she doesn't need it.`)
	m := finding(t, r, clinical.Medication, "montelukast")
	require.False(t, m.Taken || m.New, "%+v", m)
}

// An allergy word after its substance ("your penicillin allergy and your
// warfarin") lists nothing after it: the warfarin is taken, no allergy.
func TestAnAllergyAfterItsSubstanceListsNothingAfterIt(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: I've noted your penicillin allergy and your warfarin.
Patient: Yes, I get a rash with penicillin.
Doctor: We'll give you clindamycin before the procedure instead.`)
	finding(t, r, clinical.Allergy, "penicillin")
	none(t, r, clinical.Allergy, "warfarin")
}

// A course the patient says in the next sentence is over ("I finished the
// box ten days ago") was taken before: no drug taken now. A drug another
// person only mentioned is none the patient takes.
func TestACourseFinishedOrADrugMentionedIsNotTaken(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: I see you had a pneumonia three weeks ago.
Patient: Yes. They gave me levofloxacin, five hundred milligrams a day for seven days. I finished the box ten days ago.
Patient: The chap at the clinic mentioned a tablet called ezetimibe if my cholesterol didn't come down.`)
	l := finding(t, r, clinical.Medication, "levofloxacin")
	require.False(t, l.Taken, "%+v", l)
	require.Equal(t, assertion.Past, l.Time)
	require.False(t, finding(t, r, clinical.Medication, "ezetimibe").Taken)
	r = read(t, "fr", `Médecin : Vous avez eu une pneumonie il y a trois semaines.
Patient : Oui. On m'a donné de la lévofloxacine pendant sept jours. J'ai fini la boîte il y a dix jours.
Patient : Le cardiologue m'a parlé de l'ézétimibe si le cholestérol ne baissait pas.`)
	require.False(t, finding(t, r, clinical.Medication, "lévofloxacine").Taken)
	require.False(t, finding(t, r, clinical.Medication, "ézétimibe").Taken)
}

// A clause that opens with "because" is no item of a list: in "take
// paracetamol, not ibuprofen, because ibuprofen raises the bleeding risk"
// the word of taking is the paracetamol's, and "don't take any other
// paracetamol with it, because it already contains paracetamol" starts
// nothing.
func TestAClauseOfItsOwnIsNoListItem(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: The dentist may give you a mouthwash. Afterwards, for the pain, take paracetamol, not ibuprofen, because ibuprofen raises the bleeding risk with warfarin.`)
	i := finding(t, r, clinical.Medication, "ibuprofen")
	require.False(t, i.Taken || i.New, "%+v", i)
	// (and a drug that is the subject of what it does is none taken, in a
	// talk of the patient's medicines too)
	r = read(t, "en", `Doctor: You're on warfarin for your valve.
Doctor: Afterwards, for the pain, take paracetamol, not ibuprofen, because ibuprofen raises the bleeding risk with warfarin.`)
	i = finding(t, r, clinical.Medication, "ibuprofen")
	require.False(t, i.Taken || i.New, "%+v", i)
	r = read(t, "en", `Doctor: For pain, I'll give you co-codamol, one or two tablets up to four times a day when you need it. Don't take any other paracetamol with it, because it already contains paracetamol.`)
	for _, f := range r.Findings {
		if f.Kind == clinical.Medication && (f.Name == "paracetamol" || f.Name == "acetaminophen") {
			require.False(t, f.New || f.Action == clinical.ActionStart, "%+v", f)
		}
	}
}

// "I've had amoxicillin lots of times, it's fine" tells of courses before,
// no drug taken now; in French too.
func TestADrugHadManyTimesIsNotTakenNow(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: Any allergies to medicines?
Patient: No, no allergies. I've had amoxicillin lots of times, it's fine.`)
	a := finding(t, r, clinical.Medication, "amoxicillin")
	require.False(t, a.Taken, "%+v", a)
	r = read(t, "fr", `Médecin : Des allergies ?
Patient : Non. J'ai eu de l'amoxicilline plusieurs fois, sans problème.`)
	require.False(t, finding(t, r, clinical.Medication, "amoxicilline").Taken)
}

// "C'est fini depuis samedi" ends the course of the Bactrim just named.
func TestACourseSaidOverIsOfBefore(t *testing.T) {
	t.Parallel()
	r := read(t, "fr", `Patiente : J'ai eu une cystite il y a dix jours. Le médecin de garde m'a donné un antibiotique, du Bactrim, pendant cinq jours. C'est fini depuis samedi.`)
	require.False(t, finding(t, r, clinical.Medication, "bactrim").Taken)
}
