package clinical

import (
	"strings"

	"github.com/notegen/notegen/internal/assertion"
	"github.com/notegen/notegen/internal/discourse"
	"github.com/notegen/notegen/internal/lexicon"
	"github.com/notegen/notegen/internal/transcript"
)

// complaintReach is the share of the encounter, from its start, in which
// the reason for the visit is looked for.
const complaintReach = 0.4

// complaint picks the chief complaint: the problem that brought the
// patient, said early. The unit the discourse model reads as the reason
// for the visit counts most ("here for follow-up of his diabetes"), then
// the patient's first statement of a problem ("my throat's killing me"),
// then being said early; a symptom only confirmed in answer to a question
// ("any fever?" "yes") is not what brought the patient. The text is the
// finding's name, with a second problem said in the same breath.
func (r *Reading) complaint() {
	if r.statedComplaint() {
		return
	}
	complaintPart := partIndex(discourse.Complaint)
	reach := int(float64(len(r.Units))*complaintReach) + 1
	background, asked := r.background()
	// a condition named in reply to a question for the history is not
	// what brought the patient; a symptom may be ("any other problems?"
	// "my knee hurts")
	told := func(f *Finding, m Mention) bool { return background[m.Unit] || f.Kind == Condition && asked[m.Unit] }
	first := -1 // the patient's first unit that states a problem
	for _, f := range r.Findings {
		if !complaintCandidate(&f) {
			continue
		}
		for _, m := range f.Mentions {
			if !m.Answered && m.Context.Assertion == assertion.Present && r.patientTells(m) &&
				!told(&f, m) && (first < 0 || m.Unit < first) {
				first = m.Unit
			}
		}
	}
	topic := r.openingTopic()
	opening := r.openingQuestion()
	best, bestScore, bestUnit, bestPresented := -1, 0.0, -1, false
	for fi := range r.Findings {
		f := &r.Findings[fi]
		if !complaintCandidate(f) {
			continue
		}
		// a problem of the part of the body the clinician opened on ("what
		// happened to your ankle?") is what brought the patient, wherever
		// it is named ("ankle pain" read from the exam)
		onTopic := topic != "" && strings.Contains(f.Name, topic)
		for _, m := range f.Mentions {
			// the problem the opening question asks about, confirmed ("The
			// receptionist said you think you've got a water infection?"
			// "I'm sure I have"), is what brought the patient; one
			// confirmed later is the review of systems
			asksOpening := m.Unit == opening && m.Answered && !r.drugsPurpose(r.Units[m.Unit].Tokens, m.First)
			if m.Unit >= reach && !onTopic || m.Answered && !asksOpening || m.Context.Assertion != assertion.Present || told(f, m) {
				continue
			}
			u := r.Units[m.Unit]
			score := max(1-float64(m.Unit)/float64(reach), 0)
			if onTopic {
				// (over any problem off the topic)
				score += topicScore
			}
			if len(u.Probs) > complaintPart {
				score += 2 * u.Probs[complaintPart]
			}
			presented := r.presented(m)
			if m.Unit == first || presented || asksOpening {
				score += 3
			}
			if asksOpening && (first < 0 || m.Unit < first) {
				// (confirmed before the patient told of any other)
				score++
			}
			if r.patientTells(m) {
				score += 0.5
			}
			if score > bestScore {
				best, bestScore, bestUnit, bestPresented = fi, score, m.Unit, presented
			}
		}
	}
	if reason, ok := r.visitReason(reach); ok && (best < 0 || bestScore < visitReasonScore ||
		reason.presented && !bestPresented) {
		// ("I'm ringing for your yearly medicine review for your COPD":
		// the clinician's stated purpose, over the sputum the patient
		// tells of first)
		r.ComplaintText, r.ComplaintUnit = reason.text, reason.unit
		return
	}
	if best < 0 {
		best, bestUnit = r.diagnosisAsComplaint()
	}
	if best < 0 {
		return
	}
	r.Complaint, r.ComplaintUnit = best, bestUnit
	names := []string{r.complaintName(&r.Findings[best])}
	for fi := range r.Findings {
		f := &r.Findings[fi]
		if fi == best || len(names) == 2 || !complaintCandidate(f) {
			continue
		}
		for _, m := range f.Mentions {
			if m.Unit == bestUnit && !m.Answered && m.Context.Assertion == assertion.Present {
				if n := r.complaintName(f); !strings.Contains(names[0], n) && !strings.Contains(n, names[0]) {
					names = append(names, n)
				}
				break
			}
		}
	}
	r.ComplaintText = r.Lexicon.JoinList(names)
}

// patientTells reports whether the patient (or a companion) tells of the
// problem m names: they say it, or they answer where it is when the
// clinician's question takes it as there ("Where does it hurt?" "My right
// hip."), which is telling it as much as "my right hip hurts".
func (r *Reading) patientTells(m Mention) bool {
	u := r.Units[m.Unit]
	if u.Speaker != transcript.Clinician {
		return true
	}
	a := r.Answer[m.Unit]
	return u.Question && a >= 0 && r.Units[a].Speaker != transcript.Clinician && r.presumes(u.Tokens, m.First)
}

// topicScore puts a problem of the opening question's topic over every
// other: the others' scores stay under it.
const topicScore = 10

// openingReach is how many units from the start the clinician's opening
// question may be.
const openingReach = 4

// openingTopic is the part of the body the clinician's opening question
// asks about ("What happened to your hand?", "what's going on with your
// knee"), or "".
func (r *Reading) openingTopic() string {
	parts, own := r.Lexicon.List("body_parts"), r.Lexicon.List("second_person")
	for i := 0; i < len(r.Units) && i < openingReach; i++ {
		u := r.Units[i]
		if u.Speaker != transcript.Clinician || !u.Question {
			continue
		}
		for k := 1; k < len(u.Tokens); k++ {
			if e, _ := parts.Match(u.Tokens, k); e != nil && own.Has(u.Tokens[k-1].Norm) {
				return e.Name()
			}
		}
		return ""
	}
	return ""
}

// drugsPurpose reports whether the problem at token at is named as what a
// drug said before it is for ("she started the amoxicillin for her ear
// infection, and now she has a rash?"): the story of a drug, not the
// problem asked about.
func (r *Reading) drugsPurpose(toks []lexicon.Token, at int) bool {
	return r.drugNamedBefore(toks, at) && r.afterCue(toks, at, r.Lexicon.List("purpose_cues"), purposeReach)
}

// openingQuestion is the clinician's first question of the visit itself
// (greetings and identity checks, which the reading drops, set aside),
// within openingReach of them, or -1.
func (r *Reading) openingQuestion() int {
	// a sentence the part model drops that names a problem is no greeting
	// ("The nurse said you're here about headaches?")
	names := map[int]bool{}
	for fi := range r.Findings {
		if complaintCandidate(&r.Findings[fi]) {
			for _, m := range r.Findings[fi].Mentions {
				names[m.Unit] = true
			}
		}
	}
	seen := 0
	for i, u := range r.Units {
		if u.Part == discourse.Drop && !names[i] {
			continue
		}
		if seen++; seen > openingReach {
			break
		}
		if u.Speaker == transcript.Clinician && u.Question {
			return i
		}
	}
	return -1
}

// statedWords is the most words a complaint stated under its heading may
// have to be written as said.
const statedWords = 8

// statedComplaint takes the chief complaint as the clinician states it
// under its heading ("Chief complaint: left big toe pain for two days."),
// when that is short, and reports whether one was.
func (r *Reading) statedComplaint() bool {
	headings := r.Lexicon.List("headings")
	for i, u := range r.Units {
		if u.Speaker != transcript.Clinician {
			continue
		}
		e, n := headings.Match(u.Tokens, 0)
		if e == nil || discourse.Part(e.Attr("part")) != discourse.Complaint || n >= len(u.Tokens) || u.Tokens[n].Norm != ":" {
			continue
		}
		end := len(u.Tokens)
		for end > n+1 && u.Tokens[end-1].Kind == lexicon.Punct {
			end--
		}
		if words := end - (n + 1); words < 1 || words > statedWords {
			return false
		}
		r.ComplaintText, r.ComplaintUnit = strings.ToLower(r.TextOf(i, n+1, end)), i
		for fi, f := range r.Findings {
			for _, m := range f.Mentions {
				if m.Unit == i && complaintCandidate(&r.Findings[fi]) && r.Complaint < 0 {
					r.Complaint = fi
				}
			}
		}
		return true
	}
	return false
}

// background marks the units that tell the patient's background: their
// part says so, or they answer a question that asks for it, whatever part
// the model gave the answer. asked marks the units that answer a
// clinician's question other than the visit's opening one that names no
// problem of its own ("Do you have any medical problems?" "An underactive
// thyroid and osteoporosis."): a condition named there is history the
// clinician asked for, not what brought the patient.
func (r *Reading) background() (background, asked []bool) {
	background, asked = make([]bool, len(r.Units)), make([]bool, len(r.Units))
	opening := -1
	for q, u := range r.Units {
		if u.Speaker == transcript.Clinician && u.Question {
			opening = q
			break
		}
	}
	named := make([]bool, len(r.Units))
	for _, f := range r.Findings {
		if f.Kind == Symptom || f.Kind == Condition {
			for _, m := range f.Mentions {
				named[m.Unit] = true
			}
		}
	}
	for i, u := range r.Units {
		background[i] = background[i] || backgroundPart(u.Part)
		a := r.Answer[i]
		if a < 0 {
			continue
		}
		background[a] = background[a] || backgroundPart(u.Part)
		asked[a] = asked[a] || i != opening && u.Part != discourse.Complaint && !named[i]
	}
	return background, asked
}

// backgroundPart reports whether a unit of part p tells the patient's
// background (past conditions, medicines, allergies, family, social
// life): a problem named there is not what brought them. The review of
// systems is not among them: the part model mistakes a first complaint
// ("my throat's killing me") for it.
func backgroundPart(p discourse.Part) bool {
	switch p {
	case discourse.PastHistory, discourse.Surgical, discourse.Medications, discourse.Allergies, discourse.Social,
		discourse.Family:
		return true
	}
	return false
}

// diagnosisAsComplaint is the complaint when the patient named no problem
// early: the first current condition the clinician diagnosed ("a simple
// laceration" when the patient told only how the knife slipped), or -1.
func (r *Reading) diagnosisAsComplaint() (int, int) {
	for fi := range r.Findings {
		f := &r.Findings[fi]
		if f.Diagnosis && complaintCandidate(f) && len(f.Mentions) > 0 {
			return fi, f.Mentions[0].Unit
		}
	}
	return -1, -1
}

// presentedReach is how many words may stand between a cue of
// presentation and the problem it presents ("presents with substernal
// chest pressure").
const presentedReach = 3

// presented reports whether m is the problem a cue of presentation
// introduces ("presents with", "complains of", "here today for"): what a
// dictation or a referral says brought the patient, before any history.
func (r *Reading) presented(m Mention) bool {
	return cueInClause(r.Units[m.Unit].Tokens, m.First, r.Lexicon.List("presentation_cues"), presentedReach, nil)
}

// visitReasonScore is how strong the best problem must be to be the chief
// complaint over a visit's stated reason ("your yearly physical"): the
// patient's first problem statement, or the model's reason for the visit.
const visitReasonScore = 2

// statedReason is a reason for the visit that is no problem, as the note
// writes it, the unit it was said in, and whether a cue of presentation
// introduced it ("I'm ringing for your yearly medicine review").
type statedReason struct {
	text      string
	unit      int
	presented bool
}

// visitReason finds a reason for the visit that is no problem ("annual
// physical", "medication review") said early.
func (r *Reading) visitReason(reach int) (statedReason, bool) {
	x := r.Lexicon
	reasons, headings, cues := x.List("visit_reasons"), x.List("headings"), x.List("presentation_cues")
	for i := 0; i < len(r.Units) && i < reach; i++ {
		toks := r.Units[i].Tokens
		for k := range toks {
			e, n := reasons.Match(toks, k)
			if e == nil {
				continue
			}
			if h, hn := headings.Match(toks, k); h != nil && hn >= n && (k+hn == len(toks) || toks[k+hn].Kind == lexicon.Punct) {
				// "Physical exam." is a dictation's heading, not a physical;
				// "suivi de fibrillation auriculaire" is the visit's reason
				continue
			}
			if r.historicalFrom(toks, k+n) {
				// "at your health check last month your HbA1c came back
				// at 54": an earlier visit, not this one's reason
				continue
			}
			said := statedReason{unit: i, presented: cueInClause(toks, k, cues, presentedReach, nil)}
			if e.Attr("cued") == "yes" && !said.presented {
				// "your blood pressure is 150 over 90" reads a measure; "I'm
				// here for my blood pressure" is why the patient came
				continue
			}
			end, detFirst, detEnd := r.reasonEnd(i, k+n)
			if detFirst < detEnd {
				// "review for your COPD" is the review for COPD: the
				// possessive is the speaker's, not the note's
				said.text = r.TextOf(i, k, detFirst) + " " + r.TextOf(i, detEnd, end)
			} else {
				said.text = r.TextOf(i, k, end)
			}
			return said, true
		}
	}
	return statedReason{unit: -1}, false
}

// reasonEnd extends a visit's reason over the problem it is for: "follow-up
// of atrial fibrillation", "review of her asthma". It returns where the
// reason ends, and the determiners before the problem ("her"), first to
// end (none: first == end).
func (r *Reading) reasonEnd(unit, end int) (int, int, int) {
	x := r.Lexicon
	toks := r.Units[unit].Tokens
	k := end
	if k >= len(toks) || !x.List("prepositions").Has(toks[k].Norm) && !x.List("attachments").Has(toks[k].Norm) {
		return end, 0, 0
	}
	k++
	detFirst := k
	for k < len(toks) && (x.List("determiners").Has(toks[k].Norm) || x.List("own_possessives").Has(toks[k].Norm)) {
		k++
	}
	for fi := range r.Findings {
		for _, m := range r.Findings[fi].Mentions {
			if m.Unit == unit && m.First == k && complaintCandidate(&r.Findings[fi]) {
				return m.End, detFirst, k
			}
		}
	}
	return end, 0, 0
}

// complaintCandidate reports whether f can be the reason for the visit: a
// problem of the patient's that is there now.
func complaintCandidate(f *Finding) bool {
	return (f.Kind == Symptom || f.Kind == Condition) && f.Subject == assertion.Patient && f.Assertion == assertion.Present &&
		f.Time == assertion.Current
}

// complaintWords is the longest a condition's words as said may be to name
// the chief complaint ("left ankle sprain"); longer, its name does.
const complaintWords = 5

// complaintName is how the chief complaint names f: a condition as said
// when that is short (it keeps its place and side: "left ankle sprain"),
// else its name; a single word said is the name, which is a noun where
// the word may be another form of it ("diabetic", "sprained").
func (r *Reading) complaintName(f *Finding) string {
	if n := len(strings.Fields(f.Said)); f.Kind == Condition && n > 1 && n <= complaintWords {
		return strings.ToLower(f.Said)
	}
	return f.Name
}

// partIndex is the index of part in discourse.Parts.
func partIndex(p discourse.Part) int {
	for i, q := range discourse.Parts {
		if q == p {
			return i
		}
	}
	return -1
}
