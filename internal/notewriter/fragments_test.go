package notewriter

import "testing"

// TestTrailingFragmentsAreCut: a written sentence ends at its last
// complete clause, in both languages, and a complete ending stays.
func TestTrailingFragmentsAreCut(t *testing.T) {
	t.Parallel()
	checkText(t, []textCase{
		{"trailing conjunction and pronoun", "en", "the associated swelling and i", "the associated swelling"},
		{"trailing conjunction", "en", "she added two medications but", "she added two medications"},
		{"elliptical last clause", "en", "he is so tired and fatigued , and he feels", "he is so tired and fatigued"},
		{"elliptical clause after because", "en", "reports some body aches because he thinks he is", "reports some body aches"},
		{"nothing left is dropped", "en", "on his", ""},
		{"a relative clause is complete", "en", "the effusion from the injury that he had", "the effusion from the injury that he had"},
		{"a comparison is complete", "en", "keep them as stiff as he can", "keep them as stiff as he can"},
		{"a pronoun object is complete", "en", "a bmi over 27 would qualify her", "a bmi over 27 would qualify her"},
		{"a copula left without its attribute", "en", "it was normal at 1.7 and her blood pressure is", "it was normal at 1.7"},
		{"a copula in a completed clause", "en", "cut out the area where the lesion was", "cut out the area where the lesion was"},
		{"french copula left without its attribute", "fr", "le pouls est normal et sa tension est", "le pouls est normal"},
		{"french trailing conjunction", "fr", "elle a ajouté deux médicaments mais", "elle a ajouté deux médicaments"},
		{"french trailing article", "fr", "la douleur au genou et la", "la douleur au genou"},
		{"french elliptical clause", "fr", "il est très fatigué et il est", "il est très fatigué"},
		{"french relative clause is complete", "fr", "la douleur depuis la chute qu'il a eue comme il a", "la douleur depuis la chute qu'il a eue comme il a"},
	}, afterCleaning(tidy))
}

// TestProblemHeadingIsTheNameAlone: a problem heading is the condition's
// name, not the words said around it, in both languages.
func TestProblemHeadingIsTheNameAlone(t *testing.T) {
	t.Parallel()
	checkText(t, []textCase{
		{"an infinitive after the name", "en", "heart failure to be more successful , we need", "heart failure"},
		{"an ordinal diagnosis", "en", "first diagnosis of coronary artery disease , i want", "coronary artery disease"},
		{"a second phrase after the name", "en", "hypertension your third diagnosis of hypertension", "hypertension"},
		{"a cut-off article", "en", "diabetes the", "diabetes"},
		{"a trailing like", "en", "diabetes like", "diabetes"},
		{"a treatment after the name", "en", "coronary artery disease continue with the statin", "coronary artery disease"},
		{"a determiner after a preposition", "en", "pain in your left knee", "pain in left knee"},
		{"french ordinal diagnosis", "fr", "premier diagnostic de diabète de type 2 , je veux", "diabète de type 2"},
		{"french cut-off article", "fr", "hypertension la", "hypertension"},
		{"french treatment after the name", "fr", "insuffisance cardiaque continuer le furosémide", "insuffisance cardiaque"},
	}, afterCleaning(problemName))
}

// TestProblemAnnouncedAloneIsItsHeading: "for your second problem, your
// diabetes" only announces the problem, which the assessment lists by its
// name, in both languages.
func TestProblemAnnouncedAloneIsItsHeading(t *testing.T) {
	t.Parallel()
	checkSections(t, []sectionCase{
		{"en", "en", `[patient] my knee hurts and my sugars have been high
[doctor] let me examine your knee . there is tenderness over the medial joint line
[doctor] my assessment for your first problem , your knee pain , is a medial meniscus strain and we will start physical therapy
[doctor] for your second problem , your diabetes .
[doctor] we will increase the metformin to one thousand milligrams twice a day`, "Assessment",
			[]string{"2. Diabetes."}, []string{"second problem"}},
		{"fr", "fr", `[patient] J'ai mal au genou et ma glycémie est élevée.
[doctor] Je vais vous examiner. Il y a une sensibilité sur l'interligne articulaire interne.
[doctor] Voici mon plan. Pour votre douleur au genou, nous allons commencer la physiothérapie.
[doctor] Pour votre diabète.
[doctor] Nous allons augmenter la metformine à mille milligrammes deux fois par jour.`, "Évaluation",
			[]string{"2. Diabète."}, []string{"Pour son diabète."}},
	})
}
