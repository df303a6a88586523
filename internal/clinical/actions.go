package clinical

// The words around a drug that say what is done with it: who acts on it,
// what it is switched to, whether it is taken, given or cancelled.

import (
	"github.com/notegen/notegen/internal/assertion"
	"github.com/notegen/notegen/internal/discourse"
	"github.com/notegen/notegen/internal/lexicon"
	"github.com/notegen/notegen/internal/transcript"
)

// actionCancel is the clinician taking back a drug just decided on ("skip
// the naproxen"): no action of the wire's, the drug is left out.
const actionCancel = "cancel"

// cancelled reports whether a word of taking back comes right before the
// drug ("skip the naproxen", "oubliez l'ibuprofène").
func (r *Reading) cancelled(toks []lexicon.Token, m mention) bool {
	cancels, determiners := r.Lexicon.List("cancel_words"), r.Lexicon.List("determiners")
	k := m.First - 1
	for k >= 0 && determiners.Has(toks[k].Norm) {
		k--
	}
	for start := max(k-2, 0); start <= k; start++ {
		if e, n := cancels.Match(toks, start); e != nil && start+n == k+1 {
			return true
		}
	}
	return false
}

// toNewDose reports whether a word that says what a dose is changed to
// and a dose follow the drug's name ("the atorvastatin to forty
// milligrams").
func (r *Reading) toNewDose(toks []lexicon.Token, m mention) bool {
	if m.End >= len(toks) || !r.changesTo(toks[m.End]) {
		return false
	}
	if r.afterPreposition(toks, m) {
		// "malgré le ramipril à cinq milligrammes", "sous ramipril à
		// 5 mg": the drug at the dose taken, the object of a preposition
		return false
	}
	for _, n := range r.numbersIn(toks) {
		if n.first == m.End+1 {
			return doseKinds[n.kind] && !r.subjectBefore(toks, m, n.end)
		}
	}
	return false
}

// subjectBefore reports whether the drug at m, with its dose ending at
// token end, is the subject of the verb after it: the drug's phrase opens
// its clause with a determiner, and a pronoun said before a verb follows
// the dose ("L'amlodipine à dix milligrammes y contribue"): what the drug
// does at that dose, not a new one.
func (r *Reading) subjectBefore(toks []lexicon.Token, m mention, end int) bool {
	return end < len(toks) && r.determinedSubject(toks, m.End) && r.Lexicon.List("preverbal_objects").Has(toks[end].Norm)
}

// verbCutBefore returns the verb of acting on a drug that ends the unit
// before m's, in the same turn, when m's unit opens with the drug (past a
// determiner): the two units are one sentence the boundary model cut.
func (r *Reading) verbCutBefore(m mention, actions *lexicon.List) (*lexicon.Entry, int) {
	prev := m.Unit - 1
	if prev < 0 || r.Units[prev].Segment != r.Units[m.Unit].Segment {
		return nil, -1
	}
	toks := r.Units[m.Unit].Tokens
	for k := 0; k < m.First; k++ {
		if !r.Lexicon.List("determiners").Has(toks[k].Norm) {
			return nil, -1
		}
	}
	before := r.Units[prev].Tokens
	end := len(before)
	for end > 0 && before[end-1].Kind == lexicon.Punct {
		end--
	}
	for k := max(end-3, 0); k < end; k++ {
		if e, n := actions.Match(before, k); e != nil && k+n == end {
			return e, prev
		}
	}
	return nil, -1
}

// agentOf reports whether the drug that ends before token end is the
// subject of the verb of acting at token at: the verb follows it with only
// modals, auxiliaries and a particle of negation between ("metformin can
// lower it", "the steroid may raise your sugar", "le Macrobid ne diminue
// pas").
func (r *Reading) agentOf(toks []lexicon.Token, end, at int) bool {
	if at < end || at == end && !r.determinedSubject(toks, end) {
		// (a verb right after the drug has it for subject when an
		// article opens the drug's phrase, "L'ibuprofène augmente le
		// risque"; a dictation's "metformin increase to 1000" does not)
		return false
	}
	x := r.Lexicon
	for k := end; k < at; {
		if x.List("negation_particles").Has(toks[k].Norm) {
			// "le Macrobid ne diminue pas l'effet de la pilule"
			k++
			continue
		}
		e, n := x.List("modals").Match(toks, k)
		if e == nil {
			e, n = x.List("auxiliaries").Match(toks, k)
		}
		if e == nil {
			return false
		}
		k += n
	}
	return true
}

// determinedSubject reports whether the drug phrase that ends at token
// end opens with a determiner ("the metformin", "l'ibuprofène") at the
// start of its clause.
func (r *Reading) determinedSubject(toks []lexicon.Token, end int) bool {
	k := end - 1
	for k >= 0 && toks[k].Kind == lexicon.Word && !r.Lexicon.List("determiners").Has(toks[k].Norm) {
		k--
	}
	if k < 0 || !r.Lexicon.List("determiners").Has(toks[k].Norm) {
		return false
	}
	return k == 0 || toks[k-1].Kind == lexicon.Punct
}

// replaced reports whether the drug at token first is introduced as the
// one another replaces: a word of replaced_cues right before it, a
// determiner or possessive between at most ("instead of the Clenil").
func (r *Reading) replaced(toks []lexicon.Token, first int) bool {
	cues, dets := r.Lexicon.List("replaced_cues"), r.Lexicon.List("determiners")
	k := first - 1
	for k >= 0 && dets.Has(toks[k].Norm) {
		k--
	}
	for start := k; start >= 0 && start >= k-3; start-- {
		if e, n := cues.Match(toks, start); e != nil && start+n == k+1 {
			return true
		}
	}
	return false
}

// switchedTo reports whether the drug at token first is what a verb of
// switching at token at switches to: it comes after the verb, with a word
// that introduces the new drug ("to", "onto") between them.
func (r *Reading) switchedTo(toks []lexicon.Token, at, first int) bool {
	if at < 0 || at >= first {
		return false
	}
	targets := r.Lexicon.List("switch_targets")
	for k := at; k < first; k++ {
		if e, _ := targets.Match(toks, k); e != nil {
			return true
		}
	}
	return false
}

// switchedInto reports whether drug m is what another is switched to: a
// verb of switching before it, in its sentence, with a word of its
// target between ("switch you to losartan").
func (r *Reading) switchedInto(m mention) bool {
	toks := r.Units[m.Unit].Tokens
	actions := r.Lexicon.List("med_actions")
	for k := m.First - 1; k >= 0; k-- {
		if e, _ := actions.Match(toks, k); e != nil && e.Attr("switch") == "yes" {
			return r.switchedTo(toks, k, m.First)
		}
	}
	return false
}

// reportsTaking reports whether the word of taking at token at reports
// what someone takes rather than tells them to: after an auxiliary ("has
// been using", "is taking") or a third person ("she takes").
func (r *Reading) reportsTaking(toks []lexicon.Token, at int) bool {
	if at < 0 {
		return false
	}
	x := r.Lexicon
	for k := at - 1; k >= 0 && k >= at-2; k-- {
		if x.List("auxiliaries").Has(toks[k].Norm) || x.List("third_pronouns").Has(toks[k].Norm) {
			return true
		}
	}
	// "I have that you take CoQ10, vitamin D ...": the record read back
	if at == 0 || !x.List("second_person").Has(toks[at-1].Norm) {
		return false
	}
	frames := x.List("record_frames")
	for k := max(0, at-1-recordFrameWords); k < at-1; k++ {
		if e, n := frames.Match(toks, k); e != nil && k+n == at-1 {
			return true
		}
	}
	return false
}

// recordFrameWords is the most words of a frame that reads the record back.
const recordFrameWords = 5

// decidedByOther reports whether the verb at token at has another
// prescriber as its subject ("Dr. Brown put you on buspar", "your
// cardiologist started you on it", "they will do an ultrasound"): what was
// or will be done by someone else, not decided at this visit. Adverbs and
// modals may stand between them ("they sometimes will do"); planned
// reports a modal: what the other may yet do.
func (r *Reading) decidedByOther(toks []lexicon.Token, at int) (other, planned bool) {
	x := r.Lexicon
	end := at
	for moved := true; moved && end > at-2*otherReach; {
		moved = false
		for _, list := range []string{"adverbs", "modals"} {
			if b := endingAt(toks, end, x.List(list)); b >= 0 {
				planned = planned || list == "modals"
				end, moved = b, true
			}
		}
	}
	others := x.List("other_prescribers")
	for k := max(0, end-otherReach); k < end; k++ {
		e, n := others.Match(toks, k)
		if e == nil {
			continue
		}
		last := k + n
		if e.Attr("title") == "yes" {
			// a title and the name after it
			for last < end && toks[last].Kind == lexicon.Punct && toks[last].Norm == "." {
				last++
			}
			last++
		}
		if last == end {
			return true, planned
		}
	}
	return false, false
}

// endingAt is where a term of list that ends right before token end
// starts ("want to" before "start"), or -1.
func endingAt(toks []lexicon.Token, end int, list *lexicon.List) int {
	for b := max(0, end-endingWords); b < end; b++ {
		if e, n := list.Match(toks, b); e != nil && b+n == end {
			return b
		}
	}
	return -1
}

// endingWords is the most words of a term endingAt finds.
const endingWords = 4

// otherReach is how many tokens before a verb its subject may start.
const otherReach = 4

// donePerfect reports whether the clinician says the past verb at token
// at in the present perfect ("I have started methotrexate", "I've given
// her a depot injection"), and nothing puts the drug in the past: what
// was done at this visit.
func (r *Reading) donePerfect(u discourse.Unit, at int, m mention) bool {
	if u.Speaker != transcript.Clinician || at <= 0 || m.Context.Time == assertion.Past && !r.onlyActions(m.Context) {
		// (the verb itself, "stopped", puts the drug in the past only
		// when it is not in the perfect)
		return false
	}
	return r.perfectBefore(u.Tokens, at)
}

// perfectBefore reports whether the verb at token at is in the present
// perfect: its auxiliary right before it, past adverbs ("I have also
// started"), or the auxiliary of the verb it is joined to ("I have stopped
// his diltiazem and started bisoprolol").
func (r *Reading) perfectBefore(toks []lexicon.Token, at int) bool {
	x := r.Lexicon
	k := at - 1
	for k >= 0 && x.List("adverbs").Has(toks[k].Norm) {
		k--
	}
	if k < 0 {
		return false
	}
	if x.List("perfect_auxiliaries").Has(toks[k].Norm) {
		return true
	}
	if !x.List("list_joins").Has(toks[k].Norm) {
		return false
	}
	actions := x.List("med_actions")
	for j := k - 1; j >= 0 && toks[j].Kind != lexicon.Punct || j >= 0 && toks[j].Norm == ","; j-- {
		if e, n := actions.Match(toks, j); e != nil && j+n <= k {
			return r.perfectBefore(toks, j)
		}
	}
	return false
}

// listWindow is how far before a drug the word joining it to a list may
// be ("..., and omeprazole").
const listWindow = 4

// listed reports whether a list joiner ("and", a comma) stands just
// before token i, after another drug of the list: "start lisinopril,
// metformin and atorvastatin" shares its verb, "With your asthma,
// propranolol can tighten the airways" lists nothing.
func (r *Reading) listed(toks []lexicon.Token, i int) bool {
	joiners, drugJoins, clauses := r.Lexicon.List("list_joiners"), r.Lexicon.List("drug_joins"), r.Lexicon.List("conjunctions")
	for k := i - 1; k >= 0 && k >= i-listWindow; k-- {
		if toks[k].Norm == "," || joiners.Has(toks[k].Norm) {
			return r.drugEndsBefore(toks, k)
		}
		if clauses.Has(toks[k].Norm) {
			// ("not ibuprofen, because ibuprofen raises ...": a clause
			// of its own)
			return false
		}
		if e, n := drugJoins.Match(toks, k); e != nil && k+n <= i {
			// "naproxen twice a day with omeprazole"
			return true
		}
	}
	return false
}

// listItemReach is how many tokens before a list's joiner the drug of the
// item before it may be named ("naproxen, five hundred milligrams twice a
// day with food for a week, and omeprazole").
const listItemReach = 16

// drugEndsBefore reports whether the list item before the joiner at token
// k names a drug, its dose and frequency after it or not, in the sentence.
func (r *Reading) drugEndsBefore(toks []lexicon.Token, k int) bool {
	meds := r.Lexicon.List("medications")
	for j := k - 1; j >= 0 && j >= k-listItemReach && (toks[j].Kind != lexicon.Punct || toks[j].Norm == ","); j-- {
		if e, n := meds.Match(toks, j); e != nil && j+n <= k {
			return true
		}
	}
	return false
}
