package clinical

import (
	"strings"

	"github.com/notegen/notegen/internal/assertion"
	"github.com/notegen/notegen/internal/discourse"
	"github.com/notegen/notegen/internal/lexicon"
	"github.com/notegen/notegen/internal/transcript"
)

// allergies finds what the patient is allergic to, with the reaction, in
// the units that speak of allergies: those with an allergy word ("allergic
// to sulfa"), the answer to a question about allergies ("any allergies?"
// "penicillin, I get hives"), and a substance said to cause a reaction
// ("penicillin gives him a rash"). "No known allergies", or a "no" to the
// question, is a finding too (NoneKnown). It returns the names of drugs
// that are allergies, which are not medications.
func (r *Reading) allergies(ms []mention) map[string]bool {
	x := r.Lexicon
	cues, verbs, causes := x.List("allergy_cues"), x.List("reaction_verbs"), x.List("reaction_causes")
	allergens, meds, reactions := x.List("allergens"), x.List("medications"), x.List("reactions")
	allergic := map[string]bool{}
	seen := map[string]int{}
	deniedAt := map[string]int{} // a substance -> the last unit the patient denies an allergy to it
	none := -1
	for ui, u := range r.Units {
		if u.Question {
			// a question asserts nothing; its answer is read in turn
			continue
		}
		cueAt, cueN := r.findCue(u.Tokens, cues)
		verbAt, _ := find(u.Tokens, verbs)
		// a reaction said before its cause ("I got hives all over from
		// Bactrim"): which substance, if any, aboutAllergy decides
		causeAt, _ := find(u.Tokens, causes)
		asked := r.askedAboutAllergies(ui, cues)
		// "Any medications? Any allergies?" "Just pantoprazole. No
		// allergies.": the drug answers the other question
		itemsAnswer := asked && !r.askedAboutMedicationsToo(ui) && !r.turnDeniesAllergies(ui, cues)
		// a dictation's "Allergies." heading said on its own: the drugs
		// named under it are the allergies ("Ciprofloxacin, which caused
		// tendon pain")
		headed := r.dictation && u.Part == discourse.Allergies && cueAt < 0
		// a heading with its colon opening the sentence ("Allergies colon
		// lisinopril comma which caused a persistent dry cough"): what
		// follows is the list, said or dictated
		headed = headed || cueAt == 0 && cueN < len(u.Tokens) && u.Tokens[cueN].Norm == ":"
		itemsAnswer = itemsAnswer || headed
		if cueAt < 0 && verbAt < 0 && causeAt < 0 && !asked && !headed {
			continue
		}
		stoppedFor := r.stoppedForReaction(u.Tokens, causeAt)
		if u.Speaker == transcript.Clinician && !asked && cueAt < 0 && !headed && !stoppedFor {
			// (a clinician tells an allergy with its word, or as a drug
			// stopped for a reaction: "hydroxychloroquine, which was
			// stopped after she developed a widespread itchy rash")
			continue
		}
		found := false
		for i := 0; i < len(u.Tokens); i++ {
			e, n, drug := r.substanceAt(u.Tokens, i)
			name := ""
			switch t := u.Tokens[i]; {
			case e != nil:
				name = e.Name()
			case r.unknownDrugName(t) && r.drugStem(t.Norm):
				// "allergic to neomycin": a drug the lexicon does not list,
				// known by its stem
				name, n = t.Norm, 1
			default:
				continue
			}
			c := assertion.Of(x, u.Tokens, [2]int{i, i + n})
			avoided := r.avoidedForAllergy(u.Tokens, i+n)
			if c.Assertion == assertion.Absent && avoided {
				// "No ibuprofen, because of your allergy": the drug is
				// avoided, the allergy to it is had
				c.Assertion = assertion.Present
			}
			if c.Assertion == assertion.Absent && cueAt >= 0 && u.Speaker != transcript.Clinician &&
				(c.Subject == assertion.Patient || r.namesAny(u.Tokens[:cueAt], "first_person")) {
				// "I'm not allergic to penicillin, it was my brother": the
				// allergy on the chart is taken back
				deniedAt[name] = ui
			}
			if c.Assertion == assertion.Absent || c.Assertion == assertion.Hypothetical || c.Subject != assertion.Patient {
				i += n - 1
				continue
			}
			if at, _ := find(u.Tokens[i+n:], x.List("outgrown")); at >= 0 {
				// "he had an egg allergy as a baby, but he outgrew it"
				i += n - 1
				continue
			}
			// without an allergy word, a reaction must be said with the drug;
			// with one, the substance is the one the word is about ("as
			// you're allergic to penicillin, I'll prescribe clarithromycin")
			about := r.aboutAllergy(u.Tokens, i, n, cues, verbs, reactions)
			if itemsAnswer && !about && r.takingBefore(u.Tokens, i) {
				// "D'autres problèmes de santé ? Des allergies ?" "Du
				// cholestérol, je prends de l'atorvastatine": a drug taken,
				// no allergy
				i += n - 1
				continue
			}
			if !itemsAnswer && !avoided && !about && !(stoppedFor && drug && i < causeAt) {
				i += n - 1
				continue
			}
			found = true
			allergic[name] = true
			m := Mention{Unit: ui, First: i, End: i + n, Context: c}
			if at, ok := seen[name]; ok {
				// said again ("so a trimethoprim allergy, a rash"): its
				// reaction here is the allergy's too, no symptom of today
				r.Findings[at].Mentions = append(r.Findings[at].Mentions, m)
				r.addReaction(&r.Findings[at], ui, i, reactions)
				i += n - 1
				continue
			}
			r.addAllergy(name, m, drug, ui, i, seen)
			i += n - 1
		}
		if found || none >= 0 {
			continue
		}
		// no substance: a statement that there are no allergies
		var c assertion.Context
		switch {
		case cueAt >= 0:
			c = assertion.Of(x, u.Tokens, [2]int{cueAt, cueAt + cueN})
			if c.Assertion != assertion.Absent {
				// "Allergies: no known drug allergies": the heading is
				// the first allergy word, the statement the last
				if at, n := r.lastCue(u.Tokens, cues); at > cueAt {
					c = assertion.Of(x, u.Tokens, [2]int{at, at + n})
				}
			}
		case asked:
			q := r.questionBefore(ui)
			qAt, qN := r.findCue(r.Units[q].Tokens, cues)
			var ok bool
			if c, ok = assertion.Answered(x, r.Units[q].Tokens, [2]int{qAt, qAt + qN}, u.Tokens); !ok {
				continue
			}
		default:
			continue
		}
		if c.Assertion != assertion.Absent || c.Subject != assertion.Patient {
			continue
		}
		m := Mention{Unit: ui, First: 0, End: len(u.Tokens), Context: c}
		none = len(r.Findings)
		r.Findings = append(r.Findings, Finding{Kind: Allergy, NoneKnown: true, Assertion: assertion.Absent, Time: assertion.Current,
			Subject: assertion.Patient, Mentions: []Mention{m}})
	}
	r.confirmedAllergies(allergic, seen)
	if none >= 0 && len(seen) > 0 {
		// a named allergy outweighs "no allergies" said elsewhere
		r.Findings = append(r.Findings[:none], r.Findings[none+1:]...)
		for name, at := range seen {
			if at > none {
				seen[name] = at - 1
			}
		}
	}
	r.dropDenied(deniedAt, allergic, seen)
	r.namedReactions(allergic, allergens, meds, reactions)
	return allergic
}

// substanceAt matches at token i the substance an allergy is to: the
// longer of a term of allergens and one of medications, and whether a
// drug's name is said there (at least as long as the allergen).
func (r *Reading) substanceAt(toks []lexicon.Token, i int) (*lexicon.Entry, int, bool) {
	e, n := r.Lexicon.List("allergens").Match(toks, i)
	e2, n2 := r.Lexicon.List("medications").Match(toks, i)
	if n2 > n {
		e, n = e2, n2
	}
	return e, n, e2 != nil && n2 >= n
}

// addAllergy records the allergy to name said at m, with the reaction
// said nearest token at of unit reactionUnit, as seen under name.
func (r *Reading) addAllergy(name string, m Mention, drug bool, reactionUnit, at int, seen map[string]int) {
	f := Finding{Kind: Allergy, Name: name, Said: r.TextOf(m.Unit, m.First, m.End), Assertion: assertion.Present, Time: assertion.Current,
		Subject: assertion.Patient, Mentions: []Mention{m}}
	if drug {
		// a drug is named as it was said, a brand or its generic name, as
		// a drug taken is ("Keflex", "co-amoxiclav")
		f.Name = strings.ToLower(f.Said)
	}
	r.addReaction(&f, reactionUnit, at, r.Lexicon.List("reactions"))
	seen[name] = len(r.Findings)
	r.Findings = append(r.Findings, f)
}

// askedAboutAllergies reports whether unit i answers the clinician's
// question about allergies.
func (r *Reading) askedAboutAllergies(i int, cues *lexicon.List) bool {
	q := r.questionBefore(i)
	if q < 0 {
		return false
	}
	at, _ := r.findCue(r.Units[q].Tokens, cues)
	return at >= 0
}

// allergyObjectReach is how many words after an allergy word the drugs
// it is about may be named ("allergies to any medicines").
const allergyObjectReach = 2

// askedAboutMedicationsToo reports whether the turn that asks the question
// unit i answers also asks what the patient takes, in a question of its
// own or in the same one ("any regular medicines, allergies?").
func (r *Reading) askedAboutMedicationsToo(i int) bool {
	q := r.questionBefore(i)
	if q < 0 {
		return false
	}
	words, cues := r.Lexicon.List("medication_words"), r.Lexicon.List("allergy_cues")
	for _, u := range r.Units {
		if u.Segment != r.Units[q].Segment || !u.Question {
			continue
		}
		// "any allergies to medicines?" and "medication allergies?" ask
		// about allergies only; "any regular medicines, allergies?" asks
		// about both
		cueAt, cueN := r.findCue(u.Tokens, cues)
		for k := range u.Tokens {
			if e, n := words.Match(u.Tokens, k); e != nil && (cueAt < 0 || k+n < cueAt || k > cueAt+cueN+allergyObjectReach) {
				return true
			}
		}
	}
	return false
}

// turnDeniesAllergies reports whether the turn of unit i says there are
// no allergies.
func (r *Reading) turnDeniesAllergies(i int, cues *lexicon.List) bool {
	for _, u := range r.Units {
		if u.Segment != r.Units[i].Segment || u.Question {
			continue
		}
		if at, n := r.findCue(u.Tokens, cues); at >= 0 && assertion.Of(r.Lexicon, u.Tokens, [2]int{at, at + n}).Assertion == assertion.Absent &&
			!r.ofDrugsOnly(u.Tokens, at, at+n) {
			return true
		}
	}
	return false
}

// drugWordReach is how many words from an allergy word a word for drugs
// may be to make it about drugs only ("no drug allergies", "pas d'allergie
// aux médicaments").
const drugWordReach = 2

// ofDrugsOnly reports whether the allergy word at toks[first:end] is said
// of drugs only: "Peanuts. No drug allergies." denies no allergy to
// peanuts.
func (r *Reading) ofDrugsOnly(toks []lexicon.Token, first, end int) bool {
	words := r.Lexicon.List("medication_words")
	for k := max(first-drugWordReach, 0); k < min(end+drugWordReach, len(toks)); k++ {
		if (k < first || k >= end) && words.Has(toks[k].Norm) {
			return true
		}
	}
	return false
}

// questionBefore is the question unit i answers, or -1.
func (r *Reading) questionBefore(i int) int {
	for q := i - 1; q >= 0 && q >= i-3; q-- {
		if r.Answer[q] == i {
			return q
		}
	}
	return -1
}

// find returns where the first term of list is in toks and its length, or
// -1.
func find(toks []lexicon.Token, list *lexicon.List) (int, int) {
	for i := range toks {
		if e, n := list.Match(toks, i); e != nil {
			return i, n
		}
	}
	return -1, 0
}

// cueAt matches an allergy word at token k; one said only of a person
// ("sensitive to") counts when a person is named just before it.
func (r *Reading) cueAt(toks []lexicon.Token, k int, cues *lexicon.List) (*lexicon.Entry, int) {
	e, n := cues.Match(toks, k)
	if p, pn := r.Lexicon.List("person_cues").Match(toks, k); e == nil || p == nil || pn != n {
		return e, n
	}
	persons := r.Lexicon.List("persons")
	for j := k - 1; j >= 0 && j >= k-personReach; j-- {
		if persons.Has(toks[j].Norm) {
			return e, n
		}
	}
	return nil, 0
}

// personReach is how far before "sensitive to" the person it is said of
// may be named ("I'm very sensitive to").
const personReach = 3

// findCue is the first allergy word of toks, as cueAt reads them.
func (r *Reading) findCue(toks []lexicon.Token, cues *lexicon.List) (int, int) {
	for i := range toks {
		if e, n := r.cueAt(toks, i, cues); e != nil {
			return i, n
		}
	}
	return -1, 0
}

// lastCue is where the last allergy word of toks is and its length, or -1.
func (r *Reading) lastCue(toks []lexicon.Token, cues *lexicon.List) (int, int) {
	for i := len(toks) - 1; i >= 0; i-- {
		if e, n := r.cueAt(toks, i, cues); e != nil {
			return i, n
		}
	}
	return -1, 0
}

// allergyReach is how many tokens after an allergy word the substances it
// names may be ("allergic to penicillin and sulfa"), and before it ("a
// penicillin allergy").
const allergyReach, allergyBefore = 6, 3

// aboutAllergy reports whether the substance at tokens [i, i+n) is what a
// unit's allergy words are about: after an allergy word, just before one,
// or before a verb of reaction said with a reaction ("penicillin gives me
// a rash").
func (r *Reading) aboutAllergy(toks []lexicon.Token, i, n int, cues, verbs, reactions *lexicon.List) bool {
	for k := range toks {
		if e, m := r.cueAt(toks, k, cues); e != nil {
			if i >= k+m && r.inAllergyList(toks, k+m, i) && !r.substanceEndsAt(toks, k) || (i+n <= k && k-(i+n) <= allergyBefore) {
				// (an allergy word after its substance, "your penicillin
				// allergy and your warfarin", lists nothing after it)
				return true
			}
		}
		if e, m := verbs.Match(toks, k); e != nil && i+n <= k && k-(i+n) <= allergyReach {
			if at, _ := find(toks[k+m:], reactions); at >= 0 {
				return true
			}
		}
		if e, m := reactions.Match(toks, k); e != nil && k+m <= i && i-(k+m) <= allergyReach && r.causedBy(toks, k+m, i) {
			// "I got hives all over from Bactrim"
			return true
		}
	}
	// the cause before the substance and the reaction after it, in one
	// clause ("Avec le Bactrim j'avais fait une éruption", "after the
	// amoxicillin I came out in hives")
	if i > 0 && r.causedBy(toks, max(i-allergyBefore, 0), i) {
		for k := i + n; k < len(toks) && k <= i+n+allergyReach && toks[k].Kind != lexicon.Punct; k++ {
			if e, _ := reactions.Match(toks, k); e != nil {
				return true
			}
		}
	}
	return false
}

// substanceEndsAt reports whether a substance's name ends right before
// token k ("penicillin allergy").
func (r *Reading) substanceEndsAt(toks []lexicon.Token, k int) bool {
	for j := max(k-3, 0); j < k; j++ {
		if e, n, _ := r.substanceAt(toks, j); e != nil && j+n == k {
			return true
		}
	}
	return false
}

// causedBy reports whether tokens [from, to), between a reaction and a
// substance, say that the reaction came from it ("all over from", "after
// taking the"), in one clause.
func (r *Reading) causedBy(toks []lexicon.Token, from, to int) bool {
	causes := r.Lexicon.List("reaction_causes")
	for k := from; k < to; k++ {
		if toks[k].Kind == lexicon.Punct {
			return false
		}
		if e, n := causes.Match(toks, k); e != nil && k+n <= to && r.inAllergyList(toks, k+n, to) {
			return true
		}
	}
	return false
}

// inAllergyList reports whether tokens [from, to) hold only what may stand
// between an allergy word and the substances it lists ("allergic to
// penicillin, sulfa and codeine"): joiners, determiners and other
// substances; a clause that goes on to something else ends the list.
func (r *Reading) inAllergyList(toks []lexicon.Token, from, to int) bool {
	if to-from > allergyReach {
		return false
	}
	x := r.Lexicon
	// (with how sure the clinician is: "a severe allergic reaction, almost
	// certainly to peanut")
	lists := []*lexicon.List{x.List("allergens"), x.List("medications"), x.List("determiners"), x.List("attachments"), x.List("likelihood_words")}
	joiners := x.List("conjunctions")
	for k := from; k < to; {
		if toks[k].Norm == "," || joiners.Has(toks[k].Norm) {
			k++
			continue
		}
		step := 0
		for _, l := range lists {
			if e, n := l.Match(toks, k); e != nil && n > step {
				step = n
			}
		}
		if step == 0 {
			return false
		}
		k += step
	}
	return true
}

// addReaction gives allergy f the reaction said near its mention at
// token at of unit ui, when there is one (the first said stays its
// reaction), and marks the reaction's words as the allergy's.
func (r *Reading) addReaction(f *Finding, ui, at int, reactions *lexicon.List) {
	rui, k, n := r.reactionNear(ui, at, reactions)
	if rui < 0 {
		return
	}
	n = reactionPhrase(r.Units[rui].Tokens, k, n, reactions)
	if f.Reaction == nil {
		reaction := r.TextOf(rui, k, k+n)
		if toks := r.Units[rui].Tokens; r.namesAny(toks[k:k+n], "first_person") {
			// "je vomis tout": the reaction by its name, not in the
			// patient's words
			e, _ := reactions.Match(toks, k)
			reaction = e.Name()
		}
		f.Reaction = &reaction
	}
	for j := k; j < k+n; j++ {
		r.reactions[[2]int{rui, j}] = true
	}
	f.Mentions = append(f.Mentions, Mention{Unit: rui, First: k, End: k + n})
	// the reactions listed after it are the allergy's too ("il a fait
	// des plaques rouges partout et il a vomi"): no symptom of today
	toks := r.Units[rui].Tokens
	for j := k + n; j < len(toks) && !endsSentence(toks[j]); j++ {
		if e, m := reactions.Match(toks, j); e != nil {
			for t := j; t < j+m; t++ {
				r.reactions[[2]int{rui, t}] = true
			}
			j += m - 1
		}
	}
}

// reactionPhrase extends the reaction at tokens [k, k+n) over the
// reaction words said right after it ("blotchy" -> "blotchy red rash",
// past up to phraseGap other words), and returns its new length.
func reactionPhrase(toks []lexicon.Token, k, n int, reactions *lexicon.List) int {
	for j := k + n; j < len(toks) && j <= k+n+phraseGap && toks[j].Kind == lexicon.Word; j++ {
		if e, m := reactions.Match(toks, j); e != nil {
			n = j + m - k
			j = k + n - 1
		}
	}
	return n
}

// phraseGap is how many words may stand between two reaction words of one
// phrase ("blotchy red rash").
const phraseGap = 1

// reactionNear finds the reaction said with an allergy: in its unit,
// nearest the substance, or else in the next units of the same speaker's
// turn ("Trimethoprim. I came out in hives all over."). It returns the
// unit, the reaction's first token and length; -1 when none was said.
func (r *Reading) reactionNear(ui, at int, reactions *lexicon.List) (int, int, int) {
	if e, k, n := nearestMatch(r.Units[ui].Tokens, reactions, at); e != nil {
		return ui, k, n
	}
	seg := r.Units[ui].Segment
	for next := ui + 1; next < len(r.Units) && next <= ui+2 && r.Units[next].Segment == seg; next++ {
		if at, _ := r.findCue(r.Units[next].Tokens, r.Lexicon.List("allergy_cues")); at >= 0 {
			// "Allergic to penicillin, it gives me a rash.": a new
			// allergy's reaction ("Sulfa. I got hives from Bactrim once."
			// is still the sulfa's)
			break
		}
		if k, n := find(r.Units[next].Tokens, reactions); k >= 0 {
			return next, k, n
		}
	}
	return r.reactionAsked(ui, reactions)
}

// reactionAsked finds the reaction the patient tells when the clinician,
// having named the allergy, asks about it ("We have a shellfish allergy on
// your chart. What happened with that?" "Shrimp. I broke out in hives all
// over."), before the reply names another substance or the clinician moves
// on.
func (r *Reading) reactionAsked(ui int, reactions *lexicon.List) (int, int, int) {
	if r.Units[ui].Speaker != transcript.Clinician {
		return -1, 0, 0
	}
	x := r.Lexicon
	asked := false
	for next := ui + 1; next < len(r.Units) && next <= ui+answerReach; next++ {
		u := r.Units[next]
		if u.Speaker == transcript.Clinician {
			if !u.Question || asked {
				break
			}
			asked = true
			continue
		}
		if !asked {
			break
		}
		if k, n := find(u.Tokens, reactions); k >= 0 {
			if at, _ := find(u.Tokens[:k], x.List("medications")); at >= 0 {
				// "Codeine makes me itch." answers with an allergy of its
				// own
				break
			}
			if at, _ := find(u.Tokens[:k], x.List("allergens")); at >= 0 {
				break
			}
			return next, k, n
		}
		if at, _ := r.findCue(u.Tokens, x.List("allergy_cues")); at >= 0 {
			break
		}
		if at, _ := find(u.Tokens, x.List("medications")); at >= 0 {
			break
		}
	}
	return -1, 0, 0
}

// answerReach is how many sentences after an allergy the clinician's
// question about it and the reply may take.
const answerReach = 5

// nearestMatch is the term of list nearest token i in toks.
func nearestMatch(toks []lexicon.Token, list *lexicon.List, i int) (*lexicon.Entry, int, int) {
	var best *lexicon.Entry
	bestAt, bestN, bestDist := -1, 0, len(toks)+1
	for k := range toks {
		e, n := list.Match(toks, k)
		if e == nil {
			continue
		}
		d := k - i
		if d < 0 {
			d = -d
		}
		if d < bestDist {
			best, bestAt, bestN, bestDist = e, k, n, d
		}
	}
	return best, bestAt, bestN
}
