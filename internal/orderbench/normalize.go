package orderbench

import "strings"

// normalize prepares a text field as the official preprocessor does:
// lower case, the four marks . , ? ! removed (every other character, the
// hyphen of "x-ray" included, stays part of its word), and a hyphen after a
// digit made a space ("5-10" is two words). Nothing else is done: no
// stemming, no stop words, so "milligrams" and "mg" never match.
func normalize(s string) string {
	s = strings.ToLower(s)
	s = strings.Map(func(r rune) rune {
		switch r {
		case '.', ',', '?', '!':
			return -1
		}
		return r
	}, s)
	var b strings.Builder
	prevDigit := false
	for _, r := range s {
		if r == '-' && prevDigit {
			b.WriteRune(' ')
		} else {
			b.WriteRune(r)
		}
		prevDigit = r >= '0' && r <= '9'
	}
	return b.String()
}

// words splits a normalized text at white space, as Python's str.split().
func words(s string) []string { return strings.Fields(strings.TrimSpace(strings.ToLower(s))) }
