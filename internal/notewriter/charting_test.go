package notewriter

import "testing"

// TestFindingsAreChartedTersely: a finding is written as clinicians chart
// it, without the clinician's narration around it, in both languages.
func TestFindingsAreChartedTersely(t *testing.T) {
	t.Parallel()
	checkSections(t, []sectionCase{
		{"en", "en", `[patient] my right knee hurts .
[doctor] okay let's do a physical exam .
[doctor] your heart is nice and regular , i do not hear any murmurs .
[doctor] on your right knee exam , you do have some edema and some erythema .
[doctor] i do hear a 2/6 systolic ejection murmur , which we have heard in the past .
[doctor] for your lung exam , there are some faint expiratory wheezes .`, "Physical Examination",
			[]string{"Heart is regular, no murmurs.", "Examination of the right knee: some edema and some erythema.", "2/6 systolic ejection murmur.",
				"• Respiratory: Faint expiratory wheezes."},
			[]string{"nice and", "I do", "in the past", "lung exam"}},
		{"fr", "fr", `[patient] j'ai mal au genou droit .
[doctor] d'accord , je vais faire l'examen physique .
[doctor] à l'auscultation , je n'entends pas de souffle cardiaque , ce qui est rassurant .
[doctor] le genou droit est enflé , je remarque un épanchement .`, "Examen physique",
			[]string{"Pas de souffle cardiaque.", "Le genou droit est enflé, un épanchement."},
			[]string{"entends", "rassurant", "remarque"}},
	})
}

// TestSwappedSpeakerTagsAreReadTheRightWayRound: when the turns tagged as
// the patient examine and prescribe, the tags are swapped and the
// examination is still charted as the clinician's.
func TestSwappedSpeakerTagsAreReadTheRightWayRound(t *testing.T) {
	t.Parallel()
	checkSections(t, []sectionCase{
		{"en", "en", `[patient] hi , how are you doing today ? what brings you in ?
[doctor] my right knee hurts when i walk .
[patient] okay . how long has your knee been bothering you ?
[doctor] about two weeks i guess .
[patient] alright let's do a physical exam . on your right knee exam , there is some tenderness to palpation .
[doctor] okay .
[patient] i want you to take ibuprofen and i am going to order an x-ray of your knee . any questions ?
[doctor] no thank you doctor .`, "Physical Examination",
			[]string{"Examination of the right knee: tenderness to palpation."}, nil},
		{"fr", "fr", `Patient : Bonjour , qu'est-ce qui vous amène ? Avez-vous mal depuis longtemps ?
Médecin : J'ai mal au genou droit depuis deux semaines , docteur .
Patient : D'accord , je vais faire l'examen physique . Le genou droit est enflé et sensible à la palpation .
Médecin : Oui , ça fait mal .
Patient : Je vais vous prescrire de l'ibuprofène . Avez-vous des questions ?
Médecin : Non , merci docteur .`, "Examen physique",
			[]string{"Le genou droit est enflé et sensible à la palpation."}, nil},
	})
}

// vitalsVisit reads out vital signs during the examination and names a
// blood pressure again in the plan.
const vitalsVisit = `[patient] i get short of breath .
[doctor] okay let's do a quick physical exam . your blood pressure looks pretty good today at one twenty eight over seventy two your temperature is ninety eight . seven and your heart rate is seventy two .
[doctor] your lungs are clear bilaterally .
[doctor] so for your heart failure i want you to continue your bumex two milligrams daily and weigh yourself daily , call me if your blood pressure is over one fifty .`

// TestVitalSignsAreAList: vital signs read out during the examination are
// charted as a list of values, and a number said with a vital sign once
// the plan has begun is part of the plan, not a measurement. (French:
// fixtures_fr_test.go.)
func TestVitalSignsAreAList(t *testing.T) {
	t.Parallel()
	checkSections(t, []sectionCase{
		{"exam", "en", vitalsVisit, "Physical Examination",
			[]string{"Blood pressure 128/72, temperature ninety eight point seven, heart rate 72."},
			[]string{"looks pretty good", "bumex"}},
		{"plan", "en", vitalsVisit, "Plan", []string{"150"}, nil},
	})
}

// TestExamDictatedAfterThePlan: findings dictated once the plan was
// discussed are the examination, and "everything looks good" without a
// body system is not charted as a finding.
func TestExamDictatedAfterThePlan(t *testing.T) {
	t.Parallel()
	checkSections(t, []sectionCase{
		{"en", "en", `[patient] my neck hurts when i turn my head .
[doctor] okay . what i would like to do is set you up for an epidural .
[patient] all right .
[doctor] physical exam , no apparent distress . everything looks good . neck is supple with pain on rotation .`,
			"Physical Examination", []string{"Neck is supple with pain on rotation."}, []string{"Everything looks good"}},
		{"fr", "fr", `[patient] j'ai mal au cou quand je tourne la tête .
[doctor] d'accord . voici ce que je propose , une infiltration .
[patient] d'accord .
[doctor] examen physique : tout semble bien . le cou est souple , douloureux à la rotation .`,
			"Examen physique", []string{"Le cou est souple, douloureux à la rotation."}, []string{"Tout semble"}},
	})
}

// TestResultReadOutInOneTurn: what a clinician says a test shows, right
// after naming it in the same turn, is the result; the announcement alone
// is not.
func TestResultReadOutInOneTurn(t *testing.T) {
	t.Parallel()
	checkSections(t, []sectionCase{
		{"en", "en", `[patient] i hurt my finger in a car accident four days ago .
[doctor] okay . let's look at your x-ray . so you have a distal phalanx fracture in the middle finger .
[patient] great .
[doctor] based on your x-ray and your exam , you have a fracture .`, "Results", []string{"distal phalanx fracture in the middle finger"},
			[]string{"look at", "Examination of"}},
		{"en reading out", "en", `[patient] i get tired .
[doctor] let's do a quick physical exam . your lungs are clear .
[doctor] in reviewing the results of your echocardiogram , it does show that your ejection fraction is forty five percent .`,
			"Results", []string{"echocardiogram shows their ejection fraction is 45%."}, []string{"reviewing", "does show"}},
		{"fr", "fr", `[patient] je me suis fait mal au doigt dans un accident il y a quatre jours .
[doctor] d'accord . regardons votre radiographie . vous avez une fracture de la phalange distale du majeur .
[patient] super .`, "Résultats", []string{"fracture de la phalange distale du majeur"}, []string{"Regardons"}},
	})
}

// TestExamNarrationIsNotAQuestion: "when i look at your neck ..." during
// the examination is a finding, not a question, and looking at the vital
// signs does not turn the examination into the review of results.
func TestExamNarrationIsNotAQuestion(t *testing.T) {
	t.Parallel()
	checkSections(t, []sectionCase{
		{"en", "en", `[patient] my blood pressure is high .
[doctor] come have a seat and lay back so i can examine you .
[doctor] okay so let me do a quick physical examination . so i looked at your vitals and your blood pressure is one sixty nine over seventy four .
[doctor] now when i look at your neck i do not see any jugular vein distention .
[doctor] okay your lungs are clear .`, "Physical Examination",
			[]string{"Blood pressure 169/74.", "Neck no jugular vein distention.", "Lungs are clear."}, []string{"physical examination", "When I", "lay back"}},
		{"fr", "fr", `[patient] ma tension est élevée .
[doctor] d'accord , je vais faire l'examen physique . j'ai regardé vos signes vitaux , votre tension artérielle est à cent soixante-neuf sur soixante-quatorze .
[doctor] quand j'examine votre cou , je ne vois pas de turgescence jugulaire .
[doctor] les poumons sont clairs .`, "Examen physique",
			[]string{"Tension artérielle 169/74.", "Cou, pas de turgescence jugulaire.", "Les poumons sont clairs."}, []string{"Quand"}},
	})
}

// TestAdviceDuringTheExamIsThePlan: advice given while examining is
// charted in the plan, not as a finding.
func TestAdviceDuringTheExamIsThePlan(t *testing.T) {
	t.Parallel()
	const en = `[patient] my scars itch .
[doctor] okay let's do a physical exam . the incisions are well healed with no redness .
[doctor] you should keep using the scar gel twice a day .`
	const fr = `[patient] mes cicatrices me démangent .
[doctor] d'accord , je vais faire l'examen physique . les cicatrices sont bien guéries , sans rougeur .
[doctor] continuez le gel cicatrisant deux fois par jour , c'est normal .`
	checkSections(t, []sectionCase{
		{"en exam", "en", en, "Physical Examination", []string{"The incisions are well healed with no redness."}, []string{"gel"}},
		{"en plan", "en", en, "Plan", []string{"scar gel twice daily"}, nil},
		{"fr exam", "fr", fr, "Examen physique", []string{"Les cicatrices sont bien guéries, sans rougeur."}, []string{"gel"}},
		{"fr plan", "fr", fr, "Plan", []string{"gel cicatrisant deux fois par jour"}, nil},
	})
}

// TestVitalSignsReviewedWithoutValues: "your blood pressure and heart rate
// look good" gives no value and no finding; the examination leaves it out.
func TestVitalSignsReviewedWithoutValues(t *testing.T) {
	t.Parallel()
	checkSections(t, []sectionCase{
		{"en", "en", `[patient] i feel tired .
[doctor] let's do a physical exam . your blood pressure and your heart rate look good .
[doctor] your lungs are clear .`, "Physical Examination", []string{"Lungs are clear."}, []string{"look good"}},
		{"fr", "fr", `[patient] je suis fatigué .
[doctor] je vais faire l'examen physique . votre tension artérielle est bonne .
[doctor] les poumons sont clairs .`, "Examen physique", []string{"Les poumons sont clairs."}, []string{"bonne"}},
	})
}

// TestExamNarrationBecomesCharting: "when I press on it" is charted "on
// palpation" and "that I can hear" is left out, in both languages.
func TestExamNarrationBecomesCharting(t *testing.T) {
	t.Parallel()
	checkSections(t, []sectionCase{
		{"en", "en", `[patient] my belly hurts on the right side since yesterday
[doctor] let me examine you . there is pain in the right upper quadrant when i press on it and no bruits that i can hear in the abdomen
[doctor] okay`, "Physical examination",
			[]string{"right upper quadrant on palpation"}, []string{"when I press", "that I can hear"}},
		{"fr", "fr", `[patient] J'ai mal au ventre à droite depuis hier.
[doctor] Je vais vous examiner. Il y a une douleur dans le quadrant supérieur droit quand j'appuie dessus et pas de souffle que j'entends dans l'abdomen.`, "Examen physique",
			[]string{"quadrant supérieur droit à la palpation"}, []string{"j'appuie", "que j'entends"}},
	})
}
