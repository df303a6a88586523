package notewriter

import (
	"strings"

	"github.com/notegen/notegen"
	"github.com/notegen/notegen/internal/assertion"
	"github.com/notegen/notegen/internal/clinical"
)

// systemOrder is the order a review of systems lists systems in.
var systemOrder = []string{"constitutional", "eyes", "ent", "cardiovascular", "respiratory", "gastrointestinal",
	"genitourinary", "musculoskeletal", "skin", "neurological", "psychiatric", "endocrine", "hematologic"}

// reviewOfSystems writes one line per system from the symptoms the patient
// has or denies: "• Respiratory: Endorses cough. Denies wheezing." A
// symptom said only in a hypothetical or about someone else is not listed.
func (rd *renderer) reviewOfSystems() []Sentence {
	r := rd.r
	var out []Sentence
	for _, system := range systemOrder {
		var pos, neg []string
		var spans []notegen.Span
		for k := range r.Findings {
			f := &r.Findings[k]
			if f.Kind != clinical.Symptom || f.System != system || f.Subject != assertion.Patient || r.Examined(f) {
				// a sign the exam found, or did not, is no symptom
				continue
			}
			switch r.Reported(f) {
			case assertion.Present:
				if f.Time == assertion.Past && f.Resolved {
					// "some nausea the first week, but that's gone": no
					// symptom of today's review
					continue
				}
				pos = append(pos, f.Name)
			case assertion.Absent:
				neg = append(neg, f.Name)
			default:
				continue
			}
			spans = append(spans, r.Spans(f)...)
		}
		if len(pos)+len(neg) == 0 {
			continue
		}
		items := ""
		if len(pos) > 0 {
			items = fill(rd.x.Phrase("endorses"), map[string]string{"list": rd.x.JoinList(pos)})
		}
		if len(neg) > 0 {
			if items != "" {
				items += " "
			}
			items += fill(rd.x.Phrase("denies"), map[string]string{"list": rd.x.JoinList(neg)})
		}
		line := fill(rd.out.Phrase("ros.line"), map[string]string{"system": rd.out.Phrase("system." + system), "items": items})
		out = append(out, Sentence{Text: line, Spans: spans, Why: "review of systems: " + system})
	}
	return out
}

// denials closes the history with what the patient denies ("Denies fever
// and chills."), as clinicians write it, leaving out what a sentence of
// section key already denies ("Pas de fièvre." is not followed by "Nie
// fièvre.").
func (rd *renderer) denials(key string) []Sentence {
	r := rd.r
	var names []string
	var spans []notegen.Span
	for k := range r.Findings {
		f := &r.Findings[k]
		if (f.Kind != clinical.Symptom && f.Kind != clinical.Condition) || r.Reported(f) != assertion.Absent ||
			f.Subject != assertion.Patient || f.RuledOut || r.Examined(f) || rd.statedIn(f, key) || rd.answerWritten(f, key) {
			continue
		}
		names = append(names, f.Name)
		spans = append(spans, r.Spans(f)...)
	}
	if len(names) == 0 {
		return nil
	}
	return []Sentence{{Text: fill(rd.x.Phrase("denies"), map[string]string{"list": rd.x.JoinList(names)}), Spans: spans, Why: "denied findings"}}
}

// pastConditions lists the patient's past and long-term conditions that
// no sentence of the section already names: "History of asthma."
func (rd *renderer) pastConditions(key string) []Sentence {
	r := rd.r
	var out []Sentence
	for k := range r.Findings {
		f := &r.Findings[k]
		if f.Kind != clinical.Condition || f.Subject != assertion.Patient || f.Assertion != assertion.Present {
			continue
		}
		if f.Time != assertion.Past && !(f.Chronic && !f.Diagnosis) {
			continue
		}
		if rd.coveredIn(f, key) {
			continue
		}
		phrase := "history.of"
		if f.Time == assertion.Past && (!f.Chronic || f.Resolved) {
			phrase = "resolved"
		}
		out = append(out, Sentence{Text: capitalise(fill(rd.x.Phrase(phrase), map[string]string{"condition": f.Name})),
			Spans: r.Spans(f), Why: "past condition: " + f.Name})
	}
	return out
}

// pastProcedures writes the operations and procedures the patient had
// before the visit ("She had a caesarean section three years ago") that no
// sentence of section key holds, as said.
func (rd *renderer) pastProcedures(key string) []Sentence {
	r := rd.r
	var out []Sentence
	for k := range r.Findings {
		f := &r.Findings[k]
		if f.Kind != clinical.Procedure || f.Subject != assertion.Patient || f.Assertion != assertion.Present ||
			f.Time != assertion.Past || rd.coveredIn(f, key) {
			continue
		}
		out = append(out, Sentence{Text: capitalise(fill(rd.x.Phrase("history.of"), map[string]string{"condition": strings.ToLower(f.Said)})),
			Spans: r.Spans(f), Why: "past procedure: " + f.Name})
	}
	return out
}

// coveredIn reports whether a sentence of section key was written from a
// unit that mentions f.
func (rd *renderer) coveredIn(f *clinical.Finding, key string) bool {
	return rd.writtenFrom(f, key, func(clinical.Mention) bool { return true })
}

// statedIn reports whether a sentence written in section key states f as
// the reading holds it: "he smoked twenty a day before that" names the
// smoking, but not that he stopped in 2015.
func (rd *renderer) statedIn(f *clinical.Finding, key string) bool {
	return rd.writtenFrom(f, key, func(m clinical.Mention) bool {
		return m.Context.Assertion == f.Assertion && m.Context.Time == f.Time
	})
}

// answerWritten reports whether a sentence of section key was written from
// the reply to a question about f ("Vous avez de la fièvre ?" "Non, pas
// de fièvre." is written "Pas de fièvre."): the reply states what the
// question asked.
func (rd *renderer) answerWritten(f *clinical.Finding, key string) bool {
	for _, m := range f.Mentions {
		a := rd.r.Answer[m.Unit]
		if !m.Answered || a < 0 || rd.written[a] != key {
			continue
		}
		// the reply names the concept again: a bare "No, but I've had
		// chills" is written without its "No" and denies nothing
		asked := strings.ToLower(rd.r.TextOf(m.Unit, m.First, m.End))
		reply := strings.ToLower(rd.r.TextOf(a, 0, len(rd.r.Units[a].Tokens)))
		if strings.Contains(reply, asked) || strings.Contains(reply, strings.ToLower(f.Name)) {
			return true
		}
	}
	return false
}

// writtenFrom reports whether a sentence of section key was written from a
// unit holding a mention of f that ok accepts.
func (rd *renderer) writtenFrom(f *clinical.Finding, key string, ok func(clinical.Mention) bool) bool {
	for _, i := range rd.units[key] {
		if rd.written[i] != key {
			continue
		}
		for _, m := range f.Mentions {
			if m.Unit == i && ok(m) {
				return true
			}
		}
	}
	return false
}

// habits writes the social history's habits that no sentence of the
// section states: "Former smoker."
func (rd *renderer) habits(key string) []Sentence {
	r := rd.r
	var out []Sentence
	for k := range r.Findings {
		f := &r.Findings[k]
		if f.Kind != clinical.Habit || rd.statedIn(f, key) {
			continue
		}
		state := "current"
		switch {
		case f.Assertion == assertion.Absent:
			state = "never"
		case f.Time == assertion.Past:
			state = "past"
		case f.Assertion != assertion.Present:
			continue
		}
		out = append(out, Sentence{Text: rd.x.Phrase("habit." + f.HabitKind + "." + state), Spans: r.Spans(f), Why: "habit: " + f.HabitKind})
	}
	return out
}

// family writes the relatives' conditions that no sentence of the section
// states: "Mother: type 2 diabetes."
func (rd *renderer) family(key string) []Sentence {
	r := rd.r
	var out []Sentence
	for k := range r.Findings {
		f := &r.Findings[k]
		if (f.Kind != clinical.Condition && f.Kind != clinical.Symptom) || f.Subject != assertion.Family ||
			f.Assertion != assertion.Present || rd.coveredIn(f, key) {
			continue
		}
		text := fill(rd.x.Phrase("family.unknown"), map[string]string{"condition": f.Name})
		if f.Relation != "" {
			var who []string
			for i, rel := range f.Relatives {
				name := rd.x.Phrase("relation." + rel)
				if i > 0 {
					name = lowerFirst(name)
				}
				who = append(who, name)
			}
			if len(who) == 0 {
				who = []string{rd.x.Phrase("relation." + f.Relation)}
			}
			text = fill(rd.x.Phrase("family.line"), map[string]string{"relation": rd.x.JoinList(who), "condition": f.Name})
		}
		out = append(out, Sentence{Text: capitalise(text), Spans: r.Spans(f), Why: "family history: " + f.Name})
	}
	return out
}
