package clinical

import "github.com/notegen/notegen/internal/assertion"

// habits reads the social history's habits (tobacco, alcohol, drugs,
// exercise): one finding per kind, the patient's own statement deciding.
// A habit is never a problem: a smoker who quit five years ago is a former
// smoker (Time past), one who never smoked denies it (Absent).
func (r *Reading) habits(ms []mention) {
	seen := map[string]int{}
	for _, m := range ms {
		if m.kind != Habit || m.Context.Subject != assertion.Patient || m.Context.Assertion == assertion.Hypothetical {
			continue
		}
		if r.saidOfSomethingElse(m) {
			// "he's drinking fine": fluids, not alcohol
			continue
		}
		kind := m.entry.Attr("kind")
		if at, ok := seen[kind]; ok {
			f := &r.Findings[at]
			f.Mentions = append(f.Mentions, m.Mention)
			// an answer only stands when no statement was made; a
			// statement that says nothing of time ("I smoked twenty a day
			// for twenty years before that") leaves a quitting the answer
			// told ("I stopped in 2015") as it was
			if !m.Answered && f.Mentions[0].Answered && (len(m.Context.Triggers) > 0 || f.Time != assertion.Past) {
				f.Assertion, f.Time = m.Context.Assertion, timeOf(m)
			}
			if m.Context.Time == assertion.Past && m.Context.Assertion == assertion.Present {
				f.Time = assertion.Past
			}
			continue
		}
		seen[kind] = len(r.Findings)
		r.Findings = append(r.Findings, Finding{Kind: Habit, Name: m.name, HabitKind: kind, Said: r.TextOf(m.Unit, m.First, m.End),
			Assertion: m.Context.Assertion, Time: timeOf(m), Subject: assertion.Patient, Mentions: []Mention{m.Mention}})
	}
}

// saidOfSomethingElse reports whether a habit's term is followed by a word
// of the list its entry names (not_before): "drinking fine", "drinking
// plenty of water" are no alcohol.
func (r *Reading) saidOfSomethingElse(m mention) bool {
	name := m.entry.Attr("not_before")
	if name == "" {
		return false
	}
	toks := r.Units[m.Unit].Tokens
	e, _ := r.Lexicon.List(name).Match(toks, m.End)
	return m.End < len(toks) && e != nil
}
