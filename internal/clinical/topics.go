package clinical

// The topic a plan item is said under: the opener that names it, the
// problem or the words after it, and the diagnosis said in the same
// sentence.

import (
	"strings"

	"github.com/notegen/notegen/internal/assertion"
	"github.com/notegen/notegen/internal/lexicon"
	"github.com/notegen/notegen/internal/transcript"
)

// topicBefore is the problem the clinician's plan was last opened on
// before item m ("for your congestive heart failure, ... I want to order
// an echocardiogram"): the last topic opener before it, with the problem
// right after the opener, in the clinician's sentences within reasonReach
// units; "" when the last topic opened names no problem the lexicon knows,
// or a diagnosis was said since. here reports whether a topic was opened
// in the item's own sentence, before it; opened whether a sentence before
// it opened on a topic the lexicon does not know ("As for the thyroid,
// ...").
func (r *Reading) topicBefore(m mention) (topic string, here, opened bool) {
	openers, headings := r.Lexicon.List("topic_openers"), r.Lexicon.List("problem_headings")
	for back := m.Unit; back >= 0 && back >= m.Unit-reasonReach; back-- {
		u := r.Units[back]
		if u.Speaker != transcript.Clinician || u.Question {
			continue
		}
		limit := len(u.Tokens)
		if back == m.Unit {
			limit = m.First
		}
		for k := limit - 1; k >= 0; k-- {
			e, n := openers.Match(u.Tokens, k)
			if h, hn := headings.Match(u.Tokens, k); h != nil && hn > n {
				// "your second condition of type two diabetes"
				e, n = h, hn
			}
			if e == nil || k+n > limit {
				continue
			}
			for b := k - 1; b >= 0 && b >= k-openerWords; b-- {
				// a longer opener covering it ("as for the" over "for the")
				if e2, n2 := openers.Match(u.Tokens, b); e2 != nil && b+n2 == k+n {
					k, n = b, n2
				}
			}
			topic, end := r.problemAfter(back, k+n)
			if topic == "" && r.opensSentence(u.Tokens, k, k+n) {
				// "As for the thyroid, ...", "Pour la contraception, ...":
				// the plan opens on what its items are for, in words the
				// lexicon does not know as a problem
				words, vague := r.topicWords(back, k+n)
				if vague {
					// "Pour la crise, ...": the crisis diagnosed before
					return "", false, false
				}
				topic = words
			}
			if diagnosed := r.diagnosisInSentence(back, end); topic != "" && diagnosed != "" {
				// "for the shortness of breath ..., I think it was an
				// exacerbation of your heart failure": the topic was what
				// brought the patient, the diagnosis what explains it, and
				// what the plan treats
				topic = diagnosed
			}
			return topic, back == m.Unit, topic == "" && r.opensSentence(u.Tokens, k, k+n)
		}
		if back < m.Unit && r.diagnosedIn(back) {
			// a diagnosis said since ("you do have a kidney stone") is
			// what the plan goes on about now
			return "", false, false
		}
	}
	return "", false, false
}

// openerWords is the most words of a topic opener.
const openerWords = 4

// opensSentence reports whether the topic opener at tokens [k, end) opens
// its sentence, past openers and fillers, and its topic ends with a comma
// a few words on ("So, as for the thyroid, ..."): a heading of the plan,
// not a phrase inside a sentence ("take it for the next two weeks").
func (r *Reading) opensSentence(toks []lexicon.Token, k, end int) bool {
	x := r.Lexicon
	for j := 0; j < k; j++ {
		if t := toks[j]; t.Norm != "," && !x.List("openers").Has(t.Norm) && !x.List("fillers").Has(t.Norm) &&
			!x.List("list_joins").Has(t.Norm) {
			return false
		}
	}
	for j := end; j < len(toks) && j <= end+purposeWords; j++ {
		if toks[j].Norm == "," {
			return true
		}
		if toks[j].Kind == lexicon.Punct {
			return false
		}
	}
	return false
}

// problemAfter is the patient's problem named right after token at of unit
// i, past fillers, commas and possessives ("for your first problem, um,
// your reflux ..."), with the problems listed with it ("your reflux and
// your nausea and vomiting"), or "", and the token after the last.
func (r *Reading) problemAfter(i, at int) (string, int) {
	toks := r.Units[i].Tokens
	at = r.pastTopicFillers(toks, at)
	var names []string
	for {
		k, fm := r.problemAt(i, at)
		if k < 0 {
			break
		}
		names = append(names, r.reasonWords(&r.Findings[k], fm))
		next := fm.End
		for next < len(toks) && (toks[next].Norm == "," || r.Lexicon.List("list_joins").Has(toks[next].Norm)) {
			next++
		}
		if next == fm.End {
			break
		}
		at = r.pastTopicFillers(toks, next)
	}
	return r.Lexicon.JoinList(names), at
}

// diagnosisInSentence is how a reason names the condition the clinician
// diagnoses in unit i after token from, in the same sentence, or "".
func (r *Reading) diagnosisInSentence(i, from int) string {
	toks := r.Units[i].Tokens
	end := from
	for end < len(toks) && !endsSentence(toks[end]) {
		end++
	}
	for k := range r.Findings {
		f := &r.Findings[k]
		if f.Kind != Condition || !f.Diagnosis || f.Subject != assertion.Patient ||
			f.Assertion != assertion.Present && f.Assertion != assertion.Possible {
			continue
		}
		for _, fm := range f.Mentions {
			if fm.Unit == i && fm.First >= from && fm.End <= end && fm.Context.Time != assertion.Past {
				return r.reasonWords(f, fm)
			}
		}
	}
	return ""
}

// problemAt is the finding (its index, -1 if none) of the patient's
// problem whose mention starts within topicWindow tokens of token at of
// unit i and opens the clause the topic is about, and that mention.
func (r *Reading) problemAt(i, at int) (int, Mention) {
	for k, f := range r.Findings {
		if (f.Kind != Condition && f.Kind != Symptom) || f.Assertion == assertion.Absent || f.Subject != assertion.Patient {
			continue
		}
		for _, fm := range f.Mentions {
			if fm.Unit == i && fm.First >= at && fm.First-at <= topicWindow && r.opensClause(i, fm.End) {
				return k, fm
			}
		}
	}
	return -1, Mention{}
}

// pastTopicFillers is the first token from at that is not a comma, a
// filler or a possessive.
func (r *Reading) pastTopicFillers(toks []lexicon.Token, at int) int {
	x := r.Lexicon
	for at < len(toks) && (toks[at].Norm == "," || x.List("fillers").Has(toks[at].Norm) ||
		x.List("determiners").Has(toks[at].Norm) || x.List("own_possessives").Has(toks[at].Norm)) {
		at++
	}
	return at
}

// topicWords is the words of the topic opened at token at of unit i, past fillers
// and possessives, up to the comma that ends it; vague reports a topic
// that names no problem of its own ("for the flare, ...", "for the first
// week, ...").
func (r *Reading) topicWords(i, at int) (words string, vague bool) {
	toks := r.Units[i].Tokens
	at = r.pastTopicFillers(toks, at)
	end := wordsToComma(toks, at, len(toks))
	if end < 0 || r.namesAny(toks[at:end], "medications", "medication_words", "labs", "imaging") {
		// ("for the medicine, I'm starting lisinopril": the topic is the
		// item, not what it is for)
		return "", false
	}
	if r.namesAny(toks[at:end], "time_units") {
		// "For the first week, cut the citalopram down ... and start
		// sertraline": a time, which leaves the reason to the diagnosis
		// before, as a vague topic does
		return "", true
	}
	if e, n := r.Lexicon.List("vague_topics").Match(toks, at); e != nil && at+n == end {
		return "", true
	}
	return strings.ToLower(r.TextOf(i, at, end)), false
}

// opensClause reports whether the sentence goes on after token end of
// unit i, to what is said of the topic ("for your diabetes, I want ...",
// "for your diabetes mellitus let's continue ..."). A problem that ends the
// sentence ("... ondansetron for the nausea.") was a purpose, not a topic.
func (r *Reading) opensClause(i, end int) bool {
	toks := r.Units[i].Tokens
	for k := end; k < len(toks) && k < end+2; k++ {
		if toks[k].Kind == lexicon.Punct && toks[k].Norm != "," {
			return false
		}
	}
	// a unit the boundary model cut from unpunctuated speech ends in no
	// mark, and the topic's clause goes on in the next one
	return end < len(toks) || len(toks) > 0 && toks[len(toks)-1].Kind != lexicon.Punct
}
