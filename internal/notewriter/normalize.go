package notewriter

import (
	"strconv"
	"strings"
)

// normalizeNumbers writes spoken numbers as digits and applies clinical
// notation: "one hundred twenty over eighty" -> "120/80", "three out of six"
// -> "3/6", "eighty milligrams once a day" -> "80 mg daily", "five weeks"
// -> "5 weeks", "ninety eight point six" -> "98.6".
func normalizeNumbers(padded string, rules *numberRules) string {
	words := strings.Fields(padded)
	words = spokenToDigits(words, rules)
	joined := " " + strings.Join(words, " ") + " "
	joined = joinFractions(joined, rules.over)
	if rules.outOf != rules.over {
		joined = joinFractions(joined, rules.outOf)
	}
	for _, u := range rules.unitWords {
		joined = replaceAfterDigit(joined, u[0], u[1])
	}
	joined = strings.ReplaceAll(joined, " %", "%")
	for _, f := range rules.frequency {
		joined = strings.ReplaceAll(joined, " "+f[0]+" ", " "+f[1]+" ")
	}
	return joined
}

// spokenToDigits folds runs of number words into one numeral. A lone "one"
// or "a" stays a word ("one of those", "a bit") because it is rarely a count.
func spokenToDigits(words []string, rules *numberRules) []string {
	out := make([]string, 0, len(words))
	for i := 0; i < len(words); {
		value, used := parseNumber(words[i:], rules)
		if used == 0 || (used == 1 && value == 1) {
			out = append(out, words[i])
			i++
			continue
		}
		text := strconv.Itoa(value)
		// "ninety eight point six" -> 98.6
		if i+used+1 < len(words) && (words[i+used] == "point" || words[i+used] == "virgule") {
			if frac, n := parseNumber(words[i+used+1:i+used+2], rules); n == 1 {
				text += "." + strconv.Itoa(frac)
				used += 2
			} else if isNumeral(words[i+used+1]) {
				text += "." + words[i+used+1]
				used += 2
			}
		}
		out = append(out, text)
		i += used
	}
	return out
}

func isNumeral(w string) bool {
	if w == "" {
		return false
	}
	for i := 0; i < len(w); i++ {
		if !isDigit(w[i]) {
			return false
		}
	}
	return true
}

// parseNumber reads the longest number-word prefix of words.
func parseNumber(words []string, rules *numberRules) (value, used int) {
	total, current := 0, 0
	lastWasNumber := false
	for used < len(words) {
		w := words[used]
		parts := []string{w}
		if _, ok := rules.tens[w]; !ok && strings.Contains(w, "-") {
			parts = strings.Split(w, "-")
		}
		matched := true
		for _, p := range parts {
			switch {
			case rules.units[p] > 0 || p == "zero" || p == "zéro":
				current += rules.units[p]
			case rules.tens[p] > 0:
				current += rules.tens[p]
			case rules.scales[p] > 0:
				if current == 0 {
					current = 1
				}
				current *= rules.scales[p]
				if rules.scales[p] >= 1000 {
					total += current
					current = 0
				}
			default:
				matched = false
			}
		}
		if !matched {
			// "one hundred and twenty": "and" glues only between numbers.
			if w == rules.and && lastWasNumber && used+1 < len(words) {
				if _, n := parseNumber(words[used+1:used+2], rules); n == 1 {
					used++
					continue
				}
			}
			break
		}
		lastWasNumber = true
		used++
	}
	if used > 0 && words[used-1] == rules.and {
		used--
	}
	return total + current, used
}

// joinFractions turns "120 over 80" into "120/80".
func joinFractions(padded, connector string) string {
	needle := " " + connector + " "
	if !strings.Contains(padded, needle) {
		return padded
	}
	words := strings.Fields(padded)
	conn := strings.Fields(connector)
	var out []string
	for i := 0; i < len(words); i++ {
		if i+len(conn)+1 < len(words)+0 && isNumeral(words[i]) && matchAt(words, i+1, conn) && i+len(conn)+1 < len(words) && isNumeral(words[i+len(conn)+1]) {
			out = append(out, words[i]+"/"+words[i+len(conn)+1])
			i += len(conn) + 1
			continue
		}
		out = append(out, words[i])
	}
	return " " + strings.Join(out, " ") + " "
}

func matchAt(words []string, at int, want []string) bool {
	if at+len(want) > len(words) {
		return false
	}
	for k, w := range want {
		if words[at+k] != w {
			return false
		}
	}
	return true
}

// replaceAfterDigit abbreviates a unit only after a numeral, so "units of
// measure" in prose is left alone.
func replaceAfterDigit(padded, unit, abbrev string) string {
	if !strings.Contains(padded, " "+unit+" ") {
		return padded
	}
	words := strings.Fields(padded)
	unitWords := strings.Fields(unit)
	var out []string
	for i := 0; i < len(words); i++ {
		if len(out) > 0 && isNumeral(strings.ReplaceAll(strings.ReplaceAll(out[len(out)-1], ".", ""), "/", "")) && matchAt(words, i, unitWords) {
			out = append(out, abbrev)
			i += len(unitWords) - 1
			continue
		}
		out = append(out, words[i])
	}
	return " " + strings.Join(out, " ") + " "
}
