package notewriter

import "strings"

// category is what a statement is about; the router turns categories into
// template sections.
type category int

const (
	catNone category = iota
	catChiefComplaint
	catHPI
	catROS
	catPastHistory
	catSurgicalHistory
	catMedications
	catAllergies
	catSocial
	catFamily
	catVitals
	catExam
	catResults
	catAssessment
	catPlan
	catEducation
	catDisposition
	catConsent
	catAnesthesia
	catComplications
	catComparison
	catTechnique
	catRisk
)

// phase is the part of the encounter a clinician is in. Conversations move
// from history to examination to results and assessment, and the phase
// decides the section of statements that no lexicon claims.
type phase int

const (
	phaseHistory phase = iota
	phaseExam
	// phaseResults is the review of tests that clinicians do between the
	// examination and the assessment ("let's look at your results").
	phaseResults
	phasePlan
)

// symptom is a lexicon entry for the review of systems.
type symptom struct {
	cue    string // word-prefix matched in the sentence
	name   string // canonical wording in the note
	system string // key into lexicon.systems
}

// lexicon holds everything language-specific. Tables are read-only after
// construction; one lexicon serves concurrent Write calls.
type lexicon struct {
	// fillers are removed wherever they appear as whole words.
	fillers []string
	// rewrites fix ASR spacing and contractions before anything else.
	rewrites [][2]string
	// acknowledgements make up a sentence that carries no information when
	// all its words are in this set ("okay", "mm-hmm", "all right").
	acknowledgements map[string]bool
	// smallTalk cues mark a sentence as social chatter when it has no
	// clinical cue.
	smallTalk []string
	// commands open sentences addressed to the dictation system ("show me
	// the chest x-ray"), which never belong in the note.
	commands []string
	// clinical cues make a sentence worth keeping.
	clinical []string
	yes, no  map[string]bool
	// exceptions turn a yes or a no into something else: "nope, just
	// penicillin" names an allergy.
	exceptions map[string]bool
	// negations inside a sentence turn a symptom mention into a denial.
	negations []string
	// glue words only attach a sentence to the previous one and are
	// trimmed from its start ("okay so", "and").
	glue map[string]bool
	// thoughtStarters are words that may begin a new sentence in
	// unpunctuated ASR text.
	thoughtStarters map[string]bool
	// clauseOpeners start a new sentence in a very long unpunctuated one.
	clauseOpeners [][]string
	// findingOn, findingExam, possessives, bodyParts and prepositions find
	// where an examination finding starts in unpunctuated speech.
	findingOn, findingExam string
	possessives, bodyParts map[string]bool
	prepositions           map[string]bool

	phaseCues map[phase][]string
	// examReturns announce the examination so plainly that they start it
	// even after the plan was discussed: clinicians dictate the findings
	// once the patient has left ("physical exam , no apparent distress").
	// examLater marks the same words as a plan for a later visit.
	examReturns, examLater []string
	// exam recognises an announcement of the examination by word family
	// ("let me listen to your heart", "move on to my physical exam").
	exam examAnnouncement
	// vitalsCues name the vital signs as a whole ("your vitals").
	vitalsCues []string
	// narration opens a clinician's account of what they examine ("when
	// i"): a question word that does not ask.
	narration map[string]bool
	// feminine nouns take "sa", not "son" (French only).
	feminine map[string]bool
	// dangling words cannot end a sentence; one that ends with them was
	// cut off mid-thought.
	dangling map[string]bool
	// fragment finds the words a written sentence trails off with.
	fragment fragmentRules
	// speech finds spoken habits the note drops.
	speech speechRules
	// noComma are words a comma cannot follow: articles, prepositions and
	// verbs waiting for their object ("there is , some tenderness" is the
	// transcriber's pause, not the clinician's punctuation).
	noComma map[string]bool
	// assents acknowledge what was just said ("okay", "yeah"); a sentence
	// that has one and no clinical word is the talk around the facts ("a
	// week okay all right", "maybe his sister okay").
	assents map[string]bool
	// examCues mark a sentence said during the examination as a finding;
	// sentences without one are the clinician narrating ("let me take a
	// listen") and are dropped.
	examCues []string
	// examAsides are the clinician's own remarks during the examination.
	examAsides []string
	// examCuts end a finding where narration or a question follows it in
	// one unpunctuated sentence.
	examCuts []string
	// examLeads are stripped from a finding ("on exam , i do appreciate").
	examLeads []string
	// examSystems label findings by body system, in cue order.
	examSystems [][2]string
	// terse rewrites a kept finding or result into charting style.
	terse terseRules
	// resultCues mark a sentence of the results review as a result.
	resultCues []string
	// resultLeads are stripped from a result ("looking here at").
	resultLeads []string
	// introCues mark the clinician's one-line introduction of the patient.
	introCues []string
	// resultTests name tests: during the examination only a sentence that
	// names one is a result ("the knee shows erythema" is a finding).
	resultTests  []string
	categoryCues map[category][]string
	planCues     []string
	// planStarts are treatment decisions that begin the plan after the
	// examination when it was not announced.
	planStarts   []string
	diagnosisCue []string

	symptoms []symptom
	// systems maps a system key to its ROS label.
	systems     map[string]string
	systemOrder []string

	// questionLeads are stripped from a clinician's question to leave the
	// topic ("do you have any chest pain" -> "chest pain").
	questionLeads []string
	questionWords map[string]bool
	// tailQuestion finds a question said in the same breath after a
	// statement ("... a whole blood transfusion have you heard of that").
	tailQuestion tailQuestionRules
	// addressee are the words that speak to the patient ("you", "vous").
	addressee map[string]bool
	// questionPhrases ask a question wherever they are in a sentence.
	questionPhrases []string
	// tagQuestions end a statement to check understanding ("..., okay?").
	tagQuestions []string
	// problemPattern captures a problem name announced by the clinician.
	problemLeads []string
	// leadingFunction are the prepositions, articles, conjunctions and
	// possessives a problem or a chief complaint never starts with ("of
	// your hypertension"); elisions are the same words elided onto the next
	// one ("d'hypertension").
	leadingFunction map[string]bool
	elisions        []string

	person  personRules
	numbers numberRules

	reportsPrefix, deniesPrefix string
	// ccPatterns find the reason for the visit ("here for", "presents with").
	ccPatterns []string
	complaint  complaintRules
}

// personRules rewrite first and second person into third person.
type personRules struct {
	// reportLeads at the start of a patient's sentence become "Reports".
	reportLeads []string
	// becomingLeads ("i get") report what the patient has only before a
	// determiner ("i get a headache"); before an adjective ("i get sore")
	// they say how the patient becomes.
	becomingLeads, determiners map[string]bool
	// firstPerson and secondPerson map whole words; subject forms use the
	// inferred pronoun.
	verbs map[string]bool
	// irregular third-person forms.
	irregular map[string]string
	// auxiliariesAfterYou mark "you" as a subject.
	subjectFollowers map[string]bool
	subjectPrecedes  map[string]bool
}

// numberRules turn spoken numbers and units into clinical notation.
type numberRules struct {
	units      map[string]int
	tens       map[string]int
	scales     map[string]int
	unitWords  [][2]string // "milligrams" -> "mg"
	frequency  [][2]string // "once a day" -> "daily"
	vitalNames [][2]string // "blood pressure" -> "Blood pressure"
	over       string      // "120 over 80"
	outOf      string      // "3 out of 6"
	and        string      // "one hundred and twenty"
	point      string      // "ninety eight point six", "trente-huit virgule cinq"
	// decimalMark is how the language writes decimals: 98.6, 38,5.
	decimalMark string
	// french selects the French number grammar (quatre-vingt-dix-neuf).
	french bool
}

// hasCue reports whether any cue starts a word of padded (a sentence
// wrapped in spaces, lower-case), also after an elided article
// ("l'analyse").
func hasCue(padded string, cues []string) bool {
	for _, c := range cues {
		if cueAt(padded, c) {
			return true
		}
	}
	return false
}

// countCues counts the cues present in padded.
func countCues(padded string, cues []string) int {
	n := 0
	for _, c := range cues {
		if cueAt(padded, c) {
			n++
		}
	}
	return n
}

// cueAt reports whether cue occurs in padded right after a space or an
// apostrophe. It allocates nothing: it runs for every cue of every
// sentence of an hour-long transcript.
func cueAt(padded, cue string) bool { return cueIndex(padded, cue) >= 0 }

func (l *lexicon) startsThought(words []string, i int) bool {
	w := strings.Trim(strings.ToLower(words[i]), ",")
	if l.startsFinding(words, i) {
		return true
	}
	if !l.thoughtStarters[w] {
		return false
	}
	// "okay so" and "alright" end the previous thought; a bare "so" inside
	// a clause ("so much") does not, hence the comma or known pair check.
	prev := strings.ToLower(words[i-1])
	return strings.HasSuffix(prev, ",") || l.acknowledgements[strings.Trim(prev, ",")] || w == "okay" || w == "alright"
}

// opensClause reports whether words[i:] starts with one of the clause
// openers that begin a new thought in long unpunctuated speech.
func (l *lexicon) opensClause(words []string, i int) bool {
	for _, opener := range l.clauseOpeners {
		n := len(opener)
		if i+n > len(words) {
			continue
		}
		match := true
		for k, w := range opener {
			if strings.Trim(strings.ToLower(words[i+k]), ",") != w {
				match = false
				break
			}
		}
		if match {
			return true
		}
	}
	return false
}

// startsFinding recognises where a new examination finding begins in
// unpunctuated speech: "on your heart exam", "his lungs are", "your
// abdomen is".
func (l *lexicon) startsFinding(words []string, i int) bool {
	if i+2 >= len(words) {
		return false
	}
	w, next := strings.ToLower(words[i]), strings.Trim(strings.ToLower(words[i+1]), ",")
	if w == l.findingOn && l.possessives[next] {
		for k := i + 2; k < len(words) && k <= i+5; k++ {
			if strings.HasPrefix(strings.ToLower(words[k]), l.findingExam) {
				return true
			}
		}
		return false
	}
	prev := strings.Trim(strings.ToLower(words[i-1]), ",")
	return l.possessives[w] && l.bodyParts[next] && !l.prepositions[prev]
}

func lexiconFor(lang string) *lexicon {
	if lang == "fr" {
		return frenchLexicon
	}
	return englishLexicon
}

func set(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}
