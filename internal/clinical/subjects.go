package clinical

// Who a finding is about: the speaker, the patient named by a companion,
// a relative the turn speaks of, or the person an interpreter speaks for.

import (
	"github.com/notegen/notegen/internal/assertion"
	"github.com/notegen/notegen/internal/lexicon"
	"github.com/notegen/notegen/internal/transcript"
)

// ownedBySpeaker reports whether the term at token at is the speaker's
// by a possessive right before it, past determiners and qualifiers ("my
// pressure", "my left knee").
func (r *Reading) ownedBySpeaker(toks []lexicon.Token, at int) bool {
	own := r.Lexicon.List("own_possessives")
	for k := at - 1; k >= 0 && k >= at-3; k-- {
		if own.Has(toks[k].Norm) {
			return true
		}
		if toks[k].Kind != lexicon.Word {
			return false
		}
	}
	return false
}

// namesPatient reports whether a companion's words name the patient by
// their relation to the companion ("my son", "ma fille"): the relation by
// which a companion first named the patient.
func (r *Reading) namesPatient(toks []lexicon.Token) bool {
	list := r.Lexicon.List("voice_other")
	for i := range toks {
		if e, _ := list.Match(toks, i); e != nil && r.bareAllowed(e, toks, i) && sexFits(e, r.Patient.Gender) && (r.Patient.Relation == "" && (r.Patient.Kin == "" || e.Attr("kin") == r.Patient.Kin) ||
			e.Name() == r.Patient.Relation) {
			return true
		}
	}
	return false
}

// sexFits reports whether a relation a companion names (voice_other's
// gender=) may be a patient of the given gender: "my son" is not a girl;
// any relation fits a patient whose sex is not known.
func sexFits(e *lexicon.Entry, gender string) bool {
	g := e.Attr("gender")
	return g == "" || gender != "male" && gender != "female" || g == gender
}

// kinToPatient maps how the patient and another person are related to a
// companion (voice_other's kin=) to whether the other is the patient's
// blood relative: the companion's child is the patient's child or
// sibling, the companion's other parent the patient's spouse.
var kinToPatient = map[[2]string]assertion.Subject{
	{"parent", "parent"}: assertion.Other, {"parent", "spouse"}: assertion.Other, {"parent", "child"}: assertion.Family,
	{"child", "spouse"}: assertion.Family, {"child", "child"}: assertion.Family, {"child", "parent"}: assertion.Family,
	{"spouse", "child"}: assertion.Family, {"spouse", "parent"}: assertion.Other,
	{"grandchild", "spouse"}: assertion.Family, {"grandchild", "child"}: assertion.Family, {"grandchild", "parent"}: assertion.Family,
}

// companionsKin is who a relative a companion names ("my dad", "my
// husband") is to the patient, from how the companion named the patient:
// family (a blood relative) or someone else; ok is false when the
// companion names no relative, or the patient's relation is not known.
func (r *Reading) companionsKin(toks []lexicon.Token) (assertion.Subject, bool) {
	list := r.Lexicon.List("voice_other")
	if r.Patient.Kin == "" {
		return "", false
	}
	for i := range toks {
		if e, _ := list.Match(toks, i); e != nil && e.Name() != r.Patient.Relation && r.bareAllowed(e, toks, i) {
			s, ok := kinToPatient[[2]string{r.Patient.Kin, e.Attr("kin")}]
			return s, ok
		}
	}
	return "", false
}

// speaksOfSelfBesidePatient reports whether a companion's sentence says
// "I" before the finding at token at, with no word for the patient between
// them, and either the companion is a relative of the patient or the
// sentence calls the patient by a pronoun of the third person elsewhere:
// the speaker tells of themselves ("I take sertraline and I'm
// breastfeeding him"), where "I give him Tylenol" tells of the patient.
func (r *Reading) speaksOfSelfBesidePatient(toks []lexicon.Token, at int) bool {
	p := r.Patient
	ofPatient := func(t lexicon.Token) bool {
		return t.Norm != "" && (t.Norm == p.Subject || t.Norm == p.Object || t.Norm == p.Possessive)
	}
	self, recipients := r.Lexicon.List("first_person"), r.Lexicon.List("recipient_pronouns")
	speaker := -1
	for k := at - 1; k >= 0 && toks[k].Kind != lexicon.Punct; k-- {
		if ofPatient(toks[k]) || recipients.Has(toks[k].Norm) {
			return false
		}
		if self.Has(toks[k].Norm) {
			speaker = k
			break
		}
	}
	if speaker < 0 {
		return false
	}
	if r.Patient.Kin != "" {
		// a relative who came with the patient ("Daughter:", "Père :")
		// speaks for themselves in the first person ("I'm diabetic, I'm on
		// metformin"); an interpreter speaks as the patient
		return true
	}
	for k, t := range toks {
		if (k < speaker || k >= at) && ofPatient(t) {
			return true
		}
	}
	return false
}

// possessedByPatient reports whether the patient's possessive, as others
// call the patient ("his"), stands right before token at.
func (r *Reading) possessedByPatient(toks []lexicon.Token, at int) bool {
	return at > 0 && r.Patient.Possessive != "" && toks[at-1].Norm == r.Patient.Possessive
}

// placeReach is how many words after a finding the place it is on may
// start ("spots on her hands").
const placeReach = 3

// placedOnPatient reports whether the finding ending at token end is said
// to be on or in the patient ("these little spots on her hands"), by a
// preposition and the patient's pronoun.
func (r *Reading) placedOnPatient(toks []lexicon.Token, end int) bool {
	p, preps := r.Patient, r.Lexicon.List("prepositions")
	for k := end; k+1 < len(toks) && k < end+placeReach && toks[k].Kind != lexicon.Punct; k++ {
		next := toks[k+1].Norm
		if preps.Has(toks[k].Norm) && next != "" && (next == p.Possessive || next == p.Object) {
			return true
		}
	}
	return false
}

// selfReach is how many words may stand between a speaker's "I had" and
// the finding it has ("I had a bit of asthma").
const selfReach = 3

// parentSpeaksOfSelf reports whether a companion who is the patient's
// parent (the patient is their child: Person.Kin) tells their own history
// of the finding at token at ("I had asthma as a kid", "moi j'avais de
// l'asthme petite"). A companion who interprets for a parent or a spouse
// may speak as the patient ("I have pain in my knees"); a parent of a
// child does not.
func (r *Reading) parentSpeaksOfSelf(toks []lexicon.Token, at int) bool {
	if r.Patient.Kin != "child" || r.namesPatient(toks) {
		return false
	}
	return cueInClause(toks, at, r.Lexicon.List("self_history"), selfReach, nil)
}

// opensWithOther reports whether a sentence's subject is a third person
// ("she has", "he had"): said by the patient, someone else.
func (r *Reading) opensWithOther(toks []lexicon.Token) bool {
	pronouns := r.Lexicon.List("third_pronouns")
	for _, t := range toks {
		if t.Kind != lexicon.Word {
			continue
		}
		return pronouns.Has(t.Norm)
	}
	return false
}

// RelaysPatient reports whether unit i is said by an interpreter who
// speaks for the patient: no parent or other relative came with the
// patient (an interpreter beside a parent relays the parent), or the turn
// renders what the patient has just said in another language (a daughter
// interpreting: "Đầu gối đau lắm." "My knees hurt a lot.").
func (r *Reading) RelaysPatient(i int) bool {
	u := r.Units[i]
	if u.Speaker != transcript.Other {
		return false
	}
	return r.Patient.Kin == "" && transcript.Relays(r.Segments[u.Segment].Voice) || r.rendersPatient(i)
}

// rendersPatient reports whether the turn holding unit i comes right
// after a turn of the patient's that the reading leaves unread, said in
// another language than the encounter's.
func (r *Reading) rendersPatient(i int) bool {
	first := i
	for first > 0 && r.Units[first-1].Segment == r.Units[i].Segment {
		first--
	}
	before := first - 1
	return before >= 0 && r.Units[before].Speaker == transcript.Patient && r.Unread(before)
}

// speakerBefore reports whether the speaker names themselves before token
// at ("they started me on carbimazole", "she gave me amoxicillin"): what
// follows is the speaker's, whoever did it.
func (r *Reading) speakerBefore(toks []lexicon.Token, at int) bool {
	k, _ := find(toks[:at], r.Lexicon.List("first_person"))
	return k >= 0
}

// relativesClause reports whether the clause holding toks[at], in the
// patient's words, opens with a third-person pronoun after a relative was
// named earlier in the sentence, with no word for the speaker between the
// pronoun and the mention ("my mum says she gave me Calpol" is the
// patient's).
func (r *Reading) relativesClause(toks []lexicon.Token, at int) bool {
	x := r.Lexicon
	joins := x.List("conjunctions")
	open := at
	for open > 0 && toks[open-1].Norm != "," && toks[open-1].Norm != ";" && !joins.Has(toks[open-1].Norm) {
		open--
	}
	if open == 0 || !x.List("third_pronouns").Has(toks[open].Norm) {
		return false
	}
	if r.speakerBefore(toks[open:], at-open) {
		return false
	}
	k, _ := find(toks[:open], x.List("family_members"))
	return k >= 0
}

// answersOfKin reports whether m is named in the answer to a question
// about a relative ("and your dad?", "votre mère a ... ?"), with no word
// by which the patient speaks of themselves before it ("no, but I had
// skin cancer").
func (r *Reading) answersOfKin(m Mention) bool {
	q := r.questionBefore(m.Unit)
	if q < 0 {
		return false
	}
	if at, _ := find(r.Units[q].Tokens, r.Lexicon.List("family_members")); at < 0 {
		return false
	}
	self := r.Lexicon.List("first_person")
	for _, t := range r.Units[m.Unit].Tokens[:m.First] {
		if self.Has(t.Norm) {
			return false
		}
	}
	return true
}

// spokenOf is who the patient's turn spoke of before unit i: a relative
// named in the turn or in the question it answers, else someone else.
func (r *Reading) spokenOf(i int) assertion.Subject {
	family := r.Lexicon.List("family_members")
	seg := r.Units[i].Segment
	for k := i - 1; k >= 0 && k >= i-4; k-- {
		u := r.Units[k]
		if u.Segment != seg && !(u.Question && r.Answer[k] >= 0 && r.Units[r.Answer[k]].Segment == seg) {
			break
		}
		if at, _ := find(u.Tokens, family); at >= 0 {
			return assertion.Family
		}
	}
	return assertion.Other
}

// kinReach is how many words before a finding the clinician's name for
// the patient may stand ("your dad has a urinary tract infection").
const kinReach = 8

// namesPatientToCompanion reports whether the clinician names the patient
// before token at, in the clause, as the companion's kin ("your dad" said
// to the son who brought him): the words the companion would use of the
// patient, not one of the companion's relatives.
func (r *Reading) namesPatientToCompanion(toks []lexicon.Token, at int) bool {
	if r.Patient.Kin == "" || !r.CompanionSpeaks() {
		return false
	}
	list := r.Lexicon.List("addressed_kin")
	for k := at - 1; k >= 0 && k >= at-kinReach; k-- {
		if toks[k].Kind == lexicon.Punct && toks[k].Norm != "," {
			return false
		}
		if e, n := list.Match(toks, k); e != nil && k+n <= at {
			return e.Attr("kin") == r.Patient.Kin
		}
	}
	return false
}

// CompanionSpeaks reports whether someone other than the patient and the
// clinicians speaks in the encounter, an interpreter for the patient and
// the staff aside.
func (r *Reading) CompanionSpeaks() bool {
	for i, u := range r.Units {
		if u.Speaker == transcript.Other && !r.RelaysPatient(i) && !r.Staff(i) {
			return true
		}
	}
	return false
}
