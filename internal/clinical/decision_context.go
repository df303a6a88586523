package clinical

// What the words around a drug say of a decision on it: a list of tests
// it stands in, whose it is, a clause of when or condition it is said in,
// a reply that turns it down.

import (
	"github.com/notegen/notegen/internal/assertion"
	"github.com/notegen/notegen/internal/lexicon"
	"github.com/notegen/notegen/internal/transcript"
)

// listedWithTests reports whether the drug at token first is the next
// item of a list whose item before it is a test ("kidney function, CRP and
// calcium", "a potassium, magnesium"): past a comma or a word that joins
// a list, a test's name ends right before it.
func (r *Reading) listedWithTests(toks []lexicon.Token, first int) bool {
	k := first
	if k > 0 && r.Lexicon.List("determiners").Has(toks[k-1].Norm) {
		k--
	}
	joined := false
	for k > 0 && (toks[k-1].Norm == "," || r.Lexicon.List("list_joins").Has(toks[k-1].Norm)) {
		k--
		joined = true
	}
	return joined && endingAt(toks, k, r.Lexicon.List("labs")) >= 0
}

// possessedByAddressee reports whether the drug at token first is said
// with the possessive of the one spoken to, a few words before it ("votre
// pompe de Ventolin", "your inhaler").
func (r *Reading) possessedByAddressee(toks []lexicon.Token, first int) bool {
	for k := first - 1; k >= 0 && k >= first-possessiveReach; k-- {
		if toks[k].Kind == lexicon.Punct {
			return false
		}
		if r.Lexicon.List("second_possessives").Has(toks[k].Norm) {
			return true
		}
	}
	return false
}

// possessiveReach is how many words before a drug its possessive may
// stand ("votre pompe de Ventolin").
const possessiveReach = 3

// pendingClause reports whether the verb at token i stands in a clause
// that says when or on what condition it would happen ("when you stop
// it", "once you've finished it", "quand vous l'arrêterez"): a pending
// subordinator opens the verb's clause, a few words before it with no
// mark between.
func (r *Reading) pendingClause(toks []lexicon.Token, i int) bool {
	subs := r.Lexicon.List("subordinators")
	for k := i - 1; k >= 0 && k >= i-pendingWords; k-- {
		if toks[k].Kind == lexicon.Punct {
			return false
		}
		if e, n := subs.Match(toks, k); e != nil && k+n <= i {
			return e.Attr("pending") == "yes"
		}
	}
	return false
}

// pendingWords is how many words before a verb the subordinator opening
// its clause may stand ("once you have finished it", "une fois que vous
// l'aurez arrêté").
const pendingWords = 6

// refusedInReply reports whether the drug decided on at mention m is
// turned down by the reply to the clinician's turn ("I'd suggest
// atorvastatin, twenty milligrams at night." "I'd rather not, if that's
// alright."): the reply opens on a refusal, and m is the last drug the
// turn names (of several, which one is refused is not said).
func (r *Reading) refusedInReply(m mention, ms []mention) bool {
	u := r.Units[m.Unit]
	if u.Speaker != transcript.Clinician {
		return false
	}
	reply := r.nextTurn(m.Unit)
	if reply < 0 {
		return false
	}
	for _, o := range ms {
		if o.kind == Medication && o.name != m.name && (o.Unit > m.Unit && o.Unit < reply || o.Unit == m.Unit && o.First >= m.End) {
			return false
		}
	}
	toks := r.Units[reply].Tokens
	k := 0
	for k < len(toks) && (toks[k].Norm == "," || r.Lexicon.List("fillers").Has(toks[k].Norm) || r.Lexicon.List("openers").Has(toks[k].Norm)) {
		k++
	}
	e, _ := r.Lexicon.List("refusals").Match(toks, k)
	return e != nil
}

// ownerReach is how many words after the words of owning the relative
// may be named ("that's his little sister's").
const ownerReach = 3

// ownedByRelative reports whether the sentence of the drug at mention m
// says after it that a relative owns it ("there's an albuterol inhaler in
// his backpack, but that's his sister Lucia's"): the drug is theirs.
func (r *Reading) ownedByRelative(m Mention) bool {
	x := r.Lexicon
	toks := r.Units[m.Unit].Tokens
	frames, family := x.List("owner_frames"), x.List("family_members")
	for k := m.End; k < len(toks) && !endsSentence(toks[k]); k++ {
		e, n := frames.Match(toks, k)
		if e == nil {
			continue
		}
		for j := k + n; j < len(toks) && j <= k+n+ownerReach && toks[j].Kind != lexicon.Punct; j++ {
			if f, _ := family.Match(toks, j); f != nil {
				return true
			}
		}
	}
	return false
}

// nowReach is how many words after a drug the word of giving it at once
// may stand ("prednisone sixty milligrams by mouth now").
const nowReach = 8

// givenNow reports whether the drug at mention m is given at once, at the
// visit: a word of now after it in its sentence, before another drug, a
// route only a clinic gives by ("ondansetron four milligrams IV"), or a
// nurse's account of the dose given.
func (r *Reading) givenNow(m mention) bool {
	toks := r.Units[m.Unit].Tokens
	if e := r.routeOf(toks, m); e != nil && e.Attr("clinic") == "yes" || r.givenByStaff(m) {
		// (and a nurse's "ondansetron was given")
		return true
	}
	now, meds := r.Lexicon.List("dose_now"), r.Lexicon.List("medications")
	for k := m.End; k < len(toks) && k <= m.End+nowReach && !endsSentence(toks[k]); k++ {
		if e, _ := meds.Match(toks, k); e != nil {
			return false
		}
		if e, _ := now.Match(toks, k); e != nil {
			return true
		}
	}
	return false
}

// companionsOwnCare reports whether a companion names the drug at m in a
// sentence in which they speak of a problem of their own, in the first
// person ("I actually have eczema myself, and I've got a steroid cream
// for it, triamcinolone"): the drug is theirs.
func (r *Reading) companionsOwnCare(m Mention) bool {
	if r.RelaysPatient(m.Unit) {
		return false
	}
	if at, _ := find(r.Units[m.Unit].Tokens[:m.First], r.Lexicon.List("first_person")); at < 0 {
		return false
	}
	for _, f := range r.Findings {
		if (f.Kind != Condition && f.Kind != Symptom) || f.Subject != assertion.Family && f.Subject != assertion.Other {
			continue
		}
		for _, fm := range f.Mentions {
			if fm.Unit == m.Unit && fm.First < m.First {
				return true
			}
		}
	}
	return false
}

// restates reports whether mention m names again, beside it, the drug
// named by prev: in the same sentence, with only commas and words of
// apposition between ("acetaminophen, that's Tylenol", "l'oseltamivir, le
// Tamiflu").
func (r *Reading) restates(prev, m mention) bool {
	if prev.Unit != m.Unit || prev.End > m.First {
		return false
	}
	toks := r.Units[m.Unit].Tokens
	apposition, dets := r.Lexicon.List("apposition_words"), r.Lexicon.List("determiners")
	for k := prev.End; k < m.First; k++ {
		if e, n := apposition.Match(toks, k); e != nil && k+n <= m.First {
			k += n - 1
			continue
		}
		if t := toks[k]; t.Norm != "," && !dets.Has(t.Norm) {
			return false
		}
	}
	return true
}

// fullRegimen reports whether the drug at m is said with both a dose and
// how often, right after it ("de la cétirizine dix milligrammes, un
// comprimé le soir"): a prescription, wherever the part model put the
// sentence.
func (r *Reading) fullRegimen(toks []lexicon.Token, m mention) bool {
	dosed := false
	for _, n := range r.numbersIn(toks) {
		if n.first >= m.End && n.first-m.End <= doseWindow && doseKinds[n.kind] {
			dosed = true
		}
	}
	if !dosed {
		return false
	}
	at, _ := find(toks[m.End:min(len(toks), m.End+actionWindow)], r.Lexicon.List("frequencies"))
	return at >= 0
}

// headedAction is the decision the heading of a dictated list says for the
// drug at m ("new medications: co-amoxiclav ...", "Unchanged medications:
// amlodipine ..."): the last heading before the drug in its sentence that
// ends with a colon, or "".
func (r *Reading) headedAction(toks []lexicon.Token, m mention) string {
	list := r.Lexicon.List("action_headings")
	action := ""
	for k := 0; k < m.First; k++ {
		if e, n := list.Match(toks, k); e != nil && k+n < len(toks) && toks[k+n].Norm == ":" && k+n < m.First {
			action = e.Attr("action")
			k += n
		}
	}
	return action
}

// afterPreposition reports whether the drug at m is the object of a
// preposition said right before it, past articles ("avec la duloxétine",
// "with the metformin").
func (r *Reading) afterPreposition(toks []lexicon.Token, m mention) bool {
	k := m.First - 1
	for k >= 0 && r.Lexicon.List("determiners").Has(toks[k].Norm) {
		k--
	}
	return k >= 0 && r.Lexicon.List("prepositions").Has(toks[k].Norm)
}
