package notewriter

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestInferRoles labels unlabelled conversations turn by turn in both
// languages, including bare acknowledgements whose role only their place
// in the conversation gives. (A relative answering for the patient:
// companion_test.go.)
func TestInferRoles(t *testing.T) {
	t.Parallel()
	checkRoles(t, []dialogueCase{
		{"english visit", "en", `
C hi , how are you doing today ?
P i'm okay , my knee has been hurting for about a week .
C okay . did you injure it ?
P yeah i slipped on the ice .
C mm-hmm .
P and now it hurts when i walk up the stairs .
C okay , let's take a look . on exam you have some swelling and tenderness of the right knee .
P okay .
C so i want you to ice it and i'll prescribe ibuprofen 600 milligrams .
P thank you doctor .`},
		{"french visit", "fr", `
C bonjour , qu'est-ce qui vous amène aujourd'hui ?
P j'ai mal au dos depuis trois jours .
C d'accord . avez-vous de la fièvre ?
P non , pas de fièvre .
C je vais vous examiner . à la palpation le bas du dos est sensible .
P oui ça fait mal là .
C je vais vous prescrire de l'ibuprofène . des questions ?
P non merci docteur .`},
	})
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
	labelled := writeConversation(t, "en", strings.Join(relabelled, "\n"))
	unlabelled := writeConversation(t, "en", strings.Join(lines, "\n"))
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

// TestRoleEvidencePerRule: each family of cues points the way it should,
// in both languages. A positive clinician evidence reads as the
// clinician's, a negative one as the patient's.
func TestRoleEvidencePerRule(t *testing.T) {
	t.Parallel()
	checkVerdicts(t, []verdictCase{
		{"the clinician recalls the history", "en", "i know that you've had the kidney transplant a few years ago .", true},
		{"the clinician recalls the history", "fr", "je sais que vous avez eu une greffe de rein il y a quelques années .", true},
		{"the clinician reads results", "en", "it looks like your kidney function is very good .", true},
		{"the clinician reads results", "fr", "regardons vos résultats . la radiographie montre de l'arthrose .", true},
		{"the clinician asks a companion about the patient", "en", "has she had ear infections before", true},
		{"the clinician asks a companion about the patient", "fr", "a-t-elle déjà eu des otites", true},
		{"the clinician addresses the patient by title", "en", "hello , mrs . peterson .", true},
		{"the clinician addresses the patient by title", "fr", "bonjour madame martin .", true},
		{"an elided examination word", "fr", "à l'auscultation , j'entends des sibilances aux deux poumons .", true},
		{"the patient returns a greeting", "en", "i'm good , how about you ?", false},
		{"the patient returns a greeting", "fr", "très bien , et vous ?", false},
		{"the patient asks what to do", "fr", "est-ce que je peux travailler ?", false},
		{"the patient denies", "en", "never , nothing like that .", false},
		{"the patient denies", "fr", "jamais , rien de tout ça .", false},
	}, func(t *testing.T, turn, lang string) bool {
		e := roleCuesFor(lang).evidence(padTokens(turn))
		t.Logf("clinician evidence %.2f", e)
		return e > 0
	})
}

// TestCompanionEvidence: speaking of one's own body is the patient's, and
// the "my" of "my son" is a companion's, not a patient speaking of
// themselves.
func TestCompanionEvidence(t *testing.T) {
	t.Parallel()
	require.Less(t, englishRoleCues.companion(padTokens("yeah , my ear hurts a lot .")), 0.0)
	require.Less(t, frenchRoleCues.companion(padTokens("oui , j'ai très mal à mon oreille .")), 0.0)
	require.Greater(t, englishRoleCues.companion(padTokens("my son has been coughing , he has a fever .")), 0.0)
	require.Greater(t, frenchRoleCues.companion(padTokens("mon fils tousse , il a de la fièvre .")), 0.0)
	third, first, _ := englishRoleCues.persons(padTokens("my son has been coughing and i gave him syrup ."))
	require.Equal(t, [2]int{1, 1}, [2]int{third, first})
	third, _, _ = frenchRoleCues.persons(padTokens("il faut qu'il boive , il y a de la fièvre ."))
	require.Equal(t, 1, third, "the impersonal il of il faut and il y a speaks of no one")
}
