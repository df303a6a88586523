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
	const en = `[doctor] how long has your right knee been hurting ?
[patient] about four days , my right knee hurts when i climb stairs .
[doctor] okay let's do a quick physical exam . hey dragon show me the vital signs .
[doctor] on exam , i do appreciate swelling of the right knee . your lungs are clear .
[doctor] let me take a listen to your heart .
[doctor] okay let's look at your results . your x-ray shows no fracture .
[doctor] so for your knee pain , i think you have a sprain . i want you to ice it twice a day .`
	const fr = `[doctor] depuis quand avez-vous mal au genou ?
[patient] depuis quatre jours , j'ai mal au genou quand je monte les escaliers .
[doctor] d'accord , je vais faire l'examen physique .
[doctor] à l'examen , le genou droit est enflé et sensible . les poumons sont clairs .
[doctor] je vais écouter votre cœur .
[doctor] regardons vos résultats . la radiographie montre aucune fracture .
[doctor] voici mon plan . pour votre douleur au genou , je vais prescrire de la glace deux fois par jour .`
	checkSections(t, []sectionCase{
		{"en exam", "en", en, "Physical Examination",
			[]string{"• Musculoskeletal: Swelling of the right knee.", "• Respiratory: Lungs are clear."},
			[]string{"listen", "dragon", "results"}},
		{"en results", "en", en, "Results", []string{"Their x-ray shows no fracture."}, nil},
		{"en plan", "en", en, "Plan", []string{"ice it twice daily"}, nil},
		{"fr exam", "fr", fr, "Examen physique",
			[]string{"• Musculosquelettique: Le genou droit est enflé et sensible."}, []string{"écouter", "résultats"}},
		{"fr results", "fr", fr, "Résultats", []string{"La radiographie montre aucune fracture."}, nil},
		{"fr plan", "fr", fr, "Plan", []string{"glace deux fois par jour"}, nil},
	})
}

// TestUnpunctuatedQuestionsAreNotFacts: speech-to-text without question
// marks still leaves the clinician's questions out of the history.
func TestUnpunctuatedQuestionsAreNotFacts(t *testing.T) {
	t.Parallel()
	note := writeConversation(t, "en", `[doctor] so since you are in how about your blood pressure have you been taking your blood pressure medicine
[patient] yes every morning i take my lisinopril twenty milligrams
[doctor] okay and your knee pain how long has that been going on`)
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
		note := writeConversation(t, lang, transcript)
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
	note := writeConversation(t, "en", transcript)
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
			"Pain on palpation on the inside of the knee.", "bend"},
		{"fr", `[patient] j'ai mal au genou droit .
[doctor] d'accord , je vais faire l'examen physique
[doctor] le genou droit est enflé et sensible à la palpation si j'appuie ici ça fait mal`,
			"Le genou droit est enflé et sensible à la palpation.", "appuie"},
	}
	for _, c := range cases {
		checkNote(t, c.lang, c.lang, c.transcript, func(t *testing.T, note Note) {
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
	note := writeConversation(t, "en", transcript)
	hpi := section(note.Text, "History of Present Illness")
	require.Contains(t, hpi, "trampoline", note.Text)
	require.NotContains(t, hpi, "\nTheir right knee.", note.Text)
	require.NotContains(t, hpi, "About 4 days ago.", note.Text)
}
