package clinical

import (
	"strings"

	"github.com/notegen/notegen/internal/assertion"
	"github.com/notegen/notegen/internal/discourse"
	"github.com/notegen/notegen/internal/lexicon"
	"github.com/notegen/notegen/internal/transcript"
)

// actionWindow is how far from a drug's name the verb that acts on it may
// be ("I'm going to start you on some amoxicillin", "the metformin, let's
// increase it").
const actionWindow = 8

// doseWindow is how far after a drug's name its dose may be said
// ("amoxicillin, five hundred milligrams").
const doseWindow = 6

// medEvidence is what one mention says happens to a drug.
type medEvidence struct {
	m      mention
	action string
	today  bool // the clinician decides it at this visit
	past   bool // it happened before the visit
	// referred marks evidence from a pronoun standing for the drug ("stop
	// it"), which holds no dose of its own.
	referred bool
	// weak marks a verb that starts a drug only if it is not taken yet
	// ("take ibuprofen" starts it; of a drug taken, it continues it).
	weak bool
	// refill marks a drug continued with a prescription written today
	// ("I'll refill your protonix").
	refill bool
	// byOther marks a drug another prescriber put the patient on before
	// this visit ("Dr. Brown put you on buspar"): the patient takes it.
	byOther bool
	// administered marks a dose given at this visit, as the clinician
	// reports it ("he received morphine 4 mg IV"): part of the course, not
	// a drug the patient takes.
	administered bool
	// restated marks a name said again beside the drug's ("acetaminophen,
	// that's Tylenol"): it carries the dose, and no decision or taking.
	restated bool
}

// ownAnswerReach is how many sentences after a companion names their own
// drug the clinician's mentions of it answer them; later, one said with
// the possessive of the one spoken to ("votre pompe de Ventolin") still does.
const ownAnswerReach = 3

// medications merges drug mentions into findings: what happens to each
// drug at this visit (the clinician's decision, the latest one winning),
// whether it is newly prescribed, and its dose, route, frequency and
// reason. A drug named only as an allergy is not a medication; one the
// encounter says the patient does not take is left out.
func (r *Reading) medications(ms []mention, allergic map[string]bool) {
	order := []string{}
	groups := map[string][]mention{}
	// a drug a companion names as their own ("I take sertraline and I'm
	// breastfeeding him") stays theirs when the clinician answers of it
	// ("sertraline is fine with breastfeeding"); named again later, it
	// may be the patient's too (a father's Ritalin, his son's Concerta)
	ownedAt := map[string]int{}
	for _, m := range ms {
		if m.kind != Medication {
			continue
		}
		ownCare := r.Units[m.Unit].Speaker == transcript.Other && r.companionsOwnCare(m.Mention)
		if r.Units[m.Unit].Speaker == transcript.Other && r.speaksOfSelfBesidePatient(r.Units[m.Unit].Tokens, m.First) || ownCare {
			ownedAt[m.name] = m.Unit
		}
		at, owned := ownedAt[m.name]
		answersCompanion := owned && m.Unit > at && r.Units[m.Unit].Speaker == transcript.Clinician &&
			(m.Unit-at <= ownAnswerReach || r.possessedByAddressee(r.Units[m.Unit].Tokens, m.First))
		// ("I take Keppra, levetiracetam": the name said again beside it
		// in the companion's sentence is hers too)
		sameSentence := owned && m.Unit == at
		if m.Context.Subject == assertion.Family || m.Context.Subject == assertion.Other || answersCompanion || ownCare || sameSentence ||
			r.ownedByRelative(m.Mention) {
			continue
		}
		if _, ok := groups[m.name]; !ok {
			order = append(order, m.name)
		}
		groups[m.name] = append(groups[m.name], m)
	}
	referred := r.pronounActions(ms, groups)
	for name, evs := range r.courseActions(ms) {
		referred[name] = append(referred[name], evs...)
	}
	for _, name := range order {
		f := Finding{Kind: Medication, Name: name, Action: ActionMention, Assertion: assertion.Present, Time: assertion.Current,
			Subject: assertion.Patient}
		var decided *medEvidence
		taken, absent, stoppedBefore := false, 0, false
		var detail mention
		haveDetail, detailToday, detailWeak, detailNow := false, false, false, false
		evidence := make([]medEvidence, 0, len(groups[name]))
		for i, m := range groups[name] {
			f.Mentions = append(f.Mentions, m.Mention)
			ev := r.medAction(m)
			if i > 0 && r.restates(groups[name][i-1], m) && (evidence[len(evidence)-1].today || !ev.today) {
				// (the name said first with no decision, "un émollient,
				// le Dexeryl, deux fois par jour", leaves it to the name
				// beside it)
				// "take acetaminophen, that's Tylenol, 650 mg": the
				// brand said beside the name is the same mention, and
				// the verb before them says nothing more of it (its
				// dose is still the drug's)
				ev = medEvidence{m: m, restated: true}
			}
			evidence = append(evidence, ev)
		}
		evidence = append(evidence, referred[name]...)
		for _, ev := range evidence {
			m := ev.m
			switch {
			case ev.today:
				// the latest decision wins, but a drug started at this visit
				// and then continued ("you'll continue prednisolone for five
				// days") is still started, one changed and then continued
				// ("increase the metformin to 1000 mg ... keep taking it with
				// breakfast") is still changed, and a word of taking ("stop the
				// aleve, because taking it every day ...") decides nothing
				// over a firm decision
				// and a decision said only under a condition ("if the aches
				// come back, stop the rosuvastatin") undoes no firm one; a
				// firm decision outweighs a word of taking said after it
				// ("Second, aspirin 75 mg once a day ... Take it with
				// food.")
				if decided == nil || hypothetical(decided.m) && !hypothetical(m) || decided.weak && !ev.weak && !hypothetical(m) ||
					m.Unit >= decided.m.Unit && !((decided.action == ActionStart || decided.action == ActionChange) && !decided.weak && ev.action == ActionContinue) &&
						!(ev.weak && !decided.weak) && !(hypothetical(m) && !hypothetical(decided.m)) {
					e := ev
					decided = &e
				}
			case ev.restated:
			case m.Context.Assertion == assertion.Absent:
				absent++
			case ev.past && ev.action == ActionStop:
				stoppedBefore = true
			case m.Context.Assertion == assertion.Present && (r.hadTimes(m) || r.finishedAfter(m)):
				// courses of before: "I've had amoxicillin lots of times,
				// it's fine", "They gave me levofloxacin for seven days. I
				// finished the box ten days ago."
				stoppedBefore = true
			case ev.byOther && m.Context.Assertion == assertion.Present:
				taken = true
			case ev.administered:
			case m.Context.Assertion == assertion.Present && m.Context.Time != assertion.Past && r.taken(m):
				taken = true
			}
			// the first mention the decision was made in names and doses it
			// (a firm decision over a drug only listed in the plan)
			// (and a dose given at once, "prednisone sixty milligrams by
			// mouth now", gives way to the regimen prescribed after it)
			if !ev.referred && (!haveDetail || ev.today && (!detailToday || detailWeak && !ev.weak || detailNow && !r.givenNow(m))) {
				detail, haveDetail, detailToday, detailWeak = m, true, ev.today, ev.weak
				detailNow = ev.today && r.givenNow(m)
			}
		}
		switch {
		case decided != nil && decided.action == actionCancel:
			// taken back: not prescribed, and not taken either
			f.Assertion = assertion.Absent
		case decided != nil:
			f.Action = decided.action
			if decided.weak && taken {
				f.Action = ActionContinue
			}
			f.New = f.Action == ActionStart || f.Action == ActionChange
			f.Refill = f.Action == ActionContinue && r.refilled(evidence)
			if decided.m.Context.Assertion == assertion.Hypothetical {
				f.Action, f.New, f.Refill, f.Assertion = ActionMention, false, false, assertion.Hypothetical
			}
			if f.Action == ActionStart && r.refusedInReply(decided.m, ms) {
				// offered, and the patient turned it down
				f.Action, f.New = ActionMention, false
			}
		case absent > 0 && !taken && !stoppedBefore:
			f.Assertion = assertion.Absent
		case stoppedBefore && !taken:
			f.Time = assertion.Past
		}
		f.Taken = taken || f.Action == ActionContinue || f.Action == ActionStop || f.Action == ActionChange
		if taken && decided == nil && f.Time == assertion.Current {
			// a drug the patient takes that the clinician leaves as it is
			// goes on: the visit's medication list continues it
			f.Action = ActionContinue
		}
		f.Said = r.TextOf(detail.Unit, detail.First, detail.End)
		// the drug is named as it was said (a brand or its generic name);
		// its mentions are grouped by the lexicon's one name for both
		f.Name = strings.ToLower(f.Said)
		r.dosing(&f, detail)
		for _, ev := range evidence {
			// a name said again in the same breath ("nitrofurantoin, that's
			// the Macrobid, 100 mg") may carry the dose; a drug taken as it
			// was takes its dose from wherever it was said; a drug decided
			// on takes what the first decision left unsaid from the later
			// ones ("give prednisolone 40 mg now ... continue prednisolone
			// 40 mg once a day")
			m := ev.m
			if ev.referred || hypothetical(m) {
				// a supposition's numbers are no dose ("if you are using
				// the blue inhaler more than every four hours, ring us")
				continue
			}
			if (m.Unit == detail.Unit && m.First > detail.First) || !f.New || ev.today && m.Unit > detail.Unit {
				r.dosing(&f, m)
			}
		}
		if f.Action == ActionChange {
			r.changedByPronoun(&f, evidence)
		}
		if f.Dose == nil && f.Frequency == nil {
			r.dosingNext(&f, detail)
		}
		if f.Dose == nil && f.New {
			r.dosingSaidLater(&f, evidence, detail)
		}
		if f.Frequency == nil && f.New {
			r.frequencyNext(&f, detail)
		}
		if f.New {
			r.weighedDose(&f, detail)
		}
		if f.Dose == nil && (f.Taken || f.New) {
			r.doseByPronoun(&f)
		}
		if f.Dose == nil && f.Taken {
			r.doseInReply(&f)
		}
		if f.Dose == nil && f.New {
			r.startingDose(&f, detail)
		}
		if allergic[name] && f.Action != ActionStop {
			// a drug the patient reacts to is the allergy, unless the
			// reaction was found on it and it is stopped today ("we'll
			// stop the amoxicillin, and I'll put it down as an allergy")
			continue
		}
		if f.New || f.Refill {
			// a drug the patient took before this visit was prescribed
			// for something: today's diagnosis is its reason only when
			// said with it
			// a drug switched to stands in for the one switched from
			// ("stop the lisinopril and switch you to losartan"), whose
			// reason the diagnosis just made need not be
			f.Reason = r.reasonFor(detail, !(f.Action == ActionChange && taken) && !r.switchedInto(detail))
			for _, ev := range evidence {
				// a reason said with another decision on the drug today
				// ("ondansetron four milligrams IV for the nausea", then
				// the prescription for home)
				if f.Reason != "" {
					break
				}
				if ev.today && !ev.referred && ev.action == f.Action && (ev.m.Unit != detail.Unit || ev.m.First != detail.First) && !hypothetical(ev.m) {
					f.Reason = r.reasonFor(ev.m, false)
				}
			}
		}
		r.Findings = append(r.Findings, f)
	}
}

// refilled reports whether the clinician refills the drug today, in any
// of its mentions ("continue the metformin ... I'll send in a refill").
func (r *Reading) refilled(evidence []medEvidence) bool {
	for _, ev := range evidence {
		if ev.today && ev.refill && !hypothetical(ev.m) {
			return true
		}
	}
	return false
}

// hypothetical reports whether m is said only under a condition.
func hypothetical(m mention) bool { return m.Context.Assertion == assertion.Hypothetical }

// medAction reads the verb acting on a drug in its unit. Only the
// clinician's present or future decision is today's; a verb in the past
// ("I stopped it", "we started it last year") reports history, and so does
// anything the patient says of their own drugs. A clinician's question
// that asks the team or proposes ("can we start a nebuliser?") decides as
// a statement does; a drug listed after another ("naproxen ... and
// omeprazole alongside it") shares its verb.
func (r *Reading) medAction(m mention) medEvidence {
	u := r.Units[m.Unit]
	if u.Speaker == transcript.Clinician && m.Context.Assertion == assertion.Present && r.opensOnCondition(u.Tokens, m.First) {
		// "Once this flare has completely settled, I'd like to start
		// allopurinol": a decision that waits on the patient's course
		m.Context.Assertion = assertion.Hypothetical
	}
	ev := medEvidence{m: m, action: ActionMention}
	if u.Speaker == transcript.Clinician && !u.Question && r.replaced(u.Tokens, m.First) {
		// "Fostair ... instead of the Clenil": the drug replaced is stopped
		// (the cue is also a trigger of negation, which here says only
		// that the drug is not to be used)
		ev.action, ev.today = ActionStop, true
		return ev
	}
	if r.listedWithTests(u.Tokens, m.First) {
		// "send bloods, kidney function, CRP and calcium": a name of a
		// drug in a list of tests is the test's (the level measured)
		return ev
	}
	if u.Speaker == transcript.Clinician && !u.Question && endingAt(u.Tokens, m.First, r.Lexicon.List("cessation_words")) >= 0 {
		// "surtout plus d'Advil", "no more ibuprofen": the drug is ended
		// (the words negate it, and say a decision)
		ev.action, ev.today = ActionStop, true
		return ev
	}
	if r.givenByStaff(m) {
		// "Dexamethasone 13 mg by mouth given": a nurse's account of a
		// dose is the visit's treatment, not a drug the patient takes
		ev.action, ev.today = ActionStart, m.Context.Assertion != assertion.Absent
		return ev
	}
	switch r.reportedGiven(m) {
	case "started":
		ev.action, ev.today = ActionStart, true
		return ev
	case "yes":
		ev.administered = true
		return ev
	}
	if u.Speaker == transcript.Clinician && !u.Question && m.Context.Assertion == assertion.Present && r.cancelled(u.Tokens, m) {
		// ("don't skip the metformin" takes nothing back)
		// "Wait, with the aspirin wheeze, skip the naproxen": the
		// clinician takes back what was just prescribed
		ev.action, ev.today = actionCancel, true
		return ev
	}
	if action := r.headedAction(u.Tokens, m); action != "" && u.Speaker == transcript.Clinician {
		// "Unchanged medications: amlodipine ...": the list's heading
		// decides
		ev.action, ev.today = action, m.Context.Assertion == assertion.Present
		return ev
	}
	actions := r.Lexicon.List("med_actions")
	entry, at := r.nearest(u.Tokens, r.namingStart(u.Tokens, m), m.End, actions, actionWindow)
	if entry == nil && r.listed(u.Tokens, m.First) {
		entry, at = r.nearest(u.Tokens, m.First, m.End, actions, len(u.Tokens))
	}
	if verb, prev := r.verbCutBefore(m, actions); entry == nil && verb != nil && verb.Attr("tense") != "past" {
		// "stop the hydrochlorothiazide and increase | the lisinopril to
		// forty milligrams": a recogniser's line cut between the verb and
		// the drug it acts on
		p := r.Units[prev]
		ev.action, ev.weak, ev.refill = verb.Attr("action"), verb.Attr("weak") == "yes", verb.Attr("refill") == "yes"
		ev.today = p.Speaker == transcript.Clinician && !r.asks(prev) && m.Context.Assertion != assertion.Absent &&
			m.Context.Time != assertion.Past
		return ev
	}
	if entry == nil && u.Speaker == transcript.Clinician && !r.asks(m.Unit) && r.toNewDose(u.Tokens, m) {
		// "we'll bump the atorvastatin to forty milligrams at night":
		// whatever the verb, a drug taken "to" a dose is changed to it
		ev.action, ev.today = ActionChange, m.Context.Assertion == assertion.Present && m.Context.Time != assertion.Past
		return ev
	}
	if entry == nil && u.Speaker == transcript.Clinician && !r.asks(m.Unit) && (u.Part == discourse.Plan || u.Part == discourse.Assessment && r.fullRegimen(u.Tokens, m)) &&
		r.dosedHere(u.Tokens, m) && !r.takenAt(m) {
		// a plan's list names what is prescribed with its dose and no verb
		// ("Plan: azithromycin 500 mg daily for three days"); of a drug
		// taken already, it goes on
		ev.action, ev.weak, ev.today = ActionStart, true, m.Context.Assertion != assertion.Absent
		return ev
	}
	if entry == nil && u.Speaker == transcript.Clinician && !r.asks(m.Unit) && r.prescribedBefore(m.Unit) && r.dosedHere(u.Tokens, m) &&
		!r.takenAt(m) {
		// "I'm going to prescribe you some pain medicine. We'll do
		// Lortab, 5 milligrams": the drug dosed in the next sentence is
		// the one prescribed
		ev.action, ev.today = ActionStart, m.Context.Assertion == assertion.Present && m.Context.Time != assertion.Past
		return ev
	}
	if entry == nil {
		return ev
	}
	if e, _ := r.Lexicon.List("list_removals").Match(u.Tokens, m.End); e != nil {
		// "I'll take penicillin off your allergy list": a record
		// mended, no drug given
		return ev
	}
	if at < m.First && r.gerundSubject(u.Tokens, at, m.End) {
		// "adding aspirin would raise your risk of bleeding": the verb
		// and its drug are the subject of what would happen
		return ev
	}
	if at >= m.End && r.deniedOf(u.Tokens, m.End) {
		// "Morphine isn't something we send people home with": what the
		// drug is not, no decision
		return ev
	}
	if at < m.First && r.takingBetween(u.Tokens, at, m.First) {
		// "prévenez le médecin que vous êtes sous Coumadine": the drug is
		// what is taken, the verb before acts on something else
		return ev
	}
	if r.agentOf(u.Tokens, m.End, at) {
		// "a B12 level, since metformin can lower it": the drug does what
		// the verb says; no one acts on it
		return ev
	}
	if at >= m.End && (r.drugAfterVerb(u.Tokens, at) || r.clauseBetween(u.Tokens, m.End, at) || r.afterPreposition(u.Tokens, m)) {
		// (nor a drug named after a preposition, "avec la duloxétine ça
		// augmente le risque de saignement": the verb after it has its
		// own subject)
		// (nor one in a clause of its own after a comma: "with your gout
		// on bendroflumethiazide before, I don't want to give you one")
		// "en alternance avec le Tylenol, donner l'Advil avec un peu de
		// nourriture": a verb after the drug acts on the drug it names
		// after itself
		return ev
	}
	if at < m.First && (r.objectBefore(u.Tokens, at, m.First) || r.subjectOfItsOwn(u.Tokens, m.End)) {
		// "stop the aspirin while he is on rivaroxaban": the verb's
		// object is the drug it names first; "I'm stopping the
		// carbocisteine, the Fostair goes up to two puffs": the Fostair
		// is the subject of a verb of its own
		return ev
	}
	if entry.Attr("weak") == "yes" && r.reportsTaking(u.Tokens, at) {
		// "she has been using her albuterol inhaler" tells what the
		// patient takes; no one decides anything
		return ev
	}
	if other, planned := r.decidedByOther(u.Tokens, at); entry.Attr("action") == ActionStart && other {
		// "Dr. Brown put you on buspar": another's decision, before this
		// visit; the patient takes the drug ("the cardiologist may start
		// a statin": not yet, and not decided here)
		if !planned {
			ev.action, ev.past, ev.byOther = ActionStart, true, true
		} else {
			// what another may do is a possibility, no fact of the drug
			ev.m.Context.Assertion = assertion.Hypothetical
		}
		return ev
	}
	ev.action = entry.Attr("action")
	if ev.action == ActionStop && m.Context.Assertion == assertion.Present && r.waitsOnCondition(u.Tokens, max(m.End, at+1)) {
		// "hold the metformin if you start vomiting": a rule for a day
		// that may come, no decision today
		ev.m.Context.Assertion = assertion.Hypothetical
	}
	if entry.Attr("switch") == "yes" && r.switchedTo(u.Tokens, at, m.First) {
		// "I'm going to switch you to Fostair": the drug switched to is
		// started; the one switched from is changed (or stopped, "instead
		// of the Clenil")
		ev.action = ActionStart
	}
	ev.weak, ev.refill = entry.Attr("weak") == "yes", entry.Attr("refill") == "yes"
	ev.past = entry.Attr("tense") == "past" && !r.donePerfect(u, at, m) || m.Context.Time == assertion.Past && !r.onlyActions(m.Context)
	asks := r.asks(m.Unit) && !r.proposes(u.Tokens)
	// the words decide, whatever part the model gave the sentence: a
	// prescription cut short by a pause ("I'm going to give you
	// amoxicillin") is still one
	ev.today = u.Speaker == transcript.Clinician && !asks && !ev.past && m.Context.Assertion != assertion.Absent
	return ev
}

// dosedHere reports whether a dose or a frequency is said right after the
// drug's name, before any other drug.
func (r *Reading) dosedHere(toks []lexicon.Token, m mention) bool {
	for _, n := range r.numbersIn(toks) {
		if doseKinds[n.kind] && n.first >= m.End && n.first-m.End <= doseWindow {
			return true
		}
	}
	e, at := closest(toks, m.First, m.End, r.Lexicon.List("frequencies"), r.Lexicon.List("medications"))
	return e != nil && at >= m.End && at-m.End <= doseWindow
}

// onlyActions reports whether every historical trigger of c is itself a
// verb acting on a drug ("arrêt du furosémide", "stopped the aspirin"):
// its tense, not the trigger, says when.
func (r *Reading) onlyActions(c assertion.Context) bool {
	actions := r.Lexicon.List("med_actions")
	for _, t := range c.Triggers {
		if t.Category == string(assertion.Past) || t.Category == "historical" {
			if !actions.Has(r.Lexicon.Norms(t.Term)) {
				return false
			}
		}
	}
	return true
}

// proposes reports whether a clinician's question orders or proposes
// ("can we start...", "shall we try...").
func (r *Reading) proposes(toks []lexicon.Token) bool {
	at, _ := find(toks, r.Lexicon.List("polite_requests"))
	if at < 0 || at > 3 {
		return false
	}
	// "would you say you've been feeling low?" asks for an answer
	e, _ := r.Lexicon.List("information_requests").Match(toks, at)
	return e == nil
}

// subjectOfItsOwn reports whether the drug ending at token end is the
// subject of the verb right after it ("the Fostair goes up").
func (r *Reading) subjectOfItsOwn(toks []lexicon.Token, end int) bool {
	return end < len(toks) && r.Lexicon.List("subject_verbs").Has(toks[end].Norm)
}

// objectBefore reports whether another drug stands between a verb at
// token at and a drug at token first, not joined to it as the next item
// of a list or by a word that joins drugs ("stop the aspirin while he is
// on rivaroxaban"; "stop the aspirin and the ibuprofen", "methotrexate
// with folic acid" act on both).
func (r *Reading) objectBefore(toks []lexicon.Token, at, first int) bool {
	meds := r.Lexicon.List("medications")
	for k := at + 1; k < first; k++ {
		e, n := meds.Match(toks, k)
		if e == nil || e.Attr("general") == "yes" {
			// (a kind of drug, "a nasal steroid spray like mometasone",
			// names the drug after it)
			continue
		}
		if at, _ := find(toks[k+n:first], r.Lexicon.List("drug_joins")); at < 0 && !r.joinedItem(toks, k+n, first) && !r.joinedBetween(toks, k+n, first) {
			// ("meloxicam once a day along with some ultram": both)
			return true
		}
		k += n - 1
	}
	return false
}

// nearest returns the entry of list nearest to tokens [first, end) within
// win tokens on either side, in the same clause, preferring one before.
func (r *Reading) nearest(toks []lexicon.Token, first, end int, list *lexicon.List, win int) (*lexicon.Entry, int) {
	for d := 1; d <= win; d++ {
		if at := first - d; at >= 0 {
			if toks[at].Kind == lexicon.Punct && toks[at].Norm != "," && toks[at].Norm != ":" {
				break
			}
			// a term that ends at or before first, starting at at; a longer
			// one starting just before and covering it wins ("keep taking"
			// over "taking")
			if e, n := list.Match(toks, at); e != nil && at+n <= first {
				for b := at - 1; b >= 0 && b >= at-3; b-- {
					if e2, n2 := list.Match(toks, b); e2 != nil && b+n2 >= at+n && b+n2 <= first {
						return e2, b
					}
				}
				return e, at
			}
		}
	}
	for d := 0; d < win; d++ {
		at := end + d
		if at >= len(toks) || toks[at].Kind == lexicon.Punct && toks[at].Norm != "," && toks[at].Norm != ":" {
			break
		}
		if e, _ := list.Match(toks, at); e != nil {
			return e, at
		}
	}
	return nil, -1
}
