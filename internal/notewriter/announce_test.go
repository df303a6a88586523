package notewriter

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestExamAnnouncement: the examination is recognised by its word families
// (an act on the examination noun, an examining verb said by the clinician
// at the patient), not by a list of phrases; reviewing a test, an
// instruction to the patient and therapy are not the examination.
func TestExamAnnouncement(t *testing.T) {
	t.Parallel()
	checkVerdicts(t, []verdictCase{
		{"", "en", "well , let's go ahead and we'll do a quick physical exam .", true},
		{"", "en", "now i wan na move on to my examination .", true},
		{"", "en", "i'm gon na perform a focused exam of your shoulder .", true},
		{"", "en", "hop up here and let me have a look at your ankle .", true},
		{"", "en", "i'm gon na take a quick listen to your heart and lungs .", true},
		{"", "en", "let me examine you .", true},
		{"", "en", "let's take a look at your x-ray .", false},
		{"", "en", "i want you to take a look at your blood sugars every morning .", false},
		{"", "en", "why don't we start with physical therapy .", false},
		{"", "en", "i want to look at your heart failure number .", false},
		{"", "en", "i feel like you were having some irritability .", false},
		{"", "fr", "d'accord , je vais vous examiner maintenant .", true},
		{"", "fr", "laissez-moi ausculter vos poumons .", true},
		{"", "fr", "nous allons passer à l'examen physique .", true},
		{"", "fr", "je vais regarder votre genou .", true},
		{"", "fr", "je vais regarder vos résultats de prise de sang .", false},
		{"", "fr", "on va faire un examen sanguin la semaine prochaine .", false},
		{"", "fr", "il faut commencer la kiné .", false},
	}, func(_ *testing.T, said, lang string) bool {
		lex := lexiconFor(lang)
		return lex.exam.announces(cleaned(said, lex))
	})
}

// TestAnnouncedExamSections: findings after an announcement worded outside
// any phrase list still land under the physical examination, in both
// languages.
func TestAnnouncedExamSections(t *testing.T) {
	t.Parallel()
	const en = `[doctor] how long has your ankle been hurting ?
[patient] about a week , since i twisted it playing soccer .
[doctor] alright , hop up on the table and let me have a look at your ankle .
[doctor] there is swelling over the lateral malleolus and it is tender to palpation .`
	const fr = `[doctor] depuis quand toussez-vous ?
[patient] depuis une semaine , avec un peu de fièvre .
[doctor] d'accord , laissez-moi ausculter vos poumons .
[doctor] il y a des crépitants à la base droite .`
	checkSections(t, []sectionCase{
		{"en exam", "en", en, "Physical Examination", []string{"swelling over the lateral malleolus"}, nil},
		{"fr exam", "fr", fr, "Examen physique", []string{"crépitants à la base droite"}, nil},
	})
}

// TestPhaseCuesAreWords: a phase cue is matched as whole words, so an
// examination finding that starts with the same letters ("the plantar
// aspect", "le plancher pelvien") does not start the plan.
func TestPhaseCuesAreWords(t *testing.T) {
	t.Parallel()
	const en = `[doctor] how long has your foot been hurting ?
[patient] since i fell last week .
[doctor] okay , let's do a quick physical exam .
[doctor] on the right foot there is some bruising of the plantar aspect of the foot .
[doctor] there is tenderness to palpation of the midfoot .`
	const fr = `[doctor] depuis quand avez-vous des fuites urinaires ?
[patient] depuis mon accouchement .
[doctor] d'accord , je vais faire l'examen physique .
[doctor] le plancher pelvien est hypotonique .
[doctor] il y a une sensibilité à la palpation de l'abdomen .`
	checkSections(t, []sectionCase{
		{"en exam", "en", en, "Physical Examination", []string{"tenderness to palpation of the midfoot"}, nil},
		{"fr exam", "fr", fr, "Examen physique", []string{"sensibilité à la palpation"}, nil},
	})
	lex := lexiconFor("en")
	require.True(t, hasWord(" so the plan is , ", lex.phaseCues[phasePlan]))
	require.False(t, hasWord(" the plantar aspect ", lex.phaseCues[phasePlan]))
}

// TestUnannouncedPlanAfterExam: after the examination, a recommendation
// starts the plan even when the plan is not announced, so it is not
// written as a finding.
func TestUnannouncedPlanAfterExam(t *testing.T) {
	t.Parallel()
	const en = `[doctor] how has the biopsy site been ?
[patient] it has been fine , no bleeding .
[doctor] okay , let me take a look at your back .
[doctor] there is a well healed scar on the right lower back with no residual pigmentation .
[doctor] i recommend a wide local excision of the site to remove the melanoma completely .`
	const fr = `[doctor] comment va la cicatrice de la biopsie ?
[patient] ça va , pas de saignement .
[doctor] d'accord , je vais regarder votre dos .
[doctor] il y a une cicatrice bien guérie au bas du dos sans pigmentation résiduelle .
[doctor] je vous recommande une excision locale large du site pour enlever complètement le mélanome .`
	checkSections(t, []sectionCase{
		{"en exam", "en", en, "Physical Examination", []string{"well healed scar on the right lower back"}, []string{"excision"}},
		{"en plan", "en", en, "Plan", []string{"wide local excision"}, nil},
		{"fr exam", "fr", fr, "Examen physique", []string{"sans pigmentation résiduelle"}, []string{"excision"}},
		{"fr plan", "fr", fr, "Plan", []string{"excision locale large"}, nil},
	})
}
