package notewriter

import (
	"math"
	"strings"
)

// Role is who speaks a turn of a conversation.
type Role int

// Roles of a conversation's speakers.
const (
	RoleClinician Role = iota
	RolePatient
	// RoleOther is a third party: a partner, a parent, an interpreter.
	RoleOther
)

// String names the role as the ACI-BENCH style tags do.
func (r Role) String() string {
	switch r {
	case RoleClinician:
		return "clinician"
	case RolePatient:
		return "patient"
	}
	return "other"
}

// roleCues weigh words and phrases by how much they point to the clinician
// (positive) or to the patient (negative). They are matched on padded,
// lower-cased turns as " cue ", so a cue is whole words.
type roleCues struct {
	clinician, patient map[string]float64
	// other marks a third party speaking about the patient ("my husband").
	other []string
	// thirdPerson and firstPerson are the words by which a companion
	// speaks of the patient and a patient of themselves; impersonal are
	// the pairs where a third-person pronoun speaks of no one ("il faut"),
	// and relative those where "my" is a companion's ("my son").
	thirdPerson, firstPerson map[string]bool
	impersonal, relative     map[string]bool
	// secondPerson are the words by which a speaker addresses another.
	secondPerson map[string]bool
	// possessive and bodyParts find the speaker's own body ("my knee").
	possessive, bodyParts map[string]bool
}

var englishRoleCues = roleCues{
	clinician: map[string]float64{
		"you": 0.45, "your": 0.6, "you're": 0.45, "let's": 1.2, "let us": 1.2, "dragon": 3, "exam": 1.2,
		"i want you": 1.5, "we will": 0.8, "we'll": 0.8, "i'm going to": 0.8, "prescribe": 1.2, "order": 0.8,
		"plan": 1, "assessment": 1.5, "recommend": 1.2, "follow up": 0.8, "how are you": 1, "what brings you": 2,
		"any": 0.6, "do you": 1.2, "have you": 1.2, "are you": 1, "did you": 1, "how long": 1, "okay ?": 0.8,
		"tell me": 1, "alright": 0.4, "all right": 0.4, "sounds good": 0.3, "take a look": 1.2, "go ahead": 0.6,
		"i think": 0.4, "medication": 0.4, "i'd like": 0.8, "refer": 0.8, "results": 0.8, "x-ray": 0.4,
		"can you": 1, "any questions": 1.5, "palpation": 1.5, "tenderness": 1.2, "normal": 0.5,
		// A clinician dictating in the room speaks of the patient in the
		// third person.
		"patient": 1, "year-old": 1.5, "year old": 1.5, "date of birth": 3, "history of": 0.8,
		"past medical history": 2, "impression": 2, "number one": 1.5, "we'll see you": 1.5, "mg": 0.8,
		"milligrams": 0.8, "your blood pressure": 1, "i'm glad": 1, "good to hear": 1, "glad to hear": 1,
		"showed": 0.8, "the nurse": 0.8, "she's a": 1, "he's a": 1, "follow-up": 0.6, "i'll": 0.5,
		"for you": 0.8, "for me": 0.6, "of that": 0.2, "we can": 0.6, "make sure": 0.6, "okay ? ": 0.5,
		// Clinicians introduce themselves and address the patient by
		// title; patients say "doctor".
		"i'm doctor": 3, "i'm dr": 3, "i am doctor": 3, "ms": 1, "mr": 1, "mrs": 1, "miss": 0.6,
		// Dictated paragraphs between the conversation's turns.
		"paragraph": 2, "of note": 1.5, "note that": 1.2, "the patient's": 1, "reveals": 1, "referral": 0.8,
		"vaccine": 0.4, "examine you": 1.5, "sit up": 1, "deep breath": 1.2, "deep breaths": 1.2, "i see your": 1,
		"no need": 0.8, "evaluated": 0.8, "suspicion": 1, "fracture": 0.6,
		// The clinician recalls the patient's history to them, reads
		// results and reasons aloud about them.
		"you've": 0.8, "you were": 0.6, "you had": 0.6, "i know that you": 0.8, "i know you": 0.8,
		"looks like": 0.8, "it sounds like": 0.8, "what happened": 1, "based on": 1, "that means": 0.8,
		"review": 0.8, "reviewed": 0.8, "history": 0.5, "symptoms": 0.6, "continue": 0.6, "lungs": 1,
		"listen to": 1, "let me": 0.8, "we need to": 0.8, "we're gon na": 0.8, "okay , so": 0.6, "okay . and": 0.5,
		// Asking a companion about the patient.
		"does he": 0.8, "does she": 0.8, "has he": 0.8, "has she": 0.8, "is he": 0.8, "is she": 0.8,
		"did he": 0.8, "did she": 0.8, "how is he": 0.8, "how is she": 0.8, "how's he": 0.8, "how's she": 0.8,
	},
	patient: map[string]float64{
		"i": 0.45, "my": 0.5, "me": 0.4, "i'm": 0.5, "i've": 0.6, "i was": 0.4, "i have": 0.4, "i feel": 0.8,
		"it hurts": 1, "doctor": 1.2, "doc": 1.2, "thank you": 0.6, "mm-hmm": 0.6, "yes": 0.5, "yeah": 0.5,
		"no": 0.4, "um": 0.3, "uh": 0.2, "okay": 0.2, "sure": 0.5, "i don't": 0.6, "i do n't": 0.6, "nope": 0.8,
		"i guess": 0.8, "i noticed": 0.8, "i think so": 0.8, "all right": 0.2, "yup": 0.8, "good": 0.2,
		"i've been": 0.8, "i had": 0.5, "i did": 0.4, "my wife": 0.8, "my husband": 0.8, "is it": 0.6,
		"what's that": 1.5, "will i": 1.5, "should i": 1.2, "do i": 1.2, "can i": 1, "am i": 1.2,
		"never": 0.6, "nothing": 0.5, "i would say": 0.6, "hurts": 0.4,
		// Returning a greeting or closing (the question mark of "how about
		// you ?" is no clinician's question).
		"how about you": 2, "you too": 1, "you got it": 1, "thank you so much": 0.6, "sounds like a plan": 1.5,
	},
	other: []string{"my husband", "my wife", "my son", "my daughter", "my mom", "my mother", "my dad", "my father",
		"my partner"},
	thirdPerson: map[string]bool{"he": true, "she": true, "he's": true, "she's": true, "him": true, "his": true,
		"her": true, "himself": true, "herself": true},
	firstPerson: map[string]bool{"i": true, "i'm": true, "i've": true, "i'd": true, "i'll": true, "me": true,
		"myself": true, "my": true},
	relative: map[string]bool{"my husband": true, "my wife": true, "my son": true, "my daughter": true, "my mom": true,
		"my mother": true, "my dad": true, "my father": true, "my partner": true, "my child": true, "my kid": true,
		"my grandson": true, "my granddaughter": true},
	secondPerson: map[string]bool{"you": true, "your": true, "you're": true, "you've": true, "you'll": true,
		"yours": true, "yourself": true},
	possessive: map[string]bool{"my": true},
	bodyParts:  englishLexicon.complaint.bodyParts,
}

var frenchRoleCues = roleCues{
	clinician: map[string]float64{
		"vous": 0.45, "votre": 0.6, "vos": 0.6, "avez-vous": 1.2, "êtes-vous": 1, "est-ce que vous": 1.2,
		"examen": 1.2, "je vais vous": 1, "nous allons": 0.8, "on va": 0.6, "prescrire": 1.2, "plan": 1,
		"je vous recommande": 1.5, "suivi": 0.6, "comment allez-vous": 1, "qu'est-ce qui vous amène": 2,
		"depuis quand": 1.2, "des questions": 1.5, "d'accord ?": 0.8, "allez-y": 0.6, "résultats": 0.8,
		"palpation": 1.5, "sensible": 0.6, "normal": 0.5, "pouvez-vous": 1,
		// Elision glues the article to the word ("l'examen").
		"l'examen": 1.2, "auscultation": 1.5, "l'auscultation": 1.5, "j'entends": 1, "poumons": 1, "normale": 0.5,
		"clairs": 0.5, "œdème": 1, "sibilances": 1, "fracture": 0.6, "milligrammes": 0.8, "mg": 0.8, "par jour": 0.6,
		"au besoin": 0.6, "voici mon plan": 1.5, "pour votre": 0.8, "pour vos": 0.8, "regardons": 1, "montre": 0.8,
		"revenez": 1.2, "évitez": 1, "on se revoit": 1.5, "je vous demande": 1, "monsieur": 0.8, "madame": 0.8,
		// The clinician recalls the patient's history to them, reads
		// results and reasons aloud about them.
		"vous avez eu": 0.6, "je sais que vous": 0.8, "on dirait": 0.8, "antécédents": 0.8, "symptômes": 0.6,
		"continuer": 0.6, "écouter": 1, "laissez-moi": 0.8, "nous devons": 0.8, "ça veut dire": 0.8,
		// Asking a companion about the patient, or speaking to a child
		// (who is "tu").
		"est-ce qu'il": 0.8, "est-ce qu'elle": 0.8, "a-t-il": 0.8, "a-t-elle": 0.8, "est-il": 0.8, "est-elle": 0.8,
		"comment va-t-il": 0.8, "comment va-t-elle": 0.8, "et toi": 1, "tu as": 0.8,
	},
	patient: map[string]float64{
		"je": 0.45, "j'ai": 0.6, "mon": 0.5, "ma": 0.5, "mes": 0.5, "moi": 0.4, "me": 0.3, "docteur": 1.2,
		"docteure": 1.2, "merci": 0.6, "oui": 0.5, "non": 0.4, "euh": 0.3, "ça fait mal": 1, "je me sens": 0.8,
		"je pense que oui": 0.8, "pas vraiment": 0.8, "est-ce que je": 1.2, "je peux": 0.6, "jamais": 0.6,
		"rien": 0.5,
		// Returning a greeting or closing (the question mark of "et vous
		// ?" is no clinician's question).
		"et vous ?": 2, "vous aussi": 1, "merci beaucoup": 0.6, "ça marche": 0.8,
	},
	other: []string{"mon mari", "ma femme", "mon fils", "ma fille", "ma mère", "mon père", "mon conjoint",
		"ma conjointe", "il a été", "elle a été"},
	thirdPerson: map[string]bool{"il": true, "elle": true, "lui": true, "qu'il": true, "qu'elle": true},
	firstPerson: map[string]bool{"je": true, "j'ai": true, "j'avais": true, "j'étais": true, "moi": true, "me": true,
		"m'a": true, "mon": true, "ma": true, "mes": true},
	relative: map[string]bool{"mon mari": true, "ma femme": true, "mon fils": true, "ma fille": true, "ma mère": true,
		"mon père": true, "mon conjoint": true, "ma conjointe": true, "mon enfant": true, "mon petit-fils": true,
		"ma petite-fille": true},
	secondPerson: map[string]bool{"vous": true, "votre": true, "vos": true, "tu": true, "ton": true, "ta": true,
		"tes": true, "toi": true},
	possessive: map[string]bool{"mon": true, "ma": true, "mes": true},
	bodyParts:  frenchLexicon.complaint.bodyParts,
	impersonal: map[string]bool{"il y": true, "il faut": true, "il fait": true},
}

// roleCuesFor returns the role cues of a language: "fr" or, for any
// other, English.
func roleCuesFor(lang string) roleCues {
	if lang == "fr" {
		return frenchRoleCues
	}
	return englishRoleCues
}

// switchProbability is how often the next turn is another speaker's: in
// the training conversations a speaker rarely holds two turns in a row.
const switchProbability = 0.97

// twoParty is the prior of a visit between a clinician and a patient: a
// clinician is answered by a companion one time in ten, and a turn must
// speak of someone in the third person at length before it is a
// companion's: the training conversations have no companions, and their
// patients tell of relatives ("my mom had lymphoma and my dad had heart
// disease"). A companion who answers throughout is found by
// companionPresent instead.
var twoParty = companionPrior{share: 0.1, threshold: 2.5}

// companionPrior is how often the clinician is answered by a companion
// rather than the patient (share), and the companion evidence a turn needs
// before it is the companion's (threshold).
type companionPrior struct{ share, threshold float64 }

// turnEvidence is what one turn's words say of its speaker: the log-odds
// that it is the clinician's, and the evidence that it is a companion's.
type turnEvidence struct{ clinician, companion float64 }

// InferRoles says who speaks each turn of an unlabelled conversation
// (speech-to-text output, one turn per element): the clinician, the
// patient, or a third party. Each turn's words give evidence (questions,
// "you", examination and plan words point to the clinician; "I", "my",
// short answers to the patient; "he", "she", "my son" to a companion) and
// the sequence is decoded with the prior that speakers alternate (Viterbi),
// so a bare "okay" takes the role its place implies. A conversation whose
// answers, and the clinician's questions, speak of the patient in the
// third person has a companion answering for them (a parent, a partner):
// it is decoded again with that companion expected (companionPresent).
// lang is "en" or "fr". The result has one role per turn.
func InferRoles(turns []string, lang string) []Role {
	if len(turns) == 0 {
		return nil
	}
	cues := roleCuesFor(lang)
	padded := make([]string, len(turns))
	evidence := make([]turnEvidence, len(turns))
	for i, t := range turns {
		padded[i] = padTokens(t)
		evidence[i] = turnEvidence{cues.evidence(padded[i]), cues.companion(padded[i])}
	}
	roles := decodeRoles(evidence, twoParty)
	if prior, ok := cues.companionPresent(padded, evidence, roles); ok {
		roles = decodeRoles(evidence, prior)
	}
	return roles
}

// decodeRoles finds the likeliest sequence of roles given each turn's
// evidence and the prior that speakers alternate (Viterbi).
func decodeRoles(evidence []turnEvidence, companion companionPrior) []Role {
	const states = 3
	l := math.Log
	stay := l(1 - switchProbability)
	// move[from][to]: clinicians are answered by the patient or a
	// companion; both hand back to the clinician.
	move := [states][states]float64{
		{stay, l(switchProbability * (1 - companion.share)), l(switchProbability * companion.share)},
		{l(switchProbability * 0.95), stay, l(switchProbability * 0.05)},
		{l(switchProbability * 0.85), l(switchProbability * 0.15), stay},
	}
	score := make([][states]float64, len(evidence))
	from := make([][states]int, len(evidence))
	for i, ev := range evidence {
		// Evidence is a log-odds; split it between clinician and the rest.
		e := ev.clinician
		emit := [states]float64{e / 2, -e / 2, -e/2 + ev.companion - companion.threshold}
		if i == 0 {
			// Clinicians open the visit.
			score[0] = [states]float64{emit[0] + l(0.8), emit[1] + l(0.2*(1-companion.share)), emit[2] + l(0.2*companion.share)}
			continue
		}
		for s := 0; s < states; s++ {
			best, arg := math.Inf(-1), 0
			for p := 0; p < states; p++ {
				if v := score[i-1][p] + move[p][s]; v > best {
					best, arg = v, p
				}
			}
			score[i][s], from[i][s] = best+emit[s], arg
		}
	}
	roles := make([]Role, len(evidence))
	state := 0
	last := score[len(evidence)-1]
	for s := 1; s < states; s++ {
		if last[s] > last[state] {
			state = s
		}
	}
	for i := len(evidence) - 1; i >= 0; i-- {
		roles[i] = Role(state)
		state = from[i][state]
	}
	return roles
}

// evidence is the log-odds that a turn is the clinician's.
func (c roleCues) evidence(padded string) float64 {
	e := 0.0
	for cue, w := range c.clinician {
		e += w * float64(countWords(padded, cue, 3))
	}
	for cue, w := range c.patient {
		e -= w * float64(countWords(padded, cue, 3))
	}
	if strings.HasSuffix(strings.TrimSpace(padded), "?") {
		e += 1.5
	}
	// Long turns are mostly the clinician explaining.
	if n := wordCount(padded); n > 60 {
		e += 1
	}
	return e
}

// countWords counts, up to most, the places where cue stands as whole
// words in padded (a sentence wrapped in spaces), as
// strings.Count(padded, " "+cue+" ") would without building the needle:
// role evidence runs it for every cue of every turn.
func countWords(padded, cue string, most int) int {
	n := 0
	for from := 0; n < most; {
		i := strings.Index(padded[from:], cue)
		if i < 0 {
			break
		}
		at := from + i
		end := at + len(cue)
		if at > 0 && padded[at-1] == ' ' && end < len(padded) && padded[end] == ' ' {
			n++
			from = end // the space after it may open the next match
			continue
		}
		from = at + 1
	}
	return n
}
