package notewriter

import "strings"

// Clinicians chart an examination or a result as the finding alone:
// "Regular rate and rhythm. No murmurs." for "it is a nice regular rate and
// rhythm , i do not hear any murmurs". The rules below take the narration
// off a finding the analyzer already kept; they only remove or shorten
// words, so the sentence's provenance (the span it was said in) still
// holds.

// terseRules are one language's rewrites of findings into charting style.
type terseRules struct {
	// phrases are whole-word replacements applied in order ("i do not hear
	// any" -> "no", "nice and soft" -> "soft").
	phrases [][2]string
	// remarks open a trailing comment on a finding (", which we have heard
	// in the past"): the finding ends before them.
	remarks []string
	// siteOpen and siteClose frame the body part an examination is about
	// ("on your right knee exam"); siteLead is how a note names it
	// ("examination of the right knee :"). Empty siteOpen turns it off.
	siteOpen, siteClose, siteLead string
}

// terse rewrites one finding (a padded sentence) into charting style. It
// returns the sentence unchanged when too little would be left of it.
func terse(padded string, rules terseRules) string {
	out := replaceWords(padded, rules.phrases)
	for _, r := range rules.remarks {
		if i := strings.Index(out, " "+r+" "); i > 0 && wordCount(out[:i]) >= 2 {
			out = out[:i] + " . "
		}
	}
	out = examSite(out, rules)
	if wordCount(out) < 2 {
		return padded
	}
	return " " + strings.Join(strings.Fields(out), " ") + " "
}

// examSite writes "on your right knee exam , there is edema" as
// "examination of the right knee : there is edema".
func examSite(padded string, rules terseRules) string {
	if rules.siteOpen == "" {
		return padded
	}
	open := " " + rules.siteOpen + " "
	i := strings.Index(padded, open)
	if i < 0 {
		return padded
	}
	rest := strings.Fields(padded[i+len(open):])
	// The site is one to three words before the closing word.
	for n := 1; n <= 3 && n < len(rest); n++ {
		if rest[n] != rules.siteClose {
			continue
		}
		tail := rest[n+1:]
		for len(tail) > 0 && tail[0] == "," {
			tail = tail[1:]
		}
		if len(tail) < 2 {
			return padded
		}
		site := strings.Join(rest[:n], " ")
		return padded[:i] + " " + rules.siteLead + " " + site + " : " + strings.Join(tail, " ") + " "
	}
	return padded
}
