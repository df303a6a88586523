package clinical

import (
	"strings"

	"github.com/notegen/notegen/internal/assertion"
	"github.com/notegen/notegen/internal/discourse"
	"github.com/notegen/notegen/internal/lexicon"
	"github.com/notegen/notegen/internal/transcript"
)

// reasonReach is how many units back the problem a plan item addresses
// may have been named ("for your pneumonia ... I'll start amoxicillin ...
// and get a chest x-ray").
const reasonReach = 6

// orders finds the tests, procedures and referrals the clinician orders at
// this visit: named by the clinician in a statement (not a question),
// neither denied nor hypothetical nor in the past, in the plan or with a
// verb of ordering near them. A result read out ("your x-ray showed") is
// not an order.
func (r *Reading) orders(ms []mention) {
	verbs := r.Lexicon.List("order_verbs")
	seen := map[string]int{}
	orderedEnd := map[int]int{} // unit -> end of the last term a verb ordered there
	panelEnd := map[int]int{}   // unit -> end of a panel so ordered ("blood tests")
	for _, m := range ms {
		switch m.kind {
		case Lab, Imaging, Procedure, Referral:
		default:
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
		if r.doneBefore(u.Tokens, m) {
			// "I wanted to check your last diabetic labs that we did":
			// a test done before the visit is recalled, not ordered
			continue
		}
		verb, _ := r.nearest(u.Tokens, m.First, m.End, verbs, actionWindow)
		if verb == nil {
			// "I'd also like a chest x-ray": a wish said right before
			// the test orders it
			verb = r.wishBefore(u.Tokens, m.First)
		}
		if u.Part == discourse.Results && (verb == nil || r.readsResult(u.Tokens)) {
			// a result read out ("your x-ray showed") is no order; "I'm
			// going to get a chest x-ray" is one, whatever part the model
			// gave it
			continue
		}
		if end, ok := orderedEnd[m.Unit]; verb == nil && ok && r.joinedItem(u.Tokens, end, m.First) {
			// "I'm ordering an ultrasound to look for stones, and blood
			// tests": the verb orders every item of its list
			verb = r.orderVerbBefore(u.Tokens, m.First)
		}
		if end, ok := panelEnd[m.Unit]; verb == nil && ok && m.kind == Lab && r.panelFor(u.Tokens, end, m.First) {
			// "blood tests for her liver enzymes" orders the liver tests
			verb = r.orderVerbBefore(u.Tokens, m.First)
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
			orderedEnd[m.Unit] = m.End
			if m.kind == Lab && m.entry != nil && m.entry.Attr("panel") == "yes" {
				panelEnd[m.Unit] = m.End
			}
		}
		kind := m.kind
		if verb != nil && verb.Attr("action") == "refer" && kind == Procedure {
			kind = Referral
		}
		key := string(kind) + "\x00" + m.name
		if at, ok := seen[key]; ok {
			r.Findings[at].Mentions = append(r.Findings[at].Mentions, m.Mention)
			continue
		}
		end := r.placeAfter(u.Tokens, m.End)
		f := Finding{Kind: kind, Name: m.name, Said: r.TextOf(m.Unit, m.First, end), Assertion: assertion.Present,
			Time: assertion.Current, Subject: assertion.Patient, Ordered: true, Mentions: []Mention{m.Mention}}
		f.Reason = r.reasonFor(m, true)
		seen[key] = len(r.Findings)
		r.Findings = append(r.Findings, f)
	}
	r.referredBack(ms, seen)
	r.unlistedReferrals(verbs)
	r.panelsOfTheirItems()
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
	if t := toks[k]; !(t.Kind == lexicon.Punct && t.Norm == ",") && !r.joins(toks, k) {
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

// orderVerbBefore is the last verb of ordering before token at.
func (r *Reading) orderVerbBefore(toks []lexicon.Token, at int) *lexicon.Entry {
	verbs := r.Lexicon.List("order_verbs")
	var last *lexicon.Entry
	for k := 0; k < at; k++ {
		if e, n := verbs.Match(toks, k); e != nil {
			last = e
			k += n - 1
		}
	}
	return last
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

// placeAfter extends a term over the place said after it ("x-ray of the
// right ankle") and returns the new end.
func (r *Reading) placeAfter(toks []lexicon.Token, end int) int {
	x := r.Lexicon
	if end >= len(toks) {
		return end
	}
	e, n := x.List("attachments").Match(toks, end)
	if e == nil {
		return end
	}
	j := end + n
	for _, list := range []string{"determiners", "sides", "qualifiers"} {
		if e, n := x.List(list).Match(toks, j); e != nil {
			j += n
		}
	}
	if e, n := x.List("body_parts").Match(toks, j); e != nil {
		return j + n
	}
	return end
}

// reasonFor is the problem a drug or an order addresses, as said: a
// condition or symptom named with it in its unit, its purpose, the topic
// the plan was opened on, or else (when diagnosisBefore) the problem the
// clinician named last in the assessment and plan just before it. It is
// "" when none was said: a reason is never guessed.
func (r *Reading) reasonFor(m mention, diagnosisBefore bool) string {
	// the problem named nearest the item in its sentence; a relative's
	// ("given your sister's breast cancer, a screening mammogram") is a
	// family history
	best, bestDist := "", -1
	for _, f := range r.Findings {
		if (f.Kind != Condition && f.Kind != Symptom) || f.Assertion == assertion.Absent ||
			f.Subject != assertion.Patient && f.Subject != assertion.Family {
			continue
		}
		for _, fm := range f.Mentions {
			if fm.Unit != m.Unit || fm.Answered || r.toldAsRisk(fm) {
				// "losartan, which doesn't cause the cough": what a drug
				// may or may not bring about is no reason for it
				continue
			}
			dist, lo, hi := m.First-fm.End, fm.End, m.First
			if fm.First >= m.End {
				dist, lo, hi = fm.First-m.End, m.End, fm.First
			}
			if dist < 0 || bestDist >= 0 && dist >= bestDist || r.itemBetween(m.Unit, lo, hi) {
				// "morphine for the pain and ondansetron for the nausea":
				// the nausea is the ondansetron's
				continue
			}
			best, bestDist = f.Name, dist
			if f.Subject == assertion.Family {
				best = fill(r.Lexicon.Phrase("reason.family"), map[string]string{"condition": f.Name})
			}
		}
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
	topic, here := r.topicBefore(m)
	if topic != "" || here {
		// "Pour le dos, vous pouvez prendre du paracétamol": the item's
		// own sentence opens on what it is for, a problem the lexicon
		// does not know; the diagnosis before is another topic's
		return topic
	}
	if !diagnosisBefore {
		return ""
	}
	// else the diagnosis the clinician made just before, when it is the
	// only one: of several ("COPD exacerbation ... atrial fibrillation,
	// rate controlled"), which one a drug treats is not said
	reason := ""
	for back := m.Unit - 1; back >= 0 && back >= m.Unit-reasonReach; back-- {
		u := r.Units[back]
		if u.Speaker != transcript.Clinician {
			continue
		}
		for _, f := range r.Findings {
			if !f.Diagnosis || f.Assertion != assertion.Present && f.Assertion != assertion.Possible {
				continue
			}
			for _, fm := range f.Mentions {
				if fm.Unit == back && f.Name != reason {
					if reason != "" {
						return ""
					}
					reason = f.Name
				}
			}
		}
	}
	return reason
}

// reasonOpening is the reason the sentence of item m opens on, before the
// item and a comma ("Given your smoking history, I'd also like a chest
// x-ray": "smoking history"), or "".
func (r *Reading) reasonOpening(m mention) string {
	x := r.Lexicon
	toks := r.Units[m.Unit].Tokens
	k := 0
	for k < len(toks) {
		if e, n := x.List("openers").Match(toks, k); e != nil {
			k += n
			continue
		}
		if toks[k].Kind == lexicon.Punct {
			k++
			continue
		}
		break
	}
	e, n := x.List("reason_openers").Match(toks, k)
	if e == nil {
		return ""
	}
	start := k + n
	for start < len(toks) && (x.List("determiners").Has(toks[start].Norm) || x.List("own_possessives").Has(toks[start].Norm)) {
		start++
	}
	end := start
	for end < len(toks) && end < m.First && toks[end].Kind == lexicon.Word && end-start < purposeWords {
		end++
	}
	if end == start || end >= len(toks) || toks[end].Norm != "," || end >= m.First {
		return ""
	}
	return strings.ToLower(r.TextOf(m.Unit, start, end))
}

// topicBefore is the problem the clinician's plan was last opened on
// before item m ("for your congestive heart failure, ... I want to order
// an echocardiogram"): the last topic opener before it, with the problem
// right after the opener, in the clinician's sentences within reasonReach
// units; "" when the last topic opened names no problem the lexicon knows,
// or a diagnosis was said since. here reports whether a topic was opened
// in the item's own sentence, before it.
func (r *Reading) topicBefore(m mention) (topic string, here bool) {
	openers := r.Lexicon.List("topic_openers")
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
			if e == nil || k+n > limit {
				continue
			}
			return r.problemAfter(back, k+n), back == m.Unit
		}
		if back < m.Unit && r.diagnosedIn(back) {
			// a diagnosis said since ("you do have a kidney stone") is
			// what the plan goes on about now
			return "", false
		}
	}
	return "", false
}

// problemAfter is the name of the patient's problem named right after
// token at of unit i, or "".
func (r *Reading) problemAfter(i, at int) string {
	for _, f := range r.Findings {
		if (f.Kind != Condition && f.Kind != Symptom) || f.Assertion == assertion.Absent || f.Subject != assertion.Patient {
			continue
		}
		for _, fm := range f.Mentions {
			if fm.Unit == i && fm.First >= at && fm.First-at <= topicWindow && r.opensClause(i, fm.End) {
				return f.Name
			}
		}
	}
	return ""
}

// diagnosedIn reports whether the clinician diagnoses a problem in unit i.
func (r *Reading) diagnosedIn(i int) bool {
	return r.findingIn(i, func(f *Finding) bool {
		return f.Diagnosis && (f.Assertion == assertion.Present || f.Assertion == assertion.Possible)
	})
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

// purposeReach is how many tokens after an item its purpose cue may start,
// and purposeWords the most words of the reason said after it.
const (
	purposeReach = 6
	purposeWords = 5
)

// purposeOf is the reason said after an item with a cue of purpose, as
// said, when the lexicon names no problem there ("an MRI of the knee to
// look for a meniscal tear" is for "meniscal tear"; "for your blood
// pressure"), or "". A loose cue ("for") counts only before a clinical
// word: "for two weeks" says how long.
func (r *Reading) purposeOf(m mention) string {
	x := r.Lexicon
	toks := r.Units[m.Unit].Tokens
	cues, dets, owns := x.List("purpose_cues"), x.List("determiners"), x.List("own_possessives")
	for k := m.End; k < len(toks) && k <= m.End+purposeReach; k++ {
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
