package assertion_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/assertion"
	"github.com/notegen/notegen/internal/lexicon"
)

func TestAnswered(t *testing.T) {
	t.Parallel()
	cases := []struct {
		lang, question, answer string
		ok                     bool
		want                   assertion.Assertion
		time                   assertion.Time
		subject                assertion.Subject
	}{
		// a bare reply
		{"en", "Any [chest pain]?", "No.", true, absent, "", ""},
		{"en", "Any [chest pain]?", "Nope.", true, absent, "", ""},
		{"en", "Any [chest pain]?", "Not really.", true, absent, "", ""},
		{"en", "Any [chest pain]?", "Yes.", true, present, "", ""},
		{"en", "Any [chest pain]?", "A little.", true, present, "", ""},
		{"en", "Any [chest pain]?", "Sometimes, when I walk fast.", true, present, "", ""},
		{"en", "Any [chest pain]?", "Um, well, not that I've noticed.", true, absent, "", ""},
		{"en", "Any [chest pain]?", "I'm not sure.", true, possible, "", ""},
		{"fr", "Avez-vous de la [fièvre] ?", "Non.", true, absent, "", ""},
		{"fr", "Avez-vous de la [fièvre] ?", "Oui.", true, present, "", ""},
		{"fr", "Avez-vous de la [fièvre] ?", "Un petit peu, le soir.", true, present, "", ""},
		{"fr", "Avez-vous de la [fièvre] ?", "Euh, je sais pas.", true, possible, "", ""},
		{"fr", "Vous n'avez pas de [fièvre] ?", "Si.", true, present, "", ""},
		{"fr", "Vous n'avez pas de [fièvre] ?", "Non.", true, absent, "", ""},
		// an answer that itself negates or affirms
		{"en", "Any [fever]?", "No fever, but I've had a cough.", true, absent, "", ""},
		{"en", "Any [fever] or cough?", "A bit of a cough but no [fever].", true, absent, "", ""},
		{"en", "Any fever or [cough]?", "No fever, but I've had a cough.", true, present, "", ""},
		{"en", "Have you had any [vomiting]?", "I haven't had any.", true, absent, "", ""},
		{"en", "Do you get [headaches]?", "I do.", true, present, "", ""},
		{"en", "Do you get [headaches]?", "I don't.", true, absent, "", ""},
		{"en", "Do you [smoke]?", "I smoke about ten a day.", true, present, "", ""},
		{"en", "Any [blood in your stool]?", "Never.", true, absent, "", ""},
		{"fr", "Avez-vous de la [toux] ?", "J'en ai pas.", true, absent, "", ""},
		{"fr", "Vous buvez de l'[alcool] ?", "Jamais.", true, absent, "", ""},
		// the past
		{"en", "Do you [smoke]?", "I quit five years ago.", true, present, past, ""},
		{"en", "Do you [smoke]?", "I used to.", true, present, past, ""},
		{"en", "Do you [smoke]?", "Not anymore.", true, present, past, ""},
		{"en", "Do you [smoke]?", "No, but I used to.", true, present, past, ""},
		{"en", "Do you [smoke]?", "No, I gave up years ago.", true, present, past, ""},
		{"en", "Have you ever had [asthma]?", "Yes, as a child.", true, present, past, ""},
		{"fr", "Vous [fumez] ?", "J'ai arrêté il y a cinq ans.", true, present, past, ""},
		{"fr", "Vous [fumez] ?", "Plus maintenant.", true, present, past, ""},
		{"fr", "Vous [fumez] ?", "Non, j'ai arrêté l'an dernier.", true, present, past, ""},
		// who: the question's subject carries over, an answer may name one
		{"en", "Does anyone in your family have [heart disease]?", "No.", true, absent, "", family},
		{"en", "Does anyone in your family have [heart disease]?", "My dad did.", true, present, "", family},
		{"fr", "Du [diabète] dans la famille ?", "Oui, ma mère.", true, present, "", family},
		// corrections within the answer
		{"en", "Any [vomiting]?", "Yeah, no.", true, absent, "", ""},
		{"fr", "Vous avez mal à la [gorge] ?", "Ouais, pas mal.", true, present, "", ""},
		{"en", "Any [vomiting]?", "No, just a little.", true, present, "", ""},
		// a second reply that goes on to name something else restricts
		// the first, which stands
		{"en", "Any [fever]?", "No, just a cough.", true, absent, "", ""},
		{"en", "Any pain anywhere else, your [hip], your neck?", "No, just the wrist.", true, absent, "", ""},
		{"en", "Any [nausea]?", "No, only my knee hurts.", true, absent, "", ""},
		{"fr", "De la [fièvre] ?", "Non, juste le nez qui coule.", true, absent, "", ""},
		{"fr", "Vous avez [maigri] ?", "Je ne sais pas, je ne me pèse pas.", true, possible, "", ""},
		// a count per unit of time says it goes on
		{"en", "Are you still [smoking]?", "About ten a day, I'm afraid.", true, present, "", ""},
		{"fr", "Vous [fumez] ?", "Une dizaine par jour.", true, present, "", ""},
		// speech-recogniser text
		{"en", "any [chest pain]", "no", true, absent, "", ""},
		{"en", "any [diarrhoea]", "no but i have been sick", true, absent, "", ""},
		{"fr", "des [vomissements]", "non pas du tout", true, absent, "", ""},
		// about something else: nothing said of the concept
		{"en", "Any [chest pain]?", "I've been really tired though.", false, "", "", ""},
		{"en", "Any [chest pain]?", "I have been tired.", false, "", "", ""},
		{"en", "Is the [pain] constant?", "It comes and goes.", false, "", "", ""},
		{"en", "When did the [cough] start?", "Last Tuesday.", false, "", "", ""},
		{"fr", "Des [douleurs thoraciques] ?", "Je suis surtout fatiguée.", false, "", "", ""},
		// a term that speaks only of what is named right after it says
		// nothing of what the answer leaves implicit
		{"en", "Any chance you could be [pregnant]?", "No, I had my tubes tied after my second.", true, absent, "", ""},
	}
	for _, tc := range cases {
		t.Run(tc.lang+"/"+tc.question+"/"+tc.answer, func(t *testing.T) {
			x := lexicon.For(tc.lang)
			q, target, err := marked(x, tc.question)
			require.NoError(t, err)
			got, ok := assertion.Answered(x, q, target, unmarked(x, tc.answer))
			require.Equal(t, tc.ok, ok, "%+v", got)
			if !ok {
				assert.Equal(t, assertion.Context{}, got)
				return
			}
			time, subject := tc.time, tc.subject
			if time == "" {
				time = assertion.Current
			}
			if subject == "" {
				subject = assertion.Patient
			}
			assert.Equal(t, [3]string{string(tc.want), string(time), string(subject)},
				[3]string{string(got.Assertion), string(got.Time), string(got.Subject)}, "triggers %v", got.Triggers)
		})
	}
}

// The answer's reply word is in the trace, at its place in the answer.
func TestAnsweredReportsTheReply(t *testing.T) {
	t.Parallel()
	x := lexicon.For("en")
	q, target, err := marked(x, "Do you [smoke]?")
	require.NoError(t, err)
	got, ok := assertion.Answered(x, q, target, x.Tokenize("Um, no, I quit years ago."))
	require.True(t, ok)
	require.NotEmpty(t, got.Triggers)
	assert.Equal(t, assertion.Trigger{Category: "answer", Term: "no", Start: 2, End: 3}, got.Triggers[0])
	assert.Contains(t, got.Triggers, assertion.Trigger{Category: "historical", Term: "years ago", Start: 6, End: 8})
}
