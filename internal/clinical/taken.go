package clinical

// Who gives a drug and who takes it: staff at the bedside, a drug reported
// given, taken now or wished for; read by medications.go for each mention.

import (
	"github.com/notegen/notegen/internal/assertion"
	"github.com/notegen/notegen/internal/discourse"
	"github.com/notegen/notegen/internal/lexicon"
	"github.com/notegen/notegen/internal/transcript"
)

// Staff reports whether unit i is said by someone who works where the
// patient is seen (a nurse), not by the patient or a companion.
func (r *Reading) Staff(i int) bool {
	u := r.Units[i]
	return u.Speaker == transcript.Other && transcript.IsStaff(r.Segments[u.Segment].Voice)
}

// givenByStaff reports whether m is a nurse's account of a dose given at
// the visit: a word of giving near the drug. A nurse's handover of what
// the patient took at home ("she had two paracetamol at home") is history.
func (r *Reading) givenByStaff(m mention) bool {
	u := r.Units[m.Unit]
	if u.Question {
		return false
	}
	e, at := r.nearest(u.Tokens, m.First, m.End, r.Lexicon.List("given_cues"), actionWindow)
	if e == nil {
		return false
	}
	// a nurse's "dexamethasone given", or the clinician's own "I have
	// given her a depot injection of methylprednisolone today"
	return r.Staff(m.Unit) || r.donePerfect(u, at, m)
}

// reportedGiven is how the clinician reports a drug given at this visit,
// not before it: "yes" for a dose given ("he received morphine 4 mg IV",
// part of the course, neither prescribed nor taken at home), "started" for
// a treatment begun ("and was started on ceftriaxone"), or "".
func (r *Reading) reportedGiven(m mention) string {
	u := r.Units[m.Unit]
	if u.Question || u.Speaker != transcript.Clinician || m.Context.Time == assertion.Past || m.Context.Assertion != assertion.Present {
		return ""
	}
	cues := r.Lexicon.List("given_cues")
	e, at := r.nearest(u.Tokens, m.First, m.End, cues, actionWindow)
	if (e == nil || at > m.First) && r.listed(u.Tokens, m.First) {
		// "he received saline, morphine 4 mg IV and ondansetron": the
		// list shares its verb
		e, at = r.nearest(u.Tokens, m.First, m.First, cues, len(u.Tokens))
	}
	if e == nil || at > m.First {
		return ""
	}
	return e.Attr("reported")
}

// taken reports whether a mention says the patient takes the drug: the
// patient (or a companion) naming it ("the lisinopril works well"), a
// question about it answered yes ("digoxin?" "yes"), or a word of taking
// near it ("you're on metformin"). A drug only named in a clinician's
// question or proposal is not taken.
func (r *Reading) taken(m mention) bool {
	u := r.Units[m.Unit]
	if m.entry != nil && m.entry.Attr("general") == "yes" && !m.Answered && u.Speaker != transcript.Clinician && !u.Question {
		// a kind of drug a companion or the patient names ("Okay, so
		// antibiotics.") is taken only when said so ("she's on
		// antibiotics")
		return r.takenAt(m)
	}
	if m.Answered || (u.Speaker != transcript.Clinician && !u.Question && !r.givenByStaff(m)) ||
		u.Part == discourse.Medications && !u.Question && !r.instructed(m) && !r.actsItself(u.Tokens, m.End) {
		// the patient's own words, or the list of what they take
		// ("Medications: Trelegy one inhalation daily, ...")
		return u.Speaker == transcript.Clinician || !r.wished(m)
	}
	return !u.Question && r.takenAt(m)
}

// actsItself reports whether the drug ending at token end is the subject
// of the verb after it ("metformin can lower it", "ciprofloxacin doesn't
// affect the pill"): the sentence tells what the drug does.
func (r *Reading) actsItself(toks []lexicon.Token, end int) bool {
	e, _ := r.Lexicon.List("modals").Match(toks, end)
	return e != nil || r.subjectOfItsOwn(toks, end)
}

// gerundSubject reports whether the verb at token at is a participle that,
// with its object ending at token end, is the subject of what follows
// ("adding aspirin would raise ...", "stopping it puts you at risk"):
// a predicate of consequence right after the object.
func (r *Reading) gerundSubject(toks []lexicon.Token, at, end int) bool {
	if end >= len(toks) || !r.Lexicon.List("participle_endings").EndsWord(toks[at].Norm, participleLead) {
		return false
	}
	e, _ := r.Lexicon.List("consequence_predicates").Match(toks, end)
	return e != nil
}

// participleLead is how many letters a word must have, and more, before
// its ending to be a participle: "bring" is none.
const participleLead = 2

// deniedOf reports whether the drug ending at token end is the subject of
// a denied "is" ("morphine isn't something we ...", "l'ibuprofène n'est
// pas ..."): what the drug is not.
func (r *Reading) deniedOf(toks []lexicon.Token, end int) bool {
	particles, be := r.Lexicon.List("negation_particles"), r.Lexicon.List("auxiliaries")
	if end+1 >= len(toks) {
		return false
	}
	first, second := toks[end].Norm, toks[end+1].Norm
	// ("is not" in English, "n'est" in French)
	return be.Has(first) && particles.Has(second) || particles.Has(first) && be.Has(second)
}

// takingBetween reports whether a word of taking said before a drug with
// its verb of being ("you are on", "vous êtes sous") stands between a verb at token at and the
// drug at token first.
func (r *Reading) takingBetween(toks []lexicon.Token, at, first int) bool {
	cues, be := r.Lexicon.List("taking_cues"), r.Lexicon.List("auxiliaries")
	for k := at + 1; k < first; k++ {
		// (said with its verb of being: "start you on amlodipine" is the
		// start itself)
		if e, n := cues.Match(toks, k); e != nil && k+n == first && e.Attr("before") == "yes" && k > 0 && be.Has(toks[k-1].Norm) {
			return true
		}
	}
	return false
}

// instructed reports whether the clinician says what will be given, a
// verb of giving after a modal near the drug ("we will use amoxicillin,
// the high dose"): an instruction, whatever part the sentence was given.
func (r *Reading) instructed(m mention) bool {
	toks := r.Units[m.Unit].Tokens
	if r.Units[m.Unit].Speaker != transcript.Clinician {
		return false
	}
	e, at := r.nearest(toks, m.First, m.End, r.Lexicon.List("med_actions"), actionWindow)
	return e != nil && at < m.First && r.modalEndsAt(toks, at)
}

// courseAfter reports whether a course's length is said after token end
// in its sentence ("for twenty-one days", "pendant sept jours"): a word
// that leads a duration, a number and a unit of time.
func (r *Reading) courseAfter(toks []lexicon.Token, end int) bool {
	leads, units := r.Lexicon.List("duration_leads"), r.Lexicon.List("time_units")
	nums := r.numbersIn(toks)
	for k := end; k < len(toks); k++ {
		if !leads.Has(toks[k].Norm) {
			continue
		}
		for _, n := range nums {
			if n.first == k+1 {
				if e, _ := units.Match(toks, n.end); e != nil || n.end > n.first && units.Has(toks[n.end-1].Norm) {
					return true
				}
			}
		}
	}
	return false
}

// planSubjectBefore reports whether the clinician's "we" or "on" is the
// subject of the word of taking at token at ("on prend l'amoxicilline",
// "we take the metformin up to"): what the plan takes, no report.
func (r *Reading) planSubjectBefore(toks []lexicon.Token, at int) bool {
	return at > 0 && r.Lexicon.List("plan_subjects").Has(toks[at-1].Norm) && !r.Lexicon.List("first_person").Has(toks[at-1].Norm)
}

// modalEndsAt reports whether a modal verb ends right before token at
// ("you will take", "you can use").
func (r *Reading) modalEndsAt(toks []lexicon.Token, at int) bool {
	return endingAt(toks, at, r.Lexicon.List("modals")) >= 0
}

// wished reports whether the speaker asks for the drug of m or wonders
// about it rather than takes it ("I was hoping for a Z-Pack", "could I
// get some Ozempic"): a word of wishing before it, no word of taking near
// it but one under a modal ("I'd like to keep taking it" is taken), and
// no "my" before it ("I wanted to ask about my metformin").
func (r *Reading) wished(m mention) bool {
	toks := r.Units[m.Unit].Tokens
	if !r.afterCue(toks, m.First, r.Lexicon.List("drug_wishes"), actionWindow) {
		return false
	}
	if e, at := r.nearest(toks, m.First, m.End, r.Lexicon.List("taking_cues"), actionWindow); e != nil && !r.modalEndsAt(toks, at) {
		// (a taking under a modal is still the wish: "my friend says I
		// should take a baby aspirin")
		return false
	}
	return !r.ownedBySpeaker(toks, m.First)
}

// takenAt reports whether a mention says the drug is taken: a word of
// taking near it ("I take", "she's on"), in its unit or, for a question
// answered yes, in the question ("are you taking any aspirin?").
func (r *Reading) takenAt(m mention) bool {
	cues := r.Lexicon.List("taking_cues")
	toks := r.Units[m.Unit].Tokens
	if r.Units[m.Unit].Speaker == transcript.Clinician && r.courseAfter(toks, m.End) {
		// "at home she takes rivaroxaban fifteen milligrams twice a day
		// for twenty-one days": a course to take, told in the present
		return false
	}
	if e, at := r.nearest(toks, m.First, m.End, cues, actionWindow); e != nil && !(at >= m.End && (r.actsItself(toks, m.End) || e.Attr("before") == "yes")) &&
		!(at < m.First && r.objectBefore(toks, at, m.First)) &&
		!(r.Units[m.Unit].Speaker == transcript.Clinician && (r.modalEndsAt(toks, at) || r.planSubjectBefore(toks, at))) {
		// ("propranolol can tighten the airways and bring on an asthma
		// attack", "Ciprofloxacin doesn't affect the pill, keep taking
		// your Sprintec": the drug is the subject of a verb of its own,
		// and the words after it say what it does; the clinician's "at home
		// you'll take ciprofloxacin" tells what to take, not what is
		// taken; in "take paracetamol, not ibuprofen, because ibuprofen
		// raises the bleeding risk" the word of taking has its own drug)
		return true
	}
	if r.listed(toks, m.First) {
		// "on furosemide, bisoprolol and ramipril": the list shares its verb
		if e, _ := r.nearest(toks, m.First, m.End, cues, len(toks)); e != nil {
			return true
		}
	}
	// a drug named in reply to "any medications?" is one taken (the
	// clinician's answer to the patient's "I'm on the pill, is that a
	// problem?" tells of another drug)
	q := r.questionBefore(m.Unit)
	if q >= 0 && r.Units[q].Speaker == transcript.Patient {
		q = -1
	}
	if q < 0 && m.Answered {
		q = m.Unit
	}
	if q < 0 {
		return false
	}
	for _, list := range []string{"taking_cues", "medication_words"} {
		if at, _ := find(r.Units[q].Tokens, r.Lexicon.List(list)); at >= 0 {
			return true
		}
	}
	return false
}
