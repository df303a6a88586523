package discourse_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/discourse"
	"github.com/notegen/notegen/internal/lexicon"
	"github.com/notegen/notegen/internal/transcript"
)

// The conversations below were written for these tests, in styles the
// training data does not hold (a British GP on the phone, a parent
// answering for a child, a speech recogniser's lower-case text without
// punctuation or speaker labels); none comes from a data set.

const phoneConsultation = `Doctor: Hello, is that Mrs Patel? It's Dr Hughes calling from the surgery.
Patient: Yes, speaking.
Doctor: How can I help today?
Patient: I've had a cough for about ten days and now I'm bringing up green phlegm.
Doctor: Any fever?
Patient: Yes, I've been hot and shivery at night.
Doctor: Any allergies?
Patient: Penicillin gives me a rash.
Doctor: Do you take any regular medication?
Patient: Just amlodipine for my blood pressure.
Doctor: Do you smoke?
Patient: I gave up five years ago.
Doctor: Can you take a deep breath for me while I listen? Your chest has some crackles on the right side.
Doctor: It sounds like a chest infection.
Doctor: I'll pop a prescription through for doxycycline, one tablet a day for five days.
Doctor: If you get more breathless, go to A&E.
Doctor: Let's speak again in a week.
Patient: Thank you, doctor. Bye.`

const paediatricVisit = `Doctor: Hi there, come on in. And this must be Leo?
Mum: Yes, this is Leo, he's four.
Doctor: What's been going on with him?
Mum: He's had a temperature since Tuesday and he keeps pulling at his right ear.
Doctor: Has he been eating and drinking okay?
Mum: He's drinking but not really eating much.
Doctor: Leo, can you sit on mummy's lap so I can look in your ear?
Doctor: The right eardrum is red and bulging.
Doctor: So it looks like he has an ear infection.
Doctor: Give him paracetamol for the temperature, and come back if he's not better in three days.
Mum: Thank you so much.`

// recognised is a speech recogniser's text: one line per turn, no
// labels, no capitals, no punctuation.
const recognised = `good morning what brings you in today
i've had this really bad sore throat for three days and a fever
any cough
no not really just the throat
are you allergic to any medications
no
okay let me have a look open wide and say ah your tonsils are swollen with some white patches
okay
i'm going to prescribe penicillin v twice a day for ten days and come back if it isn't better in a week
okay thanks doctor`

// read splits and labels a transcript as the note writer does.
func read(t *testing.T, text, lang string) ([]transcript.Segment, []discourse.Unit) {
	t.Helper()
	x := lexicon.For(lang)
	segs := transcript.Split(text, discourse.InferRoles(lang))
	units := discourse.Units(segs, x)
	discourse.Label(units, x)
	return segs, units
}

// unitOf returns the unit whose text holds s.
func unitOf(t *testing.T, segs []transcript.Segment, units []discourse.Unit, s string) discourse.Unit {
	t.Helper()
	for _, u := range units {
		text, err := segs[u.Segment].Slice(u.Start, u.End)
		require.NoError(t, err)
		if strings.Contains(text, s) {
			return u
		}
	}
	t.Fatalf("no unit holds %q", s)
	return discourse.Unit{}
}

// requireParts checks the part of each unit of decided, and that the
// part of each unit of ranked is the model's first or second choice for
// it: those turn on a few words the next training data may weigh a little
// otherwise, where the decided ones are what the writer must not get
// wrong.
func requireParts(t *testing.T, segs []transcript.Segment, units []discourse.Unit, decided, ranked map[string]discourse.Part) {
	t.Helper()
	for text, want := range decided {
		u := unitOf(t, segs, units, text)
		require.Equal(t, want, u.Part, "%q (probabilities %v)", text, u.Probs)
	}
	for text, want := range ranked {
		u := unitOf(t, segs, units, text)
		require.Len(t, u.Probs, len(discourse.Parts))
		better := 0
		for _, p := range u.Probs {
			if p > u.Probs[discourse.PartIndex(want)] {
				better++
			}
		}
		require.Less(t, better, 2, "%q: %s is not among the model's first two choices (probabilities %v)", text, want, u.Probs)
	}
}

func TestPhoneConsultationParts(t *testing.T) {
	t.Parallel()
	segs, units := read(t, phoneConsultation, "en")
	requireParts(t, segs, units, map[string]discourse.Part{
		"Hello, is that Mrs Patel?":         discourse.Drop,
		"Penicillin gives me a rash.":       discourse.Allergies,
		"It sounds like a chest infection.": discourse.Assessment,
		"Thank you, doctor.":                discourse.Drop,
	}, map[string]discourse.Part{
		// medications or plan: either way the prescription is a plan item
		// of the reading, which the note's plan writes
		"I'll pop a prescription through":    discourse.Plan,
		"Can you take a deep breath":         discourse.Drop,
		"Just amlodipine":                    discourse.Medications,
		"I gave up five years ago.":          discourse.Social,
		"I've had a cough for about ten day": discourse.History,
	})
}

func TestPaediatricVisitWithParent(t *testing.T) {
	t.Parallel()
	segs, units := read(t, paediatricVisit, "en")
	require.Equal(t, transcript.Other, segs[1].Speaker, "the mother's label makes her a companion")
	requireParts(t, segs, units, map[string]discourse.Part{
		"Hi there, come on in.":          discourse.Drop,
		"So it looks like he has an ear": discourse.Assessment,
	}, map[string]discourse.Part{
		"The right eardrum is red":           discourse.Exam,
		"He's had a temperature since Tuesd": discourse.Complaint,
	})
}

func TestRecognisedTextRolesQuestionsAndParts(t *testing.T) {
	t.Parallel()
	segs, units := read(t, recognised, "en")
	want := []transcript.Speaker{transcript.Clinician, transcript.Patient, transcript.Clinician, transcript.Patient,
		transcript.Clinician, transcript.Patient, transcript.Clinician, transcript.Patient, transcript.Clinician,
		transcript.Patient}
	got := make([]transcript.Speaker, len(segs))
	for i, s := range segs {
		got[i] = s.Speaker
	}
	require.Equal(t, want, got)
	for text, asks := range map[string]bool{
		"any cough":                           true,
		"are you allergic to any medications": true,
		"what brings you in today":            true,
		"good morning":                        false,
		"no not really just the throat":       false,
		"i'm going to prescribe penicillin":   false,
	} {
		require.Equal(t, asks, unitOf(t, segs, units, text).Question, text)
	}
	requireParts(t, segs, units, map[string]discourse.Part{
		"i'm going to prescribe": discourse.Plan,
		"okay thanks doctor":     discourse.Drop,
	}, map[string]discourse.Part{
		// a question read alone: the answer it gets decides (the part
		// model weighs it against the history of symptoms asked about)
		"are you allergic": discourse.Allergies,
	})
}

// A speech provider's utterances come several in a row from one speaker:
// the change model, not strict turn-taking, says where the speaker
// changes.
func TestUtterancesOfOneSpeakerInARow(t *testing.T) {
	t.Parallel()
	lines := []string{
		"good morning what brings you in today",
		"i've had this really bad sore throat for three days and a fever",
		"any cough",
		"no not really just the throat",
		"okay let me have a look",
		"open wide and say ah",
		"your tonsils are swollen with some white patches",
		"i'm going to prescribe penicillin v twice a day for ten days",
		"drink plenty of fluids and come back if it isn't better in a week",
		"okay thanks doctor",
	}
	var parts []transcript.Timed
	for i, l := range lines {
		parts = append(parts, transcript.Timed{Start: float64(2 * i), End: float64(2*i + 1), Text: l})
	}
	segs := transcript.FromTimed(parts, discourse.InferRoles("en"))
	right := 0
	want := []transcript.Speaker{transcript.Clinician, transcript.Patient, transcript.Clinician, transcript.Patient,
		transcript.Clinician, transcript.Clinician, transcript.Clinician, transcript.Clinician, transcript.Clinician,
		transcript.Patient}
	for i, s := range segs {
		if s.Speaker == want[i] {
			right++
		}
	}
	require.GreaterOrEqual(t, right, 9, "%v", segs)
	require.Equal(t, transcript.Clinician, segs[7].Speaker, "the prescription is the clinician's")
}

// Every segment of a diarised voice gets one role, and a labelled segment
// keeps its own.
func TestVoicesAndLabels(t *testing.T) {
	t.Parallel()
	voiced := func(v, text string) transcript.Segment {
		return transcript.Segment{Speaker: transcript.Unknown, Voice: v, Text: text}
	}
	segs := []transcript.Segment{
		voiced("SPEAKER_01", "Hello, what can I do for you today?"),
		voiced("SPEAKER_00", "My knee has been swollen for a week."),
		voiced("SPEAKER_01", "Did you injure it?"),
		voiced("SPEAKER_00", "Okay."),
		voiced("SPEAKER_01", "Okay."),
		{Speaker: transcript.Other, Text: "I'm the nurse, his blood pressure is 130 over 80."},
		voiced("SPEAKER_01", "I'll order an X-ray and start you on ibuprofen."),
		voiced("SPEAKER_00", "Thanks."),
	}
	discourse.InferRoles("en")(segs)
	for _, s := range segs {
		switch s.Voice {
		case "SPEAKER_01":
			require.Equal(t, transcript.Clinician, s.Speaker, s.Text)
		case "SPEAKER_00":
			require.Equal(t, transcript.Patient, s.Speaker, s.Text)
		default:
			require.Equal(t, transcript.Other, s.Speaker, "a label is kept")
		}
	}
}

// A caller who tells of the patient in the third person ("he's been sick
// since this morning, he can't stand up") is a companion, not the
// patient; a caller who tells of themselves is the patient.
func TestACallerWhoSpeaksForAnotherIsACompanion(t *testing.T) {
	t.Parallel()
	segs := transcript.Split(`Clinician: Hello, it's the out-of-hours doctor returning your call. What's been happening?
Caller: It's my husband. He woke up this morning and the room was spinning. He's been sick three times.
Clinician: Is he able to stand?
Caller: He can stand if he holds the wall, but he says everything is moving. I had to help him to the toilet.
Clinician: Has he had a cold recently?
Caller: Yes, he had a cold last week. He's on omeprazole, and that's all he takes.`, discourse.InferRoles("en"))
	for _, s := range segs {
		if s.Voice == "Caller" {
			require.Equal(t, transcript.Other, s.Speaker, s.Text)
		}
	}
	segs = transcript.Split(`Clinician: Hello, it's the out-of-hours doctor returning your call. What's been happening?
Caller: I woke up this morning and the room was spinning. I've been sick three times.
Clinician: Are you able to stand?
Caller: I can stand if I hold the wall. My husband had to help me to the toilet, he was worried.`, discourse.InferRoles("en"))
	for _, s := range segs {
		if s.Voice == "Caller" {
			require.Equal(t, transcript.Patient, s.Speaker, s.Text)
		}
	}
}

// A language without models of its own is read by the universal models,
// which know no words: French gets parts, roles and, without a question
// model, questions from its openers list.
func TestFrenchUsesTheUniversalModels(t *testing.T) {
	t.Parallel()
	fr := lexicon.For("fr")
	segs := transcript.Split("bonjour qu'est-ce qui vous amène\nj'ai mal à la gorge depuis trois jours\navez-vous de la fièvre\nnon", discourse.InferRoles("fr"))
	require.Equal(t, transcript.Clinician, segs[0].Speaker)
	for _, s := range segs {
		require.NotEqual(t, transcript.Unknown, s.Speaker)
	}
	units := discourse.Units(segs, fr)
	require.True(t, units[2].Question, "an opener marks the question")
	require.False(t, units[1].Question)
	discourse.Label(units, fr)
	for _, u := range units {
		require.Len(t, u.Probs, len(discourse.Parts))
		require.NotEmpty(t, u.Part)
	}
	require.Nil(t, discourse.QuestionModelFor("fr"))
}

// The question model reads text without punctuation better than the list
// of question openers it replaced (models/MANIFEST.md has the figures):
// questions after "okay" or "so", and statements that open with a
// question word.
func TestQuestionsWithoutPunctuation(t *testing.T) {
	t.Parallel()
	en := lexicon.For("en")
	model := discourse.NewQuestioner(discourse.QuestionModelFor("en"), en)
	openers := discourse.NewQuestioner(nil, en)
	for _, c := range []struct {
		text          string
		asks, openers bool
	}{
		{"okay and how long has this been going on", true, false},
		{"alright any nausea or vomiting with it", true, false},
		{"when i get up in the morning it is worse", false, true},
		{"did not help at all to be honest", false, true},
		{"do you have any questions for me", true, true},
		{"the pain started after i lifted a box", false, false},
		{"we'll get some bloods and an x-ray", false, false},
	} {
		toks := en.Tokenize(c.text)
		require.Equal(t, c.asks, model.Asks(toks), c.text)
		require.Equal(t, c.openers, openers.Asks(toks), "openers: %s", c.text)
	}
}

// Explain says why a unit got its part: the features that set it apart
// from the runner-up.
func TestExplain(t *testing.T) {
	t.Parallel()
	en := lexicon.For("en")
	segs, units := read(t, phoneConsultation, "en")
	for i, u := range units {
		text, _ := segs[u.Segment].Slice(u.Start, u.End)
		if text != "Penicillin gives me a rash." {
			continue
		}
		trace := discourse.Explain(units, i, en)
		require.NotEmpty(t, trace)
		require.LessOrEqual(t, len(trace), 8)
		var feats []string
		for _, c := range trace {
			feats = append(feats, c.Feature)
		}
		require.Contains(t, strings.Join(feats, " "), "A:l:allergens", "that it names an allergen is a reason: %v", trace)
		return
	}
	t.Fatal("no allergy unit")
}

// A recogniser's line that opens as only a clinician opens advice ("cut
// back on beer", "come back in two weeks") is the clinician's, though the
// line before it was the clinician's too.
func TestAnInstructionIsTheClinicians(t *testing.T) {
	t.Parallel()
	segs := transcript.Split(`this looks like an acute gout flare
for the flare i'm going to start colchicine zero point six milligrams twice a day until it settles
we'll check a uric acid level and kidney function today
cut back on beer and red meat
if you get a fever or the redness spreads go to the emergency room
come back in two weeks
okay thank you doctor`, discourse.InferRoles("en"))
	for _, i := range []int{3, 5} {
		require.Equal(t, transcript.Clinician, segs[i].Speaker, segs[i].Text)
	}
	require.Equal(t, transcript.Patient, segs[6].Speaker)
}

// A recogniser's unpunctuated lines come several in a row from one
// speaker: a line that says what only a clinician says ("i'll inject
// forty milligrams", "refer you to physical therapy") is the clinician's,
// after three of the clinician's lines.
func TestAClinicianOnlyStatementIsTheClinicians(t *testing.T) {
	t.Parallel()
	segs := transcript.Split(`good afternoon how's the right knee doing
not great it's been aching for months and it swells up by the end of the day
any locking or giving way
no it doesn't lock or give way
let me take a look there's a small effusion and tenderness along the medial joint line
your x-rays from last week show moderate medial joint space narrowing
so this is osteoarthritis of the right knee
i'd recommend a steroid injection today i'll inject forty milligrams of triamcinolone
okay let's do it
i'm also going to refer you to physical therapy for quad strengthening
thank you`, discourse.InferRoles("en"))
	for _, i := range []int{4, 5, 7, 9} {
		require.Equal(t, transcript.Clinician, segs[i].Speaker, segs[i].Text)
	}
}

// A recogniser's punctuated lines without labels are utterances, several
// in a row from one speaker: where a line says what only a clinician says
// ("your x-ray shows", "I'm going to prescribe") among other lines of the
// clinician's, the speaker is read to change at a steady rate fitted to
// the transcript, not at every line, and the clinician's run stays hers.
func TestPunctuatedUtterancesKeepTheCliniciansRun(t *testing.T) {
	t.Parallel()
	segs := transcript.Split(`Hello, Mr. Adeyemi. What can I do for you today?
My left shoulder has been stiff and sore for about six weeks. I can't reach up to the shelf.
Did you hurt it?
No, it just came on. It's worse at night.
Do you take anything for it?
Paracetamol, two tablets when it's bad.
Any other health problems?
Diabetes. I take metformin.
Let me examine the shoulder. Movement is restricted in every direction, especially turning outwards.
Your x-ray shows no arthritis and no fracture.
So this is a frozen shoulder.
I'd recommend a steroid injection into the joint. I'll inject it today.
Okay, let's do it.
I'm also going to refer you to physiotherapy for a stretching programme.
Keep taking the paracetamol, and take it regularly.
Use a warm pack at night. Come back in six weeks if it isn't easing.
Thank you.`, discourse.InferRoles("en"))
	for _, i := range []int{8, 9, 11, 13} {
		require.Equal(t, transcript.Clinician, segs[i].Speaker, segs[i].Text)
	}
	require.Equal(t, transcript.Patient, segs[12].Speaker, segs[12].Text)
}

// Unlabelled lines that open as only a clinician opens advice ("keep a
// headache diary", "let's follow up in four weeks") are the clinician's,
// after a run of the clinician's lines.
func TestAdviceAndAFollowUpAreTheCliniciansLines(t *testing.T) {
	t.Parallel()
	segs := transcript.Split(`what brings you in today
my back has been hurting for a week
any numbness in your legs
no
this sounds like a muscle strain
i'm going to start naproxen five hundred milligrams twice a day with food
keep a pain diary for the next two weeks
let's follow up in two weeks
okay thanks`, discourse.InferRoles("en"))
	for _, i := range []int{6, 7} {
		require.Equal(t, transcript.Clinician, segs[i].Speaker, segs[i].Text)
	}
}

func TestModelsReadTheListsAsTheyWereTrained(t *testing.T) {
	t.Parallel()
	en := lexicon.For("en")
	// "hurt" joined the symptoms after the models were trained (the
	// lexicon's addenda): the reading knows it, the models' features must
	// not, or they would read sentences they were never trained on
	require.True(t, en.List("symptoms").Has("hurt"))
	require.False(t, en.Trained().List("symptoms").Has("hurt"))
	segs := transcript.Split("Doctor: Where does it hurt?\nPatient: My right hip. It hurt all night and I was muddled.", discourse.InferRoles("en"))
	units := discourse.Units(segs, en)
	m := discourse.PartModelFor("en")
	require.Equal(t, discourse.PartFeatures(units, en.Trained(), m.Features), discourse.PartFeatures(units, en, m.Features))
}
