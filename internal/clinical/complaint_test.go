package clinical_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// The clinician opening the visit on its purpose ("we're following up on
// your back pain") names the complaint, over a side effect the patient
// tells first; a complaint said in one word is named by its noun.
func TestTheVisitsStatedPurposeIsTheComplaint(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Physician: So we're following up on your back pain. How have the last six weeks been?
Patient: Not much better. The gabapentin makes me dizzy and foggy.
Physician: I'm sorry to hear that.`)
	require.Equal(t, "back pain", r.ComplaintText)

	r = read(t, "en", `Doctor: so we're here for your diabetes follow up
Patient: okay
Doctor: your sugars are high so you're still diabetic and we'll add a new medicine`)
	require.Equal(t, "diabetes", r.ComplaintText)

	r = read(t, "fr", `Médecin : Qu'est-ce qui t'amène ?
Patiente : Ben, ça me brûle quand je fais pipi depuis deux jours.
Médecin : As-tu de la fièvre ?
Patiente : Non.
Médecin : Des pertes, des démangeaisons ?
Patiente : Non plus.`)
	require.Contains(t, r.ComplaintText, "brûlures")
}

// A clinician ringing for the visit's stated purpose ("I'm ringing for your
// yearly medicine review for your COPD") names the complaint over what
// the patient tells first, in the note's words (no "your").
func TestARingingClinicianStatesTheVisitsReason(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `GP: Thank you. I'm ringing for your yearly medicine review for your COPD, your chest.
Patient: Yes, I've got all my inhalers out. The phlegm has been a bit worse lately.
GP: Okay, tell me about the phlegm.
Patient: It's white, mostly in the mornings.`)
	require.Equal(t, "yearly medicine review for copd", strings.ToLower(r.ComplaintText))
}

// The part of the body the clinician's opening question asks about is
// the visit's topic: a problem of it is the complaint over any other the
// patient names first.
func TestTheOpeningQuestionsTopicIsTheComplaint(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: Hi there, what happened to your ankle?
Patient: I stepped off the curb wrong yesterday and my foot rolled in.
Doctor: Did you hear a pop?
Patient: No pop. Just a really sharp pain on the outside.
Doctor: Were you able to walk on it?
Patient: Yeah, I limped home. It's about four blocks.
Doctor: Any medical problems?
Patient: Just anxiety, I take sertraline for it.
Doctor: Any allergies?
Patient: Amoxicillin gave me a rash as a kid.
Doctor: Do you smoke?
Patient: No.
Doctor: Let me take a look.
Doctor: I'm pressing on the bone here. Does that hurt?
Patient: No, that's fine.
Doctor: And here on the inside?
Patient: No.
Doctor: There's swelling over the outside of the ankle and it's tender.
Doctor: This looks like a lateral sprain, grade one.`)
	require.Contains(t, strings.ToLower(r.ComplaintText), "ankle")
}

// The problem the clinician's opening question asks about, after the
// greeting and the identity check, confirmed by the patient, is the
// complaint, over a symptom the patient tells later; a symptom confirmed
// to a later question is not.
func TestTheOpeningQuestionsConfirmedProblemIsTheComplaint(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Dr Patel: Hello, is that Mrs Hughes? It's Dr Patel from the surgery.
Mrs Hughes: Oh hello, doctor.
Dr Patel: Can you confirm your date of birth for me?
Mrs Hughes: Second of August, nineteen forty-six.
Dr Patel: The receptionist said you think you've got a water infection?
Mrs Hughes: I'm sure I have, doctor. I've been up and down to the loo all night.
Dr Patel: Have you seen any blood in it?
Mrs Hughes: No, no blood.
Dr Patel: Any fever?
Mrs Hughes: No. I've got a bit of an ache low down in my tummy though.`)
	require.Contains(t, r.ComplaintText, "infection")

	r = read(t, "en", `Doctor: Hi, so Ava started the amoxicillin three days ago for her ear infection, and now she has a rash?
Mother: Yes, it started last night on her belly.
Doctor: Any fever still?
Mother: No, the fever went away yesterday.`)
	require.Equal(t, "rash", r.ComplaintText)

	r = read(t, "en", `Doctor: How have you been since the last visit?
Patient: Pretty good. My knee has been sore though.
Doctor: Any fever?
Patient: Yes, a little last night.`)
	require.NotContains(t, r.ComplaintText, "fever")
}

// The place the patient gives in reply to "where does it ache?" is their
// own account of the problem: the pain is the complaint, over a bruise
// they mention later ("My left elbow's a bit sore").
func TestWhereItAchesIsThePatientsComplaint(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: Mrs. Russo, can you tell me what happened?
Patient: I got up in the dark, my foot caught the edge of the rug in the hallway and down I went.
Doctor: I'm sorry, that must have been frightening. Where does it ache?
Patient: My right hip. Right here. It's terrible.
Doctor: Did you hit your head when you fell?
Patient: No. I landed on my side. My left elbow's a bit sore, I think I banged it.`)
	require.Equal(t, "right hip pain", r.ComplaintText)
}

// A relative who renders the patient's words from another language, in
// the first person ("Đầu gối đau lắm." "My knees hurt a lot."), speaks
// for the patient: the note writes the patient's knees, not "my knees".
func TestARelativeRenderingThePatientSpeaksForThem(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: So today we're following up on her blood pressure, and she's also having knee pain.
Daughter: Yes. Let me ask her to tell you.
Patient: Đầu gối đau lắm, nhất là khi leo cầu thang.
Daughter: My knees hurt a lot, especially when I go up the stairs.
Doctor: How long has that been going on?
Daughter: She says about a year.`)
	relays := map[string]bool{}
	for i := range r.Units {
		relays[r.UnitText(i)] = r.RelaysPatient(i)
	}
	require.True(t, relays["My knees hurt a lot, especially when I go up the stairs."], "%v", relays)
	require.False(t, relays["Yes."] || relays["Let me ask her to tell you."] || relays["She says about a year."], "%v", relays)
}

// A visit's reason said of an earlier visit ("at your health check last
// month your HbA1c came back at 54") is not this visit's.
func TestAnEarlierVisitIsNotTheReason(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `GP: Hello, come on in.
Patient: Hello.
GP: So, at your health check last month your HbA1c came back at fifty-four millimoles per mole. The repeat is fifty-eight, so this does mean you have type 2 diabetes.
Patient: Right. I did wonder.`)
	require.NotContains(t, strings.ToLower(r.ComplaintText), "health check")
}

// A question the part model drops as a greeting but that names a problem
// ("The nurse said you're here about headaches?") opens the visit: the
// problem it confirms is the complaint, over the insomnia told later.
func TestADroppedOpeningQuestionNamingAProblemIsTheVisitsTopic(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: Hi, Ms. Delgado, come on in. The nurse said you're here about headaches?
Patient: Yeah. They've gotten really bad the last few months. I'm missing work.
Doctor: Tell me what a typical one is like.
Patient: It usually starts on one side, mostly the right, behind my eye and temple. It's pounding, like a heartbeat.
Doctor: How long do they last?
Patient: If I don't take anything, most of the day.
Doctor: And how often are you getting them?
Patient: Like six to eight days a month now.
Doctor: How are you sleeping?
Patient: Not great, honestly. I have insomnia, I lie awake for hours.
Doctor: Any weakness, numbness or trouble speaking?
Patient: No.
Doctor: Your exam is normal. This sounds like migraine without aura.
Doctor: Let's start sumatriptan, fifty milligrams at the start of a headache.
Doctor: I'll see you back in six weeks.`)
	require.Contains(t, r.ComplaintText, "headache")
}
