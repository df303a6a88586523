package clinical

import (
	"strings"

	"github.com/notegen/notegen/internal/assertion"
	"github.com/notegen/notegen/internal/discourse"
	"github.com/notegen/notegen/internal/lexicon"
	"github.com/notegen/notegen/internal/transcript"
)

// diagnosisWords is the most words a diagnosis the lexicon does not know
// may hold ("a moderate depressive episode").
const diagnosisWords = 5

// unlistedDiagnoses reads the diagnoses the clinician states in words the
// lexicon does not know as a condition ("I think you're going through a
// depressive episode", "je pense que vous faites une tendinite du
// supra-épineux"): after a word that opens a diagnosis (diagnosis_leads),
// a noun phrase that holds a word of diagnosis (diagnostic_heads: a head
// such as "episode", "sprain", or an ending such as "-itis"). The sentence
// is the assessment, and the phrase a condition diagnosed, as one the
// lexicon knows would be. A phrase that names a known finding is left to
// the reading of it.
func (r *Reading) unlistedDiagnoses() {
	x := r.Lexicon
	leads := x.List("diagnosis_leads")
	for i := range r.Units {
		u := r.Units[i]
		if u.Speaker != transcript.Clinician || r.asks(i) || r.Unread(i) {
			continue
		}
		at, n := find(u.Tokens, leads)
		if at < 0 {
			continue
		}
		at, n = r.innerLead(u.Tokens, at, n, leads)
		first, end, ok := r.diagnosisPhrase(u.Tokens, at+n)
		if !ok || r.findingWithin(i, first, end) || r.namesTest(u.Tokens[:first]) || r.readsResult(u.Tokens[:first]) {
			// (an image read out, "the MRI shows fluid consistent with
			// tenosynovitis", is a result, not the clinician's diagnosis;
			// a test named after it, "but let's look at the x-ray", is
			// what comes next)
			continue
		}
		if end < len(u.Tokens) && r.Lexicon.List("prepositions").Has(u.Tokens[end].Norm) && r.findingWithin(i, end+1, end+1+diagnosisWords) {
			// "an exacerbation of COPD": the diagnosis goes on, and is
			// read with the condition it names ("a contusion of the thigh"
			// names a place)
			continue
		}
		c := assertion.Of(x, u.Tokens, [2]int{first, end})
		if c.Assertion != assertion.Present && c.Assertion != assertion.Possible || c.Time == assertion.Past || c.Subject != assertion.Patient {
			continue
		}
		said := r.TextOf(i, first, end)
		r.Findings = append(r.Findings, Finding{Kind: Condition, Name: strings.ToLower(said), Said: said,
			Assertion: c.Assertion, Time: assertion.Current, Subject: assertion.Patient, Diagnosis: true,
			Mentions: []Mention{{Unit: i, First: first, End: end, Context: c}}})
		r.unlisted = append(r.unlisted, i)
	}
}

// innerLeadReach is how many words after "that" a second lead may start:
// "my impression is that you- you probably have a contusion".
const innerLeadReach = 4

// innerLead returns the lead a diagnosis follows: the lead at [at, at+n),
// or, where a complementiser follows it ("my impression is that ..."), a
// second lead in the clause it opens.
func (r *Reading) innerLead(toks []lexicon.Token, at, n int, leads *lexicon.List) (int, int) {
	k := at + n
	if k >= len(toks) || !r.Lexicon.List("complementisers").Has(toks[k].Norm) {
		return at, n
	}
	for j := k + 1; j < len(toks) && j <= k+innerLeadReach; j++ {
		if e, m := leads.Match(toks, j); e != nil {
			return j, m
		}
	}
	return at, n
}

// unlistedInAssessment puts in the assessment the sentences that state a
// diagnosis the lexicon does not know, once the drugs and orders are read:
// one that decides or orders something stays in the plan.
func (r *Reading) unlistedInAssessment() {
	for _, i := range r.unlisted {
		if r.Units[i].Part != discourse.Assessment && !r.decidesAnything(i) && !r.ordersAnything(i) {
			r.Units[i].Part = discourse.Assessment
		}
	}
}

// diagnosisPhrase is the noun phrase from token at: past determiners, up
// to diagnosisWords words before a mark, a conjunction or a preposition,
// ending with its last word of diagnosis; ok is false when it holds none.
func (r *Reading) diagnosisPhrase(toks []lexicon.Token, at int) (first, end int, ok bool) {
	x := r.Lexicon
	for at < len(toks) && x.List("determiners").Has(toks[at].Norm) {
		at++
	}
	first, end = at, at
	for k := at; k < len(toks) && k < at+diagnosisWords; k++ {
		t := toks[k]
		if t.Kind != lexicon.Word || x.List("conjunctions").Has(t.Norm) || x.List("prepositions").Has(t.Norm) ||
			x.List("determiners").Has(t.Norm) {
			break
		}
		if r.diagnosticWord(t.Norm) {
			end, ok = k+1, true
		}
	}
	return first, end, ok
}

// diagnosticWord reports whether a word is a head or an ending of a
// diagnosis's name.
func (r *Reading) diagnosticWord(w string) bool {
	for _, e := range r.Lexicon.List("diagnostic_heads").Entries() {
		if e.Attr("suffix") == "yes" {
			for _, suffix := range e.Terms {
				if len([]rune(w)) > len([]rune(suffix))+2 && strings.HasSuffix(w, suffix) {
					return true
				}
			}
			continue
		}
		for _, term := range e.Terms {
			if w == term {
				return true
			}
		}
	}
	return false
}

// findingWithin reports whether a finding is mentioned in tokens [first,
// end) of unit i.
func (r *Reading) findingWithin(i, first, end int) bool {
	for _, f := range r.Findings {
		for _, m := range f.Mentions {
			if m.Unit == i && m.First < end && m.End > first {
				return true
			}
		}
	}
	return false
}

// statedConditionsAsAssessment gives a visit whose clinician states the
// patient's conditions but says no sentence the model or the impression
// rules took for the assessment, or only ones that name no condition ("So
// you're pregnant, about six weeks, and you have chronic hypertension."
// between the exam and the plan; "So Mia still has an ear infection in the
// left ear" before "That's what we call a treatment failure."), the first
// such statement as its assessment, rather than "Not discussed.": a
// clinician's statement, after the exam or the results when there are
// any, that names a condition the patient has now and decides and orders
// nothing.
func (r *Reading) statedConditionsAsAssessment() {
	examined := -1
	for i, u := range r.Units {
		if u.Part == discourse.Assessment && r.findingIn(i, hasNow) {
			return
		}
		if examined < 0 && (u.Part == discourse.Exam || u.Part == discourse.Results) {
			examined = i
		}
	}
	best := -1
	for _, f := range r.Findings {
		if !hasNow(&f) {
			continue
		}
		for _, m := range f.Mentions {
			u := r.Units[m.Unit]
			if u.Speaker != transcript.Clinician || u.Question || m.Answered || m.Unit < examined ||
				m.Context.Assertion != assertion.Present || m.Context.Time == assertion.Past ||
				u.Part == discourse.Exam || u.Part == discourse.Results || u.Part == discourse.Drop ||
				r.decidesIn(u.Tokens) || r.ordersAnything(m.Unit) || r.namesTest(u.Tokens) {
				continue
			}
			if best < 0 || m.Unit < best {
				best = m.Unit
			}
		}
	}
	if best >= 0 {
		r.Units[best].Part = discourse.Assessment
	}
}

// toldNotFamily takes out of the family history the clinician's
// statements, after the exam, of a condition the patient has now that name
// no relative's ("Please tell mom that Mateo has bronchiolitis": the
// mother is who is told): they tell the diagnosis.
func (r *Reading) toldNotFamily() {
	ofFamily := func(f *Finding) bool { return f.Subject == assertion.Family }
	examined := false
	for i, u := range r.Units {
		examined = examined || u.Part == discourse.Exam || u.Part == discourse.Results
		if !examined || u.Part != discourse.Family || u.Speaker != transcript.Clinician || u.Question {
			continue
		}
		if r.findingIn(i, hasNow) && !r.findingIn(i, ofFamily) {
			r.Units[i].Part = discourse.Assessment
		}
	}
}

// decidesIn reports whether toks hold a verb of deciding a drug or
// ordering ("we'll stop", "I'm ordering"): a drug only named ("it hasn't
// gotten better on the amoxicillin") decides nothing.
func (r *Reading) decidesIn(toks []lexicon.Token) bool {
	for _, name := range []string{"med_actions", "order_verbs"} {
		if at, _ := find(toks, r.Lexicon.List(name)); at >= 0 {
			return true
		}
	}
	return false
}

// hasNow reports whether f is a condition the patient has now.
func hasNow(f *Finding) bool {
	return f.Kind == Condition && f.Assertion == assertion.Present && f.Time == assertion.Current && f.Subject == assertion.Patient
}
