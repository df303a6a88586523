package clinical

// Doses and frequencies said around the drug's sentence rather than in it:
// in the sentence after it, after a pronoun standing for it, in shorthand,
// or as what a rate by weight comes to.

import (
	"strings"

	"github.com/notegen/notegen/internal/assertion"
	"github.com/notegen/notegen/internal/lexicon"
	"github.com/notegen/notegen/internal/transcript"
)

// shorthandFrequency reads how often from a shorthand written as one word
// after the drug, before another drug ("DuoNeb q4h": every 4 hours), or
// nil.
func (r *Reading) shorthandFrequency(toks []lexicon.Token, m mention) *string {
	meds, freqs := r.Lexicon.List("medications"), r.Lexicon.List("frequencies")
	for k := m.End; k < len(toks) && k <= m.End+doseWindow; k++ {
		if toks[k].Kind == lexicon.Punct && toks[k].Norm != "," {
			return nil
		}
		if e, _ := meds.Match(toks, k); e != nil {
			return nil
		}
		for _, e := range r.Lexicon.List("interval_shorthand").Entries() {
			n, ok := shorthandNumber(toks[k].Norm, e.Name(), strings.Fields(e.Attr("ends")))
			if !ok {
				continue
			}
			if freq := freqs.Lookup(strings.ReplaceAll(e.Attr("as"), "{n}", n)); freq != nil {
				name := freq.Name()
				return &name
			}
		}
	}
	return nil
}

// shorthandNumber is the number in word w written as prefix, digits and one
// of ends ("q4h": "4").
func shorthandNumber(w, prefix string, ends []string) (string, bool) {
	rest, ok := strings.CutPrefix(w, prefix)
	if !ok {
		return "", false
	}
	for _, end := range ends {
		if n, ok := strings.CutSuffix(rest, end); ok && n != "" && strings.Trim(n, "0123456789") == "" {
			return n, true
		}
	}
	return "", false
}

// weighedDose reads the dose a rate by weight comes to, when the clinician
// says it after the rate with how often to give it ("ninety milligrams per
// kilo per day. For eighteen kilos that's eight hundred milligrams twice a
// day"): what is given is that dose, at that frequency. The rate stays the
// dose when no such dose follows.
func (r *Reading) weighedDose(f *Finding, m mention) {
	// weighedReach is how many sentences after the drug's the dose it
	// comes to may be said.
	const weighedReach = 2
	if f.Dose == nil || !strings.Contains(*f.Dose, "/kg") {
		return
	}
	for ui := m.Unit; ui <= m.Unit+weighedReach && ui < len(r.Units); ui++ {
		if ui != m.Unit && !r.goesOn(ui-1, ui) {
			// (each sentence goes on from the one before: "Augmentin,
			// the ES-600 strength. The dose is ninety milligrams per kilo
			// per day, split into two doses. For twenty kilos that's nine
			// hundred milligrams twice a day")
			return
		}
		toks := r.Units[ui].Tokens
		for _, n := range r.numbersIn(toks) {
			if ui == m.Unit && n.first < m.End || n.kind != "mass" || strings.Contains(n.unit, "/") || r.bodyWeightUnit(n.unit) {
				// ("for eighteen kilos": the child's weight)
				continue
			}
			e, at := r.frequencyFrom(toks, n.end)
			if e == nil {
				continue
			}
			dose, freq := n.text+" "+n.unit, r.frequencyName(toks, e, at)
			f.Dose, f.Frequency = &dose, &freq
			return
		}
	}
}

// doseByPronoun reads a dose said right after a pronoun standing for the
// drug, in the sentences after one of its mentions before any other drug is
// named ("... started you on bisoprolol." "That's right, the cardiologist
// started it, two point five milligrams once a day."), when the drug's own
// mentions said none.
func (r *Reading) doseByPronoun(f *Finding) {
	for _, m := range f.Mentions {
		if r.doseByPronounAfter(f, m) {
			return
		}
	}
}

// doseInReply reads the dose said at the start of the reply to the
// clinician's question about a drug taken ("Vous prenez bien la
// metformine ?" "Oui, mille milligrammes le matin et mille le soir."),
// when the reply names no drug of its own.
func (r *Reading) doseInReply(f *Finding) {
	for _, m := range f.Mentions {
		u, a := r.Units[m.Unit], r.Answer[m.Unit]
		if u.Speaker != transcript.Clinician || !u.Question || a < 0 || r.Units[a].Speaker == transcript.Clinician {
			continue
		}
		if at, _ := find(r.Units[a].Tokens, r.Lexicon.List("medications")); at >= 0 {
			continue
		}
		r.dosing(f, mention{Mention: Mention{Unit: a}})
		if f.Dose != nil {
			return
		}
	}
}

// doseByPronounAfter reads a dose said after a pronoun in the sentences
// after mention m, before any other drug is named, and reports whether it
// found one.
func (r *Reading) doseByPronounAfter(f *Finding, m Mention) bool {
	x := r.Lexicon
	for ui := m.Unit + 1; ui < len(r.Units) && ui <= m.Unit+pronounReach; ui++ {
		toks := r.Units[ui].Tokens
		if at, _ := find(toks, x.List("medications")); at >= 0 {
			return false
		}
		for k := 0; k < len(toks); k++ {
			p, pn := x.List("object_pronouns").Match(toks, k)
			if p == nil {
				continue
			}
			j := k + pn
			for j < len(toks) && toks[j].Norm == "," {
				j++
			}
			for _, n := range r.numbersIn(toks) {
				if n.first != j || !doseKinds[n.kind] || r.bodyWeightUnit(n.unit) {
					continue
				}
				dose := n.text + " " + n.unit
				f.Dose = &dose
				if e, at := r.frequencyFrom(toks, n.end); e != nil && f.Frequency == nil {
					freq := r.frequencyName(toks, e, at)
					f.Frequency = &freq
				}
				return true
			}
		}
	}
	return false
}

// changedByPronoun gives a drug changed today the dose its change says when
// the change names it by a pronoun ("I take carbimazole, twenty milligrams"
// ... "I'm going to reduce it from twenty milligrams to ten milligrams, once
// a day"): the new dose, and how often, replace those said before.
func (r *Reading) changedByPronoun(f *Finding, evidence []medEvidence) {
	for _, ev := range evidence {
		if !ev.referred || ev.action != ActionChange || !ev.today {
			continue
		}
		toks := r.Units[ev.m.Unit].Tokens
		nums := r.numbersIn(toks)
		for j, n := range nums {
			if !doseKinds[n.kind] || n.first < ev.m.End || n.first-ev.m.End > doseWindow || r.bodyWeightUnit(n.unit) {
				continue
			}
			if j+1 < len(nums) && r.changedTo(toks, n, nums[j+1]) {
				n = nums[j+1]
			}
			dose := n.text + " " + n.unit
			f.Dose = &dose
			if e, at := r.frequencyFrom(toks, n.end); e != nil {
				freq := r.frequencyName(toks, e, at)
				f.Frequency = &freq
			}
			return
		}
	}
}

// startingReach is how many sentences after a drug started today its
// starting dose may be said.
const startingReach = 15

// startingDose reads the dose a drug started today begins at, said by the
// clinician in a later sentence that opens it ("I'd like to add a medicine
// called semaglutide. ... We'll start at zero point two five milligrams once
// a week."), before any other drug is named.
func (r *Reading) startingDose(f *Finding, m mention) {
	x := r.Lexicon
	meds, openers := x.List("medications"), x.List("dose_openers")
	speaker := r.Units[m.Unit].Speaker
	for ui := m.Unit + 1; ui < len(r.Units) && ui <= m.Unit+startingReach; ui++ {
		u := r.Units[ui]
		if at, _ := find(u.Tokens, meds); at >= 0 {
			if e, _ := meds.Match(u.Tokens, at); e == nil || e.Name() != f.Name {
				return
			}
		}
		if u.Speaker != speaker || u.Question {
			continue
		}
		at, n := find(u.Tokens, openers)
		if at < 0 {
			continue
		}
		for _, num := range r.numbersIn(u.Tokens) {
			if num.first < at+n || num.first > at+n+1 || !doseKinds[num.kind] || r.bodyWeightUnit(num.unit) {
				continue
			}
			dose := num.text + " " + num.unit
			f.Dose = &dose
			if e, k := r.frequencyFrom(u.Tokens, num.end); e != nil && f.Frequency == nil {
				freq := r.frequencyName(u.Tokens, e, k)
				f.Frequency = &freq
			}
			if f.Frequency == nil {
				// "her dose is one hundred and fifty milligrams. That's
				// six ml of the liquid, twice a day for five days."
				r.frequencyAfterDose(f, ui)
			}
			return
		}
	}
}

// frequencyAfterDose reads how often to take a drug from the sentence after
// the one that gave its dose (unit ui), when the clinician goes on in the
// same turn and names no other drug.
func (r *Reading) frequencyAfterDose(f *Finding, ui int) {
	next := ui + 1
	if next >= len(r.Units) || r.Units[next].Segment != r.Units[ui].Segment || r.Units[next].Question {
		return
	}
	toks := r.Units[next].Tokens
	if at, _ := find(toks, r.Lexicon.List("medications")); at >= 0 {
		return
	}
	f.Frequency = r.frequencySaid(toks)
}

// frequencySaid is how often the first frequency of toks says, nil when
// toks says none (a count's "per day" is none: "2 tablets a day").
func (r *Reading) frequencySaid(toks []lexicon.Token) *string {
	freqs := r.Lexicon.List("frequencies")
	at, _ := find(toks, freqs)
	if at < 0 || r.countEnd(toks, at) {
		return nil
	}
	e, _ := freqs.Match(toks, at)
	freq := r.frequencyName(toks, e, at)
	return &freq
}

// bodyWeightUnit reports whether unit is one a body is weighed in (kg, lb).
func (r *Reading) bodyWeightUnit(unit string) bool {
	e := r.Lexicon.List("vital_units").Lookup(unit)
	return e != nil && e.Attr("kind") == "weight"
}

// dosingNext reads a dose said in a sentence after the drug, in the same
// turn, doseReach sentences on at most, when no other drug is named up to
// it ("I'll give you nitrofurantoin. It's 100 mg, twice a day."; "I'm going
// to start metformin. It can upset the stomach at first. Take one 500 mg
// tablet once a day.").
func (r *Reading) dosingNext(f *Finding, m mention) {
	for next := m.Unit + 1; next <= m.Unit+doseReach && next < len(r.Units) && r.Units[next].Segment == r.Units[m.Unit].Segment; next++ {
		toks := r.Units[next].Tokens
		if at, _ := find(toks, r.Lexicon.List("medications")); at >= 0 {
			return
		}
		if r.doseIn(f, toks) {
			return
		}
	}
}

// doseReach is how many sentences after a drug its dose may be said.
const doseReach = 2

// doseIn reads the dose of toks, with the route and frequency said with
// it, into f, and reports whether there was one.
func (r *Reading) doseIn(f *Finding, toks []lexicon.Token) bool {
	replaced := r.Lexicon.List("replaced_cues")
	for _, n := range r.numbersIn(toks) {
		if doseKinds[n.kind] && endingAt(toks, n.first, replaced) < 0 {
			// ("Au lieu de quarante milligrammes le matin, vous prenez
			// quatre-vingts milligrammes": the dose replaced is not the
			// dose)
			d := n.text + " " + n.unit
			f.Dose = &d
			break
		}
	}
	if f.Dose == nil {
		return false
	}
	if at, _ := find(toks, r.Lexicon.List("routes")); at >= 0 && f.Route == nil {
		e, _ := r.Lexicon.List("routes").Match(toks, at)
		route := e.Name()
		f.Route = &route
	}
	if at, _ := find(toks, r.Lexicon.List("frequencies")); at >= 0 && f.Frequency == nil && !r.countEnd(toks, at) {
		e, _ := r.Lexicon.List("frequencies").Match(toks, at)
		freq := e.Name()
		f.Frequency = &freq
	}
	return true
}

// frequencyNext reads how often to take a drug prescribed with its dose
// from the sentence after it, by the same speaker, when that sentence names no
// other drug and says how many of it to take ("We'll do Lortab 5 mg. You
// can take one to two tablets every six hours as needed.").
func (r *Reading) frequencyNext(f *Finding, m mention) {
	for next := m.Unit + 1; next <= m.Unit+frequencyReach && r.goesOn(m.Unit, next); next++ {
		// "I'm going to prescribe prochlorperazine. They're three
		// milligram tablets that dissolve under the lip. One tablet twice
		// a day.": the count and how often may come a sentence later
		toks := r.Units[next].Tokens
		// (or tells how to use it: "then put a thin layer on the sores
		// three times a day")
		counted := r.namesAny(toks, "application_verbs")
		for _, n := range r.numbersIn(toks) {
			counted = counted || n.kind == "form"
		}
		if freq := r.frequencySaid(toks); counted && freq != nil {
			f.Frequency = freq
			return
		}
	}
}

// frequencyReach is how many sentences after a drug prescribed today how
// often to take it may come.
const frequencyReach = 3

// goesOn reports whether unit next goes on about the drug of unit ui: said
// by the same speaker, in her turn or the next one, and naming no drug.
func (r *Reading) goesOn(ui, next int) bool {
	if next >= len(r.Units) {
		return false
	}
	u, n := r.Units[ui], r.Units[next]
	if n.Speaker != u.Speaker || n.Segment > u.Segment+1 {
		return false
	}
	at, _ := find(n.Tokens, r.Lexicon.List("medications"))
	return at < 0
}

// dosingSaidLater reads the dose of a drug decided on without one from the
// clinician's first later sentence that names it with a dose ("I recommend
// starting a cholesterol medicine called atorvastatin." ... "Atorvastatin,
// twenty milligrams, one tablet once a day"), said as a fact, not under a
// condition.
func (r *Reading) dosingSaidLater(f *Finding, evidence []medEvidence, decided mention) {
	for _, ev := range evidence {
		m := ev.m
		if ev.referred || m.Unit <= decided.Unit || r.Units[m.Unit].Speaker != transcript.Clinician ||
			m.Context.Assertion != assertion.Present {
			continue
		}
		r.dosing(f, m)
		if f.Dose != nil {
			return
		}
	}
}
