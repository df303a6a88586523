package clinical

import (
	"slices"
	"strconv"

	"github.com/notegen/notegen/internal/assertion"
	"github.com/notegen/notegen/internal/discourse"
	"github.com/notegen/notegen/internal/lexicon"
	"github.com/notegen/notegen/internal/transcript"
)

// read turns the scanned terms into findings.
func (r *Reading) read() {
	all := r.scan()
	ms := make([]mention, 0, len(all))
	var asked []mention // questions whose answer is about something else
	for _, m := range all {
		c, answered, ok := r.contextOf(m.Mention)
		if !ok {
			asked = append(asked, m)
			continue
		}
		if (m.kind == Condition || m.kind == Symptom) && !answered && c.Assertion == assertion.Present && r.Units[m.Unit].Speaker == transcript.Clinician &&
			r.returnPrecaution(m.Unit, m.First, m.End) {
			// "if you see redness spreading ... a fever or you can't bend
			// your fingers come back right away": what would bring the
			// patient back, however far from its "if"
			c.Assertion = assertion.Hypothetical
		}
		if m.kind == Symptom && answered && c.Assertion == assertion.Present && r.replyDeniesItsVital(m) {
			// "Any fever or feeling generally unwell?" "A bit tired, to
			// be honest, but no temperature.": the vital sign the
			// symptom is measured by, denied
			c.Assertion = assertion.Absent
		}
		if (m.kind == Condition || m.kind == Symptom) && !answered && c.Time == assertion.Current && len(c.Triggers) == 0 &&
			(r.datedByNeighbour(m.Mention) || r.datedByNext(m.Mention) || r.datedByReply(m.Mention)) {
			// "After my youngest was born, ten years ago. Postnatal
			// depression.": the turn's sentence beside it dates it
			c.Time = assertion.Past
		}
		if (m.kind == Condition || m.kind == Symptom) && answered && c.Assertion == assertion.Present && c.Time == assertion.Current &&
			r.answerDatedAfter(m.Mention) {
			// "Have you had chickenpox before?" "Yeah. When I was like
			// six.": the reply's next sentence dates what it confirmed
			c.Time = assertion.Past
		}
		if m.kind == Condition && c.Time == assertion.Current && r.countedFrom(m.Mention) {
			// "le calcium depuis la fracture": time is counted from it
			c.Time = assertion.Past
		}
		if m.kind == Condition && c.Time == assertion.Current && r.withinTimeOfLife(m.Mention) {
			// "Only when I was pregnant with my first": the time of life
			// named is itself past
			c.Time = assertion.Past
		}
		if (m.kind == Condition || m.kind == Symptom) && !answered && c.Assertion == assertion.Present && len(c.Triggers) == 0 &&
			r.conditionRunsOn(m.Unit) {
			// "come back or call us if you get short of breath a fever over
			// one hundred and one | you're coughing up blood or if ...": a
			// cut the boundary model made in unpunctuated speech does not
			// end the condition's scope
			c.Assertion = assertion.Hypothetical
		}
		if (m.kind == Condition || m.kind == Symptom) && c.Subject == assertion.Patient && r.Units[m.Unit].Speaker == transcript.Other &&
			r.parentSpeaksOfSelf(r.Units[m.Unit].Tokens, m.First) {
			// the mother's "moi j'avais de l'asthme petite": her own
			// history, the child's family history
			c.Subject = assertion.Family
		}
		if m.kind == Condition && c.Assertion == assertion.Present && r.Units[m.Unit].Speaker == transcript.Clinician && r.generalSubject(m.Mention) {
			// "because a water infection can make sickness worse": what a
			// condition may do, said of it in general
			c.Assertion = assertion.Hypothetical
		}
		if (m.kind == Condition || m.kind == Symptom) && c.Assertion != assertion.Absent && r.toldAsRisk(m.Mention) {
			// "bupropion can lower the seizure threshold": a risk told
			// is no finding
			c.Assertion = assertion.Hypothetical
		}
		if m.kind == Medication && c.Assertion == assertion.Hypothetical && r.givenForSymptoms(m.Mention) {
			// "for the fever, or if she is uncomfortable, keep giving her
			// Tylenol": a drug to give as a symptom needs it is given
			c.Assertion = assertion.Present
		}
		if m.kind == Medication && c.Assertion == assertion.Hypothetical && r.allowedWithItsDose(m) {
			// "if she's still miserable you can add children's ibuprofen,
			// seven point five ml up to three times a day": a drug the
			// carer may give, dosed, is started for when it is needed
			c.Assertion = assertion.Present
		}
		if m.kind == Medication && c.Assertion == assertion.Hypothetical && r.asNeededOnly(c) {
			// "ibuprofen as needed" is a prescription, not a supposition
			c.Assertion = assertion.Present
		}
		m.Context, m.Answered = c, answered
		ms = append(ms, m)
	}
	allergic := r.allergies(ms)
	r.problems(ms)
	r.unlistedDiagnoses()
	r.medications(ms, allergic)
	r.orders(ms)
	r.pastProcedures(ms)
	r.followUps()
	// "any fever?" "thirty-eight two last night": the answer says nothing
	// of the fever in words, but it is the temperature's value
	r.vitals(append(append([]mention(nil), ms...), asked...))
	r.habits(ms)
	r.complaint()
}

// effectWindow is how many tokens after a phrase of effect the condition
// it names may start ("can lower the seizure threshold").
const effectWindow = 4

// toldAsRisk reports whether m is named as what something may bring about:
// a phrase of effect before it, in its sentence, or a word of risk right
// after it ("your stroke risk").
func (r *Reading) toldAsRisk(m Mention) bool {
	toks := r.Units[m.Unit].Tokens
	phrases := r.Lexicon.List("effect_phrases")
	if e, _ := phrases.Match(toks, m.End); e != nil && (e.Attr("after") == "yes" || r.Lexicon.List("risk_words").Has(toks[m.End].Norm)) {
		// (and "a stroke risk of three in a hundred", where "risk of" is
		// the longer term)
		// "the combined pill raises your stroke risk"
		return true
	}
	if cueInClause(toks, m.First, phrases, effectWindow, func(e *lexicon.Entry) bool { return e.Attr("after") != "yes" }) {
		return true
	}
	return r.riskNamed(toks, m.First)
}

// riskReach is how many words before a condition the risk it is named as
// may be ("the main risk with atrial fibrillation is stroke").
const riskReach = 8

// riskNamed reports whether the condition at token first is named as what
// a risk is: "is" right before it, and a word of risk earlier in its
// clause ("the main risk with atrial fibrillation is stroke").
func (r *Reading) riskNamed(toks []lexicon.Token, first int) bool {
	x := r.Lexicon
	k := first - 1
	for k >= 0 && x.List("determiners").Has(toks[k].Norm) {
		k--
	}
	if k < 0 || !x.List("auxiliaries").Has(toks[k].Norm) {
		return false
	}
	risks := x.List("risk_words")
	for j := k - 1; j >= 0 && j >= k-riskReach && toks[j].Kind != lexicon.Punct; j-- {
		if risks.Has(toks[j].Norm) {
			return true
		}
	}
	return false
}

// generalSubject reports whether the condition of m, named with an
// indefinite article, is the subject of a modal right after it ("a water
// infection can make sickness worse"): a statement about the condition,
// not a finding.
func (r *Reading) generalSubject(m Mention) bool {
	toks := r.Units[m.Unit].Tokens
	if m.First == 0 || m.End >= len(toks) || !r.Lexicon.List("indefinite_articles").Has(toks[m.First-1].Norm) {
		return false
	}
	e, _ := r.Lexicon.List("general_modals").Match(toks, m.End)
	return e != nil
}

// cueInClause reports whether a term of list that ok accepts (any, when
// ok is nil) ends within win tokens before token i, with no mark between:
// the cue and what it introduces are one phrase.
func cueInClause(toks []lexicon.Token, i int, list *lexicon.List, win int, ok func(*lexicon.Entry) bool) bool {
	for k := i - 1; k >= 0 && k >= i-win-4; k-- {
		if toks[k].Kind == lexicon.Punct {
			return false
		}
		if e, n := list.Match(toks, k); e != nil && (ok == nil || ok(e)) && k+n <= i && i-(k+n) <= win {
			return true
		}
	}
	return false
}

// impressionWindow is how many tokens after an impression cue the
// condition it names may start ("it sounds like a chest infection").
const impressionWindow = 6

// reachOf is how far after it a cue names what it introduces: its own
// reach= (a short cue such as "that's" only right before the condition:
// "that's gout"), or win.
func reachOf(e *lexicon.Entry, win int) int {
	if n, err := strconv.Atoi(e.Attr("reach")); err == nil {
		return n
	}
	return win
}

// topicWindow is the same for a topic opener ("for your high blood
// pressure").
const topicWindow = 2

// diagnoses reports whether a mention is the clinician's own statement
// (not a question, not an answer) of a diagnosis: in the assessment, as the
// topic of a plan item, or after an impression cue in any words.
func (r *Reading) diagnoses(m mention) bool {
	u := r.Units[m.Unit]
	if u.Speaker != transcript.Clinician || u.Question || m.Answered {
		return false
	}
	if at, _ := find(u.Tokens[:m.First], r.Lexicon.List("record_frames")); at >= 0 {
		// "looking at your record, you've got type 2 diabetes": the
		// record read back is history, no ruling of this visit
		return false
	}
	switch {
	case u.Part == discourse.Assessment:
		return true
	case u.Part == discourse.Plan && r.afterCue(u.Tokens, m.First, r.Lexicon.List("topic_openers"), topicWindow) &&
		!r.drugNamedBefore(u.Tokens, m.First):
		// "for your nausea, ..." opens a topic; "ondansetron 4 mg for
		// the nausea" says what a drug is for
		return true
	}
	return r.impressionOf(u.Tokens, m) ||
		m.kind == Condition && r.afterCue(u.Tokens, m.First, r.Lexicon.List("diagnosis_statements"), impressionWindow) && !r.namedBefore(m) ||
		// the words that open a diagnosis the lexicon does not know open
		// a known one too ("I think you're going through an adjustment
		// disorder"); a test's reading "consistent with" it is a result
		m.kind == Condition && r.afterCue(u.Tokens, m.First, r.Lexicon.List("diagnosis_leads"), impressionWindow) && !r.namesTest(u.Tokens) ||
		r.afterCue(u.Tokens, m.First, r.Lexicon.List("concern_cues"), concernWindow) ||
		m.kind == Condition && r.judgedAt(u.Tokens, m.Mention) ||
		m.kind == Condition && r.explainedByCause(u.Tokens, m.End)
}

// explainedByCause reports whether a word giving a cause follows the
// condition ending at token end ("his sugar is high because he ran out of
// the gliclazide"): the clinician explains what the patient has today.
func (r *Reading) explainedByCause(toks []lexicon.Token, end int) bool {
	if end >= len(toks) {
		return false
	}
	e, _ := r.Lexicon.List("explanation_links").Match(toks, end)
	return e != nil
}

// namedBefore reports whether m's words were said in an earlier unit by
// someone else than the clinician: "so you have atrial fibrillation"
// after the history named it recaps a known condition, where "so you have a three centimeter laceration"
// names what the exam found.
func (r *Reading) namedBefore(m mention) bool {
	words := r.Units[m.Unit].Tokens[m.First:m.End]
	for k := 0; k < m.Unit; k++ {
		// (the clinician's own words before, "anything at minus two
		// point five counts as osteoporosis", told no history)
		if r.Units[k].Speaker != transcript.Clinician && hasSequence(r.Units[k].Tokens, words) {
			return true
		}
	}
	return false
}

// drugNamedBefore reports whether a drug is named in toks before token i.
func (r *Reading) drugNamedBefore(toks []lexicon.Token, i int) bool {
	at, _ := find(toks[:i], r.Lexicon.List("medications"))
	return at >= 0
}

// judgedWithin reports whether a condition read from a measure and its
// level holds a judgement of where it stands ("your blood pressure is
// still above goal" is hypertension, judged).
func (r *Reading) judgedWithin(toks []lexicon.Token, first, end int) bool {
	at, _ := find(toks[first:end], r.Lexicon.List("status_words"))
	return at >= 0
}

// judgedAt reports whether the condition at m is judged, in the words
// after it or within its own ("still above goal").
func (r *Reading) judgedAt(toks []lexicon.Token, m Mention) bool {
	return r.judged(toks, m.End) || r.judgedWithin(toks, m.First, m.End)
}

// statusReach is how many tokens after a condition the clinician's
// judgement of it may come ("your diabetes is a bit out of control").
const statusReach = 5

// judged reports whether the words after a condition judge where it stands
// ("est un peu déséquilibré", "is well controlled"), in the same clause.
func (r *Reading) judged(toks []lexicon.Token, end int) bool {
	list := r.Lexicon.List("status_words")
	for k := end; k < len(toks) && k < end+statusReach; k++ {
		if toks[k].Kind == lexicon.Punct {
			return false
		}
		if e, _ := list.Match(toks, k); e != nil {
			return true
		}
	}
	return false
}

// concernWindow is how many tokens after a worry ("I'm worried about") or
// a test's showing ("the CT shows") the condition may start.
const concernWindow = 3

// afterCue reports whether a term of list ends within win tokens before
// token i, in the same clause.
func (r *Reading) afterCue(toks []lexicon.Token, i int, list *lexicon.List, win int) bool {
	for k := i - 1; k >= 0 && k >= i-win-4; k-- {
		if toks[k].Kind == lexicon.Punct && toks[k].Norm != "," {
			return false
		}
		if e, n := list.Match(toks, k); e != nil && k+n <= i && i-(k+n) <= reachOf(e, win) {
			return true
		}
	}
	return false
}

// impressionOf reports whether an impression cue introduces m. A short
// cue ("it's", "that's") introduces a condition only: of a symptom it
// says how the patient is ("it's swollen"), not what they have.
func (r *Reading) impressionOf(toks []lexicon.Token, m mention) bool {
	list := r.Lexicon.List("impression_cues")
	if m.kind == Condition {
		return r.afterCue(toks, m.First, list, impressionWindow)
	}
	for k := m.First - 1; k >= 0 && k >= m.First-impressionWindow-4; k-- {
		if toks[k].Kind == lexicon.Punct && toks[k].Norm != "," {
			return false
		}
		if e, n := list.Match(toks, k); e != nil && e.Attr("reach") == "" && k+n <= m.First && m.First-(k+n) <= impressionWindow {
			return true
		}
	}
	return false
}

// problemKey groups mentions of one condition about one person.
type problemKey struct {
	kind    Kind
	name    string
	subject assertion.Subject
}

// problems merges symptom and condition mentions into findings. The
// clinician's statement in the assessment decides (a diagnosis, or a
// condition ruled out); otherwise statements outweigh answers to
// questions, and a statement that something is present outweighs one that
// it is not ("any vomiting?" "no" ... "I was sick once at the start").
func (r *Reading) problems(ms []mention) {
	order := []problemKey{}
	groups := map[problemKey][]mention{}
	for _, m := range ms {
		if m.kind != Symptom && m.kind != Condition || r.isReaction(m) {
			continue
		}
		subject := m.Context.Subject
		if subject == "" {
			subject = assertion.Patient
		}
		k := problemKey{m.kind, m.name, subject}
		if _, ok := groups[k]; !ok {
			order = append(order, k)
		}
		groups[k] = append(groups[k], m)
	}
	for _, k := range order {
		group := groups[k]
		f := Finding{Kind: k.kind, Name: k.name, Subject: k.subject, System: group[0].system,
			Chronic: group[0].entry.Attr("chronic") != ""}
		var statements, answers, rulings, hypothetical []mention
		for _, m := range group {
			f.Mentions = append(f.Mentions, m.Mention)
			switch {
			case m.Context.Assertion == assertion.Hypothetical:
				hypothetical = append(hypothetical, m)
			case r.diagnoses(m):
				rulings = append(rulings, m)
			case m.Answered:
				answers = append(answers, m)
			default:
				statements = append(statements, m)
			}
		}
		main := r.resolve(&f, rulings, statements, answers, hypothetical)
		f.Said = r.TextOf(main.Unit, main.saidFirst, main.saidEnd)
		if main.byLevel {
			// "his sugar is high" is written hyperglycemia
			f.Said = f.Name
		}
		f.Resolved = f.Time == assertion.Past && (r.resolvedBy(main.Context) || r.resolvedAfter(main))
		if f.Subject == assertion.Family {
			f.Relatives = r.relatives(main.Unit)
			if len(f.Relatives) > 0 {
				f.Relation = f.Relatives[0]
			}
		}
		r.Findings = append(r.Findings, f)
	}
}

// isReaction reports whether a mention is an allergy's reaction.
func (r *Reading) isReaction(m mention) bool {
	for k := m.First; k < m.End; k++ {
		if r.reactions[[2]int{m.Unit, k}] {
			return true
		}
	}
	return false
}

// resolve sets f's assertion and time from its mentions and returns the
// mention that speaks for it.
func (r *Reading) resolve(f *Finding, rulings, statements, answers, hypothetical []mention) mention {
	pick := func(pool []mention, want ...assertion.Assertion) (mention, bool) {
		for _, w := range want {
			for _, m := range pool {
				if m.Context.Assertion == w {
					return m, true
				}
			}
		}
		return mention{}, false
	}
	var current []mention
	all := append(append([]mention(nil), statements...), rulings...)
	for _, m := range rulings {
		if m.Context.Time != assertion.Past && !r.recalledAsCause(f, m, all) {
			current = append(current, m)
		}
	}
	if m, ok := pick(current, assertion.Present, assertion.Possible); ok {
		// (a ruling of the history, "I know you have a history of high
		// blood pressure", gives way to one of today)
		f.Assertion, f.Time, f.Diagnosis = m.Context.Assertion, assertion.Current, true
		return m
	}
	if m, ok := pick(rulings, assertion.Absent); ok {
		f.Assertion, f.Time, f.RuledOut = assertion.Absent, assertion.Current, f.Kind == Condition
		return m
	}
	if m, ok := r.excluded(f, statements); ok {
		f.Assertion, f.Time, f.RuledOut = assertion.Absent, assertion.Current, true
		return m
	}
	if _, denied := pick(answers, assertion.Absent); denied && f.Kind == Symptom {
		// "Any headaches?" "No, not really." then "The commonest one is
		// some ankle swelling, and occasionally flushing or a headache":
		// what the clinician says of a symptom the patient denied, but
		// from the exam or the results, is side effects and advice, not
		// the patient's
		statements = r.notToldByClinician(statements)
	}
	pool := append(append([]mention(nil), statements...), rulings...)
	if len(pool) == 0 {
		pool = answers
	}
	if m, ok := pick(pool, assertion.Present); ok {
		f.Assertion, f.Time = assertion.Present, assertion.Past
		for _, p := range pool {
			if p.Context.Assertion == assertion.Present && p.Context.Time != assertion.Past && !r.recalledAsCause(f, p, pool) {
				f.Time, m = assertion.Current, p
				break
			}
		}
		return m
	}
	if m, ok := pick(pool, assertion.Absent, assertion.Possible); ok {
		f.Assertion, f.Time = m.Context.Assertion, timeOf(m)
		return m
	}
	m := hypothetical[0]
	f.Assertion, f.Time = assertion.Hypothetical, timeOf(m)
	return m
}

// notToldByClinician returns the mentions the clinician did not say, but
// for what the exam found or the results show.
func (r *Reading) notToldByClinician(ms []mention) []mention {
	var out []mention
	for _, m := range ms {
		if u := r.Units[m.Unit]; u.Speaker != transcript.Clinician || u.Part == discourse.Exam || u.Part == discourse.Results {
			out = append(out, m)
		}
	}
	return out
}

// resolvedIn reports whether unit ui says, from token from on, that what
// it speaks of is over, before naming another problem.
func (r *Reading) resolvedIn(ui, from int) bool {
	toks := r.Units[ui].Tokens
	x := r.Lexicon
	list, conditions, symptoms := x.List("context"), x.List("conditions"), x.List("symptoms")
	for k := from; k < len(toks); k++ {
		if e, _ := list.Match(toks, k); e != nil && e.Attr("state") == "resolved" {
			return true
		}
		// another problem named before the word of resolution is what it
		// resolves ("high blood pressure, and pneumonia that cleared up")
		// a life state situates the problem ("when I was pregnant"): it is
		// not the next problem
		if e, _ := conditions.Match(toks, k); e != nil && e.Attr("background") == "" {
			return false
		}
		if e, _ := symptoms.Match(toks, k); e != nil && e.Attr("system") != generalSystem {
			return false
		}
	}
	return false
}

func timeOf(m mention) assertion.Time {
	if m.Context.Time == assertion.Past {
		return assertion.Past
	}
	return assertion.Current
}

// excluded finds the clinician's statement, from the examination or the
// results on, that a condition is not there ("the x-ray shows no
// fracture"): the condition is ruled out. A patient's denial, or the
// clinician restating the history, is not a ruling.
func (r *Reading) excluded(f *Finding, statements []mention) (mention, bool) {
	if f.Kind != Condition {
		return mention{}, false
	}
	for _, m := range statements {
		u := r.Units[m.Unit]
		if u.Speaker != transcript.Clinician || m.Context.Assertion != assertion.Absent || m.Context.Time == assertion.Past {
			continue
		}
		switch u.Part {
		case discourse.Exam:
			// a sign the exam did not find ("no murmur") is no diagnosis
			// ruled out; a test read out there is ("the x-ray shows no
			// fracture")
			if r.namesTest(u.Tokens) {
				return m, true
			}
		case discourse.Results, discourse.Assessment, discourse.Plan:
			return m, true
		}
	}
	return mention{}, false
}

// relatives names the relatives a family history statement is about: the
// first relative the unit names, and those joined to it.
func (r *Reading) relatives(unit int) []string {
	toks := r.Units[unit].Tokens
	x := r.Lexicon
	fam := x.List("family_members")
	first, n := find(toks, fam)
	if first < 0 {
		// "Dans la famille, il y a du diabète ?" "Mon frère, oui.": the
		// relative the answer names; "Mon frère, oui. Lui, il est
		// diabétique": the one named in the turn's sentence before
		if a := r.Answer[unit]; a > unit && r.namesAny(r.Units[a].Tokens, "family_members") {
			return r.relatives(a)
		}
		if unit > 0 && r.Units[unit-1].Segment == r.Units[unit].Segment && r.namesAny(r.Units[unit-1].Tokens, "family_members") {
			return r.relatives(unit - 1)
		}
		return nil
	}
	e, _ := fam.Match(toks, first)
	out := []string{e.Attr("relation")}
	// "sa mère et son frère", "her mother and brother": relatives joined to
	// the first share what is said of them; a joining word may stand
	// relativeGap words past the last relative
	last := first + n
	for j := last; j < len(toks) && j <= last+relativeGap; {
		t := toks[j]
		if t.Norm == "," || x.List("conjunctions").Has(t.Norm) || x.List("determiners").Has(t.Norm) || x.List("own_possessives").Has(t.Norm) {
			j++
			continue
		}
		next, m := fam.Match(toks, j)
		if next == nil {
			break
		}
		if rel := next.Attr("relation"); !slices.Contains(out, rel) {
			out = append(out, rel)
		}
		j += m
		last = j
	}
	return out
}

// relativeGap is how many joining words may stand between two relatives
// named together ("her mother and her brother").
const relativeGap = 3
