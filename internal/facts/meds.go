package facts

import "strings"

// mention is one lexicon hit: tokens i..j (inclusive) with the canonical
// name.
type mention struct {
	i, j  int
	canon string
}

// scan returns every non-overlapping longest match of set, left to right.
func (d *doc) scan(set phraseSet) []mention {
	var out []mention
	for i := 0; i < len(d.toks); {
		if n, canon := d.match(set, i); n > 0 {
			out = append(out, mention{i: i, j: i + n - 1, canon: canon})
			i += n
			continue
		}
		i++
	}
	return out
}

// medications finds every drug named, with the dose, route and frequency
// said in the same sentence and the clinician's action on it. Mentions of
// one drug merge into one fact: the last dose said wins (a change states the
// new dose last) and the strongest action wins. A drug the patient is
// allergic to is not one they take ("any other allergies?" "just
// penicillin").
func (d *doc) medications(skip map[[2]int]bool, allergens map[string]bool) []Medication {
	all := newMerged(func(med *Medication) *[]Span { return &med.Spans })
	for _, m := range d.scan(d.lex.meds) {
		if skip[[2]int{m.i, m.j}] || d.measured(m) || allergens[fold(m.canon)] || allergens[fold(d.textOf(m.i, m.j))] {
			continue
		}
		a, b := d.sentenceBounds(m.i)
		lo, hi := m.i, m.j
		dose, di, dj := d.doseNear(m, a, b)
		if dose != "" {
			lo, hi = min(lo, di), max(hi, dj)
		}
		route, ri, rj := d.nearestPhrase(d.lex.routes, m, a, b, 6)
		if route != "" && d.isMedicationWord(ri) {
			route = ""
		}
		if route != "" {
			lo, hi = min(lo, ri), max(hi, rj)
		}
		freq, fi, fj := d.nearestPhrase(d.lex.frequencies, m, a, b, 8)
		if freq != "" {
			lo, hi = min(lo, fi), max(hi, fj)
		}
		action := d.actionFor(m, a, b)
		// one fact per drug (the canonical name), named as first said
		key := fold(m.canon)
		med, _ := all.get(key, func() Medication {
			return Medication{Name: strings.ToLower(d.textOf(m.i, m.j)), Action: ActionMention}
		})
		if dose != "" {
			med.Dose = strPtr(dose)
		}
		if route != "" && med.Route == nil {
			med.Route = strPtr(route)
		}
		if freq != "" && (med.Frequency == nil || dose != "") {
			med.Frequency = strPtr(freq)
		}
		if actionRank[action] > actionRank[med.Action] {
			med.Action = action
		}
		med.Spans = append(med.Spans, d.spanWithin(lo, hi, m.i))
	}
	return all.list()
}

// measured reports whether the drug's name names a lab value instead
// ("your potassium level", "iron deficiency", "taux de potassium").
func (d *doc) measured(m mention) bool {
	if m.j+1 < len(d.toks) && d.toks[m.j+1].seg == d.toks[m.i].seg && d.lex.measureWords[d.toks[m.j+1].norm] {
		return true
	}
	return m.i > 0 && d.toks[m.i-1].seg == d.toks[m.i].seg && d.lex.measureBefore[d.toks[m.i-1].norm]
}

// actionRank orders actions by how much they tell: a drug both mentioned and
// started was started.
var actionRank = map[string]int{ActionMention: 0, ActionContinue: 1, ActionStart: 2, ActionStop: 3, ActionChange: 4}

func (d *doc) isMedicationWord(i int) bool {
	n, _ := d.match(d.lex.meds, i)
	return n > 0
}

// spanWithin covers tokens lo..hi but never crosses out of anchor's segment.
func (d *doc) spanWithin(lo, hi, anchor int) Span {
	seg := d.toks[anchor].seg
	for d.toks[lo].seg != seg {
		lo++
	}
	for d.toks[hi].seg != seg {
		hi--
	}
	return d.span(lo, hi)
}

// doseNear finds "NUMBER UNIT" closest to the drug within its sentence: after
// the name ("lisinopril 20 milligrams", "metformin at five hundred
// milligrams") or before it ("10 mg of amlodipine"), never across another
// drug's name.
func (d *doc) doseNear(m mention, a, b int) (string, int, int) {
	best, bi, bj, bestDist := "", 0, 0, 1<<30
	for i := max(a, m.i-6); i <= min(b, m.j+10); i++ {
		if i >= m.i && i <= m.j {
			continue
		}
		num, ok := d.numberAt(i, false)
		if !ok || strings.Contains(num.text, "/") || num.value <= 0 {
			continue
		}
		u := i + num.n
		if u > b {
			continue
		}
		n, unit := d.match(d.lex.doseUnits, u)
		if n == 0 {
			// "five hundred of metformin": a dose said without its unit
			if u == m.i-1 && d.lex.ofWords[d.toks[u].norm] && num.value >= 1 {
				if dist := 2; dist < bestDist {
					best, bi, bj, bestDist = num.text, i, u, dist
				}
			}
			continue
		}
		end := u + n - 1
		if end >= m.i && i <= m.j {
			continue
		}
		if d.medBetween(m, i, end) || !d.closestMed(m, i, end) {
			continue
		}
		dist := i - m.j
		if i < m.i {
			dist = (m.i - end) + 3 // a dose before the name is less common
		}
		if dist < bestDist {
			best, bi, bj, bestDist = num.text+" "+unit, i, end, dist
		}
		i = end
	}
	return best, bi, bj
}

// medBetween reports whether another drug is named between the mention and
// tokens i..j.
func (d *doc) medBetween(m mention, i, j int) bool {
	from, to := m.j+1, i-1
	if j < m.i {
		from, to = j+1, m.i-1
	}
	for k := from; k <= to; k++ {
		if d.isMedicationWord(k) {
			return true
		}
	}
	return false
}

// closestMed reports whether tokens i..j are nearer to the mention than to
// any other drug named in the sentence: in "ramipril 10 mg in the morning
// and continue metformin", the dose and the time are ramipril's. A tie goes
// to the drug before the words, which is how doses are usually said.
func (d *doc) closestMed(m mention, i, j int) bool {
	dist := func(a, b int) int {
		if b < i {
			return i - b
		}
		if a > j {
			return a - j
		}
		return 0
	}
	mine := dist(m.i, m.j)
	a, b := d.sentenceBounds(m.i)
	for k := max(a, i-12); k <= min(b, j+12); k++ {
		if k >= m.i && k <= m.j {
			continue
		}
		n, _ := d.match(d.lex.meds, k)
		if n == 0 {
			continue
		}
		other := dist(k, k+n-1)
		if other < mine || (other == mine && k < m.i) {
			return false
		}
		k += n - 1
	}
	return true
}

// nearestPhrase finds the phrase of set nearest to the mention within window
// tokens in its sentence.
func (d *doc) nearestPhrase(set phraseSet, m mention, a, b, window int) (string, int, int) {
	best, bi, bj, bestDist := "", 0, 0, 1<<30
	for i := max(a, m.i-window); i <= min(b, m.j+window); i++ {
		if i >= m.i && i <= m.j {
			continue
		}
		n, canon := d.match(set, i)
		if n == 0 {
			continue
		}
		end := i + n - 1
		if d.medBetween(m, i, end) || !d.closestMed(m, i, end) {
			i = end
			continue
		}
		dist := i - m.j
		if i < m.i {
			dist = m.i - end
		}
		if dist < bestDist {
			best, bi, bj, bestDist = canon, i, end, dist
		}
		i = end
	}
	return best, bi, bj
}

// actionFor reads the clinician's verb nearest before the drug in its
// sentence (or just after it: "the lisinopril, let's stop it"); a patient's
// own words only ever mention a drug, or continue one they take.
func (d *doc) actionFor(m mention, a, b int) string {
	act, _, _ := d.nearestPhrase(d.lex.actions, m, a, b, 8)
	if act == "" {
		return ActionMention
	}
	if d.segs[d.toks[m.i].seg].Speaker == "patient" {
		if act == ActionContinue {
			return ActionContinue
		}
		return ActionMention
	}
	return act
}
