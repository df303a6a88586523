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
	// generic findings only say that all is well ("everything looks
	// good"); without a body system named they tell a reader nothing and
	// clinicians leave them out.
	generic []string
	// fine says a measurement is as expected ("look good"); said of the
	// vital signs without their values it is left out.
	fine []string
	// announce opens a result that only says a test is being looked at
	// ("let us look at your x-ray"); findings are what a result must
	// state to be kept after such an opening.
	announce, findings []string
	// remarks open a trailing comment on a finding (", which we have heard
	// in the past"): the finding ends before them.
	remarks []string
	// siteOpens and siteCloses frame the body part an examination is
	// about ("on your right knee exam"); siteLead is how a note names it
	// ("examination of the right knee :"). A site that only names a body
	// system ("for your lung exam") is dropped: the finding's system label
	// says it. No siteOpens turns it off.
	siteOpens   []string
	siteCloses  map[string]bool
	systemSites map[string]bool
	siteLead    string
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
	for _, o := range rules.siteOpens {
		if out, ok := siteAfter(padded, " "+o+" ", rules); ok {
			return out
		}
	}
	return padded
}

// siteAfter rewrites the site that open introduces, if it is one.
func siteAfter(padded, open string, rules terseRules) (string, bool) {
	i := strings.Index(padded, open)
	if i < 0 {
		return padded, false
	}
	rest := strings.Fields(padded[i+len(open):])
	// The site is one to three words before the closing word.
	for n := 1; n <= 3 && n < len(rest); n++ {
		// "on your x-ray and her exam" joins two things; no one site.
		if rest[n-1] == "and" || rest[n-1] == "," {
			return padded, false
		}
		if !rules.siteCloses[rest[n]] {
			continue
		}
		tail := rest[n+1:]
		for len(tail) > 0 && tail[0] == "," {
			tail = tail[1:]
		}
		if len(tail) < 2 {
			return padded, false
		}
		if n == 1 && rules.systemSites[rest[0]] {
			return padded[:i] + " " + strings.Join(tail, " ") + " ", true
		}
		site := strings.Join(rest[:n], " ")
		return padded[:i] + " " + rules.siteLead + " " + site + " : " + strings.Join(tail, " ") + " ", true
	}
	return padded, false
}

// vitalWindow is how many words after a vital sign's name its value may
// come ("your blood pressure looks pretty good today at 128/72").
const vitalWindow = 8

// vitalsList writes a sentence that reads out vital signs as the list a
// note carries ("blood pressure 128/72, heart rate 72"), dropping the talk
// between them. Each value is the one said after its name, before the
// next name; a name without a value is left out. It returns "" when the
// sentence gives no value, for the caller to keep the sentence as said.
func vitalsList(padded string, rules *numberRules) string {
	words := strings.Fields(padded)
	var items []string
	for i := 0; i < len(words); {
		name, label := vitalAt(words, i, rules)
		if name == 0 {
			i++
			continue
		}
		i += name
		for k := i; k < len(words) && k < i+vitalWindow; k++ {
			if n, _ := vitalAt(words, k, rules); n > 0 {
				break
			}
			if v, n := vitalValue(words[k:], rules); n > 0 {
				items = append(items, label+" "+v)
				i = k + n
				break
			}
		}
	}
	if len(items) == 0 {
		return ""
	}
	return " " + strings.Join(items, " , ") + " . "
}

// vitalAt is how many words the vital sign named at words[i] takes, and
// its name in a note; 0 when none is named there.
func vitalAt(words []string, i int, rules *numberRules) (int, string) {
	for _, v := range rules.vitalNames {
		name := strings.Fields(v[0])
		if matchAt(words, i, name) {
			return len(name), v[1]
		}
	}
	return 0, ""
}

// vitalValue reads a measured value at the start of words: digits
// ("128/72", "96%"), with the unit after them, or a decimal kept in words
// ("ninety eight point seven").
func vitalValue(words []string, rules *numberRules) (string, int) {
	w := strings.TrimSuffix(words[0], "%")
	if isNumeral(strings.ReplaceAll(w, "/", "")) {
		if len(words) > 1 && (words[1] == "%" || rules.isVitalUnit(words[1])) {
			return words[0] + " " + words[1], 2
		}
		return words[0], 1
	}
	n := 0
	for n < len(words) && (rules.isNumberWord(words[n]) || (n > 0 && words[n] == rules.point)) {
		n++
	}
	if n >= 3 && words[n-2] == rules.point {
		return strings.Join(words[:n], " "), n
	}
	return "", 0
}

// isVitalUnit reports a unit written after a vital sign's value.
func (r *numberRules) isVitalUnit(w string) bool {
	for _, u := range r.unitWords {
		if u[1] == w {
			return true
		}
	}
	return false
}

// onlyAnnounces reports a result sentence that names a test about to be
// reviewed without saying what it found.
func onlyAnnounces(padded string, rules terseRules) bool {
	return hasCue(padded, rules.announce) && !hasCue(padded, rules.findings) && !hasDigitWord(padded)
}

// cutAside ends an examination finding where the clinician turns to a
// question or to narration in the same unpunctuated sentence ("heart sounds
// normal no murmurs listen to your lungs if you can take a deep breath").
// A sentence that opens with one is left whole, for the caller to drop.
func cutAside(padded string, lex *lexicon) string {
	padded = trimLeading(padded, lex.glue)
	if cut, ok := cutAt(padded, append(append(append([]string{}, lex.examAsides...), lex.questionPhrases...), lex.examCuts...), lex, 3); ok {
		return cut
	}
	return padded
}

// cutAt ends padded before the first of cues that has at least min words
// before it, leaving no dangling word or acknowledgement at the end.
func cutAt(padded string, cues []string, lex *lexicon, min int) (string, bool) {
	body := trimLeading(padded, lex.glue)
	cut := len(body)
	for _, c := range cues {
		c = strings.TrimSpace(c)
		if i := strings.Index(body[1:], " "+c+" ") + 1; i > 0 && i < cut {
			cut = i
		}
	}
	if cut == len(body) {
		return padded, false
	}
	words := strings.Fields(body[:cut])
	for len(words) > 0 {
		w := words[len(words)-1]
		if !lex.dangling[w] && w != "," {
			break
		}
		words = words[:len(words)-1]
	}
	if len(words) < min {
		return padded, false
	}
	return " " + strings.Join(words, " ") + " . ", true
}
