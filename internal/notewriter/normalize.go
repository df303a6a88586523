package notewriter

import "strings"

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
		if i+len(conn)+1 < len(words) && isNumeral(words[i]) && matchAt(words, i+1, conn) && isNumeral(words[i+len(conn)+1]) {
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
		if len(out) > 0 && isNumeral(strings.ReplaceAll(out[len(out)-1], "/", "")) && matchAt(words, i, unitWords) {
			out = append(out, abbrev)
			i += len(unitWords) - 1
			continue
		}
		out = append(out, words[i])
	}
	return " " + strings.Join(out, " ") + " "
}
