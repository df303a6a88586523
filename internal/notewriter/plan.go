package notewriter

import (
	"strings"

	"github.com/notegen/notegen/internal/assertion"
	"github.com/notegen/notegen/internal/clinical"
	"github.com/notegen/notegen/internal/lexicon"
	"github.com/notegen/notegen/internal/transcript"
)

// diagnoses lists the diagnoses and impressions the clinician stated, as
// said ("Community acquired pneumonia in the right lower lobe."), then
// the conditions the clinician ruled out.
func (rd *renderer) diagnoses() []Sentence {
	r := rd.r
	var out []Sentence
	for k := range r.Findings {
		f := &r.Findings[k]
		switch {
		case f.Diagnosis && f.Subject == assertion.Patient:
			text := rd.numbered(f.Said)
			if f.Assertion == assertion.Possible {
				text = fill(rd.x.Phrase("possible"), map[string]string{"condition": f.Said})
			}
			out = append(out, Sentence{Text: finish(text), Spans: r.Spans(f), Why: "diagnosis: " + f.Name})
		case f.RuledOut:
			out = append(out, Sentence{Text: capitalise(fill(rd.x.Phrase("ruled_out"), map[string]string{"condition": f.Name})),
				Spans: r.Spans(f), Why: "ruled out: " + f.Name})
		}
	}
	return out
}

// numbered writes a phrase as said with its numbers in digits.
func (rd *renderer) numbered(said string) string {
	toks := rd.x.Tokenize(said)
	if len(toks) == 0 {
		return said
	}
	return join([]rune(said), toks, rd.voice.digits(allPieces(toks), toks))
}

// allPieces is one piece per token, all as said.
func allPieces(toks []lexicon.Token) []piece {
	ps := make([]piece, len(toks))
	for i := range toks {
		ps[i] = piece{first: i, end: i + 1}
	}
	return ps
}

// plan writes the plan's sentences, then every plan item of the reading
// that none of them states: each new or changed prescription with its
// dose and frequency, each test, referral and procedure ordered, and the
// follow-up.
func (rd *renderer) plan(key string) []Sentence {
	return append(rd.sentences(key), rd.planItems(key)...)
}

// planItems are the reading's plan items that no sentence of section key
// (the plan) was written from.
func (rd *renderer) planItems(key string) []Sentence {
	r := rd.r
	var out []Sentence
	for k := range r.Findings {
		f := &r.Findings[k]
		var text string
		switch {
		case f.Kind == clinical.Medication && (f.Action == clinical.ActionStart || f.Action == clinical.ActionChange ||
			f.Action == clinical.ActionStop):
			text = fill(rd.x.Phrase("plan."+f.Action), map[string]string{"drug": rd.drug(f)})
		case f.Ordered:
			text = fill(rd.x.Phrase("plan.order"), map[string]string{"order": rd.numbered(f.Said)})
			if f.Kind == clinical.FollowUp {
				text = fill(rd.x.Phrase("plan.order"), map[string]string{"order": f.Name})
			}
		default:
			continue
		}
		written := rd.writtenIn(f, key)
		if f.Kind == clinical.FollowUp {
			// the return is written where its interval was said, its first
			// mention ("speak to you again in four weeks"), not by a bare
			// "at the same appointment" merged into it
			written = rd.written[f.Mentions[0].Unit] == key
		}
		if written {
			continue
		}
		out = append(out, Sentence{Text: finish(text), Spans: r.Spans(f), Why: "plan item: " + string(f.Kind) + " " + f.Name})
	}
	return out
}

// givenHere is the emergency course's treatments: the drugs given and the
// procedures ordered at this visit, each once. A drug started with a
// frequency that repeats ("once a day", "every 8 hours") is a prescription
// to take at home, which the plan holds, not a dose given here, unless the
// clinician says a dose was given ("she received three DuoNebs").
func (rd *renderer) givenHere() []Sentence {
	r := rd.r
	var out []Sentence
	for k := range r.Findings {
		f := &r.Findings[k]
		var text string
		switch {
		case f.Kind == clinical.Medication && (f.Action == clinical.ActionStart && !rd.repeats(f) || rd.givenAtVisit(f)):
			text = fill(rd.x.Phrase("edcourse.given"), map[string]string{"drug": rd.drug(f)})
		case f.Kind == clinical.Procedure && f.Ordered:
			text = fill(rd.x.Phrase("plan.order"), map[string]string{"order": rd.numbered(f.Said)})
		default:
			continue
		}
		out = append(out, Sentence{Text: finish(text), Spans: r.Spans(f), Why: "treatment in the emergency department: " + f.Name})
	}
	return out
}

// repeats reports whether a drug is said with a frequency other than a
// single dose.
func (rd *renderer) repeats(f *clinical.Finding) bool {
	if f.Frequency == nil {
		return false
	}
	e := rd.x.List("frequencies").Lookup(rd.x.Norms(*f.Frequency))
	return e == nil || e.Attr("once") != "yes"
}

// givenAtVisit reports whether the clinician or a nurse says, in a
// statement about the present visit, that a dose of f was given.
func (rd *renderer) givenAtVisit(f *clinical.Finding) bool {
	cues := rd.x.List("given_cues")
	for _, m := range f.Mentions {
		u := rd.r.Units[m.Unit]
		if u.Speaker != transcript.Clinician && !rd.r.Staff(m.Unit) || u.Question || m.Context.Time == assertion.Past {
			continue
		}
		for k := range u.Tokens {
			if e, _ := cues.Match(u.Tokens, k); e != nil {
				return true
			}
		}
	}
	return false
}

// writtenIn reports whether a sentence of section key came from a unit
// that mentions f.
func (rd *renderer) writtenIn(f *clinical.Finding, key string) bool {
	for _, m := range f.Mentions {
		if rd.written[m.Unit] == key {
			return true
		}
	}
	return false
}

// drug writes a medication with what was said of it: "amoxicillin 500 mg
// oral three times daily".
func (rd *renderer) drug(f *clinical.Finding) string {
	parts := []string{f.Name}
	if f.Dose != nil && *f.Dose != "" {
		parts = append(parts, *f.Dose)
	}
	for _, p := range []struct {
		value *string
		list  string
	}{{f.Route, "routes"}, {f.Frequency, "frequencies"}} {
		if p.value != nil && *p.value != "" {
			parts = append(parts, rd.inLanguage(p.list, *p.value))
		}
	}
	return strings.Join(parts, " ")
}

// inLanguage is a route's or a frequency's canonical term (the facts'
// normalised English) as the note's language writes it: the first term of
// its entry after the canonical one ("three times daily" is "trois fois
// par jour" in a French note).
func (rd *renderer) inLanguage(list, canonical string) string {
	if rd.x.Lang == "en" {
		return canonical
	}
	if e := rd.x.List(list).Lookup(rd.x.Norms(canonical)); e != nil && len(e.Terms) > 1 {
		return e.Terms[1]
	}
	return canonical
}

// medications lists the drugs the patient already takes: named as taken
// or continued (or changed, since it was taken before the visit; or
// stopped today, said so), never a drug prescribed today nor one the
// patient no longer takes.
func (rd *renderer) medications() []Sentence {
	r := rd.r
	var out []Sentence
	for k := range r.Findings {
		f := &r.Findings[k]
		if f.Kind != clinical.Medication || f.Assertion != assertion.Present || f.Time == assertion.Past || !f.Taken {
			continue
		}
		var text string
		line := "medication.line"
		switch f.Action {
		case clinical.ActionMention, clinical.ActionContinue:
			text = rd.drug(f)
		case clinical.ActionStop:
			// taken until today: listed, and said to be stopped, so that
			// no one reads it as going on
			text, line = rd.drug(f), "medication.stopped"
		case clinical.ActionChange:
			text = f.Name
		default:
			continue
		}
		out = append(out, Sentence{Text: finish(fill(rd.x.Phrase(line), map[string]string{"drug": text})),
			Spans: r.Spans(f), Why: "medication taken: " + f.Name + " (" + f.Action + ")"})
	}
	return out
}

// allergies lists each allergy with its reaction, or says there are none
// known when the patient said so.
func (rd *renderer) allergies() []Sentence {
	r := rd.r
	var out []Sentence
	for k := range r.Findings {
		f := &r.Findings[k]
		if f.Kind != clinical.Allergy {
			continue
		}
		var text string
		switch {
		case f.NoneKnown:
			text = rd.x.Phrase("allergies.none")
		case f.Reaction != nil:
			text = fill(rd.x.Phrase("allergy.reaction"), map[string]string{"substance": capitalise(f.Name), "reaction": *f.Reaction})
		default:
			text = fill(rd.x.Phrase("allergy.bare"), map[string]string{"substance": capitalise(f.Name)})
		}
		out = append(out, Sentence{Text: text, Spans: r.Spans(f), Why: "allergy"})
	}
	return out
}
