package facts

import (
	"strconv"
	"strings"

	"github.com/notegen/notegen/internal/transcript"
)

// number is a value read from the transcript: digits as written, or number
// words turned into digits. text is what goes into a fact, so it is always
// the value said, never a computed one.
type number struct {
	text  string  // "150", "98.6", "120/80"
	value float64 // the first part's value for "120/80"
	n     int     // tokens used
}

var enUnits = map[string]int{
	"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
	"nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
	"sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19,
}

var enTens = map[string]int{
	"twenty": 20, "thirty": 30, "forty": 40, "fourty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
	"eighty": 80, "ninety": 90,
}

var frUnits = map[string]int{
	"zero": 0, "un": 1, "une": 1, "deux": 2, "trois": 3, "quatre": 4, "cinq": 5, "six": 6, "sept": 7,
	"huit": 8, "neuf": 9, "dix": 10, "onze": 11, "douze": 12, "treize": 13, "quatorze": 14,
	"quinze": 15, "seize": 16,
}

var frTens = map[string]int{
	"vingt": 20, "trente": 30, "quarante": 40, "cinquante": 50, "soixante": 60, "septante": 70,
	"huitante": 80, "octante": 80, "nonante": 90,
}

// numberAt reads the number that starts at token i, in digits or in words of
// lang, with a decimal part ("ninety eight point six", "trente-huit virgule
// cinq") and, when over is true, a ratio ("one twenty over eighty", "cent
// trente sur quatre-vingts", "120/80").
func (d *doc) numberAt(i int, over bool) (number, bool) {
	num, ok := d.simpleNumberAt(i)
	if !ok {
		return number{}, false
	}
	if over && !strings.Contains(num.text, "/") {
		j := i + num.n
		if j < len(d.toks) && d.lex.overWords[d.toks[j].norm] && d.toks[j].seg == d.toks[i].seg {
			if den, ok := d.simpleNumberAt(j + 1); ok && !strings.Contains(den.text, "/") {
				num.text += "/" + den.text
				num.n += 1 + den.n
			}
		}
	}
	return num, true
}

func (d *doc) simpleNumberAt(i int) (number, bool) {
	if i >= len(d.toks) {
		return number{}, false
	}
	t := d.toks[i]
	if t.punct {
		return number{}, false
	}
	if t.norm != "" && t.norm[0] >= '0' && t.norm[0] <= '9' {
		txt := strings.ReplaceAll(t.norm, ",", ".")
		if strings.Count(txt, ".") > 1 {
			return number{}, false
		}
		first := txt
		if k := strings.IndexByte(txt, '/'); k >= 0 {
			first = txt[:k]
		}
		v, err := strconv.ParseFloat(first, 64)
		if err != nil {
			return number{}, false
		}
		return number{text: txt, value: v, n: 1}, true
	}
	words := d.wordsFrom(i, 12)
	var v, n int
	if d.lex.lang == "fr" {
		v, n = frInt(words)
	} else {
		v, n = enInt(words)
	}
	if n == 0 {
		return number{}, false
	}
	txt := strconv.Itoa(v)
	val := float64(v)
	// decimal part: "point six", "point two five", "virgule cinq"
	if n < len(words) && (words[n] == "point" || words[n] == "virgule") {
		digits, m := decimalDigits(words[n+1:], d.lex.lang)
		if m > 0 {
			txt += "." + digits
			val, _ = strconv.ParseFloat(txt, 64)
			n += 1 + m
		}
	}
	// "two and a half"
	if d.lex.lang == "en" && n+2 < len(words) && words[n] == "and" && words[n+1] == "a" && words[n+2] == "half" {
		txt += ".5"
		val += 0.5
		n += 3
	}
	return number{text: txt, value: val, n: n}, true
}

// wordsFrom returns up to max folded words from token i, stopping at
// punctuation other than a hyphen and at the segment's end.
func (d *doc) wordsFrom(i, max int) []string {
	var w []string
	for k := i; k < len(d.toks) && len(w) < max; k++ {
		t := d.toks[k]
		if t.seg != d.toks[i].seg {
			break
		}
		if t.punct {
			if t.text == "-" {
				w = append(w, "-")
				continue
			}
			break
		}
		w = append(w, t.norm)
	}
	// hyphens count as tokens for positions but not as words; keep them so
	// that n counts tokens, and let the parsers skip them
	return w
}

// decimalDigits reads the digits after "point"/"virgule": digit words one
// by one ("two five") or, in French, one number ("vingt-cinq").
func decimalDigits(words []string, lang string) (string, int) {
	var b strings.Builder
	n := 0
	units := enUnits
	if lang == "fr" {
		if v, m := frInt(words); m > 0 {
			return strconv.Itoa(v), m
		}
		units = frUnits
	}
	for n < len(words) {
		w := words[n]
		if w == "oh" && lang == "en" {
			w = "zero"
		}
		u, ok := units[w]
		if !ok || u > 9 {
			break
		}
		b.WriteString(strconv.Itoa(u))
		n++
	}
	return b.String(), n
}

// enInt parses an English cardinal at the start of words and returns its
// value and the number of words (hyphens included) it used.
func enInt(words []string) (int, int) {
	pos := 0
	skipHyphen := func() {
		if pos < len(words) && words[pos] == "-" {
			pos++
		}
	}
	below100 := func() (int, bool) {
		if pos >= len(words) {
			return 0, false
		}
		w := words[pos]
		if u, ok := enUnits[w]; ok {
			pos++
			return u, true
		}
		if t, ok := enTens[w]; ok {
			pos++
			save := pos
			skipHyphen()
			if pos < len(words) {
				if u, ok := enUnits[words[pos]]; ok && u > 0 && u < 10 {
					pos++
					return t + u, true
				}
			}
			pos = save
			return t, true
		}
		return 0, false
	}
	start := pos
	total := 0
	if pos < len(words) && words[pos] == "a" && pos+1 < len(words) && (words[pos+1] == "hundred" || words[pos+1] == "thousand") {
		pos++
		total = 1
	} else {
		v, ok := below100()
		if !ok {
			return 0, 0
		}
		total = v
		// colloquial hundreds: "one fifty" is 150, "one twenty five" 125, "one oh five" 105
		if v >= 1 && v <= 9 && pos < len(words) {
			save := pos
			if words[pos] == "oh" && pos+1 < len(words) {
				if u, ok := enUnits[words[pos+1]]; ok && u < 10 {
					return v*100 + u, pos + 2 - start
				}
			}
			if _, isTen := enTens[words[pos]]; isTen {
				if r, ok := below100(); ok {
					return v*100 + r, pos - start
				}
			}
			if u, ok := enUnits[words[pos]]; ok && u >= 10 {
				pos++
				return v*100 + u, pos - start
			}
			pos = save
		}
	}
	// scale multiplies by a scale word ("hundred", "thousand") and adds
	// what follows it, after an optional "and", when rest reads a number
	// there; otherwise the scale word ends the number.
	scale := func(word string, factor int, rest func() (int, bool)) {
		if pos >= len(words) || words[pos] != word {
			return
		}
		pos++
		total *= factor
		save := pos
		if pos < len(words) && words[pos] == "and" {
			pos++
		}
		if r, ok := rest(); ok {
			total += r
		} else {
			pos = save
		}
	}
	scale("hundred", 100, below100)
	scale("thousand", 1000, func() (int, bool) {
		sub, m := enInt(words[pos:])
		if m == 0 || sub >= 1000 {
			return 0, false
		}
		pos += m
		return sub, true
	})
	return total, pos - start
}

// frInt parses a French cardinal ("quatre-vingt-quinze", "soixante et onze",
// "cent trente", "deux mille") at the start of words.
func frInt(words []string) (int, int) {
	pos := 0
	peek := func(k int) string {
		p := pos
		for seen := 0; p < len(words); p++ {
			if words[p] == "-" {
				continue
			}
			if seen == k {
				return words[p]
			}
			seen++
		}
		return ""
	}
	next := func() {
		for pos < len(words) && words[pos] == "-" {
			pos++
		}
		pos++
	}
	below20 := func() (int, bool) {
		w := peek(0)
		if w == "dix" {
			switch peek(1) {
			case "sept":
				next()
				next()
				return 17, true
			case "huit":
				next()
				next()
				return 18, true
			case "neuf":
				next()
				next()
				return 19, true
			}
		}
		if u, ok := frUnits[w]; ok {
			next()
			return u, true
		}
		return 0, false
	}
	below100 := func() (int, bool) {
		w := peek(0)
		// quatre-vingt(s) [below 20]
		if w == "quatre" && (peek(1) == "vingt" || peek(1) == "vingts") {
			next()
			next()
			v := 80
			save := pos
			if r, ok := below20(); ok && r > 0 {
				return v + r, true
			}
			pos = save
			return v, true
		}
		if t, ok := frTens[w]; ok {
			next()
			save := pos
			if peek(0) == "et" && (peek(1) == "un" || peek(1) == "une" || peek(1) == "onze") {
				next()
				u := frUnits[peek(0)]
				next()
				return t + u, true
			}
			if r, ok := below20(); ok && r > 0 && (r < 10 || t == 60) {
				return t + r, true
			}
			pos = save
			return t, true
		}
		return below20()
	}
	start := pos
	total := 0
	// hundreds: "cent", "deux cents", "trois cent vingt"
	if w := peek(0); w == "cent" || w == "cents" {
		next()
		total = 100
		if r, ok := below100(); ok {
			total += r
		}
	} else if peek(0) != "mille" {
		v, ok := below100()
		if !ok {
			return 0, 0
		}
		total = v
		if (peek(0) == "cent" || peek(0) == "cents") && v >= 2 && v <= 9 {
			next()
			total = v * 100
			if r, ok := below100(); ok {
				total += r
			}
		}
	}
	if peek(0) == "mille" {
		next()
		total *= 1000
		if total == 0 {
			total = 1000
		}
		save := pos
		if sub, m := frInt(words[pos:]); m > 0 && sub < 1000 {
			total += sub
			pos += m
		} else {
			pos = save
		}
	} else if total == 0 && start == pos {
		return 0, 0
	}
	return total, pos - start
}

// Numbers returns every number said in text in language lang, as digits:
// written ones as written ("120/80", "2.5"), spoken ones converted ("one
// fifty over ninety" gives "150/90", "150" and "90"). It is what a number in
// a note or a fact is checked against.
func (x *Extractor) Numbers(text, lang string) []string {
	lx, ok := x.lex[lang]
	if !ok {
		lx = x.lex["en"]
	}
	d := analyse([]transcript.Segment{{Text: text}}, lx)
	var out []string
	for i := 0; i < len(d.toks); i++ {
		if num, ok := d.numberAt(i, true); ok {
			out = append(out, num.text)
			if k := strings.IndexByte(num.text, '/'); k > 0 {
				out = append(out, num.text[:k], num.text[k+1:])
			}
			i += num.n - 1
		}
	}
	return out
}
