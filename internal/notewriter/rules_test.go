package notewriter

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestSplitTurns(t *testing.T) {
	t.Parallel()
	type said struct {
		who  speaker
		text string
	}
	cases := []struct {
		name       string
		transcript string
		want       []said
	}{
		{"bracket tags with wrapped line", "[doctor] hi there\n[patient] my knee hurts\nsince monday",
			[]said{{speakerClinician, "hi there"}, {speakerPatient, "my knee hurts since monday"}}},
		{"french colon labels", "Médecin : Bonjour.\nPatiente : J'ai mal au dos.",
			[]said{{speakerClinician, "Bonjour."}, {speakerPatient, "J'ai mal au dos."}}},
		{"untagged dictation is the clinician", "Patient seen today.\nKnee swollen.",
			[]said{{speakerClinician, "Patient seen today. Knee swollen."}}},
		{"a guest is not the patient", "[doctor] any fever?\n[patient_guest] he had a fever last night\nFille : il tousse",
			[]said{{speakerClinician, "any fever?"}, {speakerOther, "he had a fever last night"}, {speakerOther, "il tousse"}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			turns, _ := splitTurns(c.transcript)
			var got []said
			for _, tu := range turns {
				got = append(got, said{tu.speaker, tu.text})
				// Every word of a turn maps back to the same word in the
				// transcript, across wrapped lines.
				for _, w := range strings.Fields(tu.text) {
					at := strings.Index(tu.text, w)
					src := tu.source(at)
					require.Equal(t, w, c.transcript[src:src+len(w)])
				}
			}
			require.Equal(t, c.want, got)
		})
	}
}

func TestSplitSentences(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, lang, text string
		want             []string
	}{
		{"punctuation keeps decimals", "en", "temperature is 38.5 today. any cough? no",
			[]string{"temperature is 38.5 today.", "any cough?", "no"}},
		{"french", "fr", "J'ai de la fièvre. Depuis quand ? Deux jours",
			[]string{"J'ai de la fièvre.", "Depuis quand ?", "Deux jours"}},
		{"unpunctuated ASR cut at discourse markers", "en",
			"so your knee looks swollen and there is some tenderness on the inside of the joint when i press okay so let us talk about the plan i want you to ice it twice a day",
			[]string{"so your knee looks swollen and there is some tenderness on the inside of the joint when i press", "okay so let us talk about the plan i want you to ice it twice a day"}},
		{"very long unpunctuated turn cut at clause openers", "en",
			"okay alright good to hear alright and your lower extremities show a trace edema so i am looking at your results of your echocardiogram that you got when you were in the er and it does show preserved ejection fraction of fifty five percent so what i want you to do is continue your bumex two milligrams once daily",
			[]string{"okay alright good to hear", "alright and your lower extremities show a trace edema",
				"so i am looking at your results of your echocardiogram that you got when you were in the er and it does show preserved ejection fraction of fifty five percent",
				"so what i want you to do is continue your bumex two milligrams once daily"}},
		{"a decimal cut by a full stop stays whole", "en", "your temperature is ninety eight . two your pulse is seventy two . okay",
			[]string{"your temperature is ninety eight . two your pulse is seventy two .", "okay"}},
		{"a sentence ending in a number still ends", "en", "i walk two miles . two days ago it got worse",
			[]string{"i walk two miles .", "two days ago it got worse"}},
		{"unpunctuated exam cut where a finding starts", "en",
			"alright so on exam today i do not see any jvd in the neck and there are no bruits that i can hear your lungs are clear with no wheezing on your heart exam there is a two out of six murmur",
			[]string{"alright so on exam today i do not see any jvd in the neck and there are no bruits that i can hear", "your lungs are clear with no wheezing", "on your heart exam there is a two out of six murmur"}},
		{"french unpunctuated exam", "fr",
			"alors à l'examen aujourd'hui il n'y a pas de ganglion dans le cou et pas de souffle que je peux entendre vos poumons sont clairs sans sibilances et votre abdomen est souple",
			[]string{"alors à l'examen aujourd'hui il n'y a pas de ganglion dans le cou et pas de souffle que je peux entendre", "vos poumons sont clairs sans sibilances et votre abdomen est souple"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			var got []string
			for _, s := range splitSentences(c.text, lexiconFor(c.lang)) {
				require.Equal(t, s.text, c.text[s.start:s.end], "offsets locate the sentence")
				got = append(got, s.text)
			}
			require.Equal(t, c.want, got)
		})
	}
}

func TestRemoveFillers(t *testing.T) {
	t.Parallel()
	checkText(t, []textCase{
		{"hesitations and stutter", "en", "um i , i , i feel uh dizzy you know", "i feel dizzy"},
		{"doubled word", "en", "it it hurts when i walk", "it hurts when i walk"},
		{"a contraction said twice is expanded twice", "en", "it's it's a little low", "it is it is a little low"},
		{"french fillers", "fr", "euh j'ai ben mal au dos tu sais", "j'ai mal au dos"},
	}, cleaned)
}

func TestTidy(t *testing.T) {
	t.Parallel()
	checkText(t, []textCase{
		{"restarted phrase", "en", "is that is that helping with the pain", "is that helping with the pain"},
		{"restarted phrase in the middle", "en", "tenderness in the in the lower back", "tenderness in the lower back"},
		{"french restarted phrase", "fr", "je pense que je pense que c'est pire dans le dans le dos", "je pense que c'est pire dans le dos"},
		{"repeated numbers are kept", "en", "one twenty one twenty", "one twenty one twenty"},
		{"comma before an object", "en", "there is , some tenderness and the lower extremities have , 1+ edema",
			"there is some tenderness and the lower extremities have 1+ edema"},
		{"french comma before an object", "fr", "il y a , une sensibilité sur la , cheville", "il y a une sensibilité sur la cheville"},
		{"comma after a clause stays", "en", "my knee hurts , and it is swollen", "my knee hurts , and it is swollen"},
		{"echo then the next question", "en", "a deep achy pain okay what activities make the pain worse", "a deep achy pain"},
		{"echo, all right, next question", "en", "epigastric pain all right any blood in the stool", "epigastric pain"},
		{"a side is not an acknowledgement", "en", "pain on the right is worse", "pain on the right is worse"},
		{"french echo then the next question", "fr", "une douleur sourde d'accord et depuis quand", "une douleur sourde"},
	}, afterCleaning(tidy))
}

func TestRewritePerson(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, lang string
		who        speaker
		p          pronouns
		in, want   string
	}{
		{"patient symptom becomes a report", "en", speakerPatient, englishMale,
			"i've had chest pain for two days", "Reports chest pain for 2 days."},
		{"patient first person with agreement", "en", speakerPatient, englishMale,
			"i feel tired and my knee hurts", "He feels tired and his knee hurts."},
		{"clinician keeps own voice, patient as object", "en", speakerClinician, englishFemale,
			"i want you to ice your knee", "I want her to ice her knee."},
		{"clinician you as subject", "en", speakerClinician, englishFemale,
			"you have a torn meniscus", "She has a torn meniscus."},
		{"unknown gender stays neutral", "en", speakerPatient, englishUnknown,
			"i am taking metformin", "The patient is taking metformin."},
		{"french patient report", "fr", speakerPatient, frenchFemale,
			"j'ai mal à mon genou depuis deux jours", "Rapporte mal à son genou depuis 2 jours."},
		{"french patient reflexive", "fr", speakerPatient, frenchMale,
			"je me sens fatigué", "Il se sent fatigué."},
		{"french clinician", "fr", speakerClinician, frenchMale,
			"vous avez une entorse à votre genou", "Il a une entorse à son genou."},
		{"a participle is not a report", "en", speakerPatient, englishMale,
			"i have taken some ibuprofen", "He has taken some ibuprofen."},
		{"a particle is not a report", "en", speakerPatient, englishFemale,
			"i get out of bed at six", "She gets out of bed at 6."},
		{"an adjective after get is not a report", "en", speakerPatient, englishFemale,
			"i get sore when i walk", "She gets sore when she walks."},
		{"a determiner after get is a report", "en", speakerPatient, englishFemale,
			"i get a headache every morning", "Reports a headache every morning."},
		{"you after which is a subject", "en", speakerClinician, englishFemale,
			"i will prescribe albuterol which you use when you get short of breath",
			"I will prescribe albuterol which she uses when she gets short of breath."},
		{"french vous after que is a subject", "fr", speakerClinician, frenchFemale,
			"je vais prescrire le salbutamol que vous utilisez quand vous êtes essoufflée",
			"Je vais prescrire le salbutamol qu'elle utilise quand elle est essoufflée."},
		{"french agreement with the noun", "fr", speakerClinician, frenchFemale,
			"votre tension est à cent trente sur quatre-vingt-cinq", "Sa tension est à 130/85."},
		{"french negation", "fr", speakerPatient, frenchMale,
			"je n'ai pas de fièvre et je ne fume pas", "Il n'a pas de fièvre et il ne fume pas."},
		{"french regular verb and object", "fr", speakerClinician, frenchFemale,
			"vous toussez depuis hier et je vais vous examiner", "Elle tousse depuis hier et je vais l'examiner."},
		{"french indirect object", "fr", speakerClinician, frenchMale,
			"je vous conseille de marcher", "Je lui conseille de marcher."},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			lex := lexiconFor(c.lang)
			padded := cleaned(c.in, lex)
			got := finish(normalizeNumbers(rewritePerson(padded, c.who, c.p, lex, c.lang), &lex.numbers), c.lang != "fr")
			require.Equal(t, c.want, got)
		})
	}
}
