package notewriter

import (
	"strconv"
	"strings"
)

// Spoken numbers are a patient-safety matter: "one fifty over ninety" must
// become 150/90, never 51/90. The readers below follow each language's
// number grammar word by word and stop where the grammar stops, so a run of
// words that is not one number ("five six days") is written as two numbers
// rather than summed into a third that nobody said.

// numberKind is the grammatical class of the last number word read.
type numberKind int

const (
	kindNone numberKind = iota
	kindUnit
	kindTens
	kindHundred
	kindThousand
	kindAnd
)

// splitNumberCompounds writes hyphenated number words as separate words
// ("quatre-vingt-dix-neuf" -> "quatre vingt dix neuf", "twenty-five" ->
// "twenty five") so that both spellings are read by the same grammar. Words
// with any part that is not a number word ("follow-up") are left alone.
func splitNumberCompounds(words []string, rules *numberRules) []string {
	var out []string
	for i, w := range words {
		if !strings.Contains(w, "-") {
			if out != nil {
				out = append(out, w)
			}
			continue
		}
		parts := strings.Split(w, "-")
		all := true
		for _, p := range parts {
			if !rules.isNumberWord(p) && p != rules.and {
				all = false
				break
			}
		}
		if !all {
			if out != nil {
				out = append(out, w)
			}
			continue
		}
		if out == nil {
			out = append(make([]string, 0, len(words)+4), words[:i]...)
		}
		out = append(out, parts...)
	}
	if out == nil {
		return words
	}
	return out
}

func (r *numberRules) isNumberWord(w string) bool {
	if _, ok := r.units[w]; ok {
		return true
	}
	if _, ok := r.tens[w]; ok {
		return true
	}
	_, ok := r.scales[w]
	return ok
}

// spokenToDigits folds runs of number words into numerals. A lone "one",
// "a", "un" or "une" stays a word ("one of those", "une douleur") because
// it is rarely a count.
func spokenToDigits(words []string, rules *numberRules) []string {
	words = splitNumberCompounds(words, rules)
	out := make([]string, 0, len(words))
	for i := 0; i < len(words); {
		// "pour cent" is a unit, not a hundred.
		if rules.french && words[i] == "pour" && i+1 < len(words) && words[i+1] == "cent" {
			out = append(out, "pour", "cent")
			i += 2
			continue
		}
		digits, used := rules.read(words[i:])
		if used == 1 && leadingPoint(words, i, rules) {
			// "a . five centimeter stone" is 0.5 cm with its point written
			// as a full stop: digits would write 5. The words stay as said,
			// the point spelled out ("a point five").
			out[len(out)-1] = rules.point
			out = append(out, words[i])
			i++
			continue
		}
		if used == 0 || (used == 1 && digits == "1") {
			out = append(out, words[i])
			i++
			continue
		}
		// Two numbers spoken back to back ("ninety ninety seven", "five
		// six days") are a correction or a range the grammar cannot settle:
		// the words are kept as said rather than guessed into digits.
		if end := i + used + runLength(words[i+used:], rules); end > i+used {
			out = append(out, words[i:end]...)
			i = end
			continue
		}
		out = append(out, digits)
		i += used
	}
	return out
}

// leadingPoint reports whether the number word at i follows an English
// article and a lone full stop ("a . five"): an article ends no sentence,
// so the stop is a decimal point whose leading zero was not said.
func leadingPoint(words []string, i int, rules *numberRules) bool {
	if rules.french || i < 2 || words[i-1] != "." || (words[i-2] != "a" && words[i-2] != "an") {
		return false
	}
	u, ok := rules.units[words[i]]
	return ok && u <= 9
}

// runLength is how many words at the start of words are numbers read back
// to back.
func runLength(words []string, rules *numberRules) int {
	n := 0
	for n < len(words) {
		_, used := rules.read(words[n:])
		if used == 0 {
			break
		}
		n += used
	}
	return n
}

// read returns the digits of the number spoken at the start of words and
// how many words it used; used is 0 when words does not start with one.
func (r *numberRules) read(words []string) (string, int) {
	value, used := r.cardinal(words)
	if used == 0 {
		return "", 0
	}
	digits := strconv.Itoa(value)
	if frac, n := r.decimals(words[used:]); n > 0 {
		return digits + r.decimalMark + frac, used + n
	}
	// "ninety eight . two": the transcriber wrote the decimal point as a
	// full stop (the sentence splitter kept it inside the sentence). Read
	// as 98.2 it is only the likeliest reading, not what the transcript
	// says, so the number stays in the words that were said, with the
	// point spelled out: "ninety eight point two" reads as 98.2 to a
	// clinician and writes no digits the encounter did not contain.
	if rest := words[used:]; len(rest) >= 2 && rest[0] == "." {
		u, ok := r.units[rest[1]]
		if (ok && u <= 9 && (len(rest) == 2 || !r.isNumberWord(rest[2]))) || (len(rest[1]) == 1 && isDigit(rest[1][0])) {
			return strings.Join(words[:used], " ") + " " + r.point + " " + rest[1], used + 2
		}
	}
	if n := r.half(words[used:]); n > 0 {
		return digits + r.decimalMark + "5", used + n
	}
	return digits, used
}

// cardinal reads the whole number at the start of words in the
// language's grammar, shorthand included.
func (r *numberRules) cardinal(words []string) (int, int) {
	if r.french {
		return r.frenchCardinal(words)
	}
	value, used := r.englishCardinal(words)
	if used > 0 {
		value, used = r.englishShorthand(words, value, used)
	}
	return value, used
}

// englishCardinal reads "one hundred and twenty", "a hundred", "forty
// five", "two thousand twenty three". It stops before a word the grammar
// does not allow next: "one eighty" is read here as "one" only.
func (r *numberRules) englishCardinal(words []string) (int, int) {
	total, cur := 0, 0
	last := kindNone
	i := 0
loop:
	for ; i < len(words); i++ {
		w := words[i]
		next := wordAt(words, i+1)
		if u, ok := r.units[w]; ok {
			if last == kindUnit || (last == kindTens && u >= 10) || (u == 0 && last != kindNone) {
				break
			}
			cur += u
			last = kindUnit
			continue
		}
		if t, ok := r.tens[w]; ok {
			if last == kindUnit || last == kindTens {
				break
			}
			cur += t
			last = kindTens
			continue
		}
		switch w {
		case "a":
			if last != kindNone || (next != "hundred" && next != "thousand") {
				break loop
			}
			cur, last = 1, kindUnit
		case "hundred":
			if last != kindUnit && last != kindTens || cur%1000 >= 100 || cur == 0 {
				break loop
			}
			cur *= 100
			last = kindHundred
		case "thousand", "million":
			if last == kindNone || last == kindThousand || last == kindAnd || cur == 0 {
				break loop
			}
			total += cur * r.scales[w]
			cur = 0
			last = kindThousand
		case r.and:
			// "and" joins only "hundred and twenty"; "two and a half" is
			// read by half.
			_, isUnit := r.units[next]
			_, isTens := r.tens[next]
			if (last != kindHundred && last != kindThousand) || !(isUnit || isTens) {
				break loop
			}
			last = kindAnd
		default:
			break loop
		}
	}
	if i == 0 {
		return 0, 0
	}
	return total + cur, i
}

// englishShorthand reads the way vitals and weights are spoken: "one fifty
// over ninety" is 150/90, "one oh five" is 105, "two twenty pounds" is 220,
// "nineteen eighty five" is 1985. A leading "one" always starts such a
// shorthand; two to nine only before "over" or a weight, because "two
// forty milligram tablets" are two tablets of 40 mg.
func (r *numberRules) englishShorthand(words []string, value, used int) (int, int) {
	if used != 1 || value < 1 || value > 19 || (value > 9 && value != 19) {
		return value, used
	}
	rest := words[used:]
	if len(rest) >= 2 && rest[0] == "oh" {
		if u, ok := r.units[rest[1]]; ok && u < 10 && value < 10 {
			return value*100 + u, used + 2
		}
		return value, used
	}
	b, n := r.englishCardinal(rest)
	if n == 0 || b < 10 || b > 99 {
		return value, used
	}
	// Only a two-digit group made of tens and units: "one hundred" is not
	// a shorthand continuation.
	for _, w := range rest[:n] {
		if _, ok := r.scales[w]; ok || w == r.and || w == "a" {
			return value, used
		}
	}
	after := ""
	if len(rest) > n {
		after = rest[n]
	}
	switch {
	case value == 1, value == 19:
	case value <= 9 && (after == "over" || after == "pounds" || after == "lbs"):
	default:
		return value, used
	}
	return value*100 + b, used + n
}

// frenchCardinal reads French cardinals: "cent trente", "soixante et
// onze", "soixante dix sept", "quatre vingt seize", "deux mille vingt".
// Septante, huitante, octante and nonante are read too.
func (r *numberRules) frenchCardinal(words []string) (int, int) {
	total, cur := 0, 0
	last := kindNone
	prevWord := ""
	i := 0
loop:
	for ; i < len(words); i++ {
		w := words[i]
		next := wordAt(words, i+1)
		if u, ok := r.units[w]; ok {
			switch last {
			case kindNone, kindHundred, kindThousand, kindAnd:
				if u == 0 && last != kindNone {
					break loop
				}
			case kindUnit:
				// dix-sept, dix-huit, dix-neuf, also after soixante and
				// quatre-vingt.
				if prevWord != "dix" || u < 7 || u > 9 {
					break loop
				}
			case kindTens:
				tens := cur % 100
				if u == 0 || (u >= 10 && tens != 60 && tens != 80) {
					break loop
				}
			}
			cur += u
			last = kindUnit
			prevWord = w
			continue
		}
		if t, ok := r.tens[w]; ok {
			switch {
			case (w == "vingt" || w == "vingts") && prevWord == "quatre" && last == kindUnit && cur%100 == 4:
				cur += 76 // quatre-vingt: the four already counted becomes eighty
			case last == kindNone || last == kindHundred || last == kindThousand:
				cur += t
			default:
				break loop
			}
			last = kindTens
			prevWord = w
			continue
		}
		switch w {
		case "cent", "cents":
			switch {
			case last == kindNone:
				cur = 100
			case last == kindUnit && cur >= 2 && cur <= 9:
				cur *= 100
			case last == kindThousand:
				cur = 100
			default:
				break loop
			}
			last = kindHundred
		case "mille":
			if last == kindThousand || last == kindAnd {
				break loop
			}
			if cur == 0 {
				cur = 1
			}
			total += cur * 1000
			cur = 0
			last = kindThousand
		case r.and:
			// "vingt et un", "soixante et onze"; "et demi" is read by half.
			if last != kindTens || (next != "un" && next != "une" && next != "onze") {
				break loop
			}
			last = kindAnd
		default:
			break loop
		}
		prevWord = w
	}
	if i == 0 {
		return 0, 0
	}
	return total + cur, i
}

// decimals reads the fractional part after "point" (one spoken digit per
// word: "point two five") or "virgule" (a French cardinal, leading zeros
// kept: "virgule zéro cinq").
func (r *numberRules) decimals(words []string) (string, int) {
	if len(words) < 2 || words[0] != r.point {
		return "", 0
	}
	if r.french {
		zeros := 0
		for 1+zeros < len(words) && words[1+zeros] == "zéro" {
			zeros++
		}
		v, n := r.frenchCardinal(words[1+zeros:])
		if n == 0 && zeros == 0 {
			return "", 0
		}
		frac := strings.Repeat("0", zeros)
		if n > 0 {
			frac += strconv.Itoa(v)
		}
		return frac, 1 + zeros + n
	}
	var frac strings.Builder
	n := 1
	for ; n < len(words); n++ {
		if words[n] == "oh" {
			frac.WriteByte('0')
			continue
		}
		u, ok := r.units[words[n]]
		if !ok || u > 9 {
			break
		}
		frac.WriteString(strconv.Itoa(u))
	}
	if frac.Len() == 0 {
		return "", 0
	}
	return frac.String(), n
}

// half reads "and a half" / "et demi(e)" after a number.
func (r *numberRules) half(words []string) int {
	if r.french {
		if len(words) >= 2 && words[0] == "et" && (words[1] == "demi" || words[1] == "demie") {
			return 2
		}
		return 0
	}
	if len(words) >= 3 && words[0] == "and" && words[1] == "a" && words[2] == "half" {
		return 3
	}
	return 0
}

// isNumeral reports whether w is written in digits, with an optional
// decimal or thousands mark inside ("98.6", "38,5", "1,792").
func isNumeral(w string) bool {
	if w == "" || !isDigit(w[0]) || !isDigit(w[len(w)-1]) {
		return false
	}
	for i := 0; i < len(w); i++ {
		if !isDigit(w[i]) && w[i] != '.' && w[i] != ',' {
			return false
		}
	}
	return true
}
