package notewriter

import "testing"

// TestQuestionSaidAfterAStatementIsCut: the plan keeps the clinician's
// statement and not the question said in the same breath, in both
// languages.
func TestQuestionSaidAfterAStatementIsCut(t *testing.T) {
	t.Parallel()
	checkSections(t, []sectionCase{
		{"en", "en", `[doctor] what brings you in today
[patient] my right knee hurts since last week
[doctor] let me examine your knee . there is tenderness over the medial joint line
[doctor] my plan is to start ibuprofen four hundred milligrams three times a day and we will get an x-ray of the knee does that sound good
[patient] yes`, "Plan",
			[]string{"and will get an x-ray of the knee."}, []string{"does that sound", "sound good"}},
		{"en, a copula that states is not a question", "en", `[doctor] what brings you in today
[patient] my right knee hurts since last week
[doctor] let me examine your knee . there is tenderness over the medial joint line
[doctor] my plan is to start ibuprofen and the good thing about ibuprofen is that it also helps with the swelling in your knee
[patient] okay`, "Plan",
			[]string{"is that it also helps with the swelling"}, nil},
		{"fr", "fr", `[doctor] Qu'est-ce qui vous amène aujourd'hui ?
[patient] J'ai mal au genou droit depuis une semaine.
[doctor] Je vais vous examiner. Il y a une sensibilité sur l'interligne articulaire interne.
[doctor] Voici mon plan. Je vais vous prescrire de l'ibuprofène quatre cents milligrammes trois fois par jour et nous allons faire une radiographie du genou avez-vous des questions
[patient] Non.`, "Plan",
			[]string{"une radiographie du genou."}, []string{"avez-vous", "questions"}},
	})
}

// TestSuppositionDeniedIsNotAFact: a clinician's statement about the
// patient answered "no" was a question; the patient denied it, so the
// note does not state it. A negated one the patient confirms stays.
func TestSuppositionDeniedIsNotAFact(t *testing.T) {
	t.Parallel()
	checkSections(t, []sectionCase{
		{"en", "en", `[doctor] what brings you in today
[patient] my right knee hurts since last week when i fell playing soccer
[doctor] so you think this is more of a long term injury to your knee
[patient] no
[doctor] and the pain is worse when you climb stairs
[patient] yes it is`, "History of present illness",
			[]string{"worse when"}, []string{"long term injury"}},
		{"en, a negated supposition confirmed", "en", `[doctor] what brings you in today
[patient] i have a headache since last week
[doctor] so this is not the worst headache you have ever had in your life
[patient] no it is not`, "History of present illness",
			[]string{"not the worst headache"}, nil},
		{"fr", "fr", `[doctor] Qu'est-ce qui vous amène aujourd'hui ?
[patient] J'ai mal au genou droit depuis une semaine, je suis tombé au soccer.
[doctor] Donc vous pensez que c'est une blessure ancienne au genou
[patient] Non.`, "Histoire de la maladie actuelle",
			nil, []string{"blessure ancienne"}},
	})
}

// TestQuestionWithAFullStopIsAQuestion: a sentence that opens as a
// question asks even when the transcriber ended it with a full stop; "have
// you return in a year" has the patient do something and stays.
func TestQuestionWithAFullStopIsAQuestion(t *testing.T) {
	t.Parallel()
	checkSections(t, []sectionCase{
		{"en", "en", `[doctor] what brings you in today
[patient] my depression has been worse for two months
[doctor] do you think that you need an increase in your sertraline dose for the depression.
[patient] i am not sure what to think about that`, "History of present illness",
			nil, []string{"increase in"}},
		{"en, a restarted question", "en", `[doctor] what brings you in today
[patient] my daughter has had a fever for two days
[doctor] has she has she otherwise been feeling okay since the fever started.
[patient] she has been eating less`, "History of present illness",
			nil, []string{"otherwise been feeling"}},
		{"en, have you return", "en", `[doctor] what brings you in today
[patient] my right knee hurts since last week
[doctor] let me examine your knee . there is tenderness over the medial joint line
[doctor] my plan is to start ibuprofen . i will have you return in about a year for your wellness visit.
[patient] okay`, "Plan",
			[]string{"return in about a year"}, nil},
		{"fr", "fr", `[doctor] Qu'est-ce qui vous amène aujourd'hui ?
[patient] J'ai des démangeaisons sur les bras depuis une semaine.
[doctor] Avez-vous remarqué une éruption sur la peau des bras depuis une semaine.
[patient] Je ne sais pas trop.`, "Histoire de la maladie actuelle",
			nil, []string{"vez-vous", "remarqué une éruption"}},
	})
}

// TestGreetingsAndRequestsAreTalk: the clinician's hello and a request
// for the story ("tell me about it") are not written; a statement said
// before the request is, in both languages.
func TestGreetingsAndRequestsAreTalk(t *testing.T) {
	t.Parallel()
	checkSections(t, []sectionCase{
		{"en", "en", `[doctor] hi there carolyn it is nice to see you again listen i am sorry you are having headaches
[patient] thank you
[doctor] you have a history of diabetes and high blood pressure so carolyn tell me about your headaches
[patient] my headache started about a week ago and it is a dull pain in the back of my head
[doctor] it started about a week ago has it been fairly constant since it started or does it come and go
[patient] it comes and goes`, "History of present illness",
			[]string{"It started about a week ago."}, []string{"nice to see", "carolyn", "constant"}},
		{"en, a statement before the request", "en", `[doctor] hi there carolyn it is nice to see you again
[patient] thank you
[doctor] you have a history of diabetes and high blood pressure so carolyn tell me about your headaches
[patient] my headache started about a week ago and it is a dull pain in the back of my head`, "Past medical history",
			[]string{"The patient has a history of diabetes and high blood pressure."}, []string{"tell me", "carolyn"}},
		{"fr", "fr", `[doctor] Bonjour madame, ravi de vous voir, je suis désolé pour vos maux de tête.
[patient] Merci.
[doctor] Vous avez un diabète et de l'hypertension alors madame parlez-moi de vos maux de tête.
[patient] Mes maux de tête ont commencé il y a une semaine, une douleur sourde derrière la tête.`, "Histoire de la maladie actuelle",
			[]string{"un diabète et de l'hypertension."}, []string{"Bonjour", "parlez-moi", "ravi"}},
	})
}
