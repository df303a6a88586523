package clinical

// How an order is named: the place a study images, how it is done, when
// it is due, in the words said.

import (
	"strings"

	"github.com/notegen/notegen/internal/lexicon"
)

// whenAfter is where an ordered test's words end with the interval said
// right after them ("a hemoglobin A1c in three months"), or end.
func (r *Reading) whenAfter(toks []lexicon.Token, end int) int {
	if end >= len(toks) || !r.Lexicon.List("place_prepositions").Has(toks[end].Norm) && !r.Lexicon.List("prepositions").Has(toks[end].Norm) {
		return end
	}
	interval, to := r.saidInterval(toks, end)
	if interval == "" || to > end+intervalWords {
		return end
	}
	if at := r.repairAfter(toks, to); at >= 0 {
		// "in a couple weeks, or, I'm sorry, a couple months": the order's
		// words run to the interval the speaker corrects to
		if again, corrected := r.saidInterval(toks, at); again != "" {
			return corrected
		}
	}
	return to
}

// intervalWords is the most tokens of an interval said after a test ("in
// two to three weeks").
const intervalWords = 5

// placeBefore is where an ordered test's words start with the place,
// side and qualifiers said before its name ("a right upper quadrant
// ultrasound", "a liver ultrasound", "a renal artery ultrasound"), as a
// condition's are; an imaging study also takes the organ it is of and how
// it is done ("a non-contrast CT").
func (r *Reading) placeBefore(m mention) int {
	said := mention{Mention: m.Mention, saidFirst: m.First, saidEnd: m.End}
	r.qualify(&said)
	if m.kind != Imaging {
		return said.saidFirst
	}
	x := r.Lexicon
	toks := r.Units[m.Unit].Tokens
	for moved := true; moved; {
		moved = false
		for _, list := range []string{"study_sites", "study_modifiers", "sides"} {
			if k := endingAt(toks, said.saidFirst, x.List(list)); k >= 0 && k < said.saidFirst {
				said.saidFirst, moved = k, true
			}
		}
	}
	return said.saidFirst
}

// placeAfter extends a term over the place said after it ("x-ray of the
// right ankle", "a CT scan without contrast of your abdomen and pelvis",
// "une échographie abdominale", "a CT head") and how a study is done
// ("with contrast"), and returns the new end.
func (r *Reading) placeAfter(toks []lexicon.Token, end int) int {
	x := r.Lexicon
	sites, modifiers := x.List("study_sites"), x.List("study_modifiers")
	if _, n := modifiers.Match(toks, end); n > 0 {
		end += n
	}
	if _, n := sites.Match(toks, end); n > 0 {
		// a site said right after the study's name, without a word
		// attaching it ("IRM lombaire", "CT abdomen")
		return r.sitesAfter(toks, end+n)
	}
	e, n := x.List("attachments").Match(toks, end)
	if e == nil {
		return end
	}
	j := end + n
	for _, list := range []string{"determiners", "sides", "qualifiers"} {
		if e, n := x.List(list).Match(toks, j); e != nil {
			j += n
		}
	}
	if n := r.siteAt(toks, j); n > 0 {
		return r.sitesAfter(toks, j+n)
	}
	return end
}

// orderText is the text of tokens [first, end) of unit i as an order
// names it: the words said, with the possessive said to the patient
// written as an article ("MRI of the left shoulder").
func (r *Reading) orderText(i, first, end int) string {
	u := r.Units[i]
	text := []rune(r.Segments[u.Segment].Text)
	var b strings.Builder
	at := u.Tokens[first].Start
	for k := first; k < end; k++ {
		e, _ := r.Lexicon.List("order_possessives").Match(u.Tokens, k)
		if e == nil || e.Attr("to") == "" {
			continue
		}
		b.WriteString(string(text[at:u.Tokens[k].Start]))
		b.WriteString(e.Attr("to"))
		at = u.Tokens[k].End
	}
	b.WriteString(string(text[at:u.Tokens[end-1].End]))
	return r.Lexicon.Acronyms(b.String())
}

// siteAt is how many tokens from k name a body part or the organ a study
// is of, 0 when none does.
func (r *Reading) siteAt(toks []lexicon.Token, k int) int {
	if _, n := r.Lexicon.List("body_parts").Match(toks, k); n > 0 {
		return n
	}
	_, n := r.Lexicon.List("study_sites").Match(toks, k)
	return n
}

// sitesAfter extends a study's place that ends at end over the places
// listed with it ("abdomen and pelvis", "chest, abdomen and pelvis") and how the
// study is done said after them ("... pelvis with contrast").
func (r *Reading) sitesAfter(toks []lexicon.Token, end int) int {
	x := r.Lexicon
	for end < len(toks) && (toks[end].Norm == "," || x.List("list_joins").Has(toks[end].Norm)) {
		j := end + 1
		if j < len(toks) && toks[end].Norm == "," && x.List("list_joins").Has(toks[j].Norm) {
			j++
		}
		if e, n := x.List("determiners").Match(toks, j); e != nil {
			j += n
		}
		n := r.siteAt(toks, j)
		if n == 0 {
			break
		}
		if e, _ := x.List("imaging").Match(toks, j+n); e != nil {
			// "x-rays of the hip and pelvis and a chest x-ray": the
			// place of the next study
			break
		}
		end = j + n
	}
	if _, n := x.List("study_modifiers").Match(toks, end); n > 0 {
		end += n
	}
	return end
}

// checkedAfter extends a general test (a panel: "a blood test") over what
// it is said to check right after it ("to check your thyroid"): an organ,
// a test or a condition, which names the order.
func (r *Reading) checkedAfter(e *lexicon.Entry, toks []lexicon.Token, end int) int {
	if e == nil || e.Attr("panel") != "yes" {
		return end
	}
	x := r.Lexicon
	c, n := x.List("check_words").Match(toks, end)
	if c == nil {
		return end
	}
	k := end + n
	for k < len(toks) && (x.List("determiners").Has(toks[k].Norm) || x.List("second_possessives").Has(toks[k].Norm) ||
		x.List("own_possessives").Has(toks[k].Norm)) {
		k++
	}
	for _, list := range []string{"body_parts", "study_sites", "labs", "conditions"} {
		if f, fn := x.List(list).Match(toks, k); f != nil {
			return k + fn
		}
	}
	return end
}
