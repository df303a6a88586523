package notewriter

import "strings"

// How a patient's reply to a question is read: a yes, a no, or an answer
// that goes on with an exception and is neither.

// yesNo reads a short answer; ok is false when it is neither. The longest
// phrase decides: "i have not" is a no, though "i have" is a yes.
func (a *analyzer) yesNo(answer string) (present, ok bool) {
	var words []string
	for _, w := range strings.Fields(answer) {
		if w = strings.Trim(w, ",."); w != "" {
			words = append(words, w)
		}
	}
	for n := min(3, len(words)); n > 0; n-- {
		phrase := strings.Join(words[:n], " ")
		if a.lex.no[phrase] {
			return false, true
		}
		if a.lex.yes[phrase] {
			return true, true
		}
	}
	return false, false
}

// dropExceptedNo drops the "no" that opens "no , just a headache": it
// answers the question before, and what follows is the exception, which no
// negation must reach ("denies headaches").
func (a *analyzer) dropExceptedNo(padded string) string {
	words := strings.Fields(padded)
	k := 1
	for k < len(words) && words[k] == "," {
		k++
	}
	if len(words) < 3 || !a.lex.no[words[0]] || k >= len(words) || !a.lex.exceptions[words[k]] {
		return padded
	}
	return " " + strings.Join(words[k:], " ") + " "
}

// excepts reports whether an answer goes on with an exception after its
// first word ("nope , just penicillin", "no but my knee"): it is then not a
// plain yes or no, and the exception is what was said. said is the answer
// before fillers are removed, as "just" is one.
func (a *analyzer) excepts(said string) bool {
	words := strings.Fields(said)
	for i := 1; i < len(words); i++ {
		if a.lex.exceptions[words[i]] {
			return true
		}
	}
	return false
}

// deniedSupposition reports a clinician's statement about the patient
// that the patient's next turn answers with a plain "no" ("so you think
// this is more of a long term injury" / "no"): unpunctuated speech asks
// by stating, and the supposition the patient denied is not a fact. A
// negated supposition that gets a "no" ("this is not the worst headache
// you have had" / "no it is not") is confirmed, and stays.
func (a *analyzer) deniedSupposition(padded string, who speaker, answer *answerTurn) bool {
	if who != speakerClinician || answer == nil || answer.speaker != speakerPatient || hasCue(padded, a.lex.negations) {
		return false
	}
	addressed := false
	for _, w := range strings.Fields(padded) {
		addressed = addressed || a.lex.addressee[w]
	}
	if !addressed {
		return false
	}
	said := replaceWords(padTokens(firstSentence(answer.text)), a.lex.rewrites)
	reply := removeFillers(said, a.lex)
	if wordCount(reply) > 6 {
		return false
	}
	present, ok := a.yesNo(reply)
	return ok && !present && !a.excepts(said)
}
