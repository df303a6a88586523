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
