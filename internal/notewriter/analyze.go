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
	// sideAsked is set after the clinician asked which side ("left or
	// right ?"), and sideSaid is the side the patient answered.
	sideAsked bool
	sideSaid  string
	// partSides is the side each body part was given anywhere in the
	// encounter ("that right knee" in the exam), "" once two sides were.
	partSides map[string]string
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
	a.out.statements = dropEchoedNegations(a.out.statements, a.out.findings, lex, lang)
	a.finishComplaint()
	if a.out.chiefComplaint.text == "" {
		a.out.chiefComplaint = a.fallbackChiefComplaint()
	}
	return a.out
}

func (a *analyzer) sentence(raw string, who speaker, answer *answerTurn, src Span) {
	lex := a.lex
	padded := a.dropExceptedNo(replaceWords(padTokens(raw), lex.rewrites))
	padded = removeFillers(padded, lex)
	// "you're you're satting at 100%" restarts, not asks "are you".
	if strings.Count(padded, " ") > 2*longestRun && hasRestartedPair(padded) {
		padded = " " + strings.Join(collapseRunsUpTo(strings.Fields(padded), restartedPair, lex), " ") + " "
	}
	if hasCue(padded, lex.speech.corrections) {
		padded = " " + strings.Join(applyCorrection(strings.Fields(padded), lex.speech), " ") + " "
	}
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
	if who == speakerClinician && a.phase != phaseExam {
		if cut, ok := a.cutTailQuestion(padded); ok {
			// The answer that follows was to the question, not to the
			// statement kept.
			padded, answer = cut, nil
		}
	}
	if a.phase != phaseExam && a.deniedSupposition(padded, who, answer) {
		return
	}
	if isCommand(trimLeading(padded, lex.glue), lex) {
		return
	}
	if hasCue(padded, lex.smallTalk) && countCues(padded, lex.clinical) < 2 {
		return
	}
	clinical := countCues(padded, lex.clinical)
	if who == speakerClinician && greets(afterGlue(padded, lex.glue), lex.speech) && !isIntro(padded, lex) ||
		addressesAssistant(padded, lex.speech) {
		return
	}
	if who == speakerClinician && clinical <= maxSelfTalkCues && selfTalk(afterGlue(padded, lex.glue), clinical, lex.speech) {
		return
	}
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
	if (cat == catAssessment || cat == catPlan || cat == catEducation) && a.trackProblem(padded, src) {
		return
	}
	body := trimLeading(padded, lex.glue)
	if who == speakerClinician {
		body = dropKnownLead(body, lex.speech)
	} else {
		body = dropAnswerWord(body, lex.speech)
	}
	system := ""
	switch cat {
	case catExam:
		body = cutExamOpening(terse(stripLeads(body, lex.examLeads, lex.fragment.copulas), lex.terse), lex, a.lang)
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
		body = terse(stripLeads(body, lex.resultLeads, lex.fragment.copulas), lex.terse)
		if wordCount(body) < 2 || onlyAnnounces(body, lex.terse) {
			return
		}
	}
	text := a.voice(body, cat, who)
	text = normalizeNumbers(text, &lex.numbers)
	if cat == catVitals {
		if list := vitalsList(text, &lex.numbers); list != "" {
			text = list
		}
	}
	written := finish(tidy(text, lex), a.lang != "fr")
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

// fragment reports a patient's short answer that is not a sentence on its
// own ("my right knee", "about four days ago"): the note carries it through
// the chief complaint, the findings or the clinician's restatement.
func (a *analyzer) fragment(padded string, who speaker) bool {
	return who != speakerClinician && wordCount(trimLeading(padded, a.lex.glue)) < minHistoryWords
}

// minHistoryWords is the fewest words, punctuation included, of a patient's
// sentence that stands alone in the history.
const minHistoryWords = 6
