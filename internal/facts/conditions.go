package facts

import "strings"

// problems finds conditions and symptoms. A mention under a negation ("no
// chest pain", "denies fever", a patient's "no" to the clinician's question
// is not read) is not a problem unless the clinician rules it out in words,
// which makes it ruled_out; words saying it is over make it resolved. One
// fact per condition: the clinician's latest status wins.
func (d *doc) problems() []Problem {
	all := newMerged(func(p *Problem) *[]Span { return &p.Spans })
	for _, m := range d.scan(d.lex.problems) {
		a, b := d.sentenceBounds(m.i)
		status := StatusActive
		switch {
		case d.cueBefore(d.lex.ruledOut, m, a, 6) || d.cueAfter(d.lex.ruledOut, m, b, 3):
			status = StatusRuledOut
		case d.negated(m, a):
			continue
		case d.deniedInAnswer(m, a, b):
			continue
		case d.cueBefore(d.lex.resolved, m, a, 5) || d.cueAfter(d.lex.resolved, m, b, 6):
			status = StatusResolved
		}
		p, first := all.get(m.canon, func() Problem { return Problem{Text: m.canon, Status: status} })
		if !first && (status != StatusActive || p.Status == StatusRuledOut) {
			p.Status = status
		}
		p.Spans = append(p.Spans, d.span(m.i, m.j))
	}
	return all.list()
}

// negated reports whether a negation governs the mention: "no chest pain",
// "denies fever, chills or sweats" (a negation reaches across a list, up to
// a "but").
func (d *doc) negated(m mention, a int) bool {
	for i := m.i - 1; i >= a && i >= m.i-10; i-- {
		if d.lex.contrasts[d.toks[i].norm] {
			return false
		}
		if n, _ := d.match(d.lex.negations, i); n > 0 && i+n-1 < m.i {
			return true
		}
	}
	return false
}

// deniedInAnswer reports whether the mention is in the clinician's question
// and the patient's reply denies it: "any chest pain?" "no." A question
// that asks whether there is "any" of something needs a yes to count.
func (d *doc) deniedInAnswer(m mention, a, b int) bool {
	if d.toks[b].text != "?" {
		return false
	}
	seg := d.toks[m.i].seg
	if d.segs[seg].Speaker == "patient" || seg+1 >= len(d.segs) || d.segs[seg+1].Speaker != "patient" {
		return false
	}
	// the reply's first word
	var first string
	for k := b + 1; k < len(d.toks); k++ {
		if d.toks[k].seg != seg && !d.toks[k].punct {
			first = d.toks[k].norm
			break
		}
	}
	if d.lex.noWords[first] {
		return true
	}
	if d.lex.yesWords[first] {
		return false
	}
	return d.cueBefore(d.lex.anyWords, m, a, 12)
}

// cueBefore reports whether a phrase of set ends within window tokens before
// the mention, in its sentence.
func (d *doc) cueBefore(set phraseSet, m mention, a, window int) bool {
	for i := max(a, m.i-window); i < m.i; i++ {
		if n, _ := d.match(set, i); n > 0 && i+n-1 < m.i {
			return true
		}
	}
	return false
}

// cueAfter reports whether a phrase of set starts within window tokens after
// the mention, in its sentence.
func (d *doc) cueAfter(set phraseSet, m mention, b, window int) bool {
	for i := m.j + 1; i <= min(b, m.j+window); i++ {
		if n, _ := d.match(set, i); n > 0 {
			return true
		}
	}
	return false
}

// allergies finds "allergic to X", "X allergy", "allergie à X" with the
// reaction said in the same sentence. The tokens of each allergen are
// recorded in skip, so that a drug one is allergic to is not also listed as
// a medication.
func (d *doc) allergies(skip map[[2]int]bool) []Allergy {
	all := newMerged(func(al *Allergy) *[]Span { return &al.Spans })
	for _, cue := range d.scan(d.lex.allergyCues) {
		a, b := d.sentenceBounds(cue.i)
		if d.cueBefore(d.lex.noAllergyCues, cue, a, 3) || d.cueBefore(d.lex.negations, cue, a, 3) {
			continue
		}
		// the allergen follows the cue ("allergic to penicillin") or, for a
		// bare "allergy", precedes it ("a penicillin allergy")
		found := d.allergensIn(cue.j+1, min(b, cue.j+10))
		if len(found) == 0 {
			found = d.allergensIn(max(a, cue.i-3), cue.i-1)
		}
		for _, al := range found {
			skip[[2]int{al.i, al.j}] = true
			lo, hi := min(cue.i, al.i), max(cue.j, al.j)
			al2, _ := all.get(al.canon, func() Allergy { return Allergy{Substance: al.canon} })
			if r := d.scanRange(d.lex.reactions, max(a, min(cue.i, al.i)-12), min(b, al.j+12)); len(r) > 0 && al2.Reaction == nil {
				al2.Reaction = strPtr(r[0].canon)
				lo, hi = min(lo, r[0].i), max(hi, r[0].j)
			}
			al2.Spans = append(al2.Spans, d.spanWithin(lo, hi, al.i))
		}
	}
	for _, q := range d.allergyQuestions() {
		for _, al := range d.answeredAllergens(q) {
			skip[[2]int{al.i, al.j}] = true
			a, b := d.sentenceBounds(al.i)
			al2, _ := all.get(al.canon, func() Allergy { return Allergy{Substance: al.canon} })
			lo, hi := al.i, al.j
			if r := d.scanRange(d.lex.reactions, a, b); len(r) > 0 && al2.Reaction == nil {
				al2.Reaction = strPtr(r[0].canon)
				lo, hi = min(lo, r[0].i), max(hi, r[0].j)
			}
			al2.Spans = append(al2.Spans, d.span(lo, hi))
		}
	}
	return all.list()
}

// allergyQuestions returns the last token ("?") of every question about
// allergies ("any drug allergies?", "des allergies ?").
func (d *doc) allergyQuestions() []int {
	var out []int
	for s := range d.sentFirst {
		a, b := d.sentFirst[s], d.sentLast[s]
		if b >= len(d.toks) || a > b || d.toks[b].text != "?" {
			continue
		}
		for i := a; i < b; i++ {
			if strings.HasPrefix(d.toks[i].norm, "allerg") {
				out = append(out, b)
				break
			}
		}
	}
	return out
}

// answeredAllergens lists the allergens the patient names in the first
// sentence of the reply to a question about allergies ending at token b,
// when the reply opens with them or with a yes ("sulfa drugs."; "yes,
// codeine.") or with a no and an exception ("nope, just penicillin."). "No,
// I take lisinopril" names a medication, not an allergy; a reply that
// speaks of allergy itself ("allergic to") is read by its own words.
func (d *doc) answeredAllergens(b int) []mention {
	start := b + 1
	if d.toks[b].text != "?" || start >= len(d.toks) {
		return nil
	}
	seg := d.toks[b].seg
	if d.toks[start].seg != seg+1 || d.segs[seg].Speaker == "patient" || d.segs[seg+1].Speaker != "patient" {
		return nil
	}
	_, end := d.sentenceBounds(start)
	for i := start; i <= end; i++ {
		if strings.HasPrefix(d.toks[i].norm, "allerg") {
			return nil
		}
	}
	found := d.allergensIn(start, end)
	if len(found) == 0 {
		return nil
	}
	first := start
	for first < found[0].i && d.toks[first].punct {
		first++
	}
	if first == found[0].i || d.lex.affirmations[d.toks[first].norm] {
		return found
	}
	if !d.lex.noWords[d.toks[first].norm] {
		return nil
	}
	for k := first + 1; k < found[0].i; k++ {
		if d.lex.exceptions[d.toks[k].norm] || d.lex.contrasts[d.toks[k].norm] {
			return found
		}
	}
	return nil
}

// allergensIn lists the allergens and drugs named in tokens from..to.
func (d *doc) allergensIn(from, to int) []mention {
	found := d.scanRange(d.lex.allergens, from, to)
	taken := map[int]bool{}
	for _, m := range found {
		for k := m.i; k <= m.j; k++ {
			taken[k] = true
		}
	}
	for _, m := range d.scanRange(d.lex.meds, from, to) {
		if !taken[m.i] && !taken[m.j] {
			found = append(found, m)
		}
	}
	return found
}

// scanRange is scan limited to tokens from..to.
func (d *doc) scanRange(set phraseSet, from, to int) []mention {
	var out []mention
	for i := max(0, from); i <= to && i < len(d.toks); {
		if n, canon := d.match(set, i); n > 0 && i+n-1 <= to {
			out = append(out, mention{i: i, j: i + n - 1, canon: canon})
			i += n
			continue
		}
		i++
	}
	return out
}

// orders finds what the clinician orders or plans: a lab, imaging, a
// procedure or a referral named in a sentence with an ordering verb ("let's
// get an x-ray", "hey dragon, order an echocardiogram", "je vous prescris une
// prise de sang"), and follow-up visits ("follow up in two weeks"). Text is
// the words as said, so a number in it is a number said.
func (d *doc) orders() []Order {
	var out []Order
	seen := map[string]bool{}
	add := func(kind string, i, j int) {
		text := d.textOf(i, j)
		key := kind + " " + fold(text)
		if seen[key] {
			return
		}
		seen[key] = true
		out = append(out, Order{Kind: kind, Text: text, Spans: []Span{d.span(i, j)}})
	}
	for i := 0; i < len(d.toks); i++ {
		if d.segs[d.toks[i].seg].Speaker == "patient" {
			continue
		}
		a, b := d.sentenceBounds(i)
		m := mention{i: i, j: i}
		if n, _ := d.match(d.lex.followUpCues, i); n > 0 {
			// the visit's delay: "in two weeks", "dans un mois"
			j := i + n - 1
			end := j
			for k := j + 1; k <= min(b, j+5); k++ {
				if isTimeUnit(d.toks[k].norm, d.lex.lang) {
					end = k
					break
				}
			}
			if end > j {
				add(OrderFollowUp, i, end)
			}
			i = j
			continue
		}
		kinds := []struct {
			set  phraseSet
			kind string
			cues phraseSet
		}{
			{d.lex.referrals, OrderReferral, d.lex.referralCues},
			{d.lex.imaging, OrderImaging, d.lex.orderCues},
			{d.lex.labs, OrderLab, d.lex.orderCues},
			{d.lex.procedures, OrderProcedure, d.lex.orderCues},
		}
		for _, k := range kinds {
			n, _ := d.match(k.set, i)
			if n == 0 {
				continue
			}
			m.j = i + n - 1
			if d.cueBefore(k.cues, m, a, 8) && !d.cueBefore(d.lex.negations, m, a, 2) {
				add(k.kind, i, m.j)
				i = m.j
				break
			}
		}
	}
	return out
}

func isTimeUnit(w, lang string) bool {
	if lang == "fr" {
		switch w {
		case "jour", "jours", "semaine", "semaines", "mois", "an", "ans", "annee", "annees":
			return true
		}
		return false
	}
	switch w {
	case "day", "days", "week", "weeks", "month", "months", "year", "years":
		return true
	}
	return false
}
