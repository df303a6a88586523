package clinical

// Dosing: what is said of a drug's dose, route and frequency, and which
// drug a dose or frequency said near several belongs to.

import "github.com/notegen/notegen/internal/lexicon"

// dosing fills a drug's dose, route and frequency from the unit that
// speaks of it most: a dose is a number with a dose unit said after the
// name ("lisinopril 20 mg") or before it ("500 of metformin").
func (r *Reading) dosing(f *Finding, m mention) {
	u := r.Units[m.Unit]
	nums := r.numbersIn(u.Tokens)
	for j, n := range nums {
		if f.Dose != nil {
			break
		}
		if !doseKinds[n.kind] || r.strength(u.Tokens, nums, j) {
			// ("the 160 milligrams per 5 milliliter liquid": the strength
			// the dose is measured in, no dose)
			continue
		}
		if (n.first >= m.End && n.first-m.End-r.strengthWords(u.Tokens, nums, m.End, n.first) <= doseWindow && !r.drugBetween(u.Tokens, m.End, n.first)) ||
			r.doseBefore(u.Tokens, n, m) {
			if f.Action == ActionChange && j+1 < len(nums) && r.changedTo(u.Tokens, n, nums[j+1]) {
				// "increase the sertraline from fifty milligrams to one
				// hundred milligrams": the new dose is the one after "to"
				n = nums[j+1]
			}
			d := n.text + " " + n.unit
			f.Dose = &d
			break
		}
	}
	if e := r.routeOf(u.Tokens, m); e != nil && f.Route == nil {
		route := e.Name()
		f.Route = &route
	}
	e, at := r.nearestAnywhere(u.Tokens, m, r.Lexicon.List("frequencies"))
	if end, ok := r.doseUnitEnd(u.Tokens, at); e != nil && ok {
		// "cinquante milligrammes par kilo et par jour en deux prises":
		// the unit's "par jour" counts the dose; how often comes after it
		e, at = r.frequencyFrom(u.Tokens, end)
	}
	if e != nil && f.Frequency == nil && !r.countEnd(u.Tokens, at) && !r.stepBefore(u.Tokens, m.End, at) && !r.shortOf(u.Tokens, at) {
		freq := r.frequencyName(u.Tokens, e, at)
		f.Frequency = &freq
	}
	if f.Frequency == nil {
		f.Frequency = r.shorthandFrequency(u.Tokens, m)
	}
}

// doseUnitEnd reports whether token at is part of a dose's unit ("50
// milligrammes par kilo et par jour": its "par jour" says how the dose is
// counted, not how often it is taken), and where the unit ends.
func (r *Reading) doseUnitEnd(toks []lexicon.Token, at int) (int, bool) {
	for _, n := range r.numbersIn(toks) {
		if doseKinds[n.kind] && n.unit != "" && at > n.first && at < n.end {
			return n.end, true
		}
	}
	return 0, false
}

// frequencyFrom is the first frequency said from token from to the end of
// its sentence's clause, or nil.
func (r *Reading) frequencyFrom(toks []lexicon.Token, from int) (*lexicon.Entry, int) {
	freqs := r.Lexicon.List("frequencies")
	for k := from; k < len(toks) && k <= from+doseWindow; k++ {
		if t := toks[k]; t.Kind == lexicon.Punct && t.Norm != "," {
			break
		}
		if e, _ := freqs.Match(toks, k); e != nil {
			return e, k
		}
	}
	return nil, -1
}

// shortOf reports whether the frequency at token at is said as not
// reached ("presque tous les jours", "almost every day"): charted, it
// would say more than was said.
func (r *Reading) shortOf(toks []lexicon.Token, at int) bool {
	list := r.Lexicon.List("short_of")
	for k := max(0, at-3); k < at; k++ {
		if e, n := list.Match(toks, k); e != nil && k+n == at {
			return true
		}
	}
	return false
}

// frequencyName is the frequency e said at token at as a fact names it:
// with the low end of a range said before it (rangeBefore), and with "as
// needed" when the two are said together ("every six hours as needed", "as
// needed, up to twice a day"): a regimen taken when needed is another than
// one taken at set times, and charting either part alone would chart the
// wrong one.
func (r *Reading) frequencyName(toks []lexicon.Token, e *lexicon.Entry, at int) string {
	freqs := r.Lexicon.List("frequencies")
	_, n := freqs.Match(toks, at)
	name := r.rangeBefore(toks, at) + e.Name()
	other, _ := r.frequencyNextTo(toks, at, at+n)
	if other == nil || (e.Attr("prn") == "yes") == (other.Attr("prn") == "yes") {
		return name
	}
	if e.Attr("prn") == "yes" {
		return other.Name() + " " + e.Name()
	}
	return name + " " + other.Name()
}

// rangeBefore is the low end of a range said right before the frequency
// at token at, with its word of range ("two or " of "two or three times
// a day"), or "": charting the high end alone would chart what was not
// said.
func (r *Reading) rangeBefore(toks []lexicon.Token, at int) string {
	if at < 2 || !r.Lexicon.List("range_words").Has(toks[at-1].Norm) {
		return ""
	}
	low := toks[at-2]
	if low.Kind != lexicon.Number && !r.Lexicon.List("number_words").Has(low.Norm) {
		return ""
	}
	return low.Norm + " " + toks[at-1].Norm + " "
}

// frequencyNextTo is a frequency said right before token first or right
// after token end, past commas and a joiner ("every 6 hours, as needed").
func (r *Reading) frequencyNextTo(toks []lexicon.Token, first, end int) (*lexicon.Entry, int) {
	freqs := r.Lexicon.List("frequencies")
	skip := func(t lexicon.Token) bool { return t.Norm == "," || r.Lexicon.List("list_joins").Has(t.Norm) }
	k := end
	for k < len(toks) && skip(toks[k]) {
		k++
	}
	if e, _ := freqs.Match(toks, k); e != nil {
		return e, k
	}
	k = first - 1
	for k >= 0 && skip(toks[k]) {
		k--
	}
	for b := max(0, k-4); b <= k; b++ {
		if e, n := freqs.Match(toks, b); e != nil && b+n == k+1 {
			return e, b
		}
	}
	return nil, -1
}

// changedTo reports whether dose next is what dose n is changed to: a
// word of range alone stands between them ("from fifty milligrams to one
// hundred milligrams", "de 50 à 100 mg").
func (r *Reading) changedTo(toks []lexicon.Token, n, next number) bool {
	if !doseKinds[next.kind] && next.unit == "" || next.first-n.end != 1 {
		return false
	}
	return r.changesTo(toks[n.end])
}

// changesTo reports whether t says what a dose is changed to ("to", "à").
func (r *Reading) changesTo(t lexicon.Token) bool {
	e := r.Lexicon.List("range_words").Lookup(t.Norm)
	return e != nil && e.Attr("change") == "yes"
}

// stepBefore reports whether a later step of a regimen is said between
// the drug's name and the frequency at token at: a word of sequence, then
// a dose ("doxycycline two hundred milligrams on the first day, then one
// hundred milligrams once a day"). The frequency is the later step's, and
// charting it with the first dose would chart another regimen.
func (r *Reading) stepBefore(toks []lexicon.Token, end, at int) bool {
	steps := r.Lexicon.List("step_words")
	for k := end; k < at; k++ {
		if e, n := steps.Match(toks, k); e != nil {
			for _, num := range r.numbersIn(toks) {
				if doseKinds[num.kind] && num.first >= k+n && num.end <= at {
					return true
				}
			}
		}
	}
	return false
}

// countEnd reports whether the frequency term at token at ends a count the
// list does not hold ("four or five times a day" ends in "a day"): it
// follows a word of counting, and charting it would say "once daily" of
// what was said four or five times.
func (r *Reading) countEnd(toks []lexicon.Token, at int) bool {
	return at > 0 && r.Lexicon.List("times_words").Has(toks[at-1].Norm)
}

// routeOf is the route said with the drug at m: after its name and dose,
// before the sentence turns to something else at a conjunction or a
// preposition (in "prednisone 40 mg daily to follow the IV dose" the IV is
// another dose's), or right before the name ("IV ceftriaxone"). A route
// said further away is another drug's or another step's: taking it gave a
// nebulised drug the intravenous route of the drug named before it.
func (r *Reading) routeOf(toks []lexicon.Token, m mention) *lexicon.Entry {
	x := r.Lexicon
	routes, meds := x.List("routes"), x.List("medications")
	conjunctions, prepositions := x.List("conjunctions"), x.List("prepositions")
	for at := m.End; at < len(toks); at++ {
		if e, _ := routes.Match(toks, at); e != nil {
			return e
		}
		t := toks[at]
		if t.Kind == lexicon.Punct && t.Norm != "," || conjunctions.Has(t.Norm) || prepositions.Has(t.Norm) {
			break
		}
		if e, _ := meds.Match(toks, at); e != nil {
			break
		}
	}
	for at := m.First - 1; at >= 0 && at >= m.First-routeBefore; at-- {
		if toks[at].Kind == lexicon.Punct {
			break
		}
		if e, n := routes.Match(toks, at); e != nil && at+n == m.First {
			return e
		}
	}
	return nil
}

// routeBefore is how many words a route said before the drug's name may
// have ("intravenous ceftriaxone", "an ipratropium albuterol nebulizer" is
// said after).
const routeBefore = 3

// doseBefore reports a dose said before the drug's name: "500 of
// metformin", "10 mg lisinopril"; not a dose that follows another drug
// ("ceftriaxone 2 g IV and metronidazole").
func (r *Reading) doseBefore(toks []lexicon.Token, n number, m mention) bool {
	switch gap := m.First - n.end; {
	case gap == 0:
	case gap == 1 && r.Lexicon.List("attachments").Has(toks[n.end].Norm):
	default:
		return false
	}
	for k := max(0, n.first-3); k < n.first; k++ {
		if e, _ := r.Lexicon.List("medications").Match(toks, k); e != nil {
			return false
		}
	}
	return true
}

// closest returns the entry of list said for the drug at tokens [first,
// end): the first one after it, before another drug's name or the end of
// the sentence, as a list says each drug's dose and frequency after its
// name ("albuterol as needed, apixaban five milligrams twice daily"); else
// the nearest one before it that no other drug's name stands closer to.
func closest(toks []lexicon.Token, first, end int, list *lexicon.List, meds *lexicon.List) (*lexicon.Entry, int) {
	stop := func(t lexicon.Token) bool { return t.Kind == lexicon.Punct && t.Norm != "," && t.Norm != ":" }
	for at := end; at < len(toks) && !stop(toks[at]); at++ {
		if e, _ := meds.Match(toks, at); e != nil && e.Attr("general") != "yes" {
			// (a kind of drug said after it, "prednisone, a steroid,
			// forty milligrams once a day", is the same drug)
			break
		}
		if e, _ := list.Match(toks, at); e != nil {
			return e, at
		}
	}
	for at := first - 1; at >= 0 && !stop(toks[at]); at-- {
		if e, n := list.Match(toks, at); e != nil && at+n <= first {
			// read backwards, a term may be the tail of a longer one ("a
			// day" of "twice a day"): the longer one is what was said
			for b := at - 1; b >= 0 && b >= at-3; b-- {
				if e2, n2 := list.Match(toks, b); e2 != nil && b+n2 >= at+n && b+n2 <= first {
					e, at = e2, b
				}
			}
			// a term said right after another drug is that drug's
			if owned(toks, at, meds) {
				return nil, -1
			}
			return e, at
		}
		if e, _ := meds.Match(toks, at); e != nil {
			break
		}
	}
	return nil, -1
}

// owned reports whether the term at token at follows another drug's name
// with nothing but a dose between ("albuterol as needed").
func owned(toks []lexicon.Token, at int, meds *lexicon.List) bool {
	for k := at - 1; k >= 0 && k >= at-doseWindow; k-- {
		t := toks[k]
		if t.Kind == lexicon.Punct {
			return false
		}
		if e, n := meds.Match(toks, k); e != nil && k+n <= at {
			return true
		}
	}
	return false
}

// drugBetween reports whether a drug is named between tokens lo and hi. A
// kind of drug ("prednisone, a steroid, forty milligrams") names the drug
// beside it, no other.
func (r *Reading) drugBetween(toks []lexicon.Token, lo, hi int) bool {
	meds := r.Lexicon.List("medications")
	for k := lo; k < hi; k++ {
		if e, _ := meds.Match(toks, k); e != nil && e.Attr("general") != "yes" {
			return true
		}
	}
	return false
}

// nearestAnywhere is the entry of list nearest the mention anywhere in
// its unit, provided no other drug is nearer to it (a kind of drug is the
// drug beside it).
func (r *Reading) nearestAnywhere(toks []lexicon.Token, m mention, list *lexicon.List) (*lexicon.Entry, int) {
	e, at := closest(toks, m.First, m.End, list, r.Lexicon.List("medications"))
	if e == nil {
		return nil, -1
	}
	meds := r.Lexicon.List("medications")
	lo, hi := at, m.First
	if at >= m.End {
		lo, hi = m.End, at
	}
	for k := lo; k < hi; k++ {
		if other, _ := meds.Match(toks, k); other != nil && other.Name() != m.name && other.Attr("general") != "yes" {
			return nil, -1
		}
	}
	if at >= m.End && r.itemEndsBefore(toks, m.End, at) {
		return nil, -1
	}
	if at < m.First && r.joinedBetween(toks, at, m.First) {
		// "oxybutynin, five milligrams twice a day, and a baby aspirin":
		// the frequency closes the item before the joiner
		return nil, -1
	}
	return e, at
}

// joinedBetween reports whether a word that joins the items of a list
// ("and", "et") stands between tokens from and to.
func (r *Reading) joinedBetween(toks []lexicon.Token, from, to int) bool {
	at, _ := find(toks[from:to], r.Lexicon.List("list_joins"))
	return at >= 0
}

// itemEndsBefore reports whether the drug's description, from token end,
// is closed before token at: a dose, then a conjunction that opens the
// next item of a list ("levothyroxine 75 micrograms and alendronic acid
// once a week": the frequency is what follows "and", a drug the lexicon
// may not know). Leaving the frequency out is safer than charting another
// drug's.
func (r *Reading) itemEndsBefore(toks []lexicon.Token, end, at int) bool {
	dosed := -1
	for _, n := range r.numbersIn(toks) {
		if doseKinds[n.kind] && n.first >= end && n.end <= at {
			dosed = n.end
			break
		}
	}
	if dosed < 0 {
		return false
	}
	ands := r.Lexicon.List("list_joins")
	for k := dosed; k < at; k++ {
		if ands.Has(toks[k].Norm) {
			return true
		}
	}
	return false
}

// strength reports whether number j of nums is part of a drug's strength:
// a mass the next number, a volume, is linked to ("160 milligrams per 5
// milliliters"), or that volume.
func (r *Reading) strength(toks []lexicon.Token, nums []number, j int) bool {
	links := r.Lexicon.List("strength_links")
	linked := func(a, b number) bool {
		e, n := links.Match(toks, a.end)
		return a.kind == "mass" && b.kind == "volume" && e != nil && a.end+n == b.first
	}
	return j+1 < len(nums) && linked(nums[j], nums[j+1]) || j > 0 && linked(nums[j-1], nums[j])
}

// strengthWords is how many of tokens [from, to) say a drug's strength and
// form ("the 160 milligrams per 5 milliliter liquid"): they do not count
// to the reach of its dose.
func (r *Reading) strengthWords(toks []lexicon.Token, nums []number, from, to int) int {
	n := 0
	for j, num := range nums {
		if num.first >= from && num.end <= to && r.strength(toks, nums, j) {
			n += num.end - num.first
			if e, k := r.Lexicon.List("strength_links").Match(toks, num.end); e != nil && num.kind == "mass" {
				n += k
			}
		}
	}
	for k := from; k < to; k++ {
		if r.Lexicon.List("drug_forms").Has(toks[k].Norm) {
			n++
		}
	}
	return n
}
