package notewriter

import (
	"strings"
)

// statement is one kept, rewritten sentence with its destination.
type statement struct {
	cat     category
	text    string
	problem int // index into analysis.problems, -1 when not tied to one
	// sources are the spans of the transcript the statement was written
	// from, in byte offsets until Write converts them.
	sources []Span
	// system labels an examination finding ("Cardiovascular").
	system string
}

// finding is a symptom the patient has or denies, for the review of systems.
type finding struct {
	name, system string
	present      bool
	sources      []Span
}

// analysis is everything extracted from a transcript before rendering.
type analysis struct {
	statements     []statement
	findings       []finding
	problems       []problem
	chiefComplaint statement
	// verbatim holds the cleaned sentences in order, for word-for-word notes.
	verbatim []statement
}

// problem is a problem the clinician announced, with where it was named.
type problem struct {
	name    string
	sources []Span
}

// analyzer carries the per-call state of one Write; nothing is shared
// between calls.
type analyzer struct {
	lex      *lexicon
	lang     string
	pronouns pronouns
	phase    phase
	problem  int
	out      analysis
	seen     map[string]bool
	findings map[string]int
	// answerTaken is set when a question's short answer was charted with
	// it ("Denies fever."), so the bare "no" is not written again.
	answerTaken bool
	// opening holds the first history sentences, ccAsked is set after the
	// clinician asked for the reason for the visit, and ccStrength is how
	// sure the chief complaint found so far is.
	opening    []string
	ccAsked    bool
	ccStrength int
	cc         complaintCandidate
	// painSaid is the first body part the patient said hurts in the
	// history, a reason for the visit when nobody states one.
	painSaid complaintCandidate
	// review is the turn (plus one, so zero is none) and phase in which
	// the clinician last read out a result.
	review reviewing
}

// reviewing is where a clinician is reading out a test's result.
type reviewing struct {
	turn  int
	phase phase
}

func analyze(turns []turn, lex *lexicon, lang string, p pronouns) analysis {
	a := &analyzer{lex: lex, lang: lang, pronouns: p, problem: -1, seen: map[string]bool{}, findings: map[string]int{}}
	for i, t := range turns {
		var next *answerTurn
		if i+1 < len(turns) && turns[i+1].speaker != t.speaker {
			next = &answerTurn{turn: turns[i+1], index: i + 1}
		}
		sentences := splitSentences(t.text, lex)
		for k, s := range sentences {
			// Only the last sentence of a turn is answered by the next turn.
			var answer *answerTurn
			if k == len(sentences)-1 {
				answer = next
			}
			a.sentence(s.text, t.speaker, answer, Span{Turn: i, Start: t.source(s.start), End: t.source(s.end)})
		}
	}
	a.finishComplaint()
	if a.out.chiefComplaint.text == "" {
		a.out.chiefComplaint = a.fallbackChiefComplaint()
	}
	return a.out
}

// answerTurn is the turn that follows a question, with its position.
type answerTurn struct {
	turn
	index int
}

// span is where the turn's first sentence lies: the answer to a question.
func (t answerTurn) span() Span {
	end := len(t.text)
	if i := strings.IndexAny(t.text, ".?!"); i >= 0 {
		end = i + 1
	}
	return Span{Turn: t.index, Start: t.source(0), End: t.source(end)}
}

func (a *analyzer) sentence(raw string, who speaker, answer *answerTurn, src Span) {
	lex := a.lex
	padded := a.dropExceptedNo(replaceWords(padTokens(raw), lex.rewrites))
	padded = removeFillers(padded, lex)
	if stated, ok := a.untag(padded); ok {
		padded, raw = stated, strings.TrimSuffix(strings.TrimSpace(raw), "?")+"."
	}
	// Only the sentence right after a charted question is its answer.
	taken := a.answerTaken
	a.answerTaken = false
	if taken && who != speakerClinician && wordCount(padded) > 0 && wordCount(padded) <= 6 {
		a.out.verbatim = append(a.out.verbatim, statement{text: finish(padded, a.lang != "fr"), sources: []Span{src}, problem: -1})
		return
	}
	if wordCount(padded) == 0 || a.isAcknowledgement(padded) {
		return
	}
	a.out.verbatim = append(a.out.verbatim, statement{text: finish(padded, a.lang != "fr"), sources: []Span{src}, problem: -1})
	if who == speakerClinician {
		a.advancePhase(padded)
	}
	if who != speakerOther {
		a.findChiefComplaint(padded, who, src)
	}
	if a.isQuestion(raw, padded, who) {
		if who == speakerClinician && answer != nil && answer.speaker == speakerPatient {
			a.questionAnswered(padded, answer.text, []Span{src, answer.span()})
		}
		return
	}
	if isCommand(trimLeading(padded, lex.glue), lex) {
		return
	}
	if hasCue(padded, lex.smallTalk) && countCues(padded, lex.clinical) < 2 {
		return
	}
	clinical := countCues(padded, lex.clinical)
	if a.phase == phaseExam && who == speakerClinician {
		// Findings have their own vocabulary ("no apparent distress").
		clinical += countCues(padded, lex.examCues)
	}
	if clinical == 0 && !hasDigitWord(normalizeNumbers(padded, &lex.numbers)) {
		return
	}
	if wordCount(padded) < 3 {
		return
	}
	a.recordFindings(padded, who, src)
	if a.phase == phaseExam && who == speakerClinician {
		padded = cutAside(padded, lex)
	}
	cat := a.classify(padded, who)
	// A clinician reading out a test goes on, in the same turn, to say what
	// it shows without naming it again ("let's look at your x-ray . you
	// have a fracture of the distal phalanx").
	if who == speakerClinician {
		if cat == catHPI && a.review == (reviewing{turn: src.Turn + 1, phase: a.phase}) {
			cat = catResults
		}
		if cat == catResults {
			a.review = reviewing{turn: src.Turn + 1, phase: a.phase}
		}
	}
	if cat == catNone || (cat == catHPI && (!a.worth(padded, clinical, historyDensity) || a.fragment(padded, who))) ||
		((cat == catAssessment || cat == catPlan) && !a.worth(padded, clinical, planDensity)) {
		return
	}
	if cat == catAssessment || cat == catPlan || cat == catEducation {
		a.trackProblem(padded, src)
	}
	body := trimLeading(padded, lex.glue)
	system := ""
	switch cat {
	case catExam:
		body = terse(stripLeads(body, lex.examLeads), lex.terse)
		if wordCount(body) < 2 {
			return
		}
		system = examSystem(body, lex)
		// "let me do a quick physical exam" announces the examination;
		// only "exam" made it look like a finding.
		// "your blood pressure and heart rate look good" reviews the vital
		// signs without a value or a finding.
		if hasCue(body, lex.categoryCues[catVitals]) && !hasDigitWord(body) && hasCue(body, lex.terse.fine) {
			return
		}
		if (system == "" && hasCue(body, lex.terse.generic)) ||
			(hasCue(body, lex.phaseCues[phaseExam]) && countCues(body, lex.examCues) <= 1) {
			return
		}
	case catResults:
		body = terse(stripLeads(body, lex.resultLeads), lex.terse)
		if wordCount(body) < 2 || onlyAnnounces(body, lex.terse) {
			return
		}
	}
	text := rewritePerson(body, who, a.pronouns, lex, a.lang)
	text = normalizeNumbers(text, &lex.numbers)
	if cat == catVitals {
		if list := vitalsList(text, &lex.numbers); list != "" {
			text = list
		}
	}
	written := finish(text, a.lang != "fr")
	if who == speakerOther && written != "" {
		written = attributeToCompanion(written, a.lang)
	}
	if written == "" || a.seen[written] {
		return
	}
	a.seen[written] = true
	problem := -1
	if cat == catAssessment || cat == catPlan || cat == catEducation {
		problem = a.problem
	}
	a.out.statements = append(a.out.statements, statement{cat: cat, text: written, problem: problem, sources: []Span{src}, system: system})
}

// stripLeads removes, repeatedly, any of leads from the start of padded:
// "on exam , i do appreciate a murmur" -> "a murmur".
func stripLeads(padded string, leads []string) string {
	for changed := true; changed; {
		changed = false
		for _, l := range leads {
			if strings.HasPrefix(padded, " "+l+" ") {
				padded = padded[len(l)+1:]
				changed = true
			}
		}
	}
	return padded
}

// examSystem is the body system a finding is about, or "" when unclear.
func examSystem(padded string, lex *lexicon) string {
	for _, s := range lex.examSystems {
		if cueAt(padded, s[0]) {
			return s[1]
		}
	}
	return ""
}

func hasDigitWord(padded string) bool {
	for i := 0; i < len(padded); i++ {
		if isDigit(padded[i]) {
			return true
		}
	}
	return false
}

func (a *analyzer) isAcknowledgement(padded string) bool {
	for _, w := range strings.Fields(padded) {
		if w == "," || w == "." || w == "?" || w == "!" {
			continue
		}
		if !a.lex.acknowledgements[w] {
			return false
		}
	}
	return true
}

// isQuestion uses the question mark when there is one and otherwise the
// first word, because ASR conversations often lack punctuation.
func (a *analyzer) isQuestion(raw, padded string, who speaker) bool {
	if strings.HasSuffix(strings.TrimSpace(raw), "?") {
		return true
	}
	if strings.ContainsAny(raw, ".!") {
		return false
	}
	words := strings.Fields(trimLeading(padded, a.lex.glue))
	// During the examination "when i look at your neck ..." narrates a
	// finding.
	if who == speakerClinician && a.phase == phaseExam && len(words) > 1 && a.lex.narration[words[0]+" "+words[1]] {
		return false
	}
	if len(words) > 0 && a.lex.questionWords[words[0]] && len(words) < 15 {
		return true
	}
	// Unpunctuated speech asks in mid-sentence too: "since you are in how
	// about your blood pressure". Only while taking the history: later, a
	// plan ends in "do you have any questions" and stays a plan.
	return who == speakerClinician && a.phase == phaseHistory && hasCue(padded, a.lex.questionPhrases)
}

// advancePhase moves forward: an encounter rarely returns from the plan to
// the examination, and a late mention of "exam" is usually a plan.
func (a *analyzer) advancePhase(padded string) {
	// The one way back: an examination announced, or dictated, after the
	// plan was discussed.
	if a.phase == phasePlan && (hasCue(padded, a.lex.examReturns) || a.lex.exam.announces(padded)) && !hasCue(padded, a.lex.examLater) {
		a.phase = phaseExam
		return
	}
	// After the examination, the first treatment decision starts the plan
	// even when nobody announces it ("so what i want you to do is continue
	// your bumex").
	if (a.phase == phaseExam || a.phase == phaseResults) && hasCue(padded, a.lex.planStarts) {
		a.phase = phasePlan
		return
	}
	for _, ph := range []phase{phasePlan, phaseResults, phaseExam} {
		// Results are reviewed after an examination; before it, a test is
		// part of the history ("did you get your x-ray ?").
		// Looking at the vital signs is part of the examination ("i
		// looked at your vitals").
		if ph == phaseResults && (a.phase != phaseExam || hasCue(padded, a.lex.categoryCues[catVitals]) || hasCue(padded, a.lex.vitalsCues)) {
			continue
		}
		if ph > a.phase && (hasCue(padded, a.lex.phaseCues[ph]) || (ph == phaseExam && a.lex.exam.announces(padded))) {
			a.phase = ph
			return
		}
	}
}

func (a *analyzer) classify(padded string, who speaker) category {
	lex := a.lex
	cues := lex.categoryCues
	if hasCue(padded, cues[catRisk]) {
		return catRisk
	}
	if hasCue(padded, cues[catAllergies]) {
		return catAllergies
	}
	// Once the plan has begun, a blood pressure with a number is a target
	// or an instruction ("weigh yourself daily and call me if you gain 3
	// pounds"), not a measurement taken today.
	if who == speakerClinician && a.phase != phasePlan && hasCue(padded, cues[catVitals]) && hasDigitWord(normalizeNumbers(padded, &lex.numbers)) {
		return catVitals
	}
	switch a.phase {
	case phasePlan:
		if who != speakerClinician {
			return catNone
		}
		for _, c := range []category{catConsent, catAnesthesia, catComplications, catDisposition, catEducation} {
			if hasCue(padded, cues[c]) {
				return c
			}
		}
		if hasCue(padded, cues[catResults]) && !hasCue(padded, lex.planCues) {
			return catResults
		}
		if hasCue(padded, lex.planCues) {
			return catPlan
		}
		return catAssessment
	case phaseExam, phaseResults:
		if who != speakerClinician {
			return catNone
		}
		if hasCue(padded, lex.resultTests) && !hasCue(padded, lex.examAsides) {
			return catResults
		}
		for _, c := range []category{catComparison, catTechnique} {
			if hasCue(padded, cues[c]) {
				return c
			}
		}
		if a.phase == phaseResults {
			// Advice given while going over results ("avoid fatty foods",
			// "we might need to repeat that") is not a result.
			if hasCue(padded, lex.planCues) && !hasCue(padded, lex.resultTests) {
				return catNone
			}
			if (hasCue(padded, lex.resultCues) || hasDigitWord(padded)) && !hasCue(padded, lex.examAsides) {
				return catResults
			}
			return catNone
		}
		if hasCue(padded, lex.examAsides) || !hasCue(padded, lex.examCues) {
			return catNone
		}
		// Advice given while examining ("continue the scar gel twice
		// daily") names no body system a finding would: it is the plan.
		if hasCue(padded, lex.planCues) && examSystem(padded, lex) == "" {
			return catPlan
		}
		return catExam
	}
	// "Anna is a 44-year-old female with ... who presents for" opens the
	// history whatever tests it names.
	if isIntro(padded, lex) {
		return catHPI
	}
	symptom := a.hasSymptom(padded)
	for _, c := range []category{catResults, catFamily, catMedications, catSocial, catSurgicalHistory, catPastHistory} {
		// The patient telling of a test is the history of the illness
		// ("he ordered a cat scan and said I had a kidney stone").
		if c == catResults && who != speakerClinician {
			continue
		}
		// A symptom makes the sentence history of the illness even when it
		// mentions work or an inhaler.
		if symptom && (c == catSocial || c == catMedications) {
			continue
		}
		if hasCue(padded, cues[c]) {
			if c == catPastHistory && strings.Contains(padded, " year old ") {
				break
			}
			return c
		}
	}
	return catHPI
}

// questionAnswered turns "any fever or chills ?" + "no" into a denial and
// a bare "yes" into a report, which is how clinicians chart them.
func (a *analyzer) questionAnswered(question, answerText string, sources []Span) {
	lex := a.lex
	said := replaceWords(padTokens(firstSentence(answerText)), lex.rewrites)
	answer := removeFillers(said, lex)
	words := strings.Fields(answer)
	if len(words) == 0 || len(words) > 6 {
		return
	}
	present, ok := a.yesNo(answer)
	if !ok || a.excepts(said) {
		return
	}
	matched := false
	for _, s := range lex.symptoms {
		if cueAt(question, s.cue) {
			a.addFinding(finding{name: s.name, system: s.system, present: present, sources: sources})
			matched = true
		}
	}
	if matched {
		a.answerTaken = true
		return
	}
	if !hasCue(question, lex.clinical) {
		return
	}
	topic := questionTopic(question, lex)
	if topic == "" || len(strings.Fields(topic)) > 8 {
		return
	}
	// A topic that is still a question ("could you tell me", "avez-vous
	// remarqué") cannot be charted as a finding.
	for _, w := range strings.Fields(topic) {
		if lex.questionWords[w] || w == "you" || w == "your" || w == "vous" || w == "votre" || w == "tu" {
			return
		}
	}
	prefix := lex.deniesPrefix
	if present {
		prefix = lex.reportsPrefix
	}
	text := rewritePerson(" "+prefix+" "+topic+" ", speakerClinician, a.pronouns, lex, a.lang)
	written := finish(normalizeNumbers(text, &lex.numbers), a.lang != "fr")
	if a.phase == phaseHistory && !a.seen[written] {
		a.seen[written] = true
		a.answerTaken = true
		a.out.statements = append(a.out.statements, statement{cat: catHPI, text: written, problem: -1, sources: sources})
	}
}

func firstSentence(text string) string {
	if i := strings.IndexAny(text, ".?!"); i >= 0 {
		return text[:i+1]
	}
	return text
}

// questionTopic strips question leads: "do you have any chest pain" ->
// "chest pain".
func questionTopic(question string, lex *lexicon) string {
	q := " " + strings.Join(strings.Fields(strings.NewReplacer("?", " ", ",", " ", ".", " ").Replace(question)), " ") + " "
	for changed := true; changed; {
		changed = false
		for _, lead := range lex.questionLeads {
			if strings.HasPrefix(q, " "+lead+" ") {
				q = q[len(lead)+1:]
				changed = true
			}
		}
	}
	return strings.TrimSpace(q)
}

func (a *analyzer) recordFindings(padded string, who speaker, src Span) {
	if a.phase != phaseHistory {
		return
	}
	for _, s := range a.lex.symptoms {
		if at := cueIndex(padded, s.cue); at >= 0 {
			a.addFinding(finding{name: s.name, system: s.system, present: !a.negatedAt(padded, at), sources: []Span{src}})
		}
	}
}

// negationScope is how many words before a symptom a negation reaches:
// "no fever" and "I have not had any fever" deny it, "I do not know if it
// is related but my anxiety is worse" does not deny anxiety.
const negationScope = 5

// negatedAt reports whether a negation cue falls within negationScope words
// before the byte offset at, in the same clause.
func (a *analyzer) negatedAt(padded string, at int) bool {
	words := strings.Fields(padded[:at])
	start := max(0, len(words)-negationScope)
	for k := len(words) - 1; k >= start; k-- {
		// A clause boundary ends the negation's reach.
		if w := words[k]; w == "," || w == "but" || w == "mais" || w == "." || w == ";" {
			start = k + 1
			break
		}
	}
	window := " " + strings.Join(words[start:], " ") + " "
	return hasCue(window, a.lex.negations)
}

// cueIndex is the byte offset of the first place cue starts a word of
// padded, or -1.
func cueIndex(padded, cue string) int {
	for from := 0; ; {
		i := strings.Index(padded[from:], cue)
		if i < 0 {
			return -1
		}
		at := from + i
		if at > 0 && (padded[at-1] == ' ' || padded[at-1] == '\'') {
			return at
		}
		from = at + 1
	}
}

// addFinding keeps the first statement about a symptom: the answer to the
// direct question is more reliable than a later passing mention.
func (a *analyzer) addFinding(f finding) {
	if _, ok := a.findings[f.name]; ok {
		return
	}
	a.findings[f.name] = len(a.out.findings)
	a.out.findings = append(a.out.findings, f)
}

func isCommand(padded string, lex *lexicon) bool {
	for _, c := range lex.commands {
		if strings.HasPrefix(padded, " "+c+" ") {
			return true
		}
	}
	return false
}

// attributeToCompanion reports what someone other than the patient said
// as theirs, in their words: a partner's "I noticed he was confused" is
// not the patient's report and is not rewritten as one.
func attributeToCompanion(sentence, lang string) string {
	if lang == "fr" {
		return "Selon l'accompagnant : « " + sentence + " »"
	}
	return "Per the patient's companion: \"" + sentence + "\""
}

// historyDensity is the fewest clinical cues per word a history sentence
// needs to be kept: clinicians' histories are about half as long as what
// is said, and what they leave out is the talk around the facts.
const historyDensity = 0.1

// planDensity is the same bar for assessment and plan sentences.
const planDensity = 0.0

// worth keeps a sentence that carries clinical content for
// its length and does not trail off ("I know that she.").
func (a *analyzer) worth(padded string, clinical int, density float64) bool {
	words := strings.Fields(padded)
	last := words[len(words)-1]
	if last == "." || last == "?" || last == "!" {
		words = words[:len(words)-1]
	}
	if len(words) == 0 || a.lex.dangling[words[len(words)-1]] {
		return false
	}
	return float64(clinical) >= density*float64(len(words))
}

func (a *analyzer) hasSymptom(padded string) bool {
	for _, s := range a.lex.symptoms {
		if cueAt(padded, s.cue) {
			return true
		}
	}
	return false
}

// isIntro reports the clinician's introduction of the patient. Its cues
// may sit inside a word: "55-year-old" is written as one token.
func isIntro(padded string, lex *lexicon) bool {
	for _, c := range lex.introCues {
		if strings.Contains(padded, c) {
			return true
		}
	}
	return false
}

// untag turns a statement that ends in a tag question ("the x-rays show a
// possible kidney stone , okay ?") back into the statement: the clinician
// is checking understanding, not asking.
func (a *analyzer) untag(padded string) (string, bool) {
	for _, tag := range a.lex.tagQuestions {
		if !strings.HasSuffix(padded, " , "+tag+" ? ") {
			continue
		}
		body := padded[:len(padded)-len(tag)-6]
		words := strings.Fields(trimLeading(body, a.lex.glue))
		if len(words) < 5 || a.lex.questionWords[words[0]] || strings.Contains(body, " ? ") {
			return padded, false
		}
		return body + " . ", true
	}
	return padded, false
}

// fragment reports a patient's short answer that is not a sentence on its
// own ("my right knee", "about four days ago"): the note carries it through
// the chief complaint, the findings or the clinician's restatement.
func (a *analyzer) fragment(padded string, who speaker) bool {
	return who != speakerClinician && wordCount(trimLeading(padded, a.lex.glue)) < minHistoryWords
}

// minHistoryWords is the fewest words, punctuation included, of a patient's
// sentence that stands alone in the history.
const minHistoryWords = 6
