package clinical

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/discourse"
	"github.com/notegen/notegen/internal/transcript"
)

// The rules that put a sentence where a clinician would, whatever the part
// model said, are tested here on sentences given a part by hand: what the
// model says of a sentence changes with every retraining, what a rule does
// with it must not. TestEncounters checks them end to end.

// reading reads a labelled transcript.
func reading(t *testing.T, lang, text string) *Reading {
	t.Helper()
	return Read(transcript.Split(text, discourse.InferRoles(lang)), Options{Lang: lang})
}

// unitSaying returns the unit whose text contains said.
func unitSaying(t *testing.T, r *Reading, said string) *discourse.Unit {
	t.Helper()
	for i, u := range r.Units {
		if strings.Contains(r.TextOf(i, 0, len(u.Tokens)), said) {
			return &r.Units[i]
		}
	}
	t.Fatalf("no unit says %q", said)
	return nil
}

// placed gives each unit saying one of said the part p, runs rule and
// returns each one's part after it.
func placed(t *testing.T, r *Reading, p discourse.Part, rule func(), said ...string) []discourse.Part {
	t.Helper()
	for _, s := range said {
		unitSaying(t, r, s).Part = p
	}
	rule()
	out := make([]discourse.Part, len(said))
	for i, s := range said {
		out[i] = unitSaying(t, r, s).Part
	}
	return out
}

func TestAResultReadOutIsAResult(t *testing.T) {
	t.Parallel()
	for _, p := range []discourse.Part{discourse.History, discourse.Plan, discourse.Exam} {
		r := reading(t, "en", `Doctor: I'm ordering a CT scan of the abdomen.
Doctor: Okay, your results are back. The CT shows acute appendicitis. If the ultrasound shows a stone we will treat it too. We will check the urine culture on Monday.
Patient: The CT showed my kidneys were fine last year.`)
		got := placed(t, r, p, r.readOutResults, "The CT shows acute appendicitis", "If the ultrasound shows",
			"We will check the urine culture", "I'm ordering a CT scan", "kidneys were fine")
		require.Equal(t, []discourse.Part{discourse.Results, p, p, p, p}, got,
			"only the clinician's read-out is a result: not a supposition, a test to come, an order or what the patient says")
	}
	fr := reading(t, "fr", `Médecin : J'ai fait un test rapide streptocoque, il est revenu positif.`)
	require.Equal(t, []discourse.Part{discourse.Results}, placed(t, fr, discourse.Exam, fr.readOutResults, "test rapide"))
	// a result stated in the assessment stays there: moving it made every
	// ACI-BENCH split worse
	as := reading(t, "en", `Doctor: The CT shows acute appendicitis.`)
	require.Equal(t, []discourse.Part{discourse.Assessment}, placed(t, as, discourse.Assessment, as.readOutResults, "The CT shows"))
}

func TestAHeadingSaidAloudAloneIsNoContent(t *testing.T) {
	t.Parallel()
	r := reading(t, "en", `Doctor: Okay, so here's the plan. I'm starting amlodipine five milligrams once a day. Plan: recheck in two weeks.`)
	got := placed(t, r, discourse.Plan, r.dropBareHeadings, "here's the plan", "starting amlodipine", "recheck in two weeks")
	require.Equal(t, []discourse.Part{discourse.Drop, discourse.Plan, discourse.Plan}, got,
		"a heading that opens content is no bare heading")
}

func TestAPrescriptionIsAPlanItemWhereverTheModelPutIt(t *testing.T) {
	t.Parallel()
	r := reading(t, "en", `Patient: My left eye has been red and goopy since yesterday morning. I took ibuprofen last night.
Doctor: I'm prescribing moxifloxacin eye drops, one drop in the left eye three times a day for seven days. I'm also sending a swab for culture. If it spreads, we could start doxycycline. We'll recheck the eye in two to three weeks.`)
	got := placed(t, r, discourse.History, r.decisionsInPlan, "I'm prescribing moxifloxacin", "sending a swab",
		"recheck the eye", "If it spreads", "I took ibuprofen")
	require.Equal(t, []discourse.Part{discourse.Plan, discourse.Plan, discourse.Plan, discourse.History, discourse.History}, got,
		"a prescription, an order and a follow-up are plan items; a supposition and what the patient took stay")
}

func TestASelfIntroductionIsNoContent(t *testing.T) {
	t.Parallel()
	r := reading(t, "en", `Doctor: Hello, is that Mrs Adeyemi? It's Dr Hughes from the surgery, you asked for a call back about your asthma.
Patient: Yes, it's been playing up for about three weeks.
Doctor: I'm worried it's not controlled. I'm starting Fostair two puffs twice a day.`)
	got := placed(t, r, discourse.Plan, r.dropIntroductions, "It's Dr Hughes", "I'm starting Fostair")
	require.Equal(t, []discourse.Part{discourse.Drop, discourse.Plan}, got, "'I'm' alone introduces no one")
}

func TestTheExamAfterAPhotoIsAskedFor(t *testing.T) {
	t.Parallel()
	r := reading(t, "en", `GP: Normally I'd want to see the skin. Could he send a photo through the link I'm texting him now?
Interpreter: He says okay, he has sent it.
GP: Thank you, I've got it. The backs of both hands are red and dry, with cracks over the knuckles.
Interpreter: He asks if it is serious.
GP: The knuckles can crack when the skin is dry.`)
	got := placed(t, r, discourse.History, r.examAfterAnnouncement, "The backs of both hands", "The knuckles can crack")
	require.Equal(t, []discourse.Part{discourse.Exam, discourse.History}, got,
		"the clinician's next turn after asking for a photo describes it; the turn after the next does not")
}

func TestTheClinicianImpressionIsTheAssessment(t *testing.T) {
	t.Parallel()
	r := reading(t, "fr", `Médecin : C'est un zona intercostal. La radio montre un zona intercostal.`)
	got := placed(t, r, discourse.Results, r.impressionsInAssessment, "C'est un zona", "La radio montre")
	require.Equal(t, []discourse.Part{discourse.Assessment, discourse.Results}, got, "a test's result stays a result")
	ex := reading(t, "en", `Doctor: This looks like a simple laceration, three centimeters long.`)
	require.Equal(t, []discourse.Part{discourse.Exam}, placed(t, ex, discourse.Exam, ex.impressionsInAssessment, "simple laceration"))
}

func TestWhatThePatientTakesIsNoPlan(t *testing.T) {
	t.Parallel()
	r := reading(t, "en", `Doctor: What do you take?
Patient: I take levothyroxine seventy-five micrograms every morning.
Doctor: Keep taking the levothyroxine. I'm starting you on ibuprofen four hundred milligrams three times a day.
Patient: So I take the ibuprofen with food?`)
	got := placed(t, r, discourse.Plan, r.takenOutOfPlan, "I take levothyroxine", "Keep taking the levothyroxine", "take the ibuprofen with food")
	require.Equal(t, []discourse.Part{discourse.Medications, discourse.Plan, discourse.Plan}, got,
		"the patient's own drug moves to the medications; the clinician's decision and the patient's question stay")

	fr := reading(t, "fr", `Médecin : Vous prenez quoi ?
Patiente : Je prends de l'amlodipine cinq milligrammes pour la tension.`)
	require.Equal(t, []discourse.Part{discourse.Medications},
		placed(t, fr, discourse.Plan, fr.takenOutOfPlan, "Je prends de l'amlodipine"))
}

func TestAConditionAnsweredWhenAskedForHistoryIsNoComplaint(t *testing.T) {
	t.Parallel()
	r := reading(t, "en", `Doctor: What happened?
Patient: I slipped on the ice and landed on my hand.
Doctor: Do you have any medical problems?
Patient: I've got an underactive thyroid and osteoporosis.
Doctor: Any allergies?
Patient: No.
Doctor: Let me see. Your left wrist is swollen and tender.`)
	for i := range r.Units {
		r.Units[i].Part = discourse.History
	}
	r.ComplaintText, r.Complaint = "", -1
	r.complaint()
	require.NotContains(t, r.ComplaintText, "thyroid", "the history asked for is not what brought her")
	require.NotContains(t, r.ComplaintText, "osteoporosis")

	r = reading(t, "en", `Doctor: What brings you in today?
Patient: My asthma has been bad.
Doctor: Do you have any other medical problems?
Patient: High blood pressure.
Doctor: Any allergies?
Patient: No.`)
	require.Contains(t, r.ComplaintText, "asthma", "the answer to the opening question is the complaint")
}

// "Where does it hurt?" takes the pain as there, and the reply places it:
// the patient tells of the pain as surely as by "my hip hurts", before the
// elbow they name when asked for more.
func TestThePlaceGivenToWhereDoesItHurtIsTheComplaint(t *testing.T) {
	t.Parallel()
	r := reading(t, "en", `Doctor: Can you tell me what happened?
Patient: My foot caught the edge of the rug and down I went.
Doctor: Where does it hurt?
Patient: My right hip. Right here.
Doctor: Any pain anywhere else?
Patient: My left elbow's a bit sore, I think I banged it.
Doctor: Any allergies?
Patient: Codeine.
Doctor: Do you take any medicines?
Patient: Warfarin and metoprolol.
Doctor: Your right leg is shortened and turned outward.
Doctor: The x-ray shows a fracture of the right hip.
Doctor: We will hold the warfarin.
Doctor: Orthopedics will see you today.
Doctor: Nothing to eat after midnight.
Patient: Thank you.`)
	for i := range r.Units {
		// (no part the model gave weighs for either)
		r.Units[i].Part, r.Units[i].Probs = discourse.History, nil
	}
	r.ComplaintText, r.Complaint = "", -1
	r.complaint()
	require.Equal(t, "right hip pain", r.ComplaintText)
}

func TestAnAnnouncementAloneIsDropped(t *testing.T) {
	t.Parallel()
	r := reading(t, "en", `Doctor: Let me take a look at your feet. Let me take a look, the skin is intact on both feet.`)
	got := placed(t, r, discourse.Exam, r.dropBareAnnouncements, "Let me take a look at your feet", "the skin is intact")
	require.Equal(t, []discourse.Part{discourse.Drop, discourse.Exam}, got, "an announcement that goes on to a finding stays")
}

// A wish, thanks or greeting that says nothing of the illness is left out;
// one that goes on to a symptom, a drug or a number stays.
func TestAPleasantryIsNoContent(t *testing.T) {
	t.Parallel()
	r := reading(t, "en", `Doctor: Good luck to your grandson at the match today. Enjoy the trip, and call if the fever comes back. Have a good weekend. Thanks for coming in, keep taking the amlodipine 5 mg.`)
	got := placed(t, r, discourse.Plan, r.dropPleasantries, "Good luck", "Enjoy the trip", "Have a good weekend", "Thanks for coming in")
	require.Equal(t, []discourse.Part{discourse.Drop, discourse.Plan, discourse.Drop, discourse.Plan}, got)
	fr := reading(t, "fr", `Médecin : Bonne fin de semaine au chalet ! Bon courage avec le paracétamol.`)
	got = placed(t, fr, discourse.Plan, fr.dropPleasantries, "Bonne fin de semaine", "Bon courage")
	require.Equal(t, []discourse.Part{discourse.Drop, discourse.Plan}, got)
}

func TestAJudgementThatDecidesNothingIsTheAssessment(t *testing.T) {
	t.Parallel()
	r := reading(t, "en", `Doctor: So your diabetes isn't well controlled at the moment, and your cholesterol is high.
Doctor: Your asthma is well controlled, so I'm going to stop the prednisolone.`)
	got := placed(t, r, discourse.Plan, r.impressionsInAssessment, "diabetes isn't well controlled", "stop the prednisolone")
	require.Equal(t, []discourse.Part{discourse.Assessment, discourse.Plan}, got, "a sentence that decides stays in the plan")
}

func TestTheDoseOfADrugAskedAboutIsNoPlan(t *testing.T) {
	t.Parallel()
	r := reading(t, "en", `GP: How are you getting on with the metformin?
Patient: I take five hundred milligrams twice a day.
GP: I'd like to increase the metformin to one gram twice a day.`)
	got := placed(t, r, discourse.Plan, r.takenOutOfPlan, "five hundred milligrams", "increase the metformin")
	require.Equal(t, []discourse.Part{discourse.Medications, discourse.Plan}, got)
}

func TestAStatementBetweenTwoExamFindingsIsTheExam(t *testing.T) {
	t.Parallel()
	r := reading(t, "fr", `Médecin : Il y a un ulcère sous la tête du premier métatarse. Je ne sens pas d'os au fond. Les pouls pédieux sont faibles. Je vous revois dans une semaine.`)
	unitSaying(t, r, "Il y a un ulcère").Part = discourse.Exam
	unitSaying(t, r, "Les pouls pédieux").Part = discourse.Exam
	got := placed(t, r, discourse.History, r.examBetweenFindings, "Je ne sens pas", "Je vous revois")
	require.Equal(t, []discourse.Part{discourse.Exam, discourse.History}, got)
}

// An interpreter relaying the history ("She says he's healthy, he has
// never had a urine infection") says no assessment: a companion's unit the
// part model put there goes to its next part of the history; the
// patient's and the clinician's keep theirs.
func TestACompanionsRelayIsNoAssessment(t *testing.T) {
	probs := make([]float64, len(discourse.Parts))
	probs[partIndex(discourse.Assessment)], probs[partIndex(discourse.Drop)], probs[partIndex(discourse.PastHistory)] = 0.5, 0.3, 0.2
	units := []discourse.Unit{
		{Speaker: transcript.Other, Part: discourse.Assessment, Probs: probs},
		{Speaker: transcript.Patient, Part: discourse.Assessment, Probs: probs},
		{Speaker: transcript.Clinician, Part: discourse.Assessment, Probs: probs},
	}
	assessmentIsTheClinicians(units)
	require.Equal(t, discourse.PastHistory, units[0].Part)
	require.Equal(t, discourse.Assessment, units[1].Part)
	require.Equal(t, discourse.Assessment, units[2].Part)
}

// A visit with no sentence read as its assessment takes the clinician's
// first statement of the patient's conditions after the exam, one that
// decides nothing, as its assessment; a visit with one keeps it.
func TestStatedConditionsAreTheAssessmentWhenNoneIsRead(t *testing.T) {
	t.Parallel()
	text := `Doctor: So your home pregnancy test was positive, and the urine test here is positive too.
Patient: Yes. I had asthma as a child.
Doctor: Your blood pressure today is 132 over 84.
Doctor: So you're pregnant, about six weeks, and you have chronic hypertension.
Doctor: Lisinopril isn't safe in pregnancy, so we'll stop it today.
Doctor: Instead, start labetalol one hundred milligrams twice a day.`
	r := reading(t, "en", text)
	for i := range r.Units {
		if r.Units[i].Part == discourse.Assessment {
			r.Units[i].Part = discourse.Plan
		}
	}
	unitSaying(t, r, "132 over 84").Part = discourse.Exam
	got := placed(t, r, discourse.Plan, r.statedConditionsAsAssessment, "you have chronic hypertension", "isn't safe in pregnancy", "start labetalol")
	require.Equal(t, []discourse.Part{discourse.Assessment, discourse.Plan, discourse.Plan}, got)
	r = reading(t, "en", text)
	unitSaying(t, r, "isn't safe in pregnancy").Part = discourse.Assessment
	got = placed(t, r, discourse.Plan, r.statedConditionsAsAssessment, "you have chronic hypertension")
	require.Equal(t, []discourse.Part{discourse.Plan}, got, "an assessment that names a condition stands")
	// one that names none gets the statement too
	r = reading(t, "en", text)
	unitSaying(t, r, "start labetalol").Part = discourse.Assessment
	got = placed(t, r, discourse.Plan, r.statedConditionsAsAssessment, "you have chronic hypertension")
	require.Equal(t, []discourse.Part{discourse.Assessment}, got)
}

// Once the visit has come to its plan, the clinician's statements the model
// put in the history are plan items, until the clinician asks about the
// history again.
func TestTheClinicianStatementsOfThePlanPhaseArePlan(t *testing.T) {
	t.Parallel()
	r := reading(t, "en", `Doctor: Any cough?
Patient: No.
Doctor: So this looks like tonsillitis.
Doctor: I'll give you a back-up prescription for clarithromycin.
Doctor: Salt water gargles and throat lozenges can help too.
Doctor: I'll do you a fit note for work.
Doctor: Oh, and how long have you had the sore throat?
Patient: Three days.
Doctor: You told me it started after the party.`)
	unitSaying(t, r, "looks like tonsillitis").Part = discourse.Assessment
	unitSaying(t, r, "back-up prescription").Part = discourse.Plan
	unitSaying(t, r, "how long have you had").Part = discourse.History
	got := placed(t, r, discourse.History, r.historyInPlanPhase, "Salt water gargles", "fit note", "started after the party")
	require.Equal(t, []discourse.Part{discourse.Plan, discourse.Plan, discourse.History}, got)
}

// A safety net naming an emergency or crisis number said digit by digit is
// the plan's, as one said in digits is.
func TestASafetyNetWithANumberSaidDigitByDigit(t *testing.T) {
	t.Parallel()
	r := reading(t, "en", `Doctor: If you ever have thoughts of hurting yourself, call or text nine eight eight, the crisis lifeline.
Doctor: If you faint or have chest pain, call nine one one.`)
	got := placed(t, r, discourse.Drop, r.safetyNet, "nine eight eight", "nine one one")
	require.Equal(t, []discourse.Part{discourse.Plan, discourse.Plan}, got)
}

// A clinician naming a lab with its value ("Her TSH was 8.2", "your A1c
// last week was 6.8") reads a result, wherever the model put it; one with
// when it is due ("an A1c in three months") does not.
func TestALabWithItsValueIsAResult(t *testing.T) {
	t.Parallel()
	r := reading(t, "en", `Doctor: Her TSH was 8.2, which is higher than we want. Your A1c last week was 6.8, which is good. We'll recheck the A1c in three months.`)
	got := placed(t, r, discourse.History, r.readOutResults, "TSH was 8.2", "A1c last week", "recheck the A1c")
	require.Equal(t, []discourse.Part{discourse.Results, discourse.Results, discourse.History}, got)
}

// A drug said with its dose and how often is prescribed though the part
// model read the sentence as the assessment; said with a dose only, there,
// it decides nothing.
func TestARegimenInTheAssessmentIsPrescribed(t *testing.T) {
	t.Parallel()
	r := reading(t, "fr", `Médecin : Pour les démangeaisons la nuit, de la cétirizine dix milligrammes, un comprimé le soir.
Médecin : La cétirizine dix milligrammes, ça va bien.
Patient : D'accord.`)
	evidence := func(said string) medEvidence {
		unitSaying(t, r, said).Part = discourse.Assessment
		for _, m := range r.scan() {
			if m.kind == Medication && strings.Contains(r.TextOf(m.Unit, 0, len(r.Units[m.Unit].Tokens)), said) {
				return r.medAction(m)
			}
		}
		t.Fatalf("no drug in %q", said)
		return medEvidence{}
	}
	ev := evidence("un comprimé le soir")
	require.Equal(t, ActionStart, ev.action)
	require.True(t, ev.today)
	require.False(t, evidence("ça va bien").today)
}

// "on" tells a drug taken only before it ("she's on metformin"): "folic
// acid one milligram daily except on the methotrexate day", in the plan,
// tells no taking; "she's on folic acid" does.
func TestOnAfterTheDrugTellsNoTaking(t *testing.T) {
	t.Parallel()
	r := reading(t, "en", `Doctor: Folic acid one milligram daily except on the methotrexate day.
Doctor: She's on folic acid already.`)
	var taken []bool
	for _, m := range r.scan() {
		if m.kind == Medication && m.name == "folic acid" {
			r.Units[m.Unit].Part = discourse.Plan
			taken = append(taken, r.takenAt(m))
		}
	}
	require.Equal(t, []bool{false, true}, taken)
}
