package spoken

import (
	"strconv"

	"github.com/notegen/notegen/internal/lexicon"
)

// Hundreds said in two pairs ("one fifty" for one hundred fifty, "nineteen
// eighty five", "twenty nineteen") leave the hundred out, so the words
// alone cannot tell 150 from 1 and 50. pairs reads them only where what
// is said around them settles it; elsewhere the two numbers stay apart.
//
//   - A leading one is a pair ("heart rate of one eighty", "pulse one oh
//     five") except before a unit of time ("one fifteen minute break"), as
//     a time of day ("at one thirty", "one thirty pm") or as a count before
//     a unit that modifies a form ("one twenty milligram tablet").
//   - Two to nine lead a pair before a ratio ("two ten over ninety"), and
//     with tens before a mass or a volume that modifies no form ("two fifty
//     milligrams", "two twenty pounds"; "two forty milligram tablets" are
//     two tablets of 40 mg; "five ten units" is a range).
//   - Nineteen leads a year ("back in nineteen eighty five"), twenty only
//     after a word that announces one ("in twenty nineteen"; "twenty
//     twenty vision", "twenty thirty minutes" are no years), and neither
//     before a unit or as a time of day.
//
// When the grammar leaves a pair unsettled, alt is its reading as one
// number, which the check of what was said accepts too: "platelets two
// fifty" may be 250, "five six" is never 56.
func (r *Reader) pairs(toks []lexicon.Token, i int, lead card) (value, end int, alt string, ok bool) {
	if !r.elided {
		return 0, 0, "", false
	}
	l := lead.value
	isUnit := lead.first.kind == kUnit
	if !(isUnit && l >= 1 && l <= 9 || isUnit && l == 19 || lead.first.kind == kTens && l == 20) {
		return 0, 0, "", false
	}
	g, gEnd, tens, oh := r.secondPair(toks, lead.end)
	if gEnd == 0 {
		return 0, 0, "", false
	}
	value = l*100 + g
	u, _ := r.unitAt(toks, gEnd)
	timeCue := i > 0 && r.kindAt(toks, i-1) == kTime
	clock := r.kindAt(toks, gEnd) == kClock
	modifies := r.modifiesForm(toks, gEnd, l == 1)
	switch {
	case l <= 9 && r.ratioFollows(toks, gEnd):
		return value, gEnd, "", true
	case l == 1:
		if !(u != nil && u.kind == unitTime || timeCue || clock || modifies) {
			return value, gEnd, "", true
		}
	case l <= 9:
		if tens && u != nil && (u.kind == unitMass || u.kind == unitVolume) && !modifies {
			return value, gEnd, "", true
		}
		if tens && u == nil && !clock && r.hundredsMeasureBefore(toks, i) {
			// "repeat peak flow three sixty": a measure counted in
			// hundreds settles it
			return value, gEnd, "", true
		}
	default:
		year := l == 19 || i > 0 && r.kindAt(toks, i-1) == kYear
		if u == nil && year && !timeCue && !clock {
			return value, gEnd, "", true
		}
	}
	// Unsettled, the pair has another reading as one number; settled as
	// a count before a modifying unit, it has none.
	switch {
	case modifies:
	case l == 1, l <= 9 && (tens || oh):
		alt = strconv.Itoa(value)
	case l > 9 && u == nil:
		alt = strconv.Itoa(value)
	}
	return 0, 0, alt, false
}

// secondPair reads the second pair of hundreds said in pairs at toks[i]:
// ten to ninety-nine in units and tens ("fifty", "twenty five",
// "fifteen"), or a zero digit and a unit ("oh five"). tens says it starts
// with tens, oh with a zero digit; end is 0 when no pair is there.
func (r *Reader) secondPair(toks []lexicon.Token, i int) (value, end int, tens, oh bool) {
	if w, n := r.wordAt(toks, i); w != nil && w.kind == kDigit {
		if u, m := r.wordAt(toks, i+n); u != nil && u.kind == kUnit && u.value <= 9 {
			return u.value, i + n + m, false, true
		}
		return 0, 0, false, false
	}
	c, ok := r.cardinal(toks, i)
	if !ok || !c.plain || c.value < 10 || c.value > 99 {
		return 0, 0, false, false
	}
	return c.value, c.end, c.first.kind == kTens, false
}

// ratioFollows reports whether a ratio word and a number follow at
// toks[i]: "one twenty over eighty".
func (r *Reader) ratioFollows(toks []lexicon.Token, i int) bool {
	w, n := r.wordAt(toks, i)
	if w == nil || w.kind != kRatio {
		return false
	}
	_, ok := r.simpleAt(toks, i+n)
	return ok
}

// measureReach is how many words may stand between a measure's name and
// its value ("peak flow was about three sixty").
const measureReach = 4

// hundredsMeasureBefore reports whether a measure whose values run in the
// hundreds (hundreds_measures: peak flow) ends within
// measureReach words before token i, in the same clause.
func (r *Reader) hundredsMeasureBefore(toks []lexicon.Token, i int) bool {
	list := r.lex.List("hundreds_measures")
	for k := i - 1; k >= 0 && k >= i-measureReach-3; k-- {
		if toks[k].Kind == lexicon.Punct {
			return false
		}
		if e, n := list.Match(toks, k); e != nil && k+n <= i && i-(k+n) <= measureReach {
			return true
		}
	}
	return false
}
