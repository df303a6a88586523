package notewriter

import (
	"strings"
	"testing"
)

// TestSpokenHabitsAreNotWritten: a discourse "like", an acknowledgement
// at the end and a slip the speaker corrected are not written; "like"
// that compares stays.
func TestSpokenHabitsAreNotWritten(t *testing.T) {
	t.Parallel()
	checkText(t, []textCase{
		{"discourse like", "en", "it is like a deep achy pain and he had to like stop", "it is a deep achy pain and he had to stop"},
		{"like before a finding", "en", "no like murmur rub or gallop", "no murmur rub or gallop"},
		{"like that compares stays", "en", "it feels like a knife , things like that", "it feels like a knife , things like that"},
		{"acknowledgement at the end", "en", "i want him to continue to ice it , okay", "i want him to continue to ice it"},
		{"french acknowledgement at the end", "fr", "je veux qu'il continue la glace d'accord", "je veux qu'il continue la glace"},
		{"only acknowledgements after an echo", "en", "a week okay all right", ""},
		{"yeah at the end", "en", "usually about three days to pass it yeah", "usually about three days to pass it"},
		{"a comma after order", "en", "we will order , his routine blood work", "we will order his routine blood work"},
		{"okay that says how he is", "en", "his knee is doing okay", "his knee is doing okay"},
		{"french okay that says how it is", "fr", "pour la glace c'est d'accord", "pour la glace c'est d'accord"},
	}, afterCleaning(tidy))
	checkText(t, []textCase{
		{"a corrected drug", "en", "we will treat him with penicillin or i'm sorry , amoxicillin 500 mg", "we will treat him with amoxicillin 500 mg"},
		{"a corrected phrase", "en", "order an a1c in a couple weeks , or i'm sorry , a couple months", "order an a1c in a couple months"},
		{"it's been", "en", "it's been hurting since march", "it has been hurting since march"},
		{"french corrected drug", "fr", "on va prendre de la pénicilline ou pardon , de l'amoxicilline", "on va prendre de l'amoxicilline"},
		{"french corrected phrase", "fr", "revenir dans deux semaines ou plutôt dans deux mois", "revenir dans deux mois"},
	}, afterCleaning(func(padded string, lex *lexicon) string {
		return strings.Join(applyCorrection(strings.Fields(padded), lex.speech), " ")
	}))
}

// TestWhatTheClinicianKnowsIsStatedAsAFact: "I know that she started
// therapy" is charted as the fact, in both languages; "I know right
// where to inject" is not a fact about the patient and keeps its words.
func TestWhatTheClinicianKnowsIsStatedAsAFact(t *testing.T) {
	t.Parallel()
	checkSections(t, []sectionCase{
		{"en", "en", `[doctor] hi how are you doing today
[patient] okay i guess
[doctor] i know that you have had this chronic back pain that we have been treating for two years
[patient] yes it still hurts every morning`, "Past medical history",
			[]string{"The patient has had this chronic back pain"}, []string{"I know"}},
		{"fr", "fr", `[doctor] Bonjour, comment allez-vous ?
[patient] Ça va.
[doctor] Je sais que vous avez ce mal de dos chronique depuis deux ans.
[patient] Oui, j'ai encore mal le matin.`, "Antécédents médicaux",
			[]string{"Le patient a ce mal de dos chronique depuis 2 ans."}, []string{"Je sais", "Vous"}},
	})
}

// TestClinicianRemarksAboutThemselvesAreTalk: what the clinician says of
// their own tastes is not the patient's history, in both languages.
func TestClinicianRemarksAboutThemselvesAreTalk(t *testing.T) {
	t.Parallel()
	checkSections(t, []sectionCase{
		{"en", "en", `[doctor] what brings you in today
[patient] i have had back pain since the fall when i was hiking every weekend
[doctor] i am definitely more of a fall person myself
[doctor] i like to drink wine too after a long week
[patient] the pain is worse in the morning and better after a hot shower`, "History of present illness",
			[]string{"worse in the morning"}, []string{"fall person", "wine"}},
		{"fr", "fr", `[doctor] Qu'est-ce qui vous amène aujourd'hui ?
[patient] J'ai mal au dos depuis ma chute en randonnée il y a deux semaines.
[doctor] Moi aussi je fais de la randonnée chaque semaine.
[patient] La douleur est pire le matin et mieux après une douche chaude.`, "Histoire de la maladie actuelle",
			[]string{"pire le matin"}, []string{"randonnée chaque semaine"}},
	})
}

// TestAnswerWordAndAssistantAreNotWritten: the "no" that answered the
// question before a statement is not part of it, while "no fever" keeps
// its no; a sentence said to the dictation assistant is not the patient's;
// a sentence cut off after "every" ends before it. Both languages.
func TestAnswerWordAndAssistantAreNotWritten(t *testing.T) {
	t.Parallel()
	checkText(t, []textCase{
		{"no before a statement", "en", "no i have always had skinny ankles", "i have always had skinny ankles"},
		{"no and a comma", "en", "nope , no issues since then", "no issues since then"},
		{"no that negates stays", "en", "no fever or chills since monday", "no fever or chills since monday"},
		{"french no before a statement", "fr", "non j'ai toujours eu les chevilles minces", "j'ai toujours eu les chevilles minces"},
		{"french no that negates stays", "fr", "non fumeur depuis dix ans", "non fumeur depuis dix ans"},
	}, afterCleaning(func(padded string, lex *lexicon) string { return dropAnswerWord(padded, lex.speech) }))
	checkText(t, []textCase{
		{"cut off after every", "en", "he feels tired every", "he feels tired"},
		{"french cut off after chaque", "fr", "il se sent fatigué chaque", "il se sent fatigué"},
	}, afterCleaning(tidy))
	checkSections(t, []sectionCase{
		{"en", "en", `[patient] my back has been hurting for two weeks since i moved boxes at work
[doctor] okay i need to put this dax back to work for my notes on your back
[patient] the pain is worse when i bend over at work`, "History of present illness",
			[]string{"worse when"}, []string{"dax"}},
		{"fr", "fr", `[patient] J'ai mal au dos depuis deux semaines, depuis un déménagement au travail.
[doctor] Il faut que je remette dax au travail pour noter votre douleur au dos depuis deux semaines.
[patient] La douleur est pire quand je me penche au travail.`, "Histoire de la maladie actuelle",
			[]string{"mal au dos"}, []string{"dax"}},
	})
}

// TestPauseAfterAReportLead: "i have , been taking ibuprofen" is a perfect
// tense with a pause, not a report of "been taking ibuprofen"; nor is
// "j'ai , eu de la fièvre".
func TestPauseAfterAReportLead(t *testing.T) {
	t.Parallel()
	checkSections(t, []sectionCase{
		{"en", "en", `[doctor] what brings you in today
[patient] my right knee hurts since last week
[doctor] have you taken anything for it
[patient] i have , been taking ibuprofen for my knee pain every day`, "History of present illness",
			[]string{"has been taking ibuprofen"}, []string{"Reports"}},
		{"fr", "fr", `[doctor] Qu'est-ce qui vous amène aujourd'hui ?
[patient] Monsieur, j'ai mal à la gorge depuis trois jours.
[patient] J'ai , eu de la fièvre hier soir et je tousse beaucoup la nuit.`, "Histoire de la maladie actuelle",
			[]string{"a eu de la fièvre hier soir"}, []string{"Rapporte eu", "a, eu"}},
	})
}

// TestRestartedPhraseIsReadOnce: "you're you're satting at a hundred
// percent" is a restart, not the question "are you", and the value is
// charted. (English only: French has no contraction the writer expands.)
func TestRestartedPhraseIsReadOnce(t *testing.T) {
	t.Parallel()
	checkSections(t, []sectionCase{
		{"en", "en", `[patient] i have been coughing for a week
[doctor] let me look at your vitals your blood pressure is one twenty five over seventy your temperature is ninety eight and you're you're satting at a hundred percent
[doctor] on exam your lungs are clear`, "Physical examination",
			[]string{"oxygen saturation 100%"}, nil},
	})
}
