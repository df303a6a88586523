package notewriter

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestVisitStructure: the clinician's announcements ("let's do a physical
// exam", "let's look at your results", "for your knee pain") move content to
// the sections a clinician would put it in, findings are laid out by body
// system, and narration around the examination is left out.
func TestVisitStructure(t *testing.T) {
	t.Parallel()
	cases := []struct {
		lang, transcript             string
		exam, results, plan, notExam []string
	}{
		{"en", `[doctor] how long has your right knee been hurting ?
[patient] about four days , my right knee hurts when i climb stairs .
[doctor] okay let's do a quick physical exam . hey dragon show me the vital signs .
[doctor] on exam , i do appreciate swelling of the right knee . your lungs are clear .
[doctor] let me take a listen to your heart .
[doctor] okay let's look at your results . your x-ray shows no fracture .
[doctor] so for your knee pain , i think you have a sprain . i want you to ice it twice a day .`,
			[]string{"• Musculoskeletal: Swelling of the right knee.", "• Respiratory: Lungs are clear."},
			[]string{"Their x-ray shows no fracture."},
			[]string{"ice it twice daily"},
			[]string{"listen", "dragon", "results"}},
		{"fr", `[doctor] depuis quand avez-vous mal au genou ?
[patient] depuis quatre jours , j'ai mal au genou quand je monte les escaliers .
[doctor] d'accord , je vais faire l'examen physique .
[doctor] à l'examen , le genou droit est enflé et sensible . les poumons sont clairs .
[doctor] je vais écouter votre cœur .
[doctor] regardons vos résultats . la radiographie montre aucune fracture .
[doctor] voici mon plan . pour votre douleur au genou , je vais prescrire de la glace deux fois par jour .`,
			[]string{"• Musculosquelettique: Le genou droit est enflé et sensible."},
			[]string{"La radiographie montre aucune fracture."},
			[]string{"glace deux fois par jour"},
			[]string{"écouter", "résultats"}},
	}
	for _, c := range cases {
		t.Run(c.lang, func(t *testing.T) {
			t.Parallel()
			note := write(t, Input{Transcript: c.transcript, Template: "primaryCare", RecordingType: "conversation", Lang: c.lang})
			heads := map[string][3]string{"en": {"Physical Examination", "Results", "Plan"}, "fr": {"Examen physique", "Résultats", "Plan"}}[c.lang]
			exam, results, plan := section(note.Text, heads[0]), section(note.Text, heads[1]), section(note.Text, heads[2])
			for _, want := range c.exam {
				require.Contains(t, exam, want, note.Text)
			}
			for _, not := range c.notExam {
				require.NotContains(t, exam, not, note.Text)
			}
			for _, want := range c.results {
				require.Contains(t, results, want, note.Text)
			}
			for _, want := range c.plan {
				require.Contains(t, plan, want, note.Text)
			}
		})
	}
}

// TestUnpunctuatedQuestionsAreNotFacts: speech-to-text without question
// marks still leaves the clinician's questions out of the history.
func TestUnpunctuatedQuestionsAreNotFacts(t *testing.T) {
	t.Parallel()
	note := write(t, Input{Transcript: `[doctor] so since you are in how about your blood pressure have you been taking your blood pressure medicine
[patient] yes every morning i take my lisinopril twenty milligrams
[doctor] okay and your knee pain how long has that been going on`, Template: "primaryCare", RecordingType: "conversation", Lang: "en"})
	require.NotContains(t, note.Text, "how about")
	require.NotContains(t, note.Text, "have them been")
	require.Contains(t, note.Text, "lisinopril 20 mg")
}

// TestPlanStartsWithTheFirstDecision: after the examination, a treatment
// decision starts the plan even when the clinician does not announce it.
func TestPlanStartsWithTheFirstDecision(t *testing.T) {
	t.Parallel()
	for lang, transcript := range map[string]string{
		"en": `[doctor] let's do a quick physical exam . your lungs are clear .
[doctor] so what i want you to do is continue your lisinopril twenty milligrams daily .`,
		"fr": `[doctor] je vais faire l'examen physique . vos poumons sont clairs .
[doctor] je vais prescrire de l'ibuprofène quatre cents milligrammes .`,
	} {
		note := write(t, Input{Transcript: transcript, Template: "primaryCare", RecordingType: "conversation", Lang: lang})
		heading := map[string]string{"en": "Plan", "fr": "Plan"}[lang]
		want := map[string]string{"en": "lisinopril 20 mg daily", "fr": "ibuprofène 400 mg"}[lang]
		require.Contains(t, section(note.Text, heading), want, note.Text)
	}
}

// TestResultsAreTheClinicians: a result the clinician states ends up under
// RESULTS even when it ends in "okay?"; the patient telling of a test and
// the clinician's introduction of the patient are history.
func TestResultsAreTheClinicians(t *testing.T) {
	t.Parallel()
	transcript := `[doctor] so john is a 55-year-old male who presents with an abnormal lab finding .
[patient] my doctor ordered a cat scan and said i had a kidney stone .
[patient] my work is heavy labor , lifting bags all day , and my back hurts .
[doctor] okay let's do a physical exam . your belly is soft .
[doctor] let's take a look at some of your results .
[doctor] so the abdominal x-rays show a possible kidney stone , okay ?`
	note := write(t, Input{Transcript: transcript, Template: "primaryCare", RecordingType: "conversation", Lang: "en"})
	results, hpi := section(note.Text, "Results"), section(note.Text, "History of Present Illness")
	require.Contains(t, results, "abdominal x-rays show a possible kidney stone.", note.Text)
	require.NotContains(t, results, "cat scan", note.Text)
	require.NotContains(t, results, "labor", note.Text)
	require.NotContains(t, results, "55-year-old", note.Text)
	require.Contains(t, hpi, "55-year-old", note.Text)
	require.Contains(t, hpi, "cat scan", note.Text)
}

// TestExamFindingsWithoutQuestionsOrNarration: a finding said in the same
// unpunctuated breath as a question or narration keeps only the finding.
func TestExamFindingsWithoutQuestionsOrNarration(t *testing.T) {
	t.Parallel()
	cases := []struct {
		lang, transcript, want, not string
	}{
		{"en", `[patient] my right knee hurts .
[doctor] okay let's do a physical exam
[doctor] okay so some pain on palpation on the inside of the knee if i bend the knee back does that hurt
[patient] yes
[doctor] your heart sounds normal no murmurs or gallops let me listen to your lungs take a deep breath`,
			"Some pain on palpation on the inside of the knee.", "bend"},
		{"fr", `[patient] j'ai mal au genou droit .
[doctor] d'accord , je vais faire l'examen physique
[doctor] le genou droit est enflé et sensible à la palpation si j'appuie ici ça fait mal`,
			"Le genou droit est enflé et sensible à la palpation.", "appuie"},
	}
	for _, c := range cases {
		t.Run(c.lang, func(t *testing.T) {
			t.Parallel()
			note := write(t, Input{Transcript: c.transcript, Template: "primaryCare", RecordingType: "conversation", Lang: c.lang})
			exam := section(note.Text, map[string]string{"en": "Physical Examination", "fr": "Examen physique"}[c.lang])
			require.Contains(t, exam, c.want, note.Text)
			require.NotContains(t, exam, c.not, note.Text)
			require.NotContains(t, exam, "listen", note.Text)
		})
	}
}

// TestShortAnswersAreNotHistorySentences: a patient's few-word answer
// ("my right knee", "about four days ago") is not a sentence of the
// history on its own.
func TestShortAnswersAreNotHistorySentences(t *testing.T) {
	t.Parallel()
	transcript := `[doctor] so sophia i see that you hurt your knee
[patient] yeah i was jumping on the trampoline and my knee twisted and it hurts a lot
[doctor] okay which knee was it
[patient] my right knee
[doctor] and when did this happen
[patient] about four days ago`
	note := write(t, Input{Transcript: transcript, Template: "primaryCare", RecordingType: "conversation", Lang: "en"})
	hpi := section(note.Text, "History of Present Illness")
	require.Contains(t, hpi, "trampoline", note.Text)
	require.NotContains(t, hpi, "\nTheir right knee.", note.Text)
	require.NotContains(t, hpi, "About 4 days ago.", note.Text)
}

// TestFindingsAreChartedTersely: a finding is written as clinicians chart
// it, without the clinician's narration around it, in both languages.
func TestFindingsAreChartedTersely(t *testing.T) {
	t.Parallel()
	cases := []struct {
		lang, transcript string
		want             []string
		not              []string
	}{
		{"en", `[patient] my right knee hurts .
[doctor] okay let's do a physical exam .
[doctor] your heart is nice and regular , i do not hear any murmurs .
[doctor] on your right knee exam , you do have some edema and some erythema .
[doctor] i do hear a 2/6 systolic ejection murmur , which we have heard in the past .`,
			[]string{"Heart is regular, no murmurs.", "Examination of the right knee: some edema and some erythema.", "A 2/6 systolic ejection murmur."},
			[]string{"nice and", "I do", "in the past"}},
		{"fr", `[patient] j'ai mal au genou droit .
[doctor] d'accord , je vais faire l'examen physique .
[doctor] à l'auscultation , je n'entends pas de souffle cardiaque , ce qui est rassurant .
[doctor] le genou droit est enflé , je remarque un épanchement .`,
			[]string{"Pas de souffle cardiaque.", "Le genou droit est enflé, un épanchement."},
			[]string{"entends", "rassurant", "remarque"}},
	}
	for _, c := range cases {
		t.Run(c.lang, func(t *testing.T) {
			t.Parallel()
			note := write(t, Input{Transcript: c.transcript, Template: "primaryCare", RecordingType: "conversation", Lang: c.lang})
			exam := section(note.Text, map[string]string{"en": "Physical Examination", "fr": "Examen physique"}[c.lang])
			for _, w := range c.want {
				require.Contains(t, exam, w, note.Text)
			}
			for _, n := range c.not {
				require.NotContains(t, exam, n, note.Text)
			}
		})
	}
}

// TestSwappedSpeakerTagsAreReadTheRightWayRound: when the turns tagged as
// the patient examine and prescribe, the tags are swapped and the
// examination is still charted as the clinician's.
func TestSwappedSpeakerTagsAreReadTheRightWayRound(t *testing.T) {
	t.Parallel()
	cases := []struct{ lang, transcript, heading, want string }{
		{"en", `[patient] hi , how are you doing today ? what brings you in ?
[doctor] my right knee hurts when i walk .
[patient] okay . how long has your knee been bothering you ?
[doctor] about two weeks i guess .
[patient] alright let's do a physical exam . on your right knee exam , there is some tenderness to palpation .
[doctor] okay .
[patient] i want you to take ibuprofen and i am going to order an x-ray of your knee . any questions ?
[doctor] no thank you doctor .`, "Physical Examination", "Examination of the right knee: there is some tenderness to palpation."},
		{"fr", `Patient : Bonjour , qu'est-ce qui vous amène ? Avez-vous mal depuis longtemps ?
Médecin : J'ai mal au genou droit depuis deux semaines , docteur .
Patient : D'accord , je vais faire l'examen physique . Le genou droit est enflé et sensible à la palpation .
Médecin : Oui , ça fait mal .
Patient : Je vais vous prescrire de l'ibuprofène . Avez-vous des questions ?
Médecin : Non , merci docteur .`, "Examen physique", "Le genou droit est enflé et sensible à la palpation."},
	}
	for _, c := range cases {
		t.Run(c.lang, func(t *testing.T) {
			t.Parallel()
			note := write(t, Input{Transcript: c.transcript, Template: "primaryCare", RecordingType: "conversation", Lang: c.lang})
			require.Contains(t, section(note.Text, c.heading), c.want, note.Text)
		})
	}
}

// TestVitalSignsAreAList: vital signs read out during the examination are
// charted as a list of values, and a number said with a vital sign once
// the plan has begun is part of the plan, not a measurement.
func TestVitalSignsAreAList(t *testing.T) {
	t.Parallel()
	note := write(t, Input{Transcript: `[patient] i get short of breath .
[doctor] okay let's do a quick physical exam . your blood pressure looks pretty good today at one twenty eight over seventy two your temperature is ninety eight . seven and your heart rate is seventy two .
[doctor] your lungs are clear bilaterally .
[doctor] so for your heart failure i want you to continue your bumex two milligrams daily and weigh yourself daily , call me if your blood pressure is over one fifty .`,
		Template: "primaryCare", RecordingType: "conversation", Lang: "en"})
	exam := section(note.Text, "Physical Examination")
	require.Contains(t, exam, "Blood pressure 128/72, temperature ninety eight point seven, heart rate 72.", note.Text)
	require.NotContains(t, exam, "looks pretty good", note.Text)
	require.NotContains(t, exam, "bumex", note.Text)
	require.Contains(t, section(note.Text, "Plan"), "150", note.Text)
}

// TestExamDictatedAfterThePlan: findings dictated once the plan was
// discussed are the examination, and "everything looks good" without a
// body system is not charted as a finding.
func TestExamDictatedAfterThePlan(t *testing.T) {
	t.Parallel()
	cases := []struct{ lang, transcript, heading, want, not string }{
		{"en", `[patient] my neck hurts when i turn my head .
[doctor] okay . what i would like to do is set you up for an epidural .
[patient] all right .
[doctor] physical exam , no apparent distress . everything looks good . neck is supple with pain on rotation .`,
			"Physical Examination", "Neck is supple with pain on rotation.", "Everything looks good"},
		{"fr", `[patient] j'ai mal au cou quand je tourne la tête .
[doctor] d'accord . voici ce que je propose , une infiltration .
[patient] d'accord .
[doctor] examen physique : tout semble bien . le cou est souple , douloureux à la rotation .`,
			"Examen physique", "Le cou est souple, douloureux à la rotation.", "Tout semble"},
	}
	for _, c := range cases {
		t.Run(c.lang, func(t *testing.T) {
			t.Parallel()
			note := write(t, Input{Transcript: c.transcript, Template: "primaryCare", RecordingType: "conversation", Lang: c.lang})
			exam := section(note.Text, c.heading)
			require.Contains(t, exam, c.want, note.Text)
			require.NotContains(t, exam, c.not, note.Text)
		})
	}
}

// TestResultReadOutInOneTurn: what a clinician says a test shows, right
// after naming it in the same turn, is the result; the announcement alone
// and advice given while reviewing are not.
func TestResultReadOutInOneTurn(t *testing.T) {
	t.Parallel()
	cases := []struct{ lang, transcript, heading, want, not string }{
		{"en", `[patient] i hurt my finger in a car accident four days ago .
[doctor] okay . let's look at your x-ray . so you have a distal phalanx fracture in the middle finger .
[patient] great .`, "Results", "distal phalanx fracture in the middle finger", "look at"},
		{"fr", `[patient] je me suis fait mal au doigt dans un accident il y a quatre jours .
[doctor] d'accord . regardons votre radiographie . vous avez une fracture de la phalange distale du majeur .
[patient] super .`, "Résultats", "fracture de la phalange distale du majeur", "Regardons"},
	}
	for _, c := range cases {
		t.Run(c.lang, func(t *testing.T) {
			t.Parallel()
			note := write(t, Input{Transcript: c.transcript, Template: "primaryCare", RecordingType: "conversation", Lang: c.lang})
			results := section(note.Text, c.heading)
			require.Contains(t, results, c.want, note.Text)
			require.NotContains(t, results, c.not, note.Text)
		})
	}
}
