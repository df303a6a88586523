package notewriter

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestPlanVoice(t *testing.T) {
	t.Parallel()
	checkVoice(t, []voiceCase{
		{"going to becomes will", "i am going to prescribe oxycodone 5 mg every 6 hours .", "will prescribe oxycodone 5 mg every 6 hours .", englishMale},
		{"go ahead and is dropped", "i want to go ahead and order a ct scan .", "will order a ct scan .", englishMale},
		{"also is kept", "i am also going to order a basic metabolic panel .", "will also order a basic metabolic panel .", englishMale},
		{"let us", "let us continue him on the imitrex .", "will continue him on the imitrex .", englishMale},
		{"after a lead-in", "for the pain i am going to give her a muscle relaxant .", "for the pain , will give her a muscle relaxant .", englishFemale},
		{"after and", "call the office and we will see her next week .", "call the office and will see her next week .", englishFemale},
		{"wish of the patient", "i want him to push fluids .", "he will push fluids .", englishMale},
		{"wish of an unknown patient", "i do want them to go ahead and continue to hydrate .", "the patient will continue to hydrate .", englishUnknown},
		{"contact me", "i want them to contact me if the patient is having worse symptoms .", "the patient will contact the office if the patient is having worse symptoms .", englishUnknown},
		{"give us a call", "if it gets worse give us a call .", "if it gets worse call the office .", englishFemale},
		// A subordinate clause keeps its subject; "we will do that" does something.
		{"subordinate clause", "that is why we are going to refer him .", "that is why we are going to refer him .", englishMale},
		{"after a whole conditional", "if that is positive i want to go ahead and prescribe amoxicillin .", "if that is positive , will prescribe amoxicillin .", englishMale},
		{"inside a conditional", "if we are going to operate he should stop aspirin .", "if we are going to operate he should stop aspirin .", englishMale},
		{"announced plan", "what i would like to do is increase her lasix .", "will increase her lasix .", englishFemale},
		{"announced then restated", "what we are going to do is , i am going to start her on an anti-inflammatory .", "will start her on an anti-inflammatory .", englishFemale},
		{"announced, not a verb", "what i want to do is number one .", "what i want to do is number one .", englishFemale},
		{"a relative in the clause", "what that means is that we are going to brace it .", "what that means is that we are going to brace it .", englishMale},
		{"a subject before", "i think we are going to need an mri .", "i think we are going to need an mri .", englishMale},
		{"do is the verb", "we will do a follow-up in 2 weeks .", "will do a follow-up in 2 weeks .", englishMale},
		{"what i want to do is", "i am going to do is prescribe ibuprofen .", "i am going to do is prescribe ibuprofen .", englishMale},
		{"not a verb after", "let us know if it gets worse .", "notify the office if it gets worse .", englishMale},
	}, englishVoice.planVoice)
}

func TestFrenchPlanVoice(t *testing.T) {
	t.Parallel()
	checkRewrite(t, []textCase{
		{"je vais prescrire", "fr", "je vais prescrire de l'amoxicilline .", "je prescris de l'amoxicilline ."},
		{"elision", "fr", "je vais augmenter l'amlodipine à 10 mg .", "j'augmente l'amlodipine à 10 mg ."},
		{"object pronoun", "fr", "je vais vous revoir dans 2 semaines .", "je vous revois dans 2 semaines ."},
		{"elided object", "fr", "je vais l'examiner .", "je l'examine ."},
		{"joined verb", "fr", "je vais commencer la sertraline et vous référer en psychothérapie .", "je commence la sertraline et vous réfère en psychothérapie ."},
		{"not a plan verb", "fr", "je vais bien .", "je vais bien ."},
		{"seeing again", "fr", "on se revoit dans 6 semaines .", "à revoir dans 6 semaines ."},
		// "et" joins a verb only after a converted one.
		{"et alone", "fr", "on va voir et décider .", "on va voir et décider ."},
	}, func(padded, _ string) string { return frenchVoice.planVoice(padded, frenchMale) })
	for inf, want := range map[string]string{"prescrire": "prescris", "demander": "demande", "référer": "réfère",
		"répéter": "répète", "commencer": "commence", "aller": "", "finir": "finis", "venir": ""} {
		require.Equal(t, want, frenchPresent(inf), inf)
	}
}

func TestArticleAgreement(t *testing.T) {
	t.Parallel()
	checkRewrite(t, []textCase{
		{"", "en", "on a abdominal exam", "on an abdominal exam"},
		{"", "en", "a ultrasound and a urine", "an ultrasound and a urine"},
		{"", "en", "a one time dose", "a one time dose"},
		{"", "en", "a hour later a unilateral", "an hour later a unilateral"},
		{"", "en", "a european a x-ray", "a european a x-ray"},
		{"", "en", "an mri", "an mri"},
	}, func(padded, _ string) string { return agreeArticles(padded) })
}

func TestCutExamOpening(t *testing.T) {
	t.Parallel()
	checkRewrite(t, []textCase{
		{"", "en", "of the abdomen on a abdominal exam there is no tenderness", "there is no tenderness"},
		{"", "en", "of your right foot your capillary refill is brisk", "right foot : capillary refill is brisk"},
		{"", "en", "of the abdomen", "of the abdomen"},
		{"", "en", "of note the knee is swollen", "of note the knee is swollen"},
		{"", "fr", "de la gorge à l'examen elle est rouge", "elle est rouge"},
		{"", "fr", "de la cheville droite il y a un œdème", "cheville droite : il y a un œdème"},
		{"", "fr", "de la tête aux pieds", "de la tête aux pieds"},
		{"", "fr", "de la cheville droite le pouls est normal", "cheville droite : le pouls est normal"},
	}, func(padded, lang string) string { return cutExamOpening(padded, lexiconFor(lang), lang) })
}

func TestMedicationLine(t *testing.T) {
	t.Parallel()
	checkRewrite(t, []textCase{
		{"", "en", "for the pain i have taken some tylenol", "tylenol for the pain"},
		{"", "en", "for the pain i have taken some tylenol but it hurts", "tylenol for the pain but it hurts"},
		{"", "en", "i take lisinopril 20 mg", "lisinopril 20 mg"},
		{"", "en", "i have been taking them since monday", "i have been taking them since monday"},
		{"", "en", "my wife said i take too much", "my wife said i take too much"},
		// A dose said without its medication stays a sentence.
		{"", "en", "i take twenty milligrams a day", "i take twenty milligrams a day"},
		{"", "fr", "je prends de l'ibuprofène pour la douleur", "ibuprofène pour la douleur"},
		{"", "fr", "pour la douleur j'ai pris du paracétamol mais ça n'a pas aidé", "paracétamol pour la douleur mais ça n'a pas aidé"},
		{"", "fr", "je prends mes médicaments", "je prends mes médicaments"},
		{"", "fr", "je prends le temps de marcher", "je prends le temps de marcher"},
		{"", "fr", "je prends quarante milligrammes le matin", "je prends quarante milligrammes le matin"},
	}, func(padded, lang string) string { return voiceFor(lang).medicationLine(padded, lexiconFor(lang)) })
}

// The examples of issue 14 item 6, as a whole note: the patient's words
// said inside a doctor's turn, a medication, an echoed denial, a cut exam
// opening and the plan in the clinician's spoken voice.
func TestClinicalVoiceNote(t *testing.T) {
	t.Parallel()
	transcript := `[doctor] so what brings you in today ?
[patient] i have this sharp pain on my right side for the last several days .
[doctor] i saw my doctor and they ordered a cat scan and said i had a kidney stone . and what have you taken for the pain ?
[patient] for the pain i have taken some tylenol but it has not really helped .
[doctor] any nausea or vomiting ?
[patient] i am not vomiting .
[doctor] okay let me do a physical exam . on physical examination of the abdomen on a abdominal exam there is no tenderness to palpation .
[doctor] so for my assessment and plan . for your kidney stone , i am going to prescribe oxycodone five milligrams every six hours as needed for pain .
[doctor] i want you to contact me if you have worsening symptoms .`
	note := writeConversation(t, "en", transcript)
	text := note.Text
	require.Contains(t, section(text, "Current Medications"), "Tylenol for the pain", text)
	require.Contains(t, text, "will prescribe oxycodone 5 mg", text)
	require.Contains(t, text, "contact the office if", text)
	require.NotContains(t, text, "I am not vomiting", text)
	require.NotContains(t, text, "I saw my doctor", text)
	require.NotContains(t, text, "Of the abdomen", text)
	require.NotContains(t, text, "a abdominal", text)
	for _, line := range strings.Split(text, "\n") {
		require.NotRegexp(t, `\b(I am going to|I want|my doctor)\b`, line)
	}
}

func TestFrenchClinicalVoiceNote(t *testing.T) {
	t.Parallel()
	transcript := `[doctor] qu'est-ce qui vous amène ?
[patient] j'ai mal au dos depuis une semaine .
[doctor] avez-vous pris quelque chose ?
[patient] j'ai pris du paracétamol mais ça n'a pas aidé .
[patient] je prends de l'ibuprofène pour la douleur .
[doctor] voici mon plan . pour votre lombalgie , je vais vous prescrire de l'ibuprofène quatre cents milligrammes trois fois par jour et vous revoir dans deux semaines .`
	note := writeConversation(t, "fr", transcript)
	text := note.Text
	require.Contains(t, text, "je lui prescris de l'ibuprofène 400 mg", text)
	require.Contains(t, text, "et le revois dans 2 semaines", text)
	require.NotContains(t, text, "je vais le prescrire", text)
	require.NotContains(t, text, "j'ai pris", text)
	require.Contains(t, section(text, "Médicaments actuels"), "Ibuprofène pour la douleur.", text)
}

func TestDropEchoedNegations(t *testing.T) {
	t.Parallel()
	st := func(text string, turn int) statement {
		return statement{cat: catHPI, text: text, problem: -1, sources: []Span{{Turn: turn}}}
	}
	cases := []struct {
		lang string
		in   []statement
		want []string
	}{
		{"en", []statement{st("The patient is not vomiting.", 1), st("Denies vomiting.", 2)}, []string{"Denies vomiting."}},
		{"en", []statement{st("He does not smoke.", 1), st("Denies vomiting.", 2)}, []string{"He does not smoke.", "Denies vomiting."}},
		// A longer sentence says more than the denial.
		{"en", []statement{st("He is not vomiting but the pain wakes him at night and it is worse.", 1), st("Denies vomiting.", 2)},
			[]string{"He is not vomiting but the pain wakes him at night and it is worse.", "Denies vomiting."}},
		{"fr", []statement{st("Nie fièvre.", 1), st("Il n'a pas de fièvre.", 2)}, []string{"Nie fièvre."}},
		// Several denials say more than the one charted.
		{"en", []statement{st("No neck issues, no numbness, no tingling.", 1), st("Denies tingling.", 2)},
			[]string{"No neck issues, no numbness, no tingling.", "Denies tingling."}},
	}
	for _, c := range cases {
		got := dropEchoedNegations(append([]statement{}, c.in...), nil, lexiconFor(c.lang), c.lang)
		var texts []string
		for _, s := range got {
			texts = append(texts, s.text)
		}
		require.Equal(t, c.want, texts)
		// The dropped sentence's source stays with the denial that charts it.
		if len(got) < len(c.in) {
			require.Len(t, got[0].sources, 2)
		}
	}
	// The history closes with the findings denied: a first-person denial of
	// one is not written again, and its source goes to the finding.
	findings := []finding{{name: "vomiting", system: "gi", present: false}, {name: "cough", system: "resp", present: true}}
	got := dropEchoedNegations([]statement{st("The patient is not vomiting.", 1), st("He does not cough.", 2)}, findings, lexiconFor("en"), "en")
	require.Len(t, got, 1)
	require.Equal(t, "He does not cough.", got[0].text)
	require.Len(t, findings[0].sources, 1)
}

func TestPlanVoiceOpinionsAndRestarts(t *testing.T) {
	t.Parallel()
	checkRewrite(t, []textCase{
		{"", "en", "i think he has a lumbar strain .", "he likely has a lumbar strain ."},
		{"", "en", "for his back pain , i think that this is a sprain .", "for his back pain , this is likely a sprain ."},
		{"", "en", "i do believe the patient has gout .", "the patient likely has gout ."},
		{"", "en", "i think physical therapy will help .", "i think physical therapy will help ."},
		{"", "en", "because i think he has a sprain .", "because i think he has a sprain ."},
		{"", "en", "i am going to i will be talking to their pcp .", "will be talking to their pcp ."},
		{"", "en", "let us and here is my plan .", "let us and here is my plan ."},
	}, func(padded, _ string) string { return englishVoice.planVoice(padded, englishMale) })
}

func TestResultVoice(t *testing.T) {
	t.Parallel()
	checkRewrite(t, []textCase{
		{"", "en", "i did review their ct and shows a stone in the ureter .", "their ct shows a stone in the ureter ."},
		{"", "en", "i have reviewed their x-ray of their right foot and it showed a fracture .", "their x-ray of their right foot showed a fracture ."},
		{"", "en", "so i did review his ekg which showed normal sinus rhythm .", "so his ekg showed normal sinus rhythm ."},
		{"", "en", "we were able to get a ct of their side and showed a stone .", "a ct of their side showed a stone ."},
		{"", "en", "i did review their chest x-ray and i noticed some opacities .", "i did review their chest x-ray and i noticed some opacities ."},
		{"", "en", "i did review their x-ray the x-ray of their right ankle showed no fracture .", "the x-ray of their right ankle showed no fracture ."},
		{"", "en", "because i reviewed the x-ray which showed a fracture .", "because i reviewed the x-ray which showed a fracture ."},
	}, func(padded, _ string) string { return englishVoice.resultVoice(padded) })
}

func TestPassiveHistory(t *testing.T) {
	t.Parallel()
	checkVoice(t, []voiceCase{
		{"", "we started him on the imitrex a couple months ago .", "he was started on the imitrex a couple months ago .", englishMale},
		{"", "we sent them for physical therapy .", "the patient was sent for physical therapy .", englishUnknown},
		{"", "last year we gave her a steroid shot .", "last year she was given a steroid shot .", englishFemale},
		// Someone else than the patient, or a clause of its own, stays.
		{"", "we sent her mother a letter .", "we sent her mother a letter .", englishMale},
		{"", "because we started him on it .", "because we started him on it .", englishMale},
	}, englishVoice.passiveHistory)
}
