package clinical

// The rules here put a sentence where a clinician would, whatever part the
// discourse model gave it, from what the sentence does: a result read out,
// a heading or an introduction said alone, a decision on treatment, the
// clinician's impression. They run on every reading (clinical.Read) and are
// tested on sentences given a part by hand (rules_internal_test.go).

import (
	"strings"
	"unicode"

	"github.com/notegen/notegen/internal/assertion"
	"github.com/notegen/notegen/internal/discourse"
	"github.com/notegen/notegen/internal/lexicon"
	"github.com/notegen/notegen/internal/transcript"
)

// dropBareHeadings drops a sentence that only announces a part of the
// visit ("Here's the plan.", "So, the assessment."): a heading said aloud
// with nothing but function words around it names nothing a note holds.
// A heading that opens content ("Plan: start metformin") is read by
// applyHeadings and is not bare.
func (r *Reading) dropBareHeadings() {
	headings, stop := r.Lexicon.List("headings"), r.Lexicon.List("stopwords")
	openers, fillers := r.Lexicon.List("openers"), r.Lexicon.List("fillers")
	for i, u := range r.Units {
		if u.Part == discourse.Drop || u.Question {
			continue
		}
		if onlyAHeading(u.Tokens, headings, stop, openers, fillers, nil) {
			r.Units[i].Part = discourse.Drop
		}
	}
}

// dropBareAnnouncements drops a clinician's sentence that only announces
// the examination ("Let me take a look at your feet."): it names where
// the clinician looks, not what they found.
func (r *Reading) dropBareAnnouncements() {
	announcements, stop := r.Lexicon.List("exam_announcements"), r.Lexicon.List("stopwords")
	openers, fillers := r.Lexicon.List("openers"), r.Lexicon.List("fillers")
	body := func(toks []lexicon.Token, k int) int {
		_, n := r.bodyPartAt(toks, k)
		return n
	}
	for i, u := range r.Units {
		if u.Part == discourse.Drop || u.Question || u.Speaker != transcript.Clinician {
			continue
		}
		if onlyAHeading(u.Tokens, announcements, stop, openers, fillers, body) {
			r.Units[i].Part = discourse.Drop
		}
	}
}

// onlyAHeading reports whether toks hold a heading (a term of headings)
// and, besides it, only punctuation, function words, openers, fillers and
// the words that also matches (nil: none).
func onlyAHeading(toks []lexicon.Token, headings, stop, openers, fillers *lexicon.List, also func([]lexicon.Token, int) int) bool {
	heading := false
	for k := 0; k < len(toks); k++ {
		t := toks[k]
		if t.Kind == lexicon.Punct {
			continue
		}
		if t.Kind != lexicon.Word {
			return false
		}
		if e, n := headings.Match(toks, k); e != nil {
			heading, k = true, k+n-1
			continue
		}
		matched := false
		if also != nil {
			if n := also(toks, k); n > 0 {
				k, matched = k+n-1, true
			}
		}
		for _, l := range []*lexicon.List{openers, fillers} {
			if matched {
				break
			}
			if e, n := l.Match(toks, k); e != nil {
				k, matched = k+n-1, true
				break
			}
		}
		// a clitic ending ("here's") is a function word too
		if !matched && !stop.Has(t.Norm) && !strings.HasPrefix(t.Norm, "'") {
			return false
		}
	}
	return heading
}

// decisionsInPlan reads as the plan the clinician's statements that decide
// today's treatment where the part model put them in the history, the
// complaint or the review of systems ("I'm prescribing moxifloxacin eye
// drops, one drop three times a day"): a drug started, changed or stopped
// at this visit, said with a verb of that action, a test, referral or
// procedure ordered with a verb of ordering, or a follow-up with its
// interval, is a plan item whatever else the sentence says. What the patient reports, questions, the past and
// suppositions stay where they are.
func (r *Reading) decisionsInPlan() {
	actions, orders := r.Lexicon.List("med_actions"), r.Lexicon.List("order_verbs")
	for _, f := range r.Findings {
		var verbs *lexicon.List
		switch {
		case f.Kind == Medication && (f.New || f.Action == ActionStop):
			verbs = actions
		case f.Ordered && (f.Kind == Lab || f.Kind == Imaging || f.Kind == Referral || f.Kind == Procedure):
			verbs = orders
		case f.Ordered && f.Kind == FollowUp:
			// a follow-up is read only from the clinician's statements,
			// with its interval: it needs no other verb
		default:
			continue
		}
		for _, m := range f.Mentions {
			u := &r.Units[m.Unit]
			// a follow-up is read from present statements only, and its
			// mention carries no context of its own
			if u.Speaker != transcript.Clinician || u.Question || f.Kind != FollowUp &&
				(m.Context.Time == assertion.Past || m.Context.Assertion != assertion.Present) {
				continue
			}
			switch u.Part {
			case discourse.History, discourse.Complaint, discourse.Review, discourse.Medications:
				// (the list of what is taken is no place for today's
				// change: "Majoration de l'amlodipine à dix milligrammes")
			default:
				continue
			}
			if verbs == nil {
				u.Part = discourse.Plan
			} else if e, _ := r.nearest(u.Tokens, m.First, m.End, verbs, actionWindow); e != nil && e.Attr("tense") != "past" {
				u.Part = discourse.Plan
			}
		}
	}
}

// takenOutOfPlan reads as the medication history a patient's or
// companion's statement of a drug taken that the part model put in the
// plan ("I take levothyroxine 75 micrograms", "Elle prend de l'amlodipine
// pour la tension"): only the clinician decides a plan; what the patient
// takes is listed with the current medications.
func (r *Reading) takenOutOfPlan() {
	for _, f := range r.Findings {
		if f.Kind != Medication {
			continue
		}
		for _, m := range f.Mentions {
			u := &r.Units[m.Unit]
			if !f.New && f.Action == ActionContinue && u.Part == discourse.Plan && u.Speaker != transcript.Clinician && !u.Question &&
				!r.decidesAnything(m.Unit) {
				u.Part = discourse.Medications
			}
			// the reply to a question about the drug that gives its dose
			// ("How are you getting on with the metformin?" "I take 500
			// milligrams twice a day.") tells what is taken, whatever is
			// decided of the drug later
			if a := r.Answer[m.Unit]; a >= 0 && u.Question && r.Units[a].Part == discourse.Plan &&
				r.Units[a].Speaker != transcript.Clinician && !r.decidesAnything(a) && r.dosed(a) {
				r.Units[a].Part = discourse.Medications
			}
		}
	}
}

// dosed reports whether unit i says a dose (a number with a dose unit).
func (r *Reading) dosed(i int) bool {
	for _, n := range r.numbersIn(r.Units[i].Tokens) {
		if doseKinds[n.kind] {
			return true
		}
	}
	return false
}

// decidesAnything reports whether unit i holds a medication decided at
// this visit (started, changed or stopped): a patient's sentence that
// repeats the plan ("so I stop the lisinopril") stays in it.
func (r *Reading) decidesAnything(i int) bool {
	return r.findingIn(i, func(f *Finding) bool { return f.Kind == Medication && (f.New || f.Action == ActionStop) })
}

// ordersAnything reports whether unit i orders a test, referral,
// procedure or follow-up.
func (r *Reading) ordersAnything(i int) bool {
	return r.findingIn(i, func(f *Finding) bool { return f.Ordered })
}

// findingIn reports whether unit i mentions a finding that is.
func (r *Reading) findingIn(i int, is func(*Finding) bool) bool {
	for k := range r.Findings {
		f := &r.Findings[k]
		if !is(f) {
			continue
		}
		for _, m := range f.Mentions {
			if m.Unit == i {
				return true
			}
		}
	}
	return false
}

// introductionReach is how many units from the start a self-introduction
// is looked for: it opens the visit.
const introductionReach = 4

// dropIntroductions drops a clinician's sentence that opens the visit by
// saying who speaks ("It's Dr Hughes from the surgery, you asked for a call
// back about your asthma.", "Hi, I'm Dr. Reyes."): an introduction (an
// introductions.txt phrase) followed by a title of the speaker_titles
// list. What the patient then says of the problem is read as before.
func (r *Reading) dropIntroductions() {
	intros, titles := r.Lexicon.List("introductions"), r.Lexicon.List("speaker_titles")
	dets := r.Lexicon.List("determiners")
	for i := 0; i < len(r.Units) && i < introductionReach; i++ {
		u := &r.Units[i]
		if u.Speaker == transcript.Other && !u.Question && r.companionIntroduces(u.Tokens) {
			// "I'm Joan, I look after Mr Hughes.": who speaks, not what
			// the patient has
			u.Part = discourse.Drop
			continue
		}
		if u.Speaker != transcript.Clinician || u.Question {
			continue
		}
		for k := range u.Tokens {
			e, n := intros.Match(u.Tokens, k)
			if e == nil {
				continue
			}
			j := k + n
			for j < len(u.Tokens) && dets.Has(u.Tokens[j].Norm) {
				j++
			}
			if t, _ := titles.Match(u.Tokens, j); t != nil && t.Attr("role") == string(transcript.Clinician) {
				u.Part = discourse.Drop
				break
			}
		}
	}
}

// companionIntroduces reports whether a companion's sentence opens by
// introducing them: a word of introduction, then a name (a capitalised
// word the lexicon does not know) or who they are to the patient ("I'm
// his daughter").
func (r *Reading) companionIntroduces(toks []lexicon.Token) bool {
	x := r.Lexicon
	k := r.pastOpeners(toks, len(toks))
	e, n := x.List("introductions").Match(toks, k)
	if e == nil || k+n >= len(toks) {
		return false
	}
	j := k + n
	for j < len(toks) && (x.List("determiners").Has(toks[j].Norm) || x.List("own_possessives").Has(toks[j].Norm)) {
		j++
	}
	if j >= len(toks) {
		return false
	}
	if f, _ := x.List("family_members").Match(toks, j); f != nil {
		return true
	}
	name := []rune(toks[j].Text)
	return toks[j].Kind == lexicon.Word && len(name) > 1 && unicode.IsUpper(name[0]) && !x.Knows(toks[j].Norm)
}

// impressionsInAssessment reads as the assessment the clinician's own
// statement of the diagnosis, after an impression cue ("C'est un zona
// intercostal.", "This looks like bacterial conjunctivitis."), where the
// part model put it in the results, the history or the complaint, or in
// the plan with a judgement of where the condition stands ("your diabetes
// isn't well controlled") and no decision. A sentence that names a test
// reads its result and stays; so does one in the exam, where the finding
// said with it ("a simple laceration, 3 cm long") is the exam's.
func (r *Reading) impressionsInAssessment() {
	cues := r.Lexicon.List("impression_cues")
	for _, f := range r.Findings {
		if !f.Diagnosis || f.Kind != Condition {
			continue
		}
		for _, m := range f.Mentions {
			u := &r.Units[m.Unit]
			if u.Speaker != transcript.Clinician || u.Question || m.Answered || m.Context.Assertion != assertion.Present ||
				m.Context.Time == assertion.Past {
				continue
			}
			impression := r.afterCue(u.Tokens, m.First, cues, impressionWindow)
			// a judgement of where a condition stands that decides nothing
			// ("your diabetes isn't well controlled", "your blood pressure
			// is still above goal") is the assessment the plan follows from
			settles := !r.decidesAnything(m.Unit) && !r.ordersAnything(m.Unit)
			judged := r.judgedAt(u.Tokens, m) && settles
			switch u.Part {
			case discourse.Results, discourse.History, discourse.Complaint:
				impression = impression || judged
			case discourse.Plan:
				// (in the plan, an impression cue too must decide nothing)
				impression = impression && settles || judged
			default:
				continue
			}
			if !impression || r.namesTest(u.Tokens) {
				continue
			}
			u.Part = discourse.Assessment
		}
	}
}

// namesTest reports whether toks name a lab or imaging test.
func (r *Reading) namesTest(toks []lexicon.Token) bool {
	return r.namesAny(toks, "labs", "imaging")
}

// labWithValue reports whether a sentence names a lab with its value
// right after it ("her TSH was 8.2", "your A1c last week was 6.8").
func (r *Reading) labWithValue(toks []lexicon.Token) bool {
	labs, past := r.Lexicon.List("labs"), r.Lexicon.List("past_times")
	for k := range toks {
		e, n := labs.Match(toks, k)
		if e == nil {
			continue
		}
		end := k + n
		if _, pn := past.Match(toks, end); pn > 0 {
			// "your A1c last week was 6.8"
			end += pn
		}
		if r.valueAfter(toks, end) {
			return true
		}
	}
	return false
}

// readOutResults reads as results the clinician's statements that read a
// test's result out ("the CT shows acute appendicitis", "your white count
// came back normal", "la radio montre une fracture") where the part model
// put them in the history, the exam or the plan: a test named with a word
// that reads a result, and without a verb that orders it or a modal that
// puts it in the future ("we will check the results"), is a result
// whatever else the sentence names. A question, a hypothetical ("if the
// x-ray shows a fracture") and what the patient reports stay where they
// are.
func (r *Reading) readOutResults() {
	cues, orders, modals := r.Lexicon.List("result_cues"), r.Lexicon.List("order_verbs"), r.Lexicon.List("modals")
	hypothetical := r.Lexicon.List("context")
	for i, u := range r.Units {
		if u.Speaker != transcript.Clinician && !r.Staff(i) || u.Question {
			continue
		}
		switch {
		case u.Part == discourse.History, u.Part == discourse.Exam, u.Part == discourse.Plan, u.Part == discourse.Complaint:
		case u.Part == discourse.Assessment && (r.Staff(i) || !r.namesAny(u.Tokens, "conditions")):
			// a nurse reads results out, and assesses nothing; a
			// clinician's read-out that names no condition ("the ECG we
			// did today is normal") diagnoses nothing either
		default:
			continue
		}
		if !r.namesTest(u.Tokens) {
			continue
		}
		if at, _ := find(u.Tokens, cues); at < 0 && !(r.Staff(i) && r.numbered(u.Tokens)) &&
			!(r.labWithValue(u.Tokens) && !r.namesAny(u.Tokens, "conditions")) {
			// "Votre hémoglobine glyquée est à huit virgule deux": a
			// nurse naming a test with a value reads its result, as a
			// clinician does a lab with its value ("Her TSH was 8.2"),
			// unless a diagnosis is said with it ("Type 2 diabetes with
			// recurrent hypoglycemia, last A1c 6.3")
			continue
		}
		if at, _ := find(u.Tokens, orders); at >= 0 {
			continue
		}
		if r.futureModal(u.Tokens, modals) {
			continue
		}
		if r.saysHypothetical(u, hypothetical) {
			continue
		}
		r.Units[i].Part = discourse.Results
	}
}

// futureModal reports whether a sentence has a modal that puts what it
// says ahead ("we will check", "you may need"); a past auxiliary ("the ECG
// we did today is normal") reads what was done.
func (r *Reading) futureModal(toks []lexicon.Token, modals *lexicon.List) bool {
	past := r.Lexicon.List("past_auxiliaries")
	for k := 0; k < len(toks); k++ {
		e, n := modals.Match(toks, k)
		if e == nil {
			continue
		}
		if p, pn := past.Match(toks, k); p == nil || pn < n {
			return true
		}
		k += n - 1
	}
	return false
}

// saysHypothetical reports whether a unit holds a trigger of the
// hypothetical context ("if", "in case", "as needed").
func (r *Reading) saysHypothetical(u discourse.Unit, context *lexicon.List) bool {
	for k := range u.Tokens {
		if e, _ := context.Match(u.Tokens, k); e != nil && e.Attr("category") == "hypothetical" {
			return true
		}
	}
	return false
}

// announcedFindings is how many of the clinician's statements after "let
// me take a look", in the same turn or the next, are read as the
// examination.
const announcedFindings = 2

// announcedReach is how many units after an announcement its findings
// are looked for, when others speak in between (a patient's "ah", an
// interpreter relaying a request for a photo).
const announcedReach = 8

// examAfterAnnouncement reads as the examination the clinician's first
// statements after announcing it ("Je vais vous examiner. Le ventre est
// sensible en haut à droite."), in the same turn or the clinician's next
// one (a request for a photo is a question), where the part model
// put them in the plan, the history or nowhere. An assessment or a result
// said there stays one.
func (r *Reading) examAfterAnnouncement() {
	announcements := r.Lexicon.List("exam_announcements")
	for i, u := range r.Units {
		if u.Speaker != transcript.Clinician {
			continue
		}
		if at, _ := find(u.Tokens, announcements); at < 0 {
			continue
		}
		// the findings follow in the same turn, or in the clinician's next
		// one when the announcement ends the turn ("let me take a look, say
		// ah" "ah" "your tonsils are swollen"; on a call, "could he send a
		// photo?" ... "thank you, I've got it. The backs of both hands are
		// red and dry")
		for j, n, returns := i+1, 0, 0; j < len(r.Units) && j-i <= announcedReach && n < announcedFindings; j++ {
			v := &r.Units[j]
			if v.Speaker != transcript.Clinician {
				continue
			}
			if r.Units[j-1].Speaker != transcript.Clinician {
				if returns++; returns > 1 {
					break
				}
			}
			if v.Question {
				break
			}
			n++
			if !r.namesBody(v.Tokens) {
				// "hop up on the table for me" is no finding
				continue
			}
			switch v.Part {
			case discourse.Plan, discourse.History, discourse.Drop, discourse.Complaint:
				v.Part = discourse.Exam
			}
		}
	}
	r.examBetweenFindings()
}

// examSentenceWords is the longest statement, in tokens, that
// examBetweenFindings reads as the exam after one of its findings.
const examSentenceWords = 25

// examBetweenFindings reads as the examination a clinician's statement
// said between two of the exam's in one turn ("Il y a un ulcère ... Je ne
// sens pas d'os au fond. Les pouls pédieux sont faibles."): the clinician
// is still examining, whatever words the sentence has.
//
// A short statement the model sends to the results right after a finding
// of the exam in the same turn, naming a body part, a sign or a condition
// but no test, is the exam's too ("Le ventre est souple. Les muqueuses sont
// humides, pas de signe de déshydratation."): a result is a test's. (A
// long one is a turn the recogniser did not punctuate, which goes on to
// the results themselves.)
func (r *Reading) examBetweenFindings() {
	for i := 1; i < len(r.Units); i++ {
		u, before := &r.Units[i], r.Units[i-1]
		if u.Speaker == transcript.Clinician && !u.Question && u.Part == discourse.Results && before.Part == discourse.Exam &&
			before.Segment == u.Segment && len(u.Tokens) <= examSentenceWords && !r.namesTest(u.Tokens) && (r.namesBody(u.Tokens) || r.namesAny(u.Tokens, "conditions")) {
			u.Part = discourse.Exam
		}
	}
	for i := 1; i+1 < len(r.Units); i++ {
		u, before, after := &r.Units[i], r.Units[i-1], r.Units[i+1]
		if u.Speaker != transcript.Clinician || u.Question || before.Part != discourse.Exam || after.Part != discourse.Exam ||
			before.Segment != u.Segment || after.Segment != u.Segment {
			continue
		}
		switch u.Part {
		case discourse.History, discourse.Complaint, discourse.Review:
			// (not what the model dropped: an exam's turn is full of
			// talk to the patient, "okay, breathe in for me")
			u.Part = discourse.Exam
		}
	}
}

// namesBody reports whether a sentence names a body part, a sign an
// examination finds or a symptom: what an exam finding is about.
func (r *Reading) namesBody(toks []lexicon.Token) bool {
	return r.namesAny(toks, "body_parts", "exam_terms", "symptoms")
}

// habitAnswersInSocial writes in the social history the reply to a
// clinician's question about a habit that says how much or since when
// ("How much alcohol do you drink in a week?" "About twenty units, mostly
// at the weekend."), where the part model dropped it or kept it in the
// history: a bare "no" or "yes" is the habit's line, and says nothing more.
func (r *Reading) habitAnswersInSocial() {
	for _, f := range r.Findings {
		if f.Kind != Habit || f.Subject != assertion.Patient {
			continue
		}
		for _, m := range f.Mentions {
			q := r.Units[m.Unit]
			if q.Speaker != transcript.Clinician || !q.Question || r.Answer[m.Unit] < 0 {
				continue
			}
			a := &r.Units[r.Answer[m.Unit]]
			if a.Speaker == transcript.Clinician || len(a.Tokens) <= shortReply && !r.numbered(a.Tokens) {
				continue
			}
			switch a.Part {
			case discourse.Drop, discourse.History:
				a.Part = discourse.Social
			}
		}
	}
}

// numbered reports whether a sentence says a number.
func (r *Reading) numbered(toks []lexicon.Token) bool {
	return len(r.numbersIn(toks)) > 0
}

// historyInPlanPhase reads as the plan the clinician's statements the part
// model put in the history once the visit has come to its plan: after the
// assessment and the first plan item, until the clinician asks about the
// history again, what the clinician states ("salt water gargles can help
// too", "I'll do you a fit note for work") is more of the plan, not the
// story of the illness, which is the patient's to tell.
func (r *Reading) historyInPlanPhase() {
	assessed, planning := false, false
	for i := range r.Units {
		u := &r.Units[i]
		if u.Speaker != transcript.Clinician {
			continue
		}
		switch {
		case u.Part == discourse.Assessment:
			assessed = true
		case u.Part == discourse.Plan && assessed && !u.Question:
			planning = true
		case u.Question && (u.Part == discourse.History || u.Part == discourse.Review || u.Part == discourse.Complaint):
			planning = false
		case planning && u.Part == discourse.History:
			u.Part = discourse.Plan
		}
	}
}
