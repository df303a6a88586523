package notewriter

import "strings"

// englishVoice is read-only; it is built once at package initialisation.
var englishVoice = &voiceRules{
	subjects: set("i", "we"),
	starts:   []string{"i", "we", "let", "give", "contact", "call", "email", "message", "what"},
	intents: [][]string{{"am", "going", "to"}, {"are", "going", "to"}, {"want", "to"}, {"would", "like", "to"},
		{"will"}, {"need", "to"}, {"plan", "to"}, {"would", "want", "to"}},
	leadsAlone: [][]string{{"let", "us"}},
	announce:   []string{"what", "do", "is"},
	past: map[string]string{"started": "started", "sent": "sent", "switched": "switched", "referred": "referred",
		"gave": "given", "prescribed": "prescribed", "placed": "placed", "treated": "treated", "put": "put",
		"admitted": "admitted", "diagnosed": "diagnosed", "told": "told", "advised": "advised"},
	was:          "was",
	adverbs:      set("also", "do", "just", "then", "definitely", "probably", "really", "first"),
	afterAdverbs: set("also", "just", "then", "definitely", "probably", "really", "first"),
	kept:         set("also", "probably", "first"),
	goAhead:      [][]string{{"go", "ahead", "and"}, {"go", "ahead", "to"}, {"go", "ahead"}, {"go", "and"}},
	will:         "will",
	wishes:       map[string]string{"want": "will", "would like": "will", "need": "should"},
	notVerbs: set("say", "know", "ask", "mention", "thank", "tell", "talk", "just",
		"no", "and", "but", "or", "so", "i", "we", "you", "he", "she", "they", "it", "the", "a", "an", "my", "your",
		"his", "her", "their", "that", "this", "is", "what", "number", "something", "some", "any", "another"),
	reviews: [][]string{{"review"}, {"reviewed"}, {"looked", "at"}, {"look", "at"}, {"went", "over"}, {"get"},
		{"got"}, {"did"}, {"obtained"}},
	reviewAux:    set("did", "have", "also", "just", "was", "were", "able", "to", "had"),
	showLinks:    set("and", "which", "that", ","),
	showSubjects: set("it", "this", "that", "they"),
	shows: set("shows", "showed", "show", "demonstrates", "demonstrated", "reveals", "revealed", "confirmed",
		"confirms"),
	opinions:        set("think", "believe", "feel", "suspect"),
	opinionSubjects: set("he", "she", "they", "the patient", "this", "it", "that"),
	copulas:         set("is", "was", "are"),
	possession:      set("has", "had", "have"),
	likely:          "likely",
	blockers: set("that", "because", "if", "when", "which", "since", "as", "until", "before", "after", "once",
		"while", "where", "how", "what", "who", "whether", "unless", "though", "although", "i", "we", "you",
		"he", "she", "they", "it", "patient", "there", "think", "hope", "guess", "is", "are", "was", "why", "'cause",
		"cause"),
	subordinators: set("if", "when", "because", "since", "once", "after", "before", "while", "unless", "although",
		"though", "until"),
	relatives:  set("what", "which", "who", "why", "how", "where"),
	boundaries: set(",", ".", ";", "and", "so", "then", "but", "okay", "now", "or"),
	reach: [][2]string{{"give me a call", "call the office"}, {"give us a call", "call the office"},
		{"contact me", "contact the office"}, {"call me", "call the office"}, {"let me know", "notify the office"},
		{"let us know", "notify the office"}, {"email me", "email the office"}, {"message me", "message the office"}},
	patientSpeech: []string{"my doctor", "my primary care", "my father", "my mother", "my dad", "my mom", "my wife",
		"my husband", "my son", "my daughter", "my sister", "my brother", "i have taken", "i took some",
		"i have been taking", "i am taking", "i have been having", "i am not vomiting", "i feel nauseated",
		"i am nauseated", "i have not had any", "my pain", "my urine", "my stomach", "my back", "my knee"},
	addressing:  set("you", "your", "yours", "yourself"),
	medSubjects: set("i"),
	reasonLead:  "for",
	takes: [][]string{{"take"}, {"took"}, {"have", "taken"}, {"have", "been", "taking"}, {"am", "taking"},
		{"use"}, {"am", "using"}, {"have", "been", "using"}, {"am", "on"}},
	articles: set("some", "a", "an", "the"),
	notMedication: set("them", "it", "that", "this", "those", "these", "my", "his", "her", "their", "like", "anything",
		"nothing", "something", "once", "all", "any", "everything", "medicine", "medication", "medications",
		"medicines", "pills", "care", "off", "to", "a", "more", "too", "much", "time"),
	cutAt:             set("but", ",", "which", "that", "because", "when", "since"),
	examWords:         set("exam", "examination"),
	examOpen:          "of",
	regionDeterminers: set("the", "their", "his", "her", "your", "my"),
	findingStarts:     set("the", "their", "his", "her", "your", "there", "it", "is", "are", "shows", "reveals"),
	negations:         set("not", "no", "never"),
	echoFiller:        set("have", "had", "been", "any", "a", "an", "experienced", "noticed", "really"),
}

// frenchVoice is read-only; it is built once at package initialisation.
var frenchVoice = &voiceRules{
	subjects: set("je"),
	starts:   []string{"je", "on", "nous"},
	// "on se revoit dans 6 semaines" is charted "à revoir dans 6 semaines".
	reach: [][2]string{{"on se revoit", "à revoir"}, {"on se reverra", "à revoir"}, {"on se voit", "à revoir"},
		{"nous nous reverrons", "à revoir"}, {"nous nous revoyons", "à revoir"}},
	intents:       [][]string{{"vais"}},
	patientSpeech: []string{"mon médecin", "ma mère", "mon père", "mon mari", "ma femme", "j'ai pris", "je prends"},
	addressing:    set("vous", "votre", "vos"),
	medSubjects:   set("je", "j'ai"),
	reasonLead:    "pour",
	elidedArticle: "l'",
	takes:         [][]string{{"prends"}, {"prenais"}, {"pris"}, {"utilise"}, {"ai", "pris"}},
	articles:      set("du", "de", "des", "la", "le", "les", "un", "une"),
	notMedication: set("rien", "ça", "cela", "mes", "mon", "ma", "quelque", "aucun", "aucune", "pas", "sa", "son",
		"ses", "beaucoup", "trop", "plus", "moins", "soin", "temps", "médicament", "médicaments"),
	cutAt:             set("mais", ",", "qui", "parce", "quand", "depuis"),
	boundaries:        set(",", ".", ";", "et", "mais", "puis"),
	examWords:         set("examen", "l'examen"),
	examOpen:          "de",
	regionDeterminers: set("la", "le", "sa", "son", "ses", "votre", "vos", "l'"),
	findingStarts:     set("il", "le", "la", "les", "est", "sont", "montre", "on"),
	negations:         set("pas", "jamais", "aucun", "aucune"),
	echoFiller:        set("de", "d'", "du", "des", "eu"),
	present:           frenchPresent,
}

// frenchObjects are the object pronouns between "je vais" and its verb.
var frenchObjects = set("vous", "le", "la", "les", "lui", "leur", "y", "en", "te", "me")

// frenchIrregular are the first-person present forms of irregular
// infinitives a plan uses.
var frenchIrregular = map[string]string{
	"prescrire": "prescris", "faire": "fais", "refaire": "refais", "revoir": "revois", "voir": "vois",
	"mettre": "mets", "remettre": "remets", "prendre": "prends", "reprendre": "reprends", "écrire": "écris",
	"envoyer": "envoie", "réduire": "réduis", "introduire": "introduis", "rappeler": "rappelle",
	"appeler": "appelle", "établir": "établis", "finir": "finis", "choisir": "choisis",
}

// frenchPresent is the "je" present of a plan verb's infinitive ("prescrire"
// -> "prescris", "référer" -> "réfère"), or "" when it is not one.
func frenchPresent(inf string) string {
	if p, ok := frenchIrregular[inf]; ok {
		return p
	}
	stem, ok := strings.CutSuffix(inf, "er")
	if !ok || inf == "aller" || len(stem) < 2 {
		return ""
	}
	// "référer" -> "réfère", "répéter" -> "répète": the last "é" before
	// the ending opens.
	if i := strings.LastIndex(stem, "é"); i > 0 && !strings.ContainsAny(stem[i+len("é"):], "aeiouyéèê") {
		stem = stem[:i] + "è" + stem[i+len("é"):]
	}
	return stem + "e"
}

// frenchPlan writes "je vais prescrire" as "je prescris", "je vais vous
// revoir" as "je vous revois" and the verbs joined to it ("et vous
// référer" -> "et vous réfère"): a note charts what the clinician does.
func (v *voiceRules) frenchPlan(words []string) []string {
	out := make([]string, 0, len(words))
	joined := false
	for i := 0; i < len(words); i++ {
		w := words[i]
		if n, repl := v.reachOffice(words, i); n > 0 {
			out = append(out, repl)
			i += n - 1
			continue
		}
		switch {
		case w == "je" && wordAt(words, i+1) == "vais":
			if n, verb := v.frenchVerb(words, i+2); n > 0 {
				out = append(out, elideJe(verb)...)
				i += 1 + n
				joined = true
				continue
			}
		case joined && (w == "et" || w == ","):
			if n, verb := v.frenchVerb(words, i+1); n > 0 {
				out = append(out, w)
				out = append(out, verb...)
				i += n
				continue
			}
		case w == ".":
			joined = false
		}
		out = append(out, w)
	}
	return out
}

// frenchVerb reads an optional object pronoun and an infinitive at
// words[i], returning how many words they are and their present form.
func (v *voiceRules) frenchVerb(words []string, i int) (int, []string) {
	pron := ""
	n := 0
	if w := wordAt(words, i); frenchObjects[w] {
		pron, n = w, 1
	}
	inf := wordAt(words, i+n)
	if elided, rest, ok := strings.Cut(inf, "'"); ok && pron == "" && (elided == "l" || elided == "m") {
		if p := v.present(rest); p != "" {
			return 1, []string{elided + "'" + p}
		}
		return 0, nil
	}
	p := v.present(inf)
	if p == "" {
		return 0, nil
	}
	if pron == "" {
		return 1, []string{p}
	}
	return 2, []string{pron, p}
}

// elideJe puts "je" before a verb phrase, elided before a vowel ("j'augmente").
func elideJe(phrase []string) []string {
	if startsWithVowel(phrase[0]) {
		return append([]string{"j'" + phrase[0]}, phrase[1:]...)
	}
	return append([]string{"je"}, phrase...)
}
