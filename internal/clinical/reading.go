// Package clinical is the one clinical reading of an encounter: every
// clinical statement of the transcript becomes a finding with its
// assertion (present, absent, possible, hypothetical), its time (current or
// past), who it is about (the patient, a relative, someone else), and for a
// drug what happens to it at this visit; tests, referrals and follow-ups
// the clinician orders are findings too, with the problem they address.
// The note's sections, its facts and its FHIR bundle are all rendered from
// this reading, so they cannot disagree with each other.
//
// Words come from the lexicon's data files, negation and context from the
// assertion package (NegEx and ConText), the structure of the visit from
// the discourse package's learned models; the code here holds no word of
// any language.
package clinical

import (
	"strings"

	"github.com/notegen/notegen"
	"github.com/notegen/notegen/internal/assertion"
	"github.com/notegen/notegen/internal/discourse"
	"github.com/notegen/notegen/internal/lexicon"
	"github.com/notegen/notegen/internal/transcript"
)

// Kind is what a finding is.
type Kind string

// The kinds of finding.
const (
	Symptom    Kind = "symptom"
	Condition  Kind = "condition"
	Medication Kind = "medication"
	Allergy    Kind = "allergy"
	Vital      Kind = "vital"
	Lab        Kind = "lab"
	Imaging    Kind = "imaging"
	Procedure  Kind = "procedure"
	Referral   Kind = "referral"
	FollowUp   Kind = "follow_up"
	Habit      Kind = "habit"
)

// Medication actions at this visit, as the wire contract names them.
const (
	ActionStart    = "start"
	ActionContinue = "continue"
	ActionStop     = "stop"
	ActionChange   = "change"
	ActionMention  = "mention"
)

// Mention is one place a finding was said: a token range of a unit.
type Mention struct {
	Unit       int
	First, End int
	// Context is what the words around the mention (or the answer to a
	// question about it) say of it.
	Context assertion.Context
	// Answered is set when the context came from the answer to the
	// clinician's question rather than from a statement.
	Answered bool
}

// Finding is one clinical statement of the encounter, merged over every
// place it was said.
type Finding struct {
	Kind Kind
	// Name is the canonical term (the lexicon entry's first term), or a
	// composed one ("left knee pain"); Said is the words of its main
	// mention, qualifiers included ("community acquired pneumonia in the
	// right lower lobe").
	Name, Said string
	Assertion  assertion.Assertion
	Time       assertion.Time
	Subject    assertion.Subject
	// System is the review of systems' system of a symptom.
	System   string
	Mentions []Mention
	// Diagnosis marks a condition the clinician states as the diagnosis
	// or impression of this visit; RuledOut one the clinician excludes.
	Diagnosis, RuledOut bool
	Chronic             bool
	// Resolved marks a past finding said to be over ("it went away",
	// "I quit"), not only part of the history: a chronic condition said to
	// be a history is still present, one said to have resolved is not.
	Resolved bool
	// Action is what happens to a drug at this visit; New marks a drug
	// prescribed today (started, restarted or changed), Refill one
	// continued with a prescription written today.
	Action      string
	New, Refill bool
	// Taken marks a drug the patient takes now ("I take amlodipine",
	// "she's on metformin"); a drug only named ("have you tried
	// Augmentin?") is neither taken nor decided on.
	Taken                  bool
	Dose, Route, Frequency *string
	// Ordered marks a test, referral, procedure or follow-up the clinician
	// orders at this visit.
	Ordered bool
	// Reason is the problem a drug or an order addresses, as said.
	Reason string
	// Reaction is an allergy's reaction; NoneKnown marks the statement
	// that the patient has no allergies.
	Reaction  *string
	NoneKnown bool
	// VitalKind, Value and Unit are a vital sign's kind (contract names),
	// value as said in digits and UCUM unit.
	VitalKind, Value, Unit string
	// Relation is the relative a family history finding is about, and
	// Relatives every relative named with it ("her mother and her
	// brother have diabetes"), Relation first.
	Relation  string
	Relatives []string
	// HabitKind is tobacco, alcohol, drugs or exercise.
	HabitKind string
}

// Reading is the clinical reading of one encounter.
type Reading struct {
	Lang     string
	Lexicon  *lexicon.Lexicon
	Segments []transcript.Segment
	Units    []discourse.Unit
	Findings []Finding
	// Complaint is the index in Findings of the chief complaint, -1 when
	// the encounter states none; ComplaintText is how the note writes it.
	Complaint     int
	ComplaintText string
	// ComplaintUnit is the unit the chief complaint was said in, -1 when
	// none was.
	ComplaintUnit int
	// Answer is, for each unit, the unit that answers it (a clinician's
	// question and the other speaker's reply), or -1.
	Answer []int
	// Patient holds how the note refers to the patient.
	Patient Person
	// reactions marks the tokens (unit, token) of allergic reactions: a
	// rash said of penicillin is the allergy's, not a symptom now.
	reactions map[[2]int]bool
	// unread marks the units no finding is read from: said in another
	// language than the encounter's, or an interpreter's own aside.
	unread []bool
	// dictation is set for a clinician's dictation, whose headings are
	// sentences of their own.
	dictation bool
	// planTagged marks the clinician's units that the units read as
	// questions for a request for agreement closing a plan ("..., and
	// order a lipid panel, okay?"): the orders and drugs in them are
	// decided, though the note leaves the sentence to its questions.
	planTagged []bool
	// unlisted are the units that state a diagnosis the lexicon does not
	// know as a condition.
	unlisted []int
}

// asks reports whether unit i asks, for the decisions of the plan: a
// plan said before a request for agreement does not.
func (r *Reading) asks(i int) bool {
	return r.Units[i].Question && !(r.planTagged != nil && r.planTagged[i])
}

// Options describe the encounter beyond its transcript.
type Options struct {
	// Lang is the language spoken, "en" or "fr".
	Lang string
	// Dictation marks a recording where only the clinician speaks.
	Dictation bool
	// Context is the client's free text about the patient; it informs
	// the pronouns.
	Context string
}

// Read makes the clinical reading of segs.
func Read(segs []transcript.Segment, opts Options) *Reading {
	x := lexicon.For(opts.Lang)
	if opts.Dictation {
		segs = asClinician(segs)
	}
	var units []discourse.Unit
	if opts.Dictation {
		units = discourse.DictatedUnits(segs, x)
	} else {
		units = discourse.Units(segs, x)
	}
	unaskAssertions(units, x)
	discourse.Label(units, x)
	assessmentIsTheClinicians(units)
	r := &Reading{Lang: x.Lang, Lexicon: x, Segments: segs, Units: units, Complaint: -1, ComplaintUnit: -1, reactions: map[[2]int]bool{}, dictation: opts.Dictation}
	r.linkAnswers()
	r.safetyNet()
	r.adviceAfterAssessment()
	r.historyInPlanPhase()
	r.applyHeadings()
	r.keepReadings()
	r.examAfterAnnouncement()
	r.dropBareAnnouncements()
	r.readOutResults()
	r.dropIdentity()
	r.dropDeviceTalk()
	r.dropLetterClosings()
	r.dropCallTalk()
	r.dropPleasantries()
	r.dropIntroductions()
	r.dropBareHeadings()
	r.dropForeign()
	r.dropOwnAsides()
	r.dropStageDirections()
	r.dropReadBacks()
	r.dropRemarksOnDiagnosis()
	r.Patient = r.person(opts.Context)
	r.read()
	r.unlistedInAssessment()
	r.decisionsInPlan()
	r.takenOutOfPlan()
	r.impressionsInAssessment()
	// (again: an impression the rules read as the assessment, "No, this
	// is impetigo.", opens the advice after it)
	r.adviceAfterAssessment()
	r.toldNotFamily()
	r.statedConditionsAsAssessment()
	r.habitAnswersInSocial()
	return r
}

// asClinician returns segs with every segment spoken by the clinician: a
// dictation has no other speaker, whatever labels it carries.
func asClinician(segs []transcript.Segment) []transcript.Segment {
	out := make([]transcript.Segment, len(segs))
	copy(out, segs)
	for i := range out {
		out[i].Speaker = transcript.Clinician
	}
	return out
}

// keepReadings keeps in the history a sentence the part model dropped that
// reads out a blood pressure ("your average over the week comes out at
// one fifty-two over ninety-four"): a measurement said is never lost.
func (r *Reading) keepReadings() {
	for i, u := range r.Units {
		if u.Part != discourse.Drop || u.Question {
			continue
		}
		for _, n := range r.numbersIn(u.Tokens) {
			if strings.Contains(n.key, "/") {
				r.Units[i].Part = discourse.History
				break
			}
		}
	}
}

// dropIdentity drops the checks of who the patient is: a question asking
// for a date of birth, an address or a phone number, and its answer, are
// no clinical content and no note holds them.
func (r *Reading) dropIdentity() {
	cues := r.Lexicon.List("identity_questions")
	for i, u := range r.Units {
		if !u.Question {
			continue
		}
		for k := range u.Tokens {
			if e, _ := cues.Match(u.Tokens, k); e != nil {
				r.Units[i].Part = discourse.Drop
				if a := r.Answer[i]; a >= 0 {
					// the answer may take the rest of its turn ("Yes. 12
					// Mill Lane, flat 2."), and an interpreter's turns
					// after it, until the clinician speaks again
					for j := a; j < len(r.Units) && r.Units[j].Speaker != transcript.Clinician; j++ {
						r.Units[j].Part = discourse.Drop
					}
				}
				break
			}
		}
	}
}

// safetyNet puts the clinician's return precautions in the plan: a
// statement that, under a condition ("if it gets worse", "si ça ne passe
// pas"), sends the patient somewhere or back ("ring 111 or go to A&E").
func (r *Reading) safetyNet() {
	services, context := r.Lexicon.List("care_services"), r.Lexicon.List("context")
	for i := range r.Units {
		u := &r.Units[i]
		if u.Speaker != transcript.Clinician || u.Question {
			continue
		}
		if at, _ := find(u.Tokens, services); at < 0 {
			continue
		}
		if r.saysHypothetical(*u, context) {
			u.Part = discourse.Plan
		}
	}
}

// adviceAfterAssessment puts in the plan the clinician's advice once the
// assessment is given: after the visit's first assessment, a statement that
// opens as advice ("eat plain food", "you should rest", "buvez beaucoup")
// is a plan item, whatever the model made of its words.
func (r *Reading) adviceAfterAssessment() {
	advice, openers := r.Lexicon.List("advice_openers"), r.Lexicon.List("openers")
	assessed := false
	for i := range r.Units {
		u := &r.Units[i]
		if u.Speaker != transcript.Clinician {
			continue
		}
		if u.Part == discourse.Assessment {
			assessed = true
			continue
		}
		if !assessed || u.Question || u.Part == discourse.Plan || u.Part == discourse.Exam || u.Part == discourse.Results {
			continue
		}
		k := 0
		for k < len(u.Tokens) {
			if u.Tokens[k].Kind == lexicon.Punct {
				k++
				continue
			}
			if e, n := openers.Match(u.Tokens, k); e != nil {
				k += n
				continue
			}
			break
		}
		if e, _ := advice.Match(u.Tokens, k); e != nil {
			u.Part = discourse.Plan
		}
	}
}

// applyHeadings follows the headings a clinician says or writes ("Exam:",
// "Plan:", "Conclusion deux points"): the unit they open and the rest of
// its segment belong to the heading's part, whatever the model guessed; in
// a dictation, the lines after a heading of the history or the exam said
// as a sentence of its own ("History of present illness.") too; one
// written with a colon ("Allergies: penicillin.") holds its line.
func (r *Reading) applyHeadings() {
	headings := r.Lexicon.List("headings")
	part, seg := discourse.Part(""), -1
	sticky := false // a dictated heading said as a sentence of its own
	for i := range r.Units {
		u := &r.Units[i]
		if words, _ := r.knownWords(u.Tokens); u.Segment != seg && !(sticky && dictatedSection(part) && words > headingWords) {
			// (a line of a few words may be a heading the lexicon does not
			// know, "Home medications.": the part model reads it)
			part, sticky = "", false
		}
		seg = u.Segment
		e, n := headings.Match(u.Tokens, 0)
		switch {
		case e != nil && n < len(u.Tokens) && u.Tokens[n].Norm == ":":
			part, sticky = discourse.Part(e.Attr("part")), false
		case e != nil && onlyMarks(u.Tokens[n:]) && r.dictation:
			// a heading said as a sentence of its own ("ED course."), as
			// a dictation says it: the sentences after it are its. In a
			// conversation "physical exam" ends no part: the clinician
			// goes on to the assessment in the same breath
			part, sticky = discourse.Part(e.Attr("part")), true
			u.Part = discourse.Drop
			continue
		}
		if part != "" {
			u.Part = part
		}
	}
}

// headingWords is the most words a dictated line may have to be read as
// a heading of its own.
const headingWords = 3

// dictatedSection reports whether a dictation's heading of part holds
// every sentence after it until the next heading, whatever its line: the
// history's and the exam's do ("History of present illness." then a line
// a sentence); an assessment and plan's numbered problems each hold a
// diagnosis and what is done for it, which the part model tells apart.
func dictatedSection(part discourse.Part) bool {
	return part != "" && part != discourse.Assessment && part != discourse.Plan
}

// dropCallTalk drops what is said of the call itself on a video or phone
// consultation ("you've frozen a bit", "your camera's pointing at the
// ceiling"): a sentence that speaks of the call speaks of nothing else.
func (r *Reading) dropCallTalk() {
	talk := r.Lexicon.List("call_talk")
	for i, u := range r.Units {
		if at, _ := find(u.Tokens, talk); at >= 0 {
			r.Units[i].Part = discourse.Drop
		}
	}
}

// dropRemarksOnDiagnosis drops the patient's remark on the diagnosis, a
// result or the plan just given ("Gout? I thought that was for old men who
// drink port."): in the turn that answers them, a sentence that names no
// symptom, condition or drug is a reaction, not history.
func (r *Reading) dropRemarksOnDiagnosis() {
	for i := 1; i < len(r.Units); i++ {
		u := &r.Units[i]
		if u.Speaker == transcript.Clinician || u.Question || u.Part == discourse.Drop {
			continue
		}
		k := i - 1
		for k >= 0 && r.Units[k].Speaker == u.Speaker {
			k--
		}
		if k < 0 || r.Units[k].Speaker != transcript.Clinician || i-k > 2 {
			continue
		}
		switch r.Units[k].Part {
		case discourse.Assessment, discourse.Results, discourse.Plan:
		default:
			continue
		}
		if !r.namesFinding(u.Tokens) {
			u.Part = discourse.Drop
		}
	}
}

// namesFinding reports whether a sentence names a symptom, a condition or
// a drug.
func (r *Reading) namesFinding(toks []lexicon.Token) bool {
	return r.namesAny(toks, "symptoms", "conditions", "medications")
}

// dropFindings takes the findings whose indices drop holds out of the
// reading, keeping the others in order.
func (r *Reading) dropFindings(drop map[int]bool) {
	kept := r.Findings[:0]
	for k, f := range r.Findings {
		if !drop[k] {
			kept = append(kept, f)
		}
	}
	r.Findings = kept
}

// namesAny reports whether toks hold a term of any of the lists named.
func (r *Reading) namesAny(toks []lexicon.Token, lists ...string) bool {
	for _, name := range lists {
		if at, _ := find(toks, r.Lexicon.List(name)); at >= 0 {
			return true
		}
	}
	return false
}

// onlyMarks reports whether toks are punctuation only (or none).
func onlyMarks(toks []lexicon.Token) bool {
	for _, t := range toks {
		if t.Kind != lexicon.Punct {
			return false
		}
	}
	return true
}

// dropLetterClosings drops a dictated letter's signature ("Yours sincerely,
// Doctor Sarah Okoye, consultant cardiologist."): a sentence that opens on
// a letter's closing.
func (r *Reading) dropLetterClosings() {
	closings := r.Lexicon.List("letter_closings")
	for i, u := range r.Units {
		if e, _ := closings.Match(u.Tokens, 0); e != nil {
			r.Units[i].Part = discourse.Drop
		}
	}
}

// dropDeviceTalk drops what is said to a device or an assistant to show
// something ("..., show me the chest x-ray"): the findings read out after
// are the note's, the request is not.
func (r *Reading) dropDeviceTalk() {
	commands, services := r.Lexicon.List("device_commands"), r.Lexicon.List("care_services")
	for i, u := range r.Units {
		toks := u.Tokens
		k := 0
		if len(toks) > 2 && toks[0].Kind == lexicon.Word && toks[1].Norm == "," {
			k = 2
		}
		if e, n := commands.Match(toks, k); e != nil {
			if at, _ := find(toks[k+n:], services); at >= 0 {
				// "Go to the emergency room if he vomits": the patient
				// is sent somewhere, no screen is
				continue
			}
			r.Units[i].Part = discourse.Drop
		}
	}
}

// Span returns a mention's span in segment coordinates.
func (r *Reading) Span(m Mention) notegen.Span {
	u := r.Units[m.Unit]
	return notegen.Span{Segment: r.Segments[u.Segment].ID, Start: u.Tokens[m.First].Start, End: u.Tokens[m.End-1].End}
}

// Spans returns the spans of every mention of f, in transcript order,
// without duplicates.
func (r *Reading) Spans(f *Finding) []notegen.Span {
	out := make([]notegen.Span, 0, len(f.Mentions))
	seen := map[notegen.Span]bool{}
	for _, m := range f.Mentions {
		sp := r.Span(m)
		if !seen[sp] {
			seen[sp] = true
			out = append(out, sp)
		}
	}
	return out
}

// UnitSpan is the span of a whole unit.
func (r *Reading) UnitSpan(i int) notegen.Span {
	u := r.Units[i]
	return notegen.Span{Segment: r.Segments[u.Segment].ID, Start: u.Start, End: u.End}
}

// UnitText is the unit's words as said.
func (r *Reading) UnitText(i int) string {
	u := r.Units[i]
	return string([]rune(r.Segments[u.Segment].Text)[u.Start:u.End])
}

// TextOf is the words of tokens [first, end) of unit i as said.
func (r *Reading) TextOf(i, first, end int) string {
	u := r.Units[i]
	if first >= end {
		return ""
	}
	return r.Lexicon.Acronyms(string([]rune(r.Segments[u.Segment].Text)[u.Tokens[first].Start:u.Tokens[end-1].End]))
}

// Unread reports whether unit i is one no finding is read from: said in
// another language than the encounter's, or an interpreter's own aside.
func (r *Reading) Unread(i int) bool { return r.unread != nil && r.unread[i] }

// Speaker is who said unit i.
func (r *Reading) Speaker(i int) transcript.Speaker { return r.Units[i].Speaker }

// Reported is what the history says of f, apart from the examination:
// absent when every mention of it outside the exam denies it ("denies
// chest pain, fever or leg swelling" with "trace bilateral ankle edema"
// on exam: the patient denies the swelling the clinician found), else f's
// assertion.
func (r *Reading) Reported(f *Finding) assertion.Assertion {
	denied := false
	for _, m := range f.Mentions {
		if u := r.Units[m.Unit]; u.Part == discourse.Exam && u.Speaker == transcript.Clinician {
			continue
		}
		if m.Context.Assertion != assertion.Absent {
			return f.Assertion
		}
		denied = true
	}
	if denied {
		return assertion.Absent
	}
	return f.Assertion
}

// Examined reports whether f is only a finding of the examination: every
// mention of it is the clinician's, in the exam ("No lower extremity
// edema."). What the clinician found, or did not, is no symptom the
// patient reports or denies.
func (r *Reading) Examined(f *Finding) bool {
	for _, m := range f.Mentions {
		if u := r.Units[m.Unit]; u.Part != discourse.Exam || u.Speaker != transcript.Clinician {
			return false
		}
	}
	return len(f.Mentions) > 0
}
