package notewriter

// Questions and their answers: recognising a question in unpunctuated
// speech and charting it with the patient's reply ("Denies fever.").

import "strings"

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

// isQuestion uses the question mark when there is one and otherwise the
// first word, because ASR conversations often lack punctuation.
func (a *analyzer) isQuestion(raw, padded string, who speaker) bool {
	if strings.HasSuffix(strings.TrimSpace(raw), "?") {
		return true
	}
	// "do you think you need a higher dose." asks, whatever the
	// transcriber's full stop says.
	var first [2 * longestRun]string
	if a.opensQuestion(leadingWords(padded, a.lex.glue, first[:0])) {
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

// tailQuestionRules find a question said after a statement in one breath.
type tailQuestionRules struct {
	// asked follow a question word to open a question ("does that",
	// "any questions", "est-ce que"); a word ending in "-vous" or "-tu"
	// asks on its own ("avez-vous").
	asked map[string]bool
	// inverted are the auxiliaries that open a yes-no question ("does",
	// "have", "any").
	inverted map[string]bool
	// subjects after an inverted auxiliary at the start of a sentence
	// make it a question ("do you think", "has she been").
	subjects map[string]bool
	// requests ask for the patient's story ("tell me about"), word by
	// word.
	requests [][]string
	// perfect are the auxiliaries that also have someone do something
	// ("have you return"); they ask only before a participle, which
	// ends like "noticed" or is one of participles.
	perfect, participles map[string]bool
	// copulas are the inverted verbs that also link a subject to what
	// it is ("the thing is that ...").
	copulas map[string]bool
	// notAfter cannot come right before a question: "we have you push
	// fluids" and "that is that duct" state.
	notAfter map[string]bool
}

// maxTailQuestionWords is the longest question cut from a statement's
// end; a longer tail is more statement than question.
const maxTailQuestionWords = 10

// maxCopulaQuestionWords is the longest question opened by a copula
// ("is that correct", "is that what i am hearing").
const maxCopulaQuestionWords = 6

// minStatementWords is the fewest words a statement keeps before a cut
// question: fewer ("in terms of the mood") is not a sentence.
const minStatementWords = 6

// cutTailQuestion ends a clinician's statement where a question said in
// the same breath begins ("we will make an appointment for 7 days any
// questions", "... a whole blood transfusion have you heard of that
// before"): the statement is the note's, the question is talk. It is
// false when the sentence has no such question.
func (a *analyzer) cutTailQuestion(padded string) (string, bool) {
	words := strings.Fields(trimLeading(padded, a.lex.glue))
	rules := a.lex.tailQuestion
	for i := 1; i+1 < len(words); i++ {
		w := words[i]
		// "thanks so carolyn tell me about your headache" asks for the
		// story: what precedes it is talk unless it is a statement.
		if a.requests(words, i) {
			if kept := a.statementBefore(dropVocative(words[:i], a.lex), true); kept != "" {
				return a.cutAgain(kept), true
			}
			return " ", true
		}
		if i < minStatementWords {
			continue
		}
		inverted := strings.HasSuffix(w, "-vous") || strings.HasSuffix(w, "-tu")
		// "does that sound", "any questions", or after a wh-word "how does
		// that"; "see how she is doing" is no question.
		asks := rules.inverted[w] && rules.asked[words[i+1]] && (!rules.perfect[w] || a.opensQuestion(words[i:])) ||
			a.lex.questionWords[w] && !rules.inverted[w] && i+2 < len(words) && rules.inverted[words[i+1]] && rules.asked[words[i+2]]
		if !inverted && !asks {
			continue
		}
		// "the cool thing is that your body comes out stronger" states:
		// a copula opens a question only in a short tail.
		limit := maxTailQuestionWords
		if rules.copulas[w] {
			limit = maxCopulaQuestionWords
		}
		if len(words)-i > limit || rules.notAfter[words[i-1]] {
			continue
		}
		kept := a.statementBefore(words[:i], false)
		if kept == "" {
			return padded, false
		}
		return a.cutAgain(kept), true
	}
	return padded, false
}

// statementBefore is the statement before a cut question, without the
// words that led into the question, or "" when what is left is no
// statement: too short, or, before a question, a question too ("did it ,
// was it swollen"). Before a request it may open like one: "has a
// history of diabetes so tell me" states the history.
func (a *analyzer) statementBefore(kept []string, request bool) string {
	for n := len(kept); n > 0; n = len(kept) {
		if w := kept[n-1]; !isPunct(w) && !a.lex.fragment.ends[w] && !a.lex.glue[w] && !a.lex.questionWords[w] {
			break
		}
		kept = kept[:n-1]
	}
	if len(kept) < minStatementWords || !request && a.lex.questionWords[kept[0]] {
		return ""
	}
	return " " + strings.Join(kept, " ") + " . "
}

// cutAgain cuts a question left in a statement already cut: "it started
// a week ago has it been constant or does it come and go" asks twice.
func (a *analyzer) cutAgain(cut string) string {
	if again, ok := a.cutTailQuestion(cut); ok {
		return again
	}
	return cut
}

// requests reports a request for the patient's story at words[i] ("tell
// me about", "dites-moi").
func (a *analyzer) requests(words []string, i int) bool {
	for _, r := range a.lex.tailQuestion.requests {
		if matchAt(words, i, r) {
			return true
		}
	}
	return false
}

// opensQuestion reports a sentence that starts as a question: an inverted
// auxiliary and its subject ("has she been", "avez-vous"). "have you
// return in a year" has the patient do something, so "have" asks only
// before a participle ("have you noticed").
func (a *analyzer) opensQuestion(words []string) bool {
	rules := a.lex.tailQuestion
	if len(words) < 3 {
		return false
	}
	// "has she has she otherwise been" is asked once.
	if words[0] == words[2] {
		words = collapseRuns(words[:min(len(words), 2*longestRun)], a.lex)
		if len(words) < 3 {
			return false
		}
	}
	if strings.HasSuffix(words[0], "-vous") || strings.HasSuffix(words[0], "-tu") {
		return true
	}
	if !rules.inverted[words[0]] || !rules.subjects[words[1]] {
		return false
	}
	if !rules.perfect[words[0]] {
		return true
	}
	w := words[2]
	return rules.participles[w] || strings.HasSuffix(w, "ed") || strings.HasSuffix(w, "en")
}

// leadingWords appends to into the first words of padded after its glue,
// as many as into can hold without growing: a look at how a sentence
// opens that allocates nothing.
func leadingWords(padded string, glue map[string]bool, into []string) []string {
	rest := padded
	for len(into) < cap(into) {
		var w string
		w, rest = nextWord(rest)
		if w == "" {
			break
		}
		if len(into) == 0 && (glue[w] || w == ",") {
			continue
		}
		into = append(into, w)
	}
	return into
}

// nextWord is the first space-separated word of s and what follows it.
func nextWord(s string) (string, string) {
	s = strings.TrimLeft(s, " ")
	w, rest, _ := strings.Cut(s, " ")
	return w, rest
}

// dropVocative drops the name a request was addressed with ("... and
// high cholesterol so gabriel tell me"): glue, then one word, at the end.
func dropVocative(words []string, lex *lexicon) []string {
	if n := len(words); n > 2 && lex.glue[words[n-2]] && !isPunct(words[n-1]) {
		return words[:n-2]
	}
	return words
}
