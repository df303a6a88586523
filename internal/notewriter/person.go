package notewriter

import "strings"

// pronouns are the third-person forms used for the patient.
type pronouns struct {
	subject, object, possessive, possessivePronoun, reflexive string
}

var (
	englishMale    = pronouns{"he", "him", "his", "his", "himself"}
	englishFemale  = pronouns{"she", "her", "her", "hers", "herself"}
	englishUnknown = pronouns{"the patient", "them", "their", "theirs", "themselves"}
	frenchMale     = pronouns{"il", "le", "son", "le sien", "lui-même"}
	frenchFemale   = pronouns{"elle", "la", "son", "la sienne", "elle-même"}
	frenchUnknown  = pronouns{"le patient", "le", "son", "le sien", "lui-même"}
)

// genderCues weigh words that reveal the patient's gender; "58 year old
// male" is decisive while a stray "she" may be the patient's wife.
var genderCues = map[string]int{
	" male ": 10, " man ": 3, " gentleman ": 5, " mr ": 5, " mr. ": 5, " he ": 1, " his ": 1, " him ": 1,
	" female ": -10, " woman ": -3, " lady ": -5, " mrs ": -5, " mrs. ": -5, " ms ": -5, " ms. ": -5, " miss ": -3,
	" she ": -1, " her ": -1, " hers ": -1,
	" homme ": 5, " monsieur ": 5, " patient ": 1, " il ": 1, " femme ": -5, " madame ": -5, " patiente ": -3, " elle ": -1,
}

// inferPronouns picks the patient's pronouns from how the clinician speaks
// about them (and from the free custom context), falling back to neutral
// wording when the evidence is weak.
func inferPronouns(turns []turn, context, lang string) pronouns {
	score := 0
	count := func(text string) {
		padded := padTokens(text)
		for cue, w := range genderCues {
			score += strings.Count(padded, cue) * w
		}
	}
	count(context)
	for _, t := range turns {
		if t.speaker == speakerClinician {
			count(t.text)
		}
		if lang == "fr" && t.speaker != speakerOther {
			score += frenchSelfAgreement(t.text, t.speaker)
		}
	}
	const margin = 3
	switch {
	case lang == "fr" && score >= margin:
		return frenchMale
	case lang == "fr" && score <= -margin:
		return frenchFemale
	case lang == "fr":
		return frenchUnknown
	case score >= margin:
		return englishMale
	case score <= -margin:
		return englishFemale
	}
	return englishUnknown
}

// frenchAgreementWeight is how much one agreement with the patient
// weighs: "je suis tombée" is as telling as "madame".
const frenchAgreementWeight = 5

// frenchSelfAgreement weighs how French agrees with the patient: a
// patient who says "je suis tombée", or a clinician who says "vous êtes
// fatiguée", speaks of a woman; "je suis tombé" of a man.
func frenchSelfAgreement(text string, who speaker) int {
	lead := " je suis "
	if who == speakerClinician {
		lead = " vous êtes "
	}
	padded := padTokens(text)
	score := 0
	for rest := padded; ; {
		i := strings.Index(rest, lead)
		if i < 0 {
			return score
		}
		rest = rest[i+len(lead):]
		w, _ := nextWord(rest)
		switch {
		case strings.HasSuffix(w, "ée") || strings.HasSuffix(w, "ées"):
			score -= frenchAgreementWeight
		case strings.HasSuffix(w, "é") && who == speakerPatient:
			score += frenchAgreementWeight
		}
	}
}

// personWords are the words each speaker uses for the patient, in the
// order of pronouns.forms: the patient's first person and the clinician's
// second person ("you" is the subject or the object by its neighbours).
var personWords = map[speaker][5]string{
	speakerPatient:   {"i", "me", "my", "mine", "myself"},
	speakerClinician: {"you", "you", "your", "yours", "yourself"},
}

// forms are the pronouns in the order subject, object, possessive,
// possessive pronoun, reflexive.
func (p pronouns) forms() [5]string {
	return [5]string{p.subject, p.object, p.possessive, p.possessivePronoun, p.reflexive}
}

// slotOf is the index of w in words, or -1.
func slotOf(words [5]string, w string) int {
	for k, x := range words {
		if x == w {
			return k
		}
	}
	return -1
}

// rewritePerson turns first person (patient speech) or second person
// (clinician addressing the patient) into third person. The clinician's own
// "I" and "we" stay: notes are written in the clinician's voice.
func rewritePerson(padded string, who speaker, p pronouns, lex *lexicon, lang string) string {
	if lang == "fr" {
		return rewritePersonFrench(padded, who, p, lex)
	}
	words := strings.Fields(padded)
	if who == speakerPatient {
		words = reportLead(words, lex)
	}
	out := make([]string, 0, len(words)+4)
	subjectJustSet := false
	for i, w := range words {
		prev := wordAt(words, i-1)
		next := wordAt(words, i+1)
		replaced := w
		madeSubject := false
		switch k := slotOf(personWords[who], w); {
		case k == 0 && (who == speakerPatient || lex.person.subjectPrecedes[prev] || lex.person.subjectFollowers[next]):
			replaced, madeSubject = p.subject, true
		case k >= 0:
			// The clinician's "you" that is not a subject is the object.
			replaced = p.forms()[max(k, 1)]
		case subjectJustSet:
			replaced = thirdPerson(w, lex)
		}
		out = append(out, replaced)
		// Agreement reaches past one adverb: "he still feels", "he never has".
		switch {
		case madeSubject:
			subjectJustSet = true
		case subjectJustSet && isAdverb(w):
		default:
			subjectJustSet = false
		}
	}
	return " " + strings.Join(out, " ") + " "
}

func isAdverb(w string) bool {
	switch w {
	case "still", "also", "never", "always", "usually", "often", "sometimes", "just", "really", "only", "already", "even", "kind", "generally":
		return true
	}
	return false
}

// thirdPerson conjugates a present-tense verb for he/she.
func thirdPerson(w string, lex *lexicon) string {
	if irr, ok := lex.person.irregular[w]; ok {
		return irr
	}
	if !lex.person.verbs[w] {
		return w
	}
	switch {
	case strings.HasSuffix(w, "s"), strings.HasSuffix(w, "sh"), strings.HasSuffix(w, "ch"), strings.HasSuffix(w, "x"), strings.HasSuffix(w, "o"):
		return w + "es"
	case strings.HasSuffix(w, "y") && len(w) > 1 && !strings.ContainsRune("aeiou", rune(w[len(w)-2])):
		return w[:len(w)-1] + "ies"
	}
	return w + "s"
}

// reportLead rewrites "i have had chest pain" as "reports chest pain", the
// way clinicians chart a symptom the patient describes.
func reportLead(words []string, lex *lexicon) []string {
	start := 0
	for start < len(words) && (lex.yes[words[start]] || words[start] == "," || words[start] == "well" || words[start] == "so" || words[start] == "and") {
		start++
	}
	rest := " " + strings.Join(words[start:], " ") + " "
	for _, lead := range lex.person.reportLeads {
		if !strings.HasPrefix(rest, " "+lead+" ") {
			continue
		}
		tail := strings.Fields(rest[len(lead)+1:])
		// "i have , been taking ibuprofen": the comma is a pause.
		for len(tail) > 0 && tail[0] == "," {
			tail = tail[1:]
		}
		if len(tail) == 0 {
			return words
		}
		// "i get sore" says how the patient gets, not what they have.
		if lex.person.becomingLeads[lead] && !lex.person.determiners[tail[0]] {
			return words
		}
		switch tail[0] {
		case "to", "been", "not", "no", "never", "it", "that", "this", "had", "got", "pas",
			// Irregular participles ("i have taken") and particles ("i get
			// out of bed") do not name something the patient has.
			"done", "taken", "built", "gone", "seen", "made", "given", "known", "felt", "kept", "left", "lost",
			"put", "read", "said", "told", "thought", "worn", "broken", "fallen", "eaten", "driven", "written",
			"begun", "gotten", "heard", "on", "out", "in", "up", "off", "over", "from", "for", "back", "around",
			"but", "so", "and", "if", "when", "because", "like", "just", "also", "always", "ever",
			// French irregular participles ("j'ai eu", "j'ai pris").
			"eu", "été", "pris", "fait", "mis", "dit", "vu", "su", "pu", "voulu", "dû", "bu", "lu", "ouvert", "souffert":
			return words
		}
		// "i have noticed" is a perfect tense, not a possession.
		if strings.HasSuffix(tail[0], "ed") || strings.HasSuffix(tail[0], "é") {
			return words
		}
		return append([]string{lex.reportsPrefix}, tail...)
	}
	return words
}

// rewritePersonFrench handles the common French forms: "j'ai" -> "il a",
// "je n'ai pas" -> "il n'a pas", "je me sens" -> "il se sent",
// "mon/ma/mes" -> "son/sa/ses", and the clinician's "vous avez" -> "il a",
// "vous toussez" -> "il tousse", "votre/vos" -> "sa/son/ses" (agreeing with
// the noun), "je vais vous examiner" -> "je vais l'examiner".
func rewritePersonFrench(padded string, who speaker, p pronouns, lex *lexicon) string {
	s := padded
	if who == speakerPatient {
		words := reportLead(strings.Fields(s), lex)
		s = " " + strings.Join(words, " ") + " "
		for form, third := range lex.person.irregular {
			switch {
			case strings.HasPrefix(form, "je "):
				verb := form[len("je "):]
				s = strings.ReplaceAll(s, " "+form+" ", " "+p.subject+" "+third+" ")
				s = strings.ReplaceAll(s, " je ne "+verb+" ", " "+p.subject+" ne "+third+" ")
				if startsWithVowel(verb) {
					s = strings.ReplaceAll(s, " je n'"+verb+" ", " "+p.subject+" n'"+third+" ")
				}
			case strings.HasPrefix(form, "j'"):
				verb := form[len("j'"):]
				s = strings.ReplaceAll(s, " "+form+" ", " "+p.subject+" "+third+" ")
				s = strings.ReplaceAll(s, " je n'"+verb+" ", " "+p.subject+" n'"+third+" ")
			}
		}
		s = replaceWords(s, [][2]string{
			{" je me ", " " + p.subject + " se "}, {" je m'", " " + p.subject + " s'"}, {" j'", " " + p.subject + " "},
			{" je ne ", " " + p.subject + " ne "}, {" je n'", " " + p.subject + " n'"},
			{" je ", " " + p.subject + " "}, {" mon ", " son "}, {" ma ", " sa "}, {" mes ", " ses "},
			{" moi ", " " + p.subject + " "}, {" m'a ", " l'a "}, {" se sens ", " se sent "},
		})
		return frenchAgreement(oneNamedSubject(s, p), lex)
	}
	for form, third := range lex.person.irregular {
		if strings.HasPrefix(form, "vous ") {
			s = strings.ReplaceAll(s, " "+form+" ", " "+p.subject+" "+third+" ")
			s = strings.ReplaceAll(s, " vous ne "+form[len("vous "):]+" ", " "+p.subject+" ne "+third+" ")
		}
	}
	s = replaceWords(s, [][2]string{
		{" vous vous ", " " + p.subject + " se "}, {" votre ", " son "}, {" vos ", " ses "},
	})
	// What is left of "vous" is a regular verb's subject ("vous toussez")
	// or an object ("je vais vous examiner").
	words := strings.Fields(s)
	out := make([]string, 0, len(words))
	for i := 0; i < len(words); i++ {
		w := words[i]
		if w != "vous" {
			out = append(out, w)
			continue
		}
		next := wordAt(words, i+1)
		switch {
		case frenchIndirect[next]:
			// "je vous demande de" -> "je lui demande de".
			out = append(out, "lui")
		case strings.HasSuffix(next, "ez") && len(next) > 3:
			out = append(out, p.subject, strings.TrimSuffix(next, "z"))
			i++
		case startsWithVowel(next):
			out = append(out, "l'"+next)
			i++
		default:
			out = append(out, p.object)
		}
	}
	return frenchAgreement(oneNamedSubject(" "+strings.Join(out, " ")+" ", p), lex)
}

// oneNamedSubject says "le patient" once per sentence and "il" after, as a
// French writer would.
func oneNamedSubject(s string, p pronouns) string {
	named := " " + p.subject + " "
	if p.subject != frenchUnknown.subject || strings.Count(s, named) < 2 {
		return s
	}
	first := strings.Index(s, named) + len(named)
	return s[:first] + strings.ReplaceAll(s[first:], named, " il ")
}

// frenchAgreement writes "sa" before a feminine noun that starts with a
// consonant ("votre tension" became "son tension" word by word) and elides
// "que" and "si" before the pronoun that replaced "je" ("depuis que je"
// became "depuis que elle": "depuis qu'elle").
func frenchAgreement(s string, lex *lexicon) string {
	if !strings.Contains(s, " son ") && !strings.Contains(s, "que ") && !strings.Contains(s, " si ") {
		return s
	}
	words := strings.Fields(s)
	out := words[:0]
	for i := 0; i < len(words); i++ {
		w, next := words[i], wordAt(words, i+1)
		switch {
		case w == "son" && lex.feminine[next] && !startsWithVowel(next):
			w = "sa"
		case frenchElidedBefore[w] != "" && frenchElidable[next] && (w != "si" || strings.HasPrefix(next, "il")):
			w = frenchElidedBefore[w] + next
			i++
		}
		out = append(out, w)
	}
	return " " + strings.Join(out, " ") + " "
}

// frenchElidedBefore are the words French elides before a pronoun that
// starts with a vowel, and their elided forms.
var frenchElidedBefore = map[string]string{"que": "qu'", "lorsque": "lorsqu'", "puisque": "puisqu'", "si": "s'"}

// frenchElidable are the pronouns they are elided before; "si" only
// before "il" and "ils" ("si elle", "si on" stay).
var frenchElidable = map[string]bool{"il": true, "ils": true, "elle": true, "elles": true, "on": true}

func startsWithVowel(w string) bool {
	for _, v := range []string{"a", "e", "i", "o", "u", "y", "h", "é", "è", "ê", "à", "â", "î", "ô", "œ"} {
		if strings.HasPrefix(w, v) {
			return true
		}
	}
	return false
}

// frenchIndirect verbs take an indirect object: "je lui conseille".
var frenchIndirect = map[string]bool{
	"demande": true, "conseille": true, "recommande": true, "dis": true, "explique": true, "prescris": true,
	"donne": true, "propose": true, "suggère": true, "rappelle": true, "montre": true,
}
