package notewriter

import "testing"

// TestFrenchAgreesWithThePatient: French agrees with the patient the
// transcript shows ("je suis tombée" is a woman) and elides "que" and
// "si" before the pronoun that replaced "je".
func TestFrenchAgreesWithThePatient(t *testing.T) {
	t.Parallel()
	checkSections(t, []sectionCase{
		{"a woman by her own words", "fr", `[doctor] Qu'est-ce qui vous amène aujourd'hui ?
[patient] J'ai mal au dos depuis que je suis tombée dans l'escalier il y a deux semaines.
[doctor] Est-ce que la douleur descend dans la jambe ?
[patient] Non, elle reste dans le bas du dos et je suis fatiguée le soir.`, "Histoire de la maladie actuelle",
			[]string{"depuis qu'elle est tombée"}, []string{"que elle", "Le patient", "depuis que je"}},
		{"a man by his own words", "fr", `[doctor] Qu'est-ce qui vous amène aujourd'hui ?
[patient] J'ai mal au dos depuis que je suis tombé dans l'escalier il y a deux semaines.`, "Histoire de la maladie actuelle",
			[]string{"depuis qu'il est tombé"}, []string{"que il", "Le patient"}},
	})
}

// TestFrenchElision: "que" and "si" are elided before the pronoun that
// replaced "je"; "si elle" is not.
func TestFrenchElision(t *testing.T) {
	t.Parallel()
	checkText(t, []textCase{
		{"que il", "fr", "elle a mal depuis que il pleut et lorsque elle marche", "elle a mal depuis qu'il pleut et lorsqu'elle marche"},
		{"si il, si elle", "fr", "il appelle si il a de la fièvre ou si elle tousse", "il appelle s'il a de la fièvre ou si elle tousse"},
	}, afterCleaning(frenchAgreement))
}
