package clinical

import (
	"strings"

	"github.com/notegen/notegen/internal/assertion"
	"github.com/notegen/notegen/internal/discourse"
	"github.com/notegen/notegen/internal/lexicon"
	"github.com/notegen/notegen/internal/transcript"
)

// orders finds the tests, procedures and referrals the clinician orders at
// this visit: named by the clinician in a statement (not a question),
// neither denied nor hypothetical nor in the past, in the plan or with a
// verb of ordering near them. A result read out ("your x-ray showed") is
// not an order.
func (r *Reading) orders(ms []mention) {
	verbs := r.Lexicon.List("order_verbs")
	seen := map[string]int{}
	orderedEnd := map[int]int{}           // unit -> end of the last term a verb ordered there
	panelEnd := map[int]int{}             // unit -> end of a panel so ordered ("blood tests")
	orderedBy := map[int]*lexicon.Entry{} // unit -> the verb that ordered its last term
	placed := map[int][2]int{}            // unit -> the tokens of the last study named with its place
	for _, m := range ms {
		switch m.kind {
		case Lab, Imaging, Procedure, Referral:
		default:
			continue
		}
		if p, ok := placed[m.Unit]; ok && m.First >= p[0] && m.End <= p[1] {
			// "a CT pulmonary angiogram": the angiogram is the CT's place,
			// no study of its own
			continue
		}
		u := r.Units[m.Unit]
		if u.Speaker != transcript.Clinician || r.asks(m.Unit) && !r.proposes(u.Tokens) {
			// a request is an order ("could you drop a urine sample in
			// tomorrow?"); another question asks
			continue
		}
		if m.Context.Assertion != assertion.Present && m.Context.Assertion != assertion.Possible || m.Context.Time == assertion.Past {
			continue
		}
		if m.kind == Referral && r.actsAsSubject(u.Tokens, m.End) {
			// "your cardiologist started you on metoprolol": the
			// specialist the patient sees did something; no referral
			continue
		}
		if endingAt(u.Tokens, m.First, r.Lexicon.List("test_times")) >= 0 {
			// "to see how the new medicine is working before your next
			// A1c": the test says when, it is not ordered here
			continue
		}
		if r.namedAsTopic(u.Tokens, m.End) {
			// "from a rapid strep standpoint, we'll treat you": the test
			// is the topic
			continue
		}
		if r.deniedUse(u.Tokens, m.End) {
			// "a scan wouldn't change what we do": the test is the
			// subject of a denied use, no order
			continue
		}
		if r.waitsOnCondition(u.Tokens, m.End) {
			// "will refer to urology if the PSA is elevated": an order
			// that waits on the patient's course is no order today
			continue
		}
		if r.deferredAfter(m) {
			// "we discussed coronary angiography, and given mild
			// ischemia we agreed to defer it": put off, no order today
			continue
		}
		if r.doneBefore(u.Tokens, m) {
			// "I wanted to check your last diabetic labs that we did":
			// a test done before the visit is recalled, not ordered
			continue
		}
		verb, at := r.nearest(u.Tokens, m.First, m.End, verbs, actionWindow)
		if (m.kind == Lab || m.kind == Procedure) && (verb == nil || at > m.First) &&
			(r.resultJudged(u.Tokens, m.First, m.End) || r.valueAfter(u.Tokens, m.End)) {
			// "that can cause your blood sugar to be elevated", "a1c is
			// 5.1 on the last check", "your oxygen is a bit lower than
			// usual": a result judged or read, not the object of a verb
			// of ordering
			continue
		}
		if other, _ := r.decidedByOther(u.Tokens, at); verb != nil && other {
			// "they will do an ultrasound in the office": another's
			// plan, no order of this visit
			continue
		}
		if verb == nil {
			// "I'd also like a chest x-ray": a wish said right before
			// the test orders it
			verb = r.wishBefore(u.Tokens, m.First)
		}
		if verb == nil {
			// "A CT of the abdomen has been ordered", "Labs were sent"
			verb = r.orderedPassively(u.Tokens, r.placeAfter(u.Tokens, m.End))
		}
		if verb == nil && m.kind == Procedure {
			// "I'll give you a tetanus booster today", "close it with
			// skin glue": a procedure done at the visit is said with a
			// verb of doing it, not of ordering
			verb, _ = r.nearest(u.Tokens, m.First, m.End, r.Lexicon.List("procedure_verbs"), actionWindow)
		}
		if end, ok := orderedEnd[m.Unit]; verb == nil && ok && r.joinedItem(u.Tokens, end, m.First) {
			// "I'm ordering an ultrasound to look for stones, and blood
			// tests": the verb orders every item of its list ("Labs were
			// sent, including a CBC and a lactate")
			verb = orderedBy[m.Unit]
		}
		if end, ok := panelEnd[m.Unit]; verb == nil && ok && m.kind == Lab && r.panelFor(u.Tokens, end, m.First) {
			// "blood tests for her liver enzymes" orders the liver tests
			verb = orderedBy[m.Unit]
		}
		if u.Part == discourse.Results && (verb == nil || r.readsResultOf(u.Tokens, m)) {
			// a result read out ("your x-ray showed") is no order; "I'm
			// going to get a chest x-ray" is one, whatever part the model
			// gave it
			continue
		}
		if verb == nil && r.discussedBefore(u.Tokens, m.First) {
			// "We discussed rhythm control, including flecainide and
			// catheter ablation": talked over, not ordered
			continue
		}
		requested := u.Question && r.proposes(u.Tokens)
		if verb == nil && !requested && (u.Part != discourse.Plan || r.readsResult(u.Tokens) || r.valueAfter(u.Tokens, m.End) ||
			r.opensTopic(u.Tokens, m)) {
			// (in the plan, a test said with its value reads it out,
			// "l'hémoglobine glyquée est à 6,9 %", and one that opens a
			// topic names it, "pour le cholestérol, on va essayer ...")
			// in the plan, a test needs no verb to be ordered ("and a
			// chest x-ray"), but one read out is none ("I got your blood
			// work back")
			continue
		}
		if verb != nil {
			orderedEnd[m.Unit], orderedBy[m.Unit] = m.End, verb
			if m.kind == Lab && m.entry != nil && m.entry.Attr("panel") == "yes" {
				panelEnd[m.Unit] = m.End
			}
		}
		kind := m.kind
		if kind == Procedure && (verb != nil && verb.Attr("action") == "refer" || r.alsoReferral(u.Tokens, m)) {
			// "refer you to physical therapy", "order physical therapy
			// referral": a therapy ordered is a referral to its
			// therapists
			kind = Referral
		}
		key := string(kind) + "\x00" + m.name
		if at, ok := seen[key]; ok {
			r.Findings[at].Mentions = append(r.Findings[at].Mentions, m.Mention)
			continue
		}
		end := r.whenAfter(u.Tokens, r.placeAfter(u.Tokens, m.End))
		if kind == Lab {
			end = r.checkedAfter(m.entry, u.Tokens, end)
		}
		placed[m.Unit] = [2]int{m.First, end}
		f := Finding{Kind: kind, Name: m.name, Said: r.orderText(m.Unit, r.placeBefore(m), end), Assertion: assertion.Present,
			Time: assertion.Current, Subject: assertion.Patient, Ordered: true, Mentions: []Mention{m.Mention}}
		f.Reason = r.reasonFor(m, true)
		seen[key] = len(r.Findings)
		r.Findings = append(r.Findings, f)
	}
	r.referredBack(ms, seen)
	r.unlistedReferrals(verbs)
	r.unlistedTests(verbs, seen)
	r.referredTests(ms, verbs, seen)
	r.dropUnmentioned()
	r.panelsOfTheirItems()
}

// actsAsSubject reports whether the words from token end, past adverbs and
// modals, go
// on with a verb that acts on a drug or reports what was said ("your
// cardiologist started you on ...", "the neurologist said ..."): what ends
// before them is that verb's subject.
func (r *Reading) actsAsSubject(toks []lexicon.Token, end int) bool {
	x := r.Lexicon
	k := end
	for k < len(toks) && (x.List("adverbs").Has(toks[k].Norm) || x.List("modals").Has(toks[k].Norm)) {
		k++
	}
	for _, list := range []string{"med_actions", "clause_verbs", "perfect_auxiliaries"} {
		if e, _ := x.List(list).Match(toks, k); e != nil {
			return true
		}
	}
	return false
}

// alsoReferral reports whether the procedure at m is also a service one is
// referred to (the lexicon lists "physical therapy" as both): ordered, it
// is a referral.
func (r *Reading) alsoReferral(toks []lexicon.Token, m mention) bool {
	e, n := r.Lexicon.List("referrals").Match(toks, m.First)
	return e != nil && m.First+n == m.End
}

// orderedPassively is the passive of ordering said of the test ending at
// token end, after it in its clause ("A CT of the abdomen and pelvis with IV
// contrast has been ordered"), or nil.
func (r *Reading) orderedPassively(toks []lexicon.Token, end int) *lexicon.Entry {
	passives := r.Lexicon.List("order_passives")
	for k := end; k < len(toks) && k <= end+actionWindow; k++ {
		if toks[k].Kind == lexicon.Punct {
			return nil
		}
		if e, n := passives.Match(toks, k); e != nil {
			if r.historicalFrom(toks, k+n) {
				// "your labs were sent last week"
				return nil
			}
			return e
		}
	}
	return nil
}

// historicalFrom reports whether a time before the visit is said in the
// clause from token k on ("... last week", "... in the past").
func (r *Reading) historicalFrom(toks []lexicon.Token, k int) bool {
	context, past := r.Lexicon.List("context"), r.Lexicon.List("past_times")
	for ; k < len(toks) && toks[k].Kind != lexicon.Punct; k++ {
		if e, _ := context.Match(toks, k); e != nil && e.Attr("category") == "historical" {
			return true
		}
		if e, _ := past.Match(toks, k); e != nil {
			return true
		}
	}
	return false
}

// namedAsTopic reports whether the term ending at token end is made the
// topic of what follows ("from a rapid strep standpoint").
func (r *Reading) namedAsTopic(toks []lexicon.Token, end int) bool {
	e, _ := r.Lexicon.List("topic_tails").Match(toks, end)
	return e != nil
}

// wishBefore is the clinician's wish that ends right before token first,
// past qualifiers, sides and body parts ("I'd like a chest x-ray", "a
// repeat ultrasound"), or
// nil.
func (r *Reading) wishBefore(toks []lexicon.Token, first int) *lexicon.Entry {
	wishes, quals := r.Lexicon.List("order_wishes"), r.Lexicon.List("qualifiers")
	for k := first - 1; k >= 0 && k >= first-actionWindow; k-- {
		if e, n := wishes.Match(toks, k); e != nil && k+n <= first {
			for j := k + n; j < first; {
				if quals.Has(toks[j].Norm) || r.Lexicon.List("sides").Has(toks[j].Norm) {
					j++
					continue
				}
				if _, bn := r.bodyPartAt(toks, j); bn > 0 {
					j += bn
					continue
				}
				return nil
			}
			return e
		}
		if toks[k].Kind == lexicon.Punct {
			return nil
		}
	}
	return nil
}

// doneBefore reports whether test m is said as done before this visit: a
// word of the past right before it, past determiners and possessives
// ("your last A1c", "the previous x-ray"), or a clause of its doing right
// after it ("the labs that we did", "the x-ray from last week").
func (r *Reading) doneBefore(toks []lexicon.Token, m mention) bool {
	if m.kind != Lab && m.kind != Imaging {
		return false
	}
	x := r.Lexicon
	done := x.List("done_tests")
	for k := m.First - 1; k >= 0 && toks[k].Kind != lexicon.Punct; k-- {
		if e, _ := done.Match(toks, k); e != nil && e.Attr("again") == "yes" {
			// "repeat the x-ray that we did": done, and ordered again
			return false
		}
	}
	for k := m.First - 1; k >= 0 && k >= m.First-doneReach; k-- {
		if e, n := done.Match(toks, k); e != nil && e.Attr("before") == "yes" && k+n <= m.First {
			return true
		}
		if t := toks[k]; t.Kind == lexicon.Punct || !x.List("determiners").Has(t.Norm) && !x.List("own_possessives").Has(t.Norm) &&
			!x.List("qualifiers").Has(t.Norm) && !x.List("fillers").Has(t.Norm) {
			break
		}
	}
	end := r.placeAfter(toks, m.End)
	for k := end; k < len(toks) && k <= end+1; k++ {
		if e, _ := done.Match(toks, k); e != nil && e.Attr("before") != "yes" && e.Attr("again") != "yes" {
			return true
		}
		if toks[k].Kind == lexicon.Punct {
			break
		}
	}
	return false
}

// doneReach is how many words before a test a word of the past may stand
// ("your last, uh, diabetic labs").
const doneReach = 4

// panelsOfTheirItems leaves out of the orders a panel whose tests are
// named after it ("Bilan biologique : ionogramme, créatinine, bilan
// lipidique", "bloods: a full blood count and a ferritin"): the tests are
// the orders, and the panel only announces them.
func (r *Reading) panelsOfTheirItems() {
	labs := r.Lexicon.List("labs")
	for i := range r.Findings {
		f := &r.Findings[i]
		if f.Kind != Lab || !f.Ordered {
			continue
		}
		if e := labs.Lookup(f.Name); e == nil || e.Attr("panel") != "yes" {
			continue
		}
		announced := true
		for _, m := range f.Mentions {
			if !r.itemAfter(i, m) {
				announced = false
				break
			}
		}
		if announced {
			f.Ordered = false
		}
	}
}

// itemAfter reports whether another ordered test than finding skip is
// named after mention m, in its sentence.
func (r *Reading) itemAfter(skip int, m Mention) bool {
	for j, g := range r.Findings {
		if j == skip || !g.Ordered || g.Kind != Lab && g.Kind != Imaging {
			continue
		}
		for _, gm := range g.Mentions {
			if gm.Unit == m.Unit && gm.First >= m.End {
				return true
			}
		}
	}
	return false
}

// valueReach is how many tokens after a test its value may be said ("is
// at 6.9").
const valueReach = 4

// valueAfter reports whether a test's value is said right after it, past
// words that link a value ("your last A1c was 5.5", "l'hémoglobine
// glyquée est à 6,9"): a number within valueReach tokens, only value
// links between, and no unit of time after it ("an echocardiogram in
// about six months" is when, not what).
func (r *Reading) valueAfter(toks []lexicon.Token, end int) bool {
	links, times := r.Lexicon.List("value_links"), r.Lexicon.List("time_units")
	for _, n := range r.numbersIn(toks) {
		if n.first < end || n.first-end > valueReach {
			continue
		}
		for k := end; k < n.first; k++ {
			if !links.Has(toks[k].Norm) {
				return false
			}
		}
		if e, _ := times.Match(toks, n.end); e != nil {
			return false
		}
		return n.first > end
	}
	return false
}

// opensTopic reports whether the test at m opens the sentence as its topic
// ("Pour le cholestérol, on va essayer la rosuvastatine", "for your
// cholesterol, ..."): a topic word first, the test, then a comma.
func (r *Reading) opensTopic(toks []lexicon.Token, m mention) bool {
	e, n := r.Lexicon.List("topic_openers").Match(toks, 0)
	if e == nil || n > m.First || m.First-n > topicWindow {
		return false
	}
	return m.End < len(toks) && toks[m.End].Norm == ","
}

// readsResult reports whether a sentence reads a result out: it has a
// word of results ("back", "showed").
func (r *Reading) readsResult(toks []lexicon.Token) bool {
	at, _ := find(toks, r.Lexicon.List("result_cues"))
	return at >= 0
}

// markBetween reports whether a comma or a semicolon stands between
// tokens lo and hi: a clause ends there.
func markBetween(toks []lexicon.Token, lo, hi int) bool {
	for k := lo; k < hi && k < len(toks); k++ {
		if toks[k].Norm == "," || toks[k].Norm == ";" {
			return true
		}
	}
	return false
}

// readsResultOf reports whether a word reading a result stands in the
// clause of item m, no comma between: "the D-dimer came back elevated, so
// a CT pulmonary angiogram was ordered" reads the D-dimer and orders the
// CT.
func (r *Reading) readsResultOf(toks []lexicon.Token, m mention) bool {
	cues := r.Lexicon.List("result_cues")
	for k := range toks {
		e, n := cues.Match(toks, k)
		if e == nil {
			continue
		}
		lo, hi := k+n, m.First
		if k >= m.End {
			lo, hi = m.End, k
		}
		if !markBetween(toks, lo, hi) {
			return true
		}
	}
	return false
}

// joinedItem reports whether the term at first is the next item of a list
// whose previous item ended at or before end: a conjunction or a comma
// stands right before it (after a determiner), in the same sentence.
func (r *Reading) joinedItem(toks []lexicon.Token, end, first int) bool {
	x := r.Lexicon
	k := first - 1
	for k >= end && x.List("determiners").Has(toks[k].Norm) && !x.List("own_possessives").Has(toks[k].Norm) {
		k--
	}
	if k < end {
		return false
	}
	if t := toks[k]; !(t.Kind == lexicon.Punct && t.Norm == ",") && !r.joins(toks, k) && endingAt(toks, k+1, x.List("list_inclusions")) < 0 {
		// ("labs, including a CBC")
		return false
	}
	for j := end; j < first; j++ {
		if t := toks[j]; t.Kind == lexicon.Punct && t.Norm != "," {
			return false
		}
	}
	return true
}

// joins reports whether token k joins the items of a list ("and", "or").
func (r *Reading) joins(toks []lexicon.Token, k int) bool {
	e, _ := r.Lexicon.List("context").Match(toks, k)
	return e != nil && e.Attr("category") == "list"
}

// panelFor reports whether the lab at first says what a panel of tests
// ending at end is for: "blood tests for her liver enzymes", "bloods to
// check your kidneys".
func (r *Reading) panelFor(toks []lexicon.Token, end, first int) bool {
	x := r.Lexicon
	if first-end > appositionGap+1 {
		return false
	}
	for k := end; k < first; k++ {
		t := toks[k]
		if !x.List("prepositions").Has(t.Norm) && !x.List("determiners").Has(t.Norm) && !x.List("own_possessives").Has(t.Norm) &&
			!x.List("order_verbs").Has(t.Norm) {
			return false
		}
	}
	return true
}

// referBack is how many units back "I'll refer you" may reach for the
// service it refers to ("the stop smoking service is really good ...
// would you like that? ... great, I'll refer you").
const referBack = 4

// referredBack orders the service named just before a bare "I'll refer
// you": a referral verb in the clinician's statement that names no service
// refers to the last one named.
func (r *Reading) referredBack(ms []mention, seen map[string]int) {
	verbs := r.Lexicon.List("order_verbs")
	for ui, u := range r.Units {
		if u.Speaker != transcript.Clinician || u.Question {
			continue
		}
		at, _ := find(u.Tokens, verbs)
		if at < 0 {
			continue
		}
		if e, _ := verbs.Match(u.Tokens, at); e.Attr("action") != "refer" {
			continue
		}
		var last *mention
		for k := range ms {
			m := &ms[k]
			if m.kind == Referral && m.Unit <= ui && m.Unit >= ui-referBack && m.Context.Assertion != assertion.Absent {
				last = m
			}
		}
		if last == nil || last.Unit == ui {
			continue
		}
		key := string(Referral) + "\x00" + last.name
		if _, ok := seen[key]; ok {
			continue
		}
		f := Finding{Kind: Referral, Name: last.name, Said: r.TextOf(last.Unit, last.First, last.End), Assertion: assertion.Present,
			Time: assertion.Current, Subject: assertion.Patient, Ordered: true,
			Mentions: []Mention{last.Mention, {Unit: ui, First: at, End: at + 1}}}
		f.Reason = r.reasonFor(*last, true)
		seen[key] = len(r.Findings)
		r.Findings = append(r.Findings, f)
	}
}

// pastProcedures keeps the operations the patient had before the visit
// ("She had a caesarean section three years ago"): history, no order, for
// the past medical or surgical history.
func (r *Reading) pastProcedures(ms []mention) {
	seen := map[string]bool{}
	for _, m := range ms {
		c := m.Context
		if m.kind != Procedure || c.Assertion != assertion.Present || c.Time != assertion.Past || c.Subject != assertion.Patient ||
			seen[m.name] || r.findingIn(m.Unit, func(f *Finding) bool { return f.Kind == Procedure && f.Name == m.name }) ||
			!r.datedBeforeVisit(c) {
			continue
		}
		seen[m.name] = true
		r.Findings = append(r.Findings, Finding{Kind: Procedure, Name: m.name, Said: r.TextOf(m.Unit, m.saidFirst, m.saidEnd),
			Assertion: assertion.Present, Time: assertion.Past, Subject: assertion.Patient, Mentions: []Mention{m.Mention}})
	}
}

// datedBeforeVisit reports whether c is past by a word of time of its own
// ("three years ago", "in 2019"), not only as what something came after
// ("much better after the injection": today's).
func (r *Reading) datedBeforeVisit(c assertion.Context) bool {
	links := r.Lexicon.List("cause_links")
	for _, t := range c.Triggers {
		if t.Category == string(assertion.Past) || t.Category == "historical" {
			first, _, _ := strings.Cut(r.Lexicon.Norms(t.Term), " ")
			if !links.Has(first) {
				return true
			}
		}
	}
	return false
}

// deniedUse reports whether a modal with a negation follows token end
// ("a scan wouldn't change what we do", "an x-ray won't show it"): what
// is said of the test is that it will not help.
func (r *Reading) deniedUse(toks []lexicon.Token, end int) bool {
	e, n := r.Lexicon.List("modals").Match(toks, end)
	return e != nil && end+n < len(toks) && r.Lexicon.List("negation_particles").Has(toks[end+n].Norm)
}
