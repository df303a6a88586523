package clinical

import (
	"strings"

	"github.com/notegen/notegen/internal/lexicon"
	"github.com/notegen/notegen/internal/spoken"
)

// number is a number said in a unit: its token range (its unit included),
// its digits as a note writes them, its key ("38.5" whatever the
// language's decimal mark), and its unit's written form and kind ("mg",
// "mass"), "" when none was said.
type number struct {
	first, end int
	text, key  string
	unit, kind string
	// run marks a number said back to back with another the grammar could
	// not join ("five six days"): said, but nothing is read from it alone.
	run bool
}

// numbersIn reads the numbers of a unit's tokens, in digits or words; a
// run of number words the grammar cannot read as one number ("five six
// days") is no number here: nothing is computed from it.
func (r *Reading) numbersIn(toks []lexicon.Token) []number {
	var out []number
	for _, n := range r.numbersWithRuns(toks) {
		if !n.run {
			out = append(out, n)
		}
	}
	return out
}

// numbersWithRuns is numbersIn with the runs kept, for a reader that knows
// how two numbers said together make one ("trente-huit neuf" is a
// temperature of 38.9).
func (r *Reading) numbersWithRuns(toks []lexicon.Token) []number {
	units := r.Lexicon.List("units")
	var out []number
	for _, n := range spoken.For(r.Lang).Numbers(toks) {
		num := number{first: n.First, end: n.UnitEnd, text: n.Text, key: n.Key, unit: n.Unit, run: n.Run}
		if n.UnitEnd > n.End {
			if e, _ := units.Match(toks, n.End); e != nil {
				num.kind = e.Attr("kind")
			}
		}
		out = append(out, num)
	}
	return out
}

// doseKinds are the kinds of unit a dose is measured in.
var doseKinds = map[string]bool{"mass": true, "volume": true, "count": true, "form": true, "percent": true}

// withSpokenYears returns toks with each year said in words ("back in
// twenty sixteen", "en deux mille quinze") written in digits on its first
// word, as the assertion rules read a year ("back in 2016" dates what is
// said with it); toks itself when they say none.
func (r *Reading) withSpokenYears(toks []lexicon.Token) []lexicon.Token {
	words := r.Lexicon.List("number_words")
	said := false
	for _, t := range toks {
		if words.Has(t.Norm) {
			said = true
			break
		}
	}
	if !said {
		return toks
	}
	var out []lexicon.Token
	for _, n := range r.numbersIn(toks) {
		if n.unit != "" || n.end-n.first < 2 || !isYear(n.key) {
			continue
		}
		if out == nil {
			out = append([]lexicon.Token(nil), toks...)
		}
		out[n.first].Norm, out[n.first].Kind = n.key, lexicon.Number
	}
	if out == nil {
		return toks
	}
	return out
}

// isYear reports whether key is a year from 1900 to 2099 in digits.
func isYear(key string) bool {
	if len(key) != 4 || !(strings.HasPrefix(key, "19") || strings.HasPrefix(key, "20")) {
		return false
	}
	for _, c := range key {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}
