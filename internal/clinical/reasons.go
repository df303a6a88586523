package clinical

// The reason of a drug or an order: the problem it addresses, as said.

import (
	"slices"
	"strings"

	"github.com/notegen/notegen/internal/assertion"
	"github.com/notegen/notegen/internal/lexicon"
	"github.com/notegen/notegen/internal/transcript"
)

// reasonReach is how many units back the problem a plan item addresses
// may have been named ("for your pneumonia ... I'll start amoxicillin ...
// and get a chest x-ray").
const reasonReach = 6

// reasonFor is the problem a drug or an order addresses, as said: a
// condition or symptom named with it in its unit, its purpose, the topic
// the plan was opened on, or else (when diagnosisBefore) the problem the
// clinician named last in the assessment and plan just before it. It is
// "" when none was said: a reason is never guessed.
func (r *Reading) reasonFor(m mention, diagnosisBefore bool) string {
	// the problem named nearest the item in its sentence; a relative's
	// ("given your sister's breast cancer, a screening mammogram") is a
	// family history, a drug's reason only when the patient's own problem
	// is not named with it ("with your high cholesterol and your father's
	// stroke, I recommend atorvastatin")
	own, family := r.nearestProblem(m, assertion.Patient), r.nearestProblem(m, assertion.Family)
	best := own.reason
	if family.reason != "" && (own.reason == "" || m.kind != Medication && family.dist < own.dist) {
		best = fill(r.Lexicon.Phrase("reason.family"), map[string]string{"condition": family.reason})
	}
	if best != "" {
		return best
	}
	if said := r.purposeOf(m); said != "" {
		return said
	}
	if said := r.reasonOpening(m); said != "" {
		return said
	}
	topic, here, opened := r.topicBefore(m)
	if topic != "" || here || opened {
		// "Pour le dos, vous pouvez prendre du paracétamol": the item's
		// own sentence opens on what it is for, a problem the lexicon
		// does not know; the diagnosis before is another topic's (as it
		// is once a sentence before has opened on one: "As for the
		// thyroid, ... We'll recheck the TSH")
		return topic
	}
	if !diagnosisBefore || r.givesOwnPurpose(m) {
		// (an item whose sentence says what it is for in words that name
		// no problem, "for risk stratification given his risk factors",
		// is not for the diagnosis before it)
		return ""
	}
	// else the diagnosis the clinician made last before it, when that
	// statement makes only one: of several
	// ("COPD exacerbation ... atrial fibrillation, rate controlled"), which
	// one a drug treats is not said
	general := "" // a kind of illness diagnosed, when no disease is
	for back := m.Unit - 1; back >= 0 && back >= m.Unit-diagnosisReach; back-- {
		u := r.Units[back]
		if u.Speaker != transcript.Clinician {
			continue
		}
		var made []diagnosisMade
		for k := range r.Findings {
			f := &r.Findings[k]
			if !f.Diagnosis || f.Assertion != assertion.Present && f.Assertion != assertion.Possible || f.Subject != assertion.Patient {
				// (a relative's, "l'infarctus de votre père", is no
				// diagnosis made of the patient)
				continue
			}
			for _, fm := range f.Mentions {
				if fm.Unit == back && fm.Context.Time != assertion.Past && !(f.Chronic && r.inCauseClause(fm)) &&
					!slices.ContainsFunc(made, func(d diagnosisMade) bool { return d.name == f.Name }) {
					// (and a lasting condition named as why, "because you
					// have asthma, you're in a higher-risk group", is a
					// circumstance of the decision; "puisque c'est une
					// pyélonéphrite simple" still names what is treated)
					// (one said of the past, "treated as diverticulitis two
					// years ago", is history, no diagnosis made here)
					made = append(made, diagnosisMade{name: f.Name, reason: r.reasonWords(f, fm), at: fm})
				}
			}
		}
		if len(made) == 1 && r.namesAnotherCondition(back, made[0].name) {
			// "So your diabetes and your high blood pressure are both
			// well controlled ... refills of the lisinopril and the
			// metformin": which one each drug treats is not said
			return ""
		}
		if len(made) > 0 {
			reason := r.oneDiagnosis(back, made)
			if general == "" && len(made) == 1 && r.generalCondition(made[0].name) {
				// "It's croup. ... It is a viral infection that causes
				// swelling around the voice box": the named disease
				// before the kind of illness it is, when there is one
				general = reason
				continue
			}
			return reason
		}
	}
	return general
}

// namesAnotherCondition reports whether unit i names a present condition
// of the patient's other than the one diagnosed there.
func (r *Reading) namesAnotherCondition(i int, diagnosed string) bool {
	return r.findingIn(i, func(f *Finding) bool {
		return f.Kind == Condition && f.Name != diagnosed && f.Subject == assertion.Patient && f.Assertion == assertion.Present
	})
}

// generalCondition reports whether a condition names a kind of illness
// ("a viral infection") rather than a disease (conditions' general=yes).
func (r *Reading) generalCondition(name string) bool {
	e := r.Lexicon.List("conditions").Lookup(r.Lexicon.Norms(name))
	return e != nil && e.Attr("general") == "yes"
}

// diagnosisMade is a problem a clinician's statement diagnoses, with how
// a reason names it and where.
type diagnosisMade struct {
	name, reason string
	at           Mention
}

// oneDiagnosis is the reason the diagnoses made in unit i give a drug or
// an order: the one diagnosis, or the first of several when each after it
// is its cause ("cellulitis from a cat bite", "une otite due à ...") or
// says what it is ("croup, a viral infection"); ""
// when several are made side by side ("COPD exacerbation ... atrial
// fibrillation, rate controlled"), of which the one an item treats is not
// said.
func (r *Reading) oneDiagnosis(i int, made []diagnosisMade) string {
	slices.SortFunc(made, func(a, b diagnosisMade) int { return a.at.First - b.at.First })
	toks := r.Units[i].Tokens
	causes := r.Lexicon.List("cause_links")
	for k := 1; k < len(made); k++ {
		from, to := made[k-1].at.End, made[k].at.First
		linked := r.apposed(toks, from, to)
		for j := from; j < to && j-from <= causeLinkReach; j++ {
			if e, n := causes.Match(toks, j); e != nil && j+n <= to {
				linked = true
				break
			}
		}
		if !linked {
			return ""
		}
	}
	return made[0].reason
}

// apposed reports whether tokens [from, to) between two diagnoses set the
// second beside the first as what it is ("croup, a viral infection that
// causes swelling"): a comma, then only determiners and qualifiers.
func (r *Reading) apposed(toks []lexicon.Token, from, to int) bool {
	if from >= to || toks[from].Norm != "," {
		return false
	}
	x := r.Lexicon
	for k := from + 1; k < to; k++ {
		if !x.List("determiners").Has(toks[k].Norm) && !x.List("qualifiers").Has(toks[k].Norm) {
			return false
		}
	}
	return true
}

// causeLinkReach is how many words after a diagnosis the word linking it
// to its cause may stand ("cellulitis, probably from the cat bite").
const causeLinkReach = 3

// nearProblem is the problem named nearest an item in its sentence: how a
// reason names it ("" when none is) and how many tokens away.
type nearProblem struct {
	reason string
	dist   int
}

// nearestProblem is the problem of subject's named nearest item m in its
// sentence, with no other item between ("morphine for the pain and
// ondansetron for the nausea": the nausea is the ondansetron's). A state
// of life ("nitrofurantoin, which is safe at this stage of pregnancy"),
// and what a drug may or may not bring about ("losartan, which doesn't
// cause the cough"), is no reason. A relative's problem is named by its
// lexicon name.
func (r *Reading) nearestProblem(m mention, subject assertion.Subject) nearProblem {
	best := nearProblem{dist: -1}
	for k := range r.Findings {
		f := &r.Findings[k]
		if (f.Kind != Condition && f.Kind != Symptom) || f.Assertion == assertion.Absent || f.Subject != subject {
			continue
		}
		for _, fm := range f.Mentions {
			// (a condition said in general as why, "since an overactive
			// thyroid can cause anxiety", is the order's reason, though
			// no finding)
			general := fm.Context.Assertion == assertion.Hypothetical && r.generalSubject(fm)
			if fm.Unit != m.Unit || fm.Answered || fm.Context.Assertion == assertion.Hypothetical && !general || r.toldAsRisk(fm) || r.lifeState(f) {
				// (what the patient should watch for, "seek advice if she
				// develops a sore throat", is no reason either)
				// (a state of life is looked up only for a problem named
				// with the item: the lookup costs a lexicon match)
				continue
			}
			dist, lo, hi := m.First-fm.End, fm.End, m.First
			if fm.First >= m.End {
				dist, lo, hi = fm.First-m.End, m.End, fm.First
			}
			if dist < 0 || best.dist >= 0 && dist >= best.dist || r.itemBetween(m.Unit, lo, hi) {
				continue
			}
			best = nearProblem{reason: r.reasonWords(f, fm), dist: dist}
			if subject == assertion.Family {
				best.reason = f.Name
			}
		}
	}
	return best
}

// lifeState reports whether f is a state of life the lexicon marks as
// background (a pregnancy), no problem a treatment addresses.
func (r *Reading) lifeState(f *Finding) bool {
	e := r.Lexicon.List("conditions").Lookup(r.Lexicon.Norms(f.Name))
	return e != nil && e.Attr("background") == "yes"
}

// givesOwnPurpose reports whether the sentence of item m says what it is
// for after it ("ordered for risk stratification") or opens on a reason
// ("given his risk factors"), whether or not the words name a problem.
func (r *Reading) givesOwnPurpose(m mention) bool {
	toks := r.Units[m.Unit].Tokens
	cues := r.Lexicon.List("purpose_cues")
	for k := m.End; k < len(toks) && k <= m.End+purposeReach; k++ {
		if toks[k].Kind == lexicon.Punct && toks[k].Norm != "," || r.itemBetween(m.Unit, k, k+1) {
			break
		}
		if e, _ := cues.Match(toks, k); e != nil && e.Attr("loose") != "yes" {
			return true
		}
	}
	at, n := find(toks, r.Lexicon.List("reason_openers"))
	if at >= 0 {
		// "because of your allergy I'm prescribing doxycycline": why this
		// drug was chosen, not what it is for
		if k, _ := find(toks[at+n:min(len(toks), at+n+allergyObjectReach+1)], r.Lexicon.List("allergy_cues")); k >= 0 {
			return false
		}
	}
	return at >= 0
}

// diagnosisReach is how many units back the diagnosis a plan item is for
// may have been made (an assessment, then the talk of what to do).
const diagnosisReach = 20

// reasonOpening is the reason the sentence of item m opens on, before the
// item and a comma ("Given your smoking history, I'd also like a chest
// x-ray": "smoking history"), or "".
func (r *Reading) reasonOpening(m mention) string {
	x := r.Lexicon
	toks := r.Units[m.Unit].Tokens
	k := r.pastOpeners(toks, len(toks))
	e, n := x.List("reason_openers").Match(toks, k)
	if e == nil {
		return ""
	}
	start := k + n
	for start < len(toks) && (x.List("determiners").Has(toks[start].Norm) || x.List("own_possessives").Has(toks[start].Norm)) {
		start++
	}
	end := wordsToComma(toks, start, m.First)
	if end < 0 {
		return ""
	}
	return strings.ToLower(r.TextOf(m.Unit, start, end))
}

// wordsToComma is where the words from token start end at a comma, before
// token limit and within purposeWords words ("Given your smoking history,
// ...", "As for the thyroid, ..."), or -1 when no comma ends them.
func wordsToComma(toks []lexicon.Token, start, limit int) int {
	end := start
	for end < len(toks) && end < limit && toks[end].Kind == lexicon.Word && end-start < purposeWords {
		end++
	}
	if end == start || end >= len(toks) || end >= limit || toks[end].Norm != "," {
		return -1
	}
	return end
}

// reasonWords is how a reason names problem f where mention m says it: the
// words said, with the qualifiers, side and place said with them ("acute
// lumbar strain", where the lexicon's name is "mechanical back pain"), as
// the reason is said; the lexicon's name when a word holds an apostrophe
// ("your blood pressure's a little high"). A clause without one keeps its
// words ("cholesterol was a tiny bit high"), as the clinician said them.
func (r *Reading) reasonWords(f *Finding, m Mention) string {
	toks := r.Units[m.Unit].Tokens
	for k := m.First; k < m.End; k++ {
		if toks[k].Kind != lexicon.Word || strings.ContainsAny(toks[k].Norm, "'’") {
			return f.Name
		}
	}
	said := mention{Mention: m, saidFirst: m.First, saidEnd: m.End}
	r.qualify(&said)
	if said.saidEnd-said.saidFirst > reasonNameWords {
		return f.Name
	}
	words := strings.ToLower(r.TextOf(m.Unit, said.saidFirst, said.saidEnd))
	if full := strings.ToLower(f.Said); len(full) > len(words) && strings.Contains(full, words) &&
		len(strings.Fields(full)) <= reasonNameWords && !strings.ContainsAny(full, "'’") {
		// the problem named in full where it was diagnosed ("acute lumbar
		// strain") and shortly at the item ("for the strain")
		return full
	}
	return words
}

// reasonNameWords is the most words of a problem's name as said in a
// reason.
const reasonNameWords = 6

// diagnosedIn reports whether the clinician diagnoses a problem in unit i.
// A diagnosis named after a drug or a test in its sentence ("increase your
// lisinopril ..., just because your blood pressure's high") is that item's
// purpose, not a new topic of the plan.
func (r *Reading) diagnosedIn(i int) bool {
	for k := range r.Findings {
		f := &r.Findings[k]
		if !f.Diagnosis || f.Assertion != assertion.Present && f.Assertion != assertion.Possible {
			continue
		}
		for _, m := range f.Mentions {
			if m.Unit == i && !r.itemBetween(i, 0, m.First) {
				return true
			}
		}
	}
	return false
}

// purposeOf is the reason said after an item with a cue of purpose, as
// said, when the lexicon names no problem there ("an MRI of the knee to
// look for a meniscal tear" is for "meniscal tear"; "for your blood
// pressure"), or "". A loose cue ("for") counts only before a clinical
// word: "for two weeks" says how long.
func (r *Reading) purposeOf(m mention) string {
	x := r.Lexicon
	toks := r.Units[m.Unit].Tokens
	cues, dets, owns := x.List("purpose_cues"), x.List("determiners"), x.List("own_possessives")
	// the drug's dose and how often ("lisinopril, ten milligrams once a
	// day, for your blood pressure") do not count to the reach
	doses := map[int]int{}
	for _, n := range r.numbersIn(toks) {
		if n.first >= m.End && doseKinds[n.kind] {
			doses[n.first] = n.end
		}
	}
	limit := m.End + purposeReach
	for k := m.End; k < len(toks) && k <= limit; k++ {
		if end, ok := doses[k]; ok && end > k {
			limit += end - k
			k = end - 1
			continue
		}
		if f, fn := x.List("frequencies").Match(toks, k); f != nil {
			limit += fn
			k += fn - 1
			continue
		}
		if toks[k].Kind == lexicon.Punct && toks[k].Norm != "," || r.itemBetween(m.Unit, k, k+1) {
			return ""
		}
		e, n := cues.Match(toks, k)
		if e == nil {
			continue
		}
		start := k + n
		for start < len(toks) && (dets.Has(toks[start].Norm) || owns.Has(toks[start].Norm) || x.List("second_person").Has(toks[start].Norm)) {
			start++
		}
		end := start
		for end < len(toks) && end-start < purposeWords && toks[end].Kind == lexicon.Word && !x.List("conjunctions").Has(toks[end].Norm) &&
			!x.List("prepositions").Has(toks[end].Norm) {
			end++
		}
		if e.Attr("loose") == "yes" {
			// "for the pain right now" is for the pain: the reason ends
			// with its last clinical word
			end = start + r.clinicalEnd(toks[start:end])
		}
		if end == start {
			return ""
		}
		if e.Attr("keep") == "yes" {
			// "to reduce the risk of a stroke": prevention, said with its
			// cue (the stroke is not had)
			return strings.ToLower(r.TextOf(m.Unit, k, end))
		}
		return strings.ToLower(r.TextOf(m.Unit, start, end))
	}
	return ""
}

// clinicalEnd is how many of toks, from the first, run to the end of the
// last term of a problem, a vital sign or a body part among them; 0 when
// none is.
func (r *Reading) clinicalEnd(toks []lexicon.Token) int {
	end := 0
	for _, list := range []string{"conditions", "symptoms", "vitals", "body_parts"} {
		l := r.Lexicon.List(list)
		for k := range toks {
			if e, n := l.Match(toks, k); e != nil {
				end = max(end, min(k+n, len(toks)))
			}
		}
	}
	return end
}

// itemBetween reports whether a drug or a test is named between tokens lo
// and hi of a unit.
func (r *Reading) itemBetween(unit, lo, hi int) bool {
	toks := r.Units[unit].Tokens
	for _, list := range []string{"medications", "labs", "imaging", "procedures", "referrals"} {
		l := r.Lexicon.List(list)
		for k := lo; k < hi; k++ {
			if e, _ := l.Match(toks, k); e != nil {
				return true
			}
		}
	}
	return false
}

// purposeReach is how many tokens after an item its purpose cue may start,
// and purposeWords the most words of the reason said after it.
const (
	purposeReach = 6
	purposeWords = 5
)

// endsSentence reports whether t is a full stop, a question or an
// exclamation mark.
func endsSentence(t lexicon.Token) bool {
	return t.Kind == lexicon.Punct && (t.Norm == "." || t.Norm == "?" || t.Norm == "!")
}

// inCauseClause reports whether mention m is in a clause of why, opened by
// a cause opener before it with no clause mark between ("Because you've
// got diabetes I want to be a bit more careful").
func (r *Reading) inCauseClause(m Mention) bool {
	toks := r.Units[m.Unit].Tokens
	openers := r.Lexicon.List("cause_openers")
	for k := m.First - 1; k >= 0; k-- {
		if toks[k].Kind == lexicon.Punct {
			return false
		}
		if e, n := openers.Match(toks, k); e != nil && k+n <= m.First {
			return true
		}
	}
	return false
}
