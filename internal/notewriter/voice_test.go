package notewriter

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen"

	"github.com/notegen/notegen/internal/clinical"
	"github.com/notegen/notegen/internal/lexicon"
	"github.com/notegen/notegen/internal/transcript"
)

// write rewrites one sentence said by who in the clinical voice, for a
// patient of the given gender.
func write(lang, gender string, who transcript.Speaker, said string) string {
	x := lexicon.For(lang)
	p := clinical.Person{Gender: gender}
	for _, form := range []struct {
		slot *string
		key  string
	}{{&p.Subject, "subject"}, {&p.Object, "object"}, {&p.Possessive, "possessive"}, {&p.Reflexive, "reflexive"}} {
		*form.slot = x.Phrase("patient." + gender + "." + form.key)
	}
	return newVoice(x, p).rewrite([]rune(said), x.Tokenize(said), who)
}

func TestVoiceWritesThePatientInTheThirdPerson(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, lang, gender string
		who                transcript.Speaker
		said, want         string
	}{
		{"first person", "en", "female", transcript.Patient, "I have had this cough for two weeks and my chest hurts.",
			"She has had this cough for 2 weeks and her chest hurts."},
		{"a verb agrees", "en", "male", transcript.Patient, "I really feel tired and I take ibuprofen.",
			"He really feels tired and he takes ibuprofen."},
		{"a modal keeps the verb's base", "en", "male", transcript.Patient, "I can't sleep at night.", "He can not sleep at night."},
		{"the clinician's you", "en", "female", transcript.Clinician, "Your lungs sound clear and you have a fever.",
			"Her lungs sound clear and she has a fever."},
		{"you after a verb is the object", "en", "male", transcript.Clinician, "I'll see you back in one week.",
			"I will see him back in one week."},
		{"you after a participle is its object", "en", "male", transcript.Clinician, "I'm sending you home on ibuprofen.",
			"I am sending him home on ibuprofen."},
		{"you leading a clause", "en", "male", transcript.Clinician, "I'm calling about the readings you sent in.",
			"I am calling about the readings he sent in."},
		{"you before a phrasal verb's particle is its object", "en", "female", transcript.Clinician, "I'll ring you back on Thursday.",
			"I will ring her back on Thursday."},
		{"you said with the patient's he is the one who answers for him", "en", "male", transcript.Clinician,
			"He shouldn't take your co-codamol, it's prescribed for you.",
			"He should not take the caregiver's co-codamol, it is prescribed for the caregiver."},
		{"a he of the other gender is someone else's", "en", "female", transcript.Clinician, "Your husband, is he with you today?",
			"Her husband, is he with her today."},
		{"like before a number hedges it", "en", "female", transcript.Patient, "I used the gel every night for like three months and I'd like to stop.",
			"She used the gel every night for about 3 months and she would like to stop."},
		{"you and a companion together are they", "en", "male", transcript.Clinician, "From what you're both telling me, the swelling is a side effect.",
			"From what they are both telling me, the swelling is a side effect."},
		{"vous deux", "fr", "female", transcript.Clinician, "Vous êtes tous les deux d'accord.", "Ils sont tous les deux d'accord."},
		{"neutral when the gender is not known", "en", "unknown", transcript.Patient, "I am allergic to penicillin.",
			"The patient is allergic to penicillin."},
		{"a parent's child is the patient", "en", "male", transcript.Other, "My son has had a fever since Tuesday.",
			"He has had a fever since Tuesday."},
		{"french je", "fr", "female", transcript.Patient, "J'ai mal au ventre depuis hier et je prends du paracétamol.",
			"Elle a mal au ventre depuis hier et elle prend du paracétamol."},
		{"french vous", "fr", "male", transcript.Clinician, "Vous avez une otite.", "Il a une otite."},
		{"french mon", "fr", "male", transcript.Patient, "Mon genou me fait mal.", "Son genou lui fait mal."},
		{"french instructions in the infinitive", "fr", "female", transcript.Clinician, "Buvez beaucoup d'eau. Si vous avez de la fièvre, revenez me voir.",
			"Boire beaucoup d'eau. Si elle a de la fièvre, revenir me voir."},
		{"french an object pronoun before the verb", "fr", "male", transcript.Patient, "Je l'ai arrêtée il y a deux mois.",
			"Il l'a arrêtée il y a 2 mois."},
		{"french a joined pronoun keeps the imperative", "fr", "male", transcript.Clinician, "Si les douleurs reviennent, arrêtez-la. Pensez au vaccin.",
			"Si les douleurs reviennent, arrêtez-la. Penser au vaccin."},
		{"a filler's spelling that is a noun", "en", "male", transcript.Clinician, "If he won't drink, take him to the er.",
			"If he will not drink, take him to the er."},
		{"a filler's capitals that are a noun", "en", "male", transcript.Clinician, "Um, take him to the ER if he won't drink.",
			"Take him to the ER if he will not drink."},
		{"french que elides before the pronoun", "fr", "male", transcript.Patient, "Ça fait deux ans que je vois pas l'ophtalmologiste.",
			"Ça fait 2 ans qu'il voit pas l'ophtalmologiste."},
		{"french votre agrees with its noun", "fr", "male", transcript.Clinician, "Votre tension est bonne, votre poids aussi, et votre épaule va mieux.",
			"Sa tension est bonne, son poids aussi, et son épaule va mieux."},
		{"french an ending compared with its accents", "fr", "male", transcript.Clinician, "Votre diabète est bien équilibré, votre santé aussi.",
			"Son diabète est bien équilibré, sa santé aussi."},
		{"french dative", "fr", "female", transcript.Patient, "La pharmacienne m'a dit qu'il y avait des nitrites.", "La pharmacienne lui a dit qu'il y avait des nitrites."},
		{"french future and an opened é", "fr", "male", transcript.Clinician, "Si vous préférez, vous pourrez rentrer et vous continuerez le traitement.",
			"S'il préfère, il pourra rentrer et il continuera le traitement."},
		{"french temperature in two parts", "fr", "male", transcript.Clinician, "Pouls cent, température trente-sept deux.", "Pouls 100, température 37,2."},
		{"french temperature in two parts further after the fever", "fr", "female", transcript.Other, "Elle a de la fièvre depuis hier soir, jusqu'à trente-neuf cinq.", "Elle a de la fièvre depuis hier soir, jusqu'à 39,5."},
		{"french frame going on reporting", "fr", "female", transcript.Other, "Elle dit qu'elle a soif depuis deux mois, qu'elle urine beaucoup et qu'elle est fatiguée.",
			"Elle a soif depuis 2 mois, elle urine beaucoup et elle est fatiguée."},
		{"french tu to a child or teenager", "fr", "female", transcript.Clinician, "Tu continues le salbutamol au besoin. Si tu as de la misère à parler, tu vas à l'urgence.",
			"Elle continue le salbutamol au besoin. Si elle a de la difficulté à parler, elle va à l'urgence."},
		{"french reflexive", "fr", "female", transcript.Patient, "Je ne me sens pas bien.", "Elle ne se sent pas bien."},
		{"french vous before an infinitive of any ending", "fr", "female", transcript.Clinician, "Je ne vais pas vous prescrire de zolpidem.",
			"Je ne vais pas lui prescrire de zolpidem."},
		{"french a person as the direct object", "fr", "female", transcript.Clinician, "Je vous adresse à une psychologue. Je vous revois dans six semaines.",
			"Je l'adresse à une psychologue. Je la revois dans 6 semaines."},
		{"french the direct pronoun before the indirect", "fr", "female", transcript.Clinician, "Vous allez remplir un agenda, je vous le donne.",
			"Elle va remplir un agenda, je le lui donne."},
		{"french subjunctive of être", "fr", "female", transcript.Clinician, "Je comprends que vous soyez épuisée.", "Je comprends qu'elle soit épuisée."},
		{"french reflexive imperative", "fr", "female", transcript.Clinician, "Levez-vous à la même heure tous les jours.", "Se lever à la même heure tous les jours."},
		{"french regular verb after vous", "fr", "female", transcript.Clinician, "Si ça persiste, vous reconsultez rapidement.",
			"Si ça persiste, elle reconsulte rapidement."},
		{"french vous before the verb is its object", "fr", "female", transcript.Clinician, "Je vous prescris du valaciclovir.",
			"Je lui prescris du valaciclovir."},
		{"because of is no opener", "en", "female", transcript.Clinician, "Because of your father's heart attack, let's check a lipid panel.",
			"Because of her father's heart attack, let us check a lipid panel."},
		{"a heading said before a colon is the note's own", "en", "male", transcript.Clinician, "Plan: start colchicine today.",
			"Start colchicine today."},
		{"a verb after an adverb agrees", "en", "female", transcript.Clinician, "If you ever have thoughts of hurting yourself, call 988.",
			"If she ever has thoughts of hurting herself, call 988."},
		{"a hedge is talk", "en", "male", transcript.Patient, "He's supposed to take it, but honestly we ran out.",
			"He is supposed to take it, but we ran out."},
		{"french si before il is elided", "fr", "male", transcript.Clinician, "Si vous faites de la fièvre, si vous vomissez, revenez.",
			"S'il fait de la fièvre, s'il vomit, revenir."},
		{"french vous before an infinitive is its object", "fr", "male", transcript.Clinician, "On va vous donner du kétorolac.",
			"On va lui donner du kétorolac."},
		{"french reflexive before a vowel", "fr", "male", transcript.Patient, "Je me suis fait mal hier.", "Il s'est fait mal hier."},
		{"quebec forms in standard french", "fr", "male", transcript.Patient, "Ma blonde m'a dit de venir à matin.",
			"Sa conjointe lui a dit de venir ce matin."},
		{"a standard word of the register list stays", "fr", "female", transcript.Patient, "Ma sœur est blonde.", "Sa sœur est blonde."},
		{"spoken pis is et", "fr", "male", transcript.Other, "C'est rouge pis enflé, pis là ça coule.", "C'est rouge et enflé, et là ça coule."},
		{"tant pis stays", "fr", "female", transcript.Patient, "Tant pis, ça va de mal en pis.", "Tant pis, ça va de mal en pis."},
		{"spoken english in written english", "en", "female", transcript.Patient, "I dunno, it hurts 'cause I fell.",
			"She does not know, it hurts because she fell."},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			require.Equal(t, c.want, write(c.lang, c.gender, c.who, c.said))
		})
	}
}

func TestVoiceLeavesSpeechHabitsOut(t *testing.T) {
	t.Parallel()
	cases := []struct{ name, said, want string }{
		{"fillers and openers", "Okay, so, um, the pain is, you know, worse at night.", "The pain is worse at night."},
		{"a restart", "It's it's been going on for, for a while.", "It has been going on for a while."},
		{"a contraction before a participle is has", "She's been more confused, and he's got a cough.", "She has been more confused, and he has got a cough."},
		{"a number said twice is two numbers", "Vision is twenty twenty in both eyes.", "Vision is twenty twenty in both eyes."},
		{"a closing request for agreement", "We will start metformin, okay?", "We will start metformin."},
		{"advice to whoever cares for the patient", "You can give her the syrup at night, and you should bring her back if it spreads.", "The caregiver can give her the syrup at night, and the caregiver should bring her back if it spreads."},
		{"a closing request for agreement said without its comma", "We will check your thyroid levels next week okay?", "We will check his thyroid levels next week."},
		{"a split contraction is written out", "she does n't smoke , and it wo n't hurt .", "She does not smoke, and it will not hurt."},
		{"a name called before an order", "Alex, order a chest x-ray.", "Order a chest x-ray."},
		// "no" opens a sentence only as an answer: dropping it from "no
		// trouble since" would say the opposite
		{"no before a noun is the sentence's", "No trouble since then.", "No trouble since then."},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			require.Equal(t, c.want, write("en", "male", transcript.Clinician, c.said))
		})
	}
	require.Equal(t, "He feels fine.", write("en", "male", transcript.Patient, "No, I feel fine."))
}

func TestVoiceWritesNumbersInDigitsWithUnits(t *testing.T) {
	t.Parallel()
	cases := []struct{ lang, said, want string }{
		{"en", "Start amoxicillin two fifty milligrams three times a day.", "Start amoxicillin 250 mg three times a day."},
		{"en", "Give one gram of ceftriaxone.", "Give 1 g of ceftriaxone."},
		{"en", "Blood pressure is one fifty over ninety.", "Blood pressure is 150/90."},
		{"en", "Temperature ninety eight point six.", "Temperature 98.6."},
		// a run the grammar cannot read as one number stays in words
		{"en", "It has been five six days.", "It has been five six days."},
		{"fr", "Saturation à quatre-vingt-seize pour cent.", "Saturation à 96%."},
		{"fr", "Ramipril deux virgule cinq milligrammes par jour.", "Ramipril 2,5 mg par jour."},
		// a British HbA1c and creatinine, in their own units
		{"en", "The repeat is fifty-eight millimoles per mole.", "The repeat is 58 mmol/mol."},
		{"en", "Creatinine ninety micromoles per litre.", "Creatinine 90 µmol/L."},
		// a service's telephone number said digit by digit
		{"en", "Call or text nine eight eight, or call nine one one.", "Call or text 988, or call 911."},
		{"fr", "Appelez le huit un un.", "Appeler le 811."},
		// a half said after its unit is written once
		{"fr", "Toutes les deux heures et demie à trois heures.", "Toutes les 2,5 heures à 3 heures."},
		// Québec says a temperature's decimal mark "et"
		{"fr", "J'ai pris ma température, j'étais à trente-huit et huit.", "J'ai pris ma température, j'étais à 38,8."},
	}
	for _, c := range cases {
		require.Equal(t, c.want, write(c.lang, "male", transcript.Clinician, c.said), c.said)
	}
}

func TestDictatedPunctuationIsWrittenAsMarks(t *testing.T) {
	t.Parallel()
	x := lexicon.For("fr")
	said := "Pas de fièvre virgule pas de toux point"
	got := newVoice(x, clinical.Person{Gender: "unknown"}).rewrite([]rune(said), x.Dictated(x.Tokenize(said)), transcript.Clinician)
	require.Equal(t, "Pas de fièvre, pas de toux.", got)
}

// A relayed sentence loses its frame; one with nothing else, or nothing at
// all, is written as nothing rather than failing.
func TestVoiceDropsTheFrameOfARelayedSentence(t *testing.T) {
	t.Parallel()
	require.Equal(t, "He has a rash on both hands for 2 weeks.",
		write("en", "male", transcript.Other, "He says he has a rash on both hands for two weeks."))
	// and the frame said again inside the sentence
	require.Equal(t, "At its worst it was 10/10. Now, after the suppository, it is about 3.",
		write("en", "male", transcript.Other, "He says at its worst it was ten out of ten. Now, after the suppository, he says it is about three."))
	require.Equal(t, "This looks like contact dermatitis.",
		write("en", "male", transcript.Clinician, "Please tell him this looks like contact dermatitis."))
	require.Equal(t, "He says he is fine.", write("en", "male", transcript.Patient, "He says he's fine."),
		"a patient quoting someone keeps the frame")
	require.Equal(t, "Il a mal au ventre depuis hier.",
		write("fr", "male", transcript.Other, "Il dit qu'il a mal au ventre depuis hier."))
	for _, said := range []string{"", ".", "okay.", "He says."} {
		require.NotPanics(t, func() { write("en", "male", transcript.Other, said) })
	}
}

// A recogniser's lower-case "i" is written "I".
func TestVoiceCapitalisesI(t *testing.T) {
	t.Parallel()
	require.Equal(t, "I think he is retaining fluid, and I want to increase his lasix.",
		write("en", "male", transcript.Clinician, "i think you're retaining fluid, and i want to increase your lasix"))
}

// TestFillElidesDeBeforeAVowel: a French phrase's "de" before a filled-in
// name that opens with a vowel is written "d'".
func TestFillElidesDeBeforeAVowel(t *testing.T) {
	t.Parallel()
	x := lexicon.For("fr")
	require.Equal(t, "Antécédent d'asthme.", fill(x.Phrase("history.of"), map[string]string{"condition": "asthme"}))
	require.Equal(t, "Antécédent de diabète.", fill(x.Phrase("history.of"), map[string]string{"condition": "diabète"}))
	require.Equal(t, "History of asthma.", fill(lexicon.For("en").Phrase("history.of"), map[string]string{"condition": "asthma"}))
}

// A section never says a sentence twice: "Assessment: acute exacerbation
// of COPD." after the diagnosis it names is one sentence, with the
// evidence of both.
func TestASectionSaysASentenceOnce(t *testing.T) {
	t.Parallel()
	got := once([]Sentence{
		{Text: "Acute exacerbation of COPD.", Spans: []notegen.Span{{Segment: 8}}},
		{Text: "Prednisone 40 mg daily."},
		{Text: "acute exacerbation of COPD", Spans: []notegen.Span{{Segment: 9}}},
	})
	require.Len(t, got, 2)
	require.Equal(t, "Acute exacerbation of COPD.", got[0].Text)
	require.Len(t, got[0].Spans, 2)
}

// A dictated letter's salutation and thanks are left out: its "you" is
// the colleague it is written to.
func TestALettersOpeningIsLeftOut(t *testing.T) {
	t.Parallel()
	got := write("en", "female", transcript.Clinician, "Dear Dr Okoro, thank you for referring this 52 year old lady with knee pain.")
	require.Equal(t, "This 52 year old lady with knee pain.", got)
}

// A dictated list's item markers are left out, and what the clinician
// takes back ("scratch that") is not written.
func TestDictatedListMarkersAndRetractionsAreNotWritten(t *testing.T) {
	t.Parallel()
	cases := []struct{ lang, said, want string }{
		{"en", "Number two, knee pain, ice and rest period", "Knee pain, ice and rest."},
		{"en", "Number 3 colon insomnia comma handout reviewed comma scratch that comma handout given period", "Insomnia, handout given."},
		{"en", "Follow up with her primary care physician in two weeks scratch that in one week period", "Follow up with her primary care physician in one week."},
		{"en", "Number four comma repeat TSH in eight weeks correction six weeks period", "Repeat TSH in 6 weeks."},
		{"en", "Start atorvastatin forty milligrams correction twenty milligrams once daily period", "Start atorvastatin 20 mg once daily."},
		{"fr", "Numéro deux virgule amoxicilline virgule deux grammes je corrige virgule un gramme deux fois par jour point", "Amoxicilline, 1 g deux fois par jour."},
	}
	for _, c := range cases {
		x := lexicon.For(c.lang)
		got := newVoice(x, clinical.Person{Gender: "unknown"}).rewrite([]rune(c.said), x.Dictated(x.Tokenize(c.said)), transcript.Clinician)
		require.Equal(t, c.want, got, c.said)
	}
}

// A clitic written out after its host keeps a space: "She'll" is "She
// will", "It'll" "It will", "the doctor'll" "the doctor will".
func TestAContractionAfterAnyHostIsWrittenApart(t *testing.T) {
	t.Parallel()
	require.Equal(t, "She will check the inhaler technique. It will help.",
		write("en", "female", transcript.Patient, "She'll check the inhaler technique. It'll help."))
	require.Equal(t, "The doctor will call.", write("en", "female", transcript.Patient, "The doctor'll call."))
}

// French in the third person conjugates the imperfect and conditional of
// "je" ("je dirais" is "il dirait") and of "vous" ("vous étiez venu" is
// "il était venu"), and the modal verbs ("je vais mieux" is "il va mieux").
func TestFrenchImperfectConditionalAndModalsInTheThirdPerson(t *testing.T) {
	t.Parallel()
	cases := []struct {
		who        transcript.Speaker
		said, want string
	}{
		{transcript.Patient, "Je dirais depuis la fin de l'été.", "Il dirait depuis la fin de l'été."},
		{transcript.Patient, "Je mangeais peu et je voudrais dormir.", "Il mangeait peu et il voudrait dormir."},
		{transcript.Patient, "Je vais mieux, je peux marcher.", "Il va mieux, il peut marcher."},
		{transcript.Clinician, "Vous étiez venu parce que vous étiez fatigué.", "Il était venu parce qu'il était fatigué."},
	}
	for _, c := range cases {
		require.Equal(t, c.want, write("fr", "male", c.who, c.said), c.said)
	}
}
