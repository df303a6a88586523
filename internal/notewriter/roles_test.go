package notewriter

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestInferRoles labels unlabelled conversations turn by turn in both
// languages, including bare acknowledgements whose role only their place
// in the conversation gives, and a relative answering for the patient.
func TestInferRoles(t *testing.T) {
	t.Parallel()
	C, P, O := RoleClinician, RolePatient, RoleOther
	cases := []struct {
		name, lang string
		turns      []string
		want       []Role
	}{
		{"english visit", "en", []string{
			"hi , how are you doing today ?",
			"i'm okay , my knee has been hurting for about a week .",
			"okay . did you injure it ?",
			"yeah i slipped on the ice .",
			"mm-hmm .",
			"and now it hurts when i walk up the stairs .",
			"okay , let's take a look . on exam you have some swelling and tenderness of the right knee .",
			"okay .",
			"so i want you to ice it and i'll prescribe ibuprofen 600 milligrams .",
			"thank you doctor .",
		}, []Role{C, P, C, P, C, P, C, P, C, P}},
		{"french visit", "fr", []string{
			"bonjour , qu'est-ce qui vous amène aujourd'hui ?",
			"j'ai mal au dos depuis trois jours .",
			"d'accord . avez-vous de la fièvre ?",
			"non , pas de fièvre .",
			"je vais vous examiner . à la palpation le bas du dos est sensible .",
			"oui ça fait mal là .",
			"je vais vous prescrire de l'ibuprofène . des questions ?",
			"non merci docteur .",
		}, []Role{C, P, C, P, C, P, C, P}},
		{"a mother answers for her son", "en", []string{
			"what brings you in today ?",
			"my son has been coughing for a week . he has had a fever and he is not eating much .",
			"okay , any vomiting ?",
			"no .",
		}, []Role{C, O, C, P}},
		{"une mère répond pour son fils", "fr", []string{
			"qu'est-ce qui vous amène aujourd'hui ?",
			"mon fils tousse depuis une semaine . il a de la fièvre et il ne mange presque rien .",
			"d'accord , est-ce qu'il vomit ?",
			"non .",
		}, []Role{C, O, C, P}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			require.Equal(t, c.want, InferRoles(c.turns, c.lang))
		})
	}
	require.Nil(t, InferRoles(nil, "en"))
}

// TestUnlabelledConversationIsAttributed: speech-to-text output without
// speaker labels still gives a note where the patient's words are the
// patient's and the clinician's questions are not facts.
func TestUnlabelledConversationIsAttributed(t *testing.T) {
	t.Parallel()
	// Speech-to-text diarisation gives one line per change of speaker, so
	// consecutive lines of one speaker are merged, and the labels dropped.
	var lines, tags []string
	for _, l := range strings.Split(englishVisit, "\n") {
		tag, text := l[:strings.Index(l, "]")+1], strings.TrimSpace(l[strings.Index(l, "]")+1:])
		if n := len(lines); n > 0 && tags[n-1] == tag {
			lines[n-1] += " " + text
			continue
		}
		lines, tags = append(lines, text), append(tags, tag)
	}
	var relabelled []string
	for i := range lines {
		relabelled = append(relabelled, tags[i]+" "+lines[i])
	}
	labelled := write(t, Input{Transcript: strings.Join(relabelled, "\n"), Template: "primaryCare", RecordingType: "conversation", Lang: "en"})
	unlabelled := write(t, Input{Transcript: strings.Join(lines, "\n"), Template: "primaryCare", RecordingType: "conversation", Lang: "en"})
	require.Equal(t, labelled.Text, unlabelled.Text)
}

// TestRoleEvidenceOfSelfIntroduction: "doctor" is the patient's word for
// the clinician, except in the clinician's own introduction.
func TestRoleEvidenceOfSelfIntroduction(t *testing.T) {
	t.Parallel()
	require.Greater(t, englishRoleCues.evidence(padTokens("wonderful . i'm doctor stewart . it's lovely to meet you .")), 0.0)
	require.Less(t, englishRoleCues.evidence(padTokens("thank you doctor .")), 0.0)
	require.Greater(t, englishRoleCues.evidence(padTokens("paragraph , diagnostics . cervical x-ray reveals disc degeneration .")), 0.0)
}
