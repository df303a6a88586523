package spoken

import (
	"slices"
	"strconv"
	"strings"

	"github.com/notegen/notegen/internal/lexicon"
)

// card is a whole number read from number words.
type card struct {
	value int
	end   int   // the token after it
	words int   // number words read
	first *word // its first word
	// plain: made of units and tens only, as the second group of hundreds
	// said in two pairs is ("one fifty").
	plain bool
}

// cardinal reads the whole number said at toks[i] in the language's
// grammar: "one hundred and twenty", "a hundred", "forty five", "two
// thousand twenty three", "cent trente", "soixante et onze",
// "quatre-vingt-dix-neuf", "deux mille vingt". It stops before the first
// word the grammar does not allow next, so "one eighty" reads as "one"
// here (hundreds said in pairs are read by pair) and "five six" as "five".
func (r *Reader) cardinal(toks []lexicon.Token, i int) (card, bool) {
	c := card{plain: true}
	total, cur, lastBig := 0, 0, 0
	hundreds := false // the current group below a thousand has its hundreds
	last := kNone
	var prev *word
	p := i
loop:
	for p < len(toks) {
		w, n := r.wordAt(toks, p)
		if w == nil {
			break
		}
		k := w.kind
		switch w.kind {
		case kUnit:
			if !unitMayFollow(last, prev, w.value) {
				break loop
			}
			cur += w.value
		case kTens:
			if last != kNone && last != kScale && (last != kAnd || prev.joinsTens) {
				break loop
			}
			cur += w.value
		case kScale:
			c.plain = false
			if w.value < 1000 {
				switch {
				case last == kNone && w.alone, last == kScale && w.alone && lastBig > 0 && cur == 0:
					// "cent", "mille cent"
					cur = w.value
				case (last == kUnit || last == kTens) && !hundreds && cur >= 1 && cur < 100:
					// A scale that stands alone for one of itself is
					// multiplied by a digit only: "deux cents", never
					// "vingt cents".
					if w.alone && (last != kUnit || cur < 2 || cur > 9) {
						break loop
					}
					cur *= w.value
				default:
					break loop
				}
				hundreds = true
				break
			}
			if lastBig != 0 && w.value >= lastBig {
				break loop
			}
			switch {
			case last == kNone && w.alone:
				cur = 1
			case last != kUnit && last != kTens && last != kScale, cur == 0:
				break loop
			}
			total += cur * w.value
			cur, lastBig, hundreds = 0, w.value, false
		case kAnd:
			next, _ := r.wordAt(toks, p+n)
			if next == nil || !andJoins(w, last, next) {
				break loop
			}
			c.plain = false
		case kArticle:
			// "a hundred": the article is one, before a scale only.
			next, _ := r.wordAt(toks, p+n)
			if last != kNone || next == nil || next.kind != kScale || next.alone {
				break loop
			}
			cur, k = 1, kUnit
			c.plain = false
		default:
			break loop
		}
		if c.words == 0 {
			c.first = w
		}
		c.words++
		last, prev = k, w
		p += n
	}
	if c.words == 0 {
		return card{}, false
	}
	c.value, c.end = total+cur, p
	return c, true
}

// unitMayFollow reports whether a unit of value u may come after a word
// of kind last: "twenty five", "hundred five", "soixante douze", never
// "five six" or "twenty fifteen".
func unitMayFollow(last kind, prev *word, u int) bool {
	switch last {
	case kNone:
		return true
	case kScale, kAnd:
		return u != 0
	case kTens:
		return u != 0 && (u < 10 || prev.teens)
	}
	return false
}

// andJoins reports whether the "and" word w joins what came before (of
// kind last) to next: "hundred and twenty", "vingt et un".
func andJoins(w *word, last kind, next *word) bool {
	if w.joinsTens {
		return last == kTens && next.kind == kUnit && slices.Contains(w.values, next.value)
	}
	return last == kScale && (next.kind == kUnit || next.kind == kTens) && next.value != 0
}

// decimals reads the digits said after the decimal word at toks[i]:
// "point two five" (one digit a word), "virgule zéro cinq" (a cardinal,
// its leading zeros kept). It returns "" when no decimal is said there.
func (r *Reader) decimals(toks []lexicon.Token, i int) (string, int) {
	w, n := r.wordAt(toks, i)
	if w == nil || w.kind != kDecimal {
		return "", i
	}
	p := i + n
	var b strings.Builder
	if w.eachDigit {
		lastStart := p
		for p < len(toks) {
			d, m := r.wordAt(toks, p)
			if d == nil || (d.kind != kUnit && d.kind != kDigit) || d.value > 9 {
				break
			}
			b.WriteString(strconv.Itoa(d.value))
			lastStart = p
			p += m
		}
		// "ninety eight point six two days ago": a digit word before a
		// unit of time counts the time, it is no further decimal.
		if b.Len() > 1 {
			if u, _ := r.unitAt(toks, p); u != nil && u.kind == unitTime {
				s := b.String()
				b.Reset()
				b.WriteString(s[:len(s)-1])
				p = lastStart
			}
		}
		return b.String(), p
	}
	for p < len(toks) {
		d, m := r.wordAt(toks, p)
		if d == nil || d.kind != kUnit || d.value != 0 {
			break
		}
		b.WriteByte('0')
		p += m
	}
	if c, ok := r.cardinal(toks, p); ok {
		b.WriteString(strconv.Itoa(c.value))
		p = c.end
	}
	return b.String(), p
}

// fraction reads a fraction word at toks[i] ("and a half", "et demi"):
// its decimal digits ("5") and the token after it.
func (r *Reader) fraction(toks []lexicon.Token, i int) (string, int) {
	w, n := r.wordAt(toks, i)
	if w == nil || w.kind != kFraction {
		return "", i
	}
	digits := strconv.FormatFloat(w.fraction, 'f', -1, 64)
	return strings.TrimPrefix(digits, "0."), i + n
}
