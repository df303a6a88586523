package lexicon

import "strings"

// Stem compares words on their first five letters once a plural's ending
// is set aside ("rashes" meets "rash", "legs" meets "leg") and a final "y"
// read as the "i" it becomes ("dizzy", "dizziness"): enough to tell
// words apart, short enough to ignore inflection in both languages.
func Stem(w string) string {
	w = singular(w)
	// "dizzy" meets "dizziness", "itchy" meets "itching".
	if n := len(w); n > 3 && w[n-1] == 'y' {
		w = w[:n-1] + "i"
	}
	r := []rune(w)
	if len(r) > 5 {
		r = r[:5]
	}
	return string(r)
}

// singular drops a plural's "s" or "x", or the "es" after a sibilant
// ("rashes", "boxes"), from a word long enough to have one.
func singular(w string) string {
	if len(w) <= 3 || strings.HasSuffix(w, "ss") || strings.HasSuffix(w, "us") || strings.HasSuffix(w, "is") {
		return w
	}
	for _, end := range []string{"shes", "ches", "sses", "xes", "zes"} {
		if strings.HasSuffix(w, end) {
			return w[:len(w)-2]
		}
	}
	if strings.HasSuffix(w, "s") || strings.HasSuffix(w, "x") {
		return w[:len(w)-1]
	}
	return w
}
