package clinical

// How a drug is named: the lexicon's names, and those read from how a
// drug is prescribed (a dose, a regimen) or from the kind of drug said
// before it.

import (
	"strings"
	"sync"

	"github.com/notegen/notegen/internal/lexicon"
	"github.com/notegen/notegen/internal/transcript"
)

// unlistedDrugs finds drugs the lexicon does not list by how they are
// prescribed: a word right before a dose ("phenazopyridine, two hundred
// milligrams"), said with a verb that acts on a drug, or right before a
// count of doses said with how often ("the Trimbow, two puffs twice a
// day": a regimen names a drug whatever the verb, where a bare amount
// might be anything's). A word already read as something else, or any
// word the lexicon knows, is none.
func (r *Reading) unlistedDrugs(ui int, found []mention) []mention {
	x := r.Lexicon
	toks := r.Units[ui].Tokens
	covered := map[int]bool{}
	for _, m := range found {
		if m.Unit == ui {
			for k := m.First; k < m.End; k++ {
				covered[k] = true
			}
		}
	}
	out := append(r.namedDrugs(ui, covered), r.stemmedDrugs(ui, covered)...)
	at, _ := find(toks, x.List("med_actions"))
	// "I'm going to prescribe you some pain medicine. We'll do Lortab, 5
	// milligrams": the prescription goes on in the next sentence
	acted := at >= 0 || r.prescribedBefore(ui)
	often, _ := find(toks, x.List("frequencies"))
	if !acted && often < 0 {
		return out
	}
	// ("by mouth, eight milligrams" is no drug "mouth")
	unknownName := r.unknownDrugName
	for _, n := range r.numbersIn(toks) {
		switch {
		case (n.kind == "mass" || n.kind == "volume") && acted:
		case n.kind == "form" && often > n.first:
		default:
			continue
		}
		k := n.first - 1
		for k >= 0 && (toks[k].Norm == "," || x.List("attachments").Has(toks[k].Norm)) {
			k--
		}
		if k < 0 {
			continue
		}
		first := k
		switch {
		case covered[k] || r.boundsAmount(toks, k):
			// "at least 48 ounces a day": a bound, no drug
			continue
		case x.List("drug_suffixes").Has(toks[k].Norm):
			// "ferrous fumarate 210 mg", "tranexamic acid 1 g": a salt or
			// an acid names the drug with the word before it, one the
			// lexicon does not know or knows as a drug; alone it is none
			if k == 0 || !unknownName(toks[k-1]) && !(toks[k-1].Kind == lexicon.Word && medicationAt(found, ui, k-1)) {
				continue
			}
			first = k - 1
		case !unknownName(toks[k]):
			continue
		case k > 0 && x.List("drug_suffixes").Has(toks[k-1].Norm):
			// "sulfate ferreux, 300 mg": French names the salt first
			first = k - 1
		}
		covered[k] = true
		out = append(out, r.drugMention(ui, first, k+1))
	}
	return out
}

// drugMention is the mention of a drug the lexicon does not list, said in
// tokens [first, end) of unit ui, named by its words.
func (r *Reading) drugMention(ui, first, end int) mention {
	toks := r.Units[ui].Tokens
	return mention{Mention: Mention{Unit: ui, First: first, End: end}, kind: Medication,
		name: r.Lexicon.Norms(joinTexts(toks, first, end)), saidFirst: first, saidEnd: end}
}

// kindReach is how many words before a naming word the kind of drug may
// be said ("a different blood pressure tablet called losartan").
const kindReach = 4

// namedDrugs finds the drugs the lexicon does not list that are named
// after their kind ("an antibiotic called cefixime"): the word after a
// naming word, a kind of drug said just before it. A word read as
// something else, or one the lexicon knows, is none.
func (r *Reading) namedDrugs(ui int, covered map[int]bool) []mention {
	x := r.Lexicon
	toks := r.Units[ui].Tokens
	var out []mention
	for k := range toks {
		e, n := x.List("naming_words").Match(toks, k)
		name := k + n
		if e == nil || name >= len(toks) || covered[name] || !r.unknownDrugName(toks[name]) || r.kindBefore(toks, k) < 0 {
			continue
		}
		covered[name] = true
		out = append(out, r.drugMention(ui, name, name+1))
	}
	return out
}

// kindBefore is where the noun phrase that says the kind of drug named at
// naming word k starts (its determiner, or the kind itself), or -1 when
// no kind of drug is said in the kindReach words before it.
func (r *Reading) kindBefore(toks []lexicon.Token, k int) int {
	x := r.Lexicon
	kind := -1
	for j := k - 1; j >= 0 && j >= k-kindReach; j-- {
		if toks[j].Kind != lexicon.Word {
			break
		}
		if e, n := x.List("drug_kinds").Match(toks, j); e != nil && j+n <= k {
			kind = j
		} else if e, n := x.List("medications").Match(toks, j); e != nil && e.Attr("general") == "yes" && j+n <= k {
			kind = j
		}
		if kind >= 0 && x.List("determiners").Has(toks[j].Norm) {
			return j
		}
	}
	return kind
}

// stemLead is how many letters a drug's name holds before its stem, at
// least ("ofloxacin": "of" + "loxacin" would be too short a name).
const stemLead = 3

// stemmedDrugs finds the drugs the lexicon does not list by their names'
// endings (drug_stems, after the USAN and INN stems: "ofloxacin",
// "carbocisteine"): a word the lexicon does not know, ending in a stem.
func (r *Reading) stemmedDrugs(ui int, covered map[int]bool) []mention {
	toks := r.Units[ui].Tokens
	var out []mention
	for k, t := range toks {
		if covered[k] || !r.unknownDrugName(t) || !r.drugStem(t.Norm) {
			continue
		}
		covered[k] = true
		out = append(out, r.drugMention(ui, k, k+1))
	}
	return out
}

// drugStem reports whether word ends in a drug stem, with at least
// stemLead letters before it.
func (r *Reading) drugStem(word string) bool {
	n := len([]rune(word))
	for _, stem := range drugStemsOf(r.Lexicon) {
		if n >= stem.runes+stemLead && strings.HasSuffix(word, stem.norm) {
			return true
		}
	}
	return false
}

// normStem is a drug stem as words are normalised, with its length.
type normStem struct {
	norm  string
	runes int
}

// drugStems caches each lexicon's drug stems, normalised once: every
// unknown word of a transcript is checked against them.
var drugStems sync.Map // *lexicon.Lexicon -> []normStem

// drugStemsOf is x's drug stems, normalised.
func drugStemsOf(x *lexicon.Lexicon) []normStem {
	if v, ok := drugStems.Load(x); ok {
		return v.([]normStem)
	}
	var stems []normStem
	for _, e := range x.List("drug_stems").Entries() {
		for _, term := range e.Terms {
			norm := x.Norms(term)
			stems = append(stems, normStem{norm: norm, runes: len([]rune(norm))})
		}
	}
	v, _ := drugStems.LoadOrStore(x, stems)
	return v.([]normStem)
}

// unknownDrugName reports whether a word may name a drug the lexicon does
// not list: none it knows, no function word or number, long enough to be
// a name.
func (r *Reading) unknownDrugName(t lexicon.Token) bool {
	x := r.Lexicon
	return t.Kind == lexicon.Word && len([]rune(t.Norm)) >= minDrugName && !x.List("stopwords").Has(t.Norm) &&
		!x.List("numbers").Has(t.Norm) && !x.Knows(t.Norm)
}

// namingStart is where the phrase that names the drug of mention m starts:
// the kind said before it ("start him on a different blood pressure tablet
// called losartan": the verb acts on the tablet, and so on losartan), or
// m's own start.
func (r *Reading) namingStart(toks []lexicon.Token, m mention) int {
	for k := m.First - 1; k >= 0 && k >= m.First-3; k-- {
		if e, n := r.Lexicon.List("naming_words").Match(toks, k); e != nil && k+n == m.First {
			if at := r.kindBefore(toks, k); at >= 0 {
				return at
			}
		}
	}
	return m.First
}

// boundsAmount reports whether token k ends a bound put on an amount ("at
// least", "up to").
func (r *Reading) boundsAmount(toks []lexicon.Token, k int) bool {
	hedges := r.Lexicon.List("amount_hedges")
	for j := max(0, k-2); j <= k; j++ {
		if e, n := hedges.Match(toks, j); e != nil && j+n == k+1 {
			return true
		}
	}
	return false
}

// medicationAt reports whether a drug found in unit ui covers token k.
func medicationAt(found []mention, ui, k int) bool {
	for _, m := range found {
		if m.Unit == ui && m.kind == Medication && m.First <= k && k < m.End {
			return true
		}
	}
	return false
}

// withUnlistedDrugs is found with the unit's drugs the lexicon does not
// list; a listed drug they hold ("ferrous" of "ferrous fumarate") is theirs
// and no drug of its own.
func (r *Reading) withUnlistedDrugs(ui int, found []mention) []mention {
	r.withSalts(ui, found)
	added := r.unlistedDrugs(ui, found)
	if len(added) == 0 {
		return found
	}
	out := found[:0]
	for _, m := range found {
		inside := false
		for _, a := range added {
			inside = inside || m.Unit == ui && m.kind == Medication && m.First >= a.First && m.End <= a.End
		}
		if !inside {
			out = append(out, m)
		}
	}
	return append(out, added...)
}

// withSalts names a listed drug said with its salt by both ("metoprolol
// tartrate", "metoprolol succinate"): the two forms are two drugs, and the
// salt said without a dose names the same one as with it.
func (r *Reading) withSalts(ui int, found []mention) {
	x := r.Lexicon
	toks := r.Units[ui].Tokens
	for k := range found {
		m := &found[k]
		if m.Unit != ui || m.kind != Medication || m.End >= len(toks) || !x.List("drug_suffixes").Has(toks[m.End].Norm) {
			continue
		}
		m.End++
		m.saidEnd = max(m.saidEnd, m.End)
		m.name = x.Norms(joinTexts(toks, m.First, m.End))
	}
}

// prescribedBefore reports whether the clinician's sentence before unit
// ui, in the same turn, starts a drug (a verb of starting that is not
// weak, today).
func (r *Reading) prescribedBefore(ui int) bool {
	if ui == 0 || r.Units[ui].Speaker != transcript.Clinician || r.Units[ui-1].Segment != r.Units[ui].Segment {
		return false
	}
	actions := r.Lexicon.List("med_actions")
	toks := r.Units[ui-1].Tokens
	for k := range toks {
		if e, _ := actions.Match(toks, k); e != nil && e.Attr("action") == ActionStart && e.Attr("weak") != "yes" && e.Attr("tense") != "past" {
			return true
		}
	}
	return false
}

// minDrugName is the fewest letters of a drug's name read from how it is
// prescribed: shorter words are the sentence's, not a drug's.
const minDrugName = 5

// appositives drops a kind of drug said right beside a drug's name: "a
// steroid ointment, mometasone" and "mometasone, a steroid" are one drug,
// mometasone, and the dose and frequency said after them are its.
func (r *Reading) appositives(ms []mention) []mention {
	drop := map[int]bool{}
	for i := range ms {
		g := &ms[i]
		if g.kind != Medication || g.entry == nil || g.entry.Attr("general") != "yes" {
			continue
		}
		for j := range ms {
			d := &ms[j]
			if j == i || d.kind != Medication || d.Unit != g.Unit || (d.entry != nil && d.entry.Attr("general") == "yes") {
				continue
			}
			gap := d.First - g.End
			if d.First < g.First {
				gap = g.First - d.End
			}
			if gap >= 0 && gap <= appositionGap && r.onlyNaming(g.Unit, min(g.End, d.End), max(g.First, d.First)) {
				drop[i] = true
				break
			}
		}
		if !drop[i] && (r.namedAfter(ms, i) || r.backReferred(ms, i)) {
			drop[i] = true
		}
	}
	if len(drop) == 0 {
		return ms
	}
	out := ms[:0]
	for i, m := range ms {
		if !drop[i] {
			out = append(out, m)
		}
	}
	return out
}

// namedAfterReach is how many units after a kind of drug the clinician
// may name the drug it is ("some pain medicine. We'll do Lortab, 5 mg").
const namedAfterReach = 2

// namedAfter reports whether the kind of drug ms[g] said by the clinician
// is named in what she goes on to say in the same turn: the first drug
// after it, not a kind itself, that was not named before it ("I'm going
// to prescribe some steroids, also some prednisone"; "a little bit of pain
// medicine ... so, tramadol, 50 milligrams"). A drug named before (the
// patient's own, "keep taking the lisinopril") is another.
func (r *Reading) namedAfter(ms []mention, g int) bool {
	gm := ms[g]
	gu := r.Units[gm.Unit]
	if gu.Speaker != transcript.Clinician {
		return false
	}
	// the clinician's question names the kind ("Vous prenez des
	// anti-inflammatoires ?") and the answer the drug ("Oui, de
	// l'ibuprofène"): its turn is the answer's
	answer := -1
	if gu.Question && r.Answer != nil && r.Answer[gm.Unit] >= 0 {
		answer = r.Units[r.Answer[gm.Unit]].Segment
	}
	general := func(m mention) bool { return m.entry != nil && m.entry.Attr("general") == "yes" }
	before := func(a, b Mention) bool { return a.Unit < b.Unit || a.Unit == b.Unit && a.First < b.First }
	var next *mention
	for j := range ms {
		d := &ms[j]
		if d.kind != Medication || !before(gm.Mention, d.Mention) || d.Unit > gm.Unit+namedAfterReach ||
			r.Units[d.Unit].Segment != gu.Segment && r.Units[d.Unit].Segment != answer {
			continue
		}
		if next == nil || before(d.Mention, next.Mention) {
			next = d
		}
	}
	if next == nil || general(*next) {
		return false
	}
	for _, m := range ms {
		if m.kind == Medication && m.name == next.name && before(m.Mention, gm.Mention) {
			return false
		}
	}
	return true
}

// backReferred reports whether the kind of drug ms[g] is said with a
// definite article after a drug of its class named in the encounter ("I'm
// going to prescribe azithromycin ... until he's been on the antibiotic
// for 24 hours"): it refers back to that drug, and is no other.
func (r *Reading) backReferred(ms []mention, g int) bool {
	gm := ms[g]
	class := gm.entry.Attr("class")
	toks := r.Units[gm.Unit].Tokens
	if class == "" || gm.First == 0 || !r.Lexicon.List("definite_articles").Has(toks[gm.First-1].Norm) {
		return false
	}
	for _, d := range ms {
		before := d.Unit < gm.Unit || d.Unit == gm.Unit && d.End <= gm.First
		if before && d.kind == Medication && d.entry != nil && d.entry.Attr("general") != "yes" && d.entry.Attr("class") == class {
			return true
		}
	}
	return false
}

// onlyNaming reports whether the tokens [from, to) of a unit only join two
// names of one thing: commas, determiners and the drug's form ("a steroid
// ointment, mometasone"), not a conjunction or a verb between two drugs.
func (r *Reading) onlyNaming(unit, from, to int) bool {
	x := r.Lexicon
	toks := r.Units[unit].Tokens
	for k := from; k < to; k++ {
		t := toks[k]
		switch {
		case t.Kind == lexicon.Punct && (t.Norm == "," || t.Norm == "(" || t.Norm == ")"):
		case x.List("determiners").Has(t.Norm), x.List("routes").Has(t.Norm), x.List("medication_words").Has(t.Norm), x.List("apposition_words").Has(t.Norm):
		default:
			return false
		}
	}
	return true
}

// verbObjectReach is how many words after a verb its object drug may
// start ("give her the Advil").
const verbObjectReach = 4

// drugAfterVerb reports whether a drug is named within verbObjectReach
// words after the verb at token at, in its clause.
func (r *Reading) drugAfterVerb(toks []lexicon.Token, at int) bool {
	meds := r.Lexicon.List("medications")
	_, n := r.Lexicon.List("med_actions").Match(toks, at)
	for k := at + max(n, 1); k < len(toks) && k <= at+n+verbObjectReach; k++ {
		if toks[k].Kind == lexicon.Punct {
			return false
		}
		if e, _ := meds.Match(toks, k); e != nil {
			return true
		}
	}
	return false
}

// clauseBetween reports whether a clause with its own subject opens
// between tokens from and to: a comma and a subject pronoun.
func (r *Reading) clauseBetween(toks []lexicon.Token, from, to int) bool {
	subjects := r.Lexicon.List("subject_pronouns")
	for k := from; k+1 < to && k+1 < len(toks); k++ {
		if toks[k].Norm == "," && subjects.Has(toks[k+1].Norm) {
			return true
		}
	}
	return false
}
