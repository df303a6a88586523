package notewriter

import "strings"

// The clinician's voice: what the clinician says they will do, think or
// did is charted as a plan, an assessment, a result or the history.

// planVoice rewrites the clinician's spoken intentions as a plan is
// charted: "i am going to prescribe" -> "will prescribe", "i want them to
// contact me" -> "the patient will contact the office", and in French "je
// vais vous prescrire" -> "je vous prescris".
func (v *voiceRules) planVoice(padded string, p pronouns) string {
	// Most sentences hold none of the words a rule starts at.
	if !hasWord(padded, v.starts) {
		return padded
	}
	words := strings.Fields(padded)
	if v.present != nil {
		return " " + strings.Join(v.frenchPlan(words), " ") + " "
	}
	out := make([]string, 0, len(words))
	for i := 0; i < len(words); i++ {
		if n, repl := v.wish(words, i, p); n > 0 {
			out = append(out, repl...)
			i += n - 1
			continue
		}
		if n, restated := v.announcedIntent(words, i); n > 0 && v.clauseOpen(out) {
			if !restated {
				out = append(out, v.will)
			}
			i += n - 1
			continue
		}
		if n := v.restartedIntent(words, i); n > 0 {
			i += n - 1
			continue
		}
		if n, repl := v.opinion(words, i, out); n > 0 {
			out = append(out, repl...)
			i += n - 1
			continue
		}
		if n, kept := v.intent(words, i); n > 0 && v.clauseOpen(out) {
			if len(out) > 0 && !v.boundaries[out[len(out)-1]] {
				out = append(out, ",")
			}
			out = append(out, v.will)
			out = append(out, kept...)
			i += n - 1
			continue
		}
		if n, repl := v.reachOffice(words, i); n > 0 {
			out = append(out, repl)
			i += n - 1
			continue
		}
		out = append(out, words[i])
	}
	return " " + strings.Join(out, " ") + " "
}

// resultVoice charts the clinician's reading of a test by the test: "i
// did review their ct and it shows a stone" -> "their ct shows a stone".
func (v *voiceRules) resultVoice(padded string) string {
	if v.reviews == nil || !hasWord(padded, v.starts) {
		return padded
	}
	words := strings.Fields(padded)
	for i := range words {
		if !v.subjects[words[i]] || !v.clauseOpen(words[:i]) {
			continue
		}
		j := i + 1
		for j < len(words) && v.reviewAux[words[j]] {
			j++
		}
		n := matchLongest(words, j, v.reviews)
		if n == 0 {
			continue
		}
		test := j + n
		for k := test + 1; k < len(words) && k <= test+maxTestWords; k++ {
			shows := k
			if v.showLinks[words[k]] {
				shows++
				if v.showSubjects[wordAt(words, shows)] {
					shows++
				}
			}
			if !v.shows[wordAt(words, shows)] {
				if isPunct(words[k]) {
					break
				}
				continue
			}
			// "their x-ray the x-ray of their ankle": the test restarted.
			if k-test > 4 && words[test+1] == words[test+3] {
				test += 2
			}
			out := append(append([]string{}, words[:i]...), words[test:k]...)
			return " " + strings.Join(append(out, words[shows:]...), " ") + " "
		}
	}
	return padded
}

// passiveHistory charts what the clinicians did to the patient in the
// history by the patient: "we started him on imitrex" -> "he was started on
// imitrex".
func (v *voiceRules) passiveHistory(padded string, p pronouns) string {
	if v.past == nil || !hasWord(padded, v.starts) {
		return padded
	}
	words := strings.Fields(padded)
	for i := 0; i+2 < len(words); i++ {
		participle, ok := v.past[words[i+1]]
		if !v.subjects[words[i]] || !ok || words[i+2] != p.object || !v.clauseOpen(words[:i]) {
			continue
		}
		out := append(append([]string{}, words[:i]...), strings.Fields(p.subject)...)
		out = append(append(out, v.was, participle), words[i+3:]...)
		return " " + strings.Join(out, " ") + " "
	}
	return padded
}

// maxTestWords is the longest test named in a clinician's reading ("the
// x-rays of both their knees").
const maxTestWords = 10

// intent matches a clinician's intention at words[i] ("i am also going to
// go ahead and"), returning how many words it spans and the adverbs kept.
// The word after it must be a verb the plan can carry.
func (v *voiceRules) intent(words []string, i int) (int, []string) {
	if i >= len(words) {
		return 0, nil
	}
	var kept []string
	j := i
	switch {
	case v.subjects[words[i]]:
		j = v.skipAdverbs(words, i+1, &kept, v.adverbs)
		k, base := 0, kept
		for _, in := range v.intents {
			var got []string
			if n := v.matchAdverbs(words, j, in, &got); n > k {
				k, kept = n, append(append([]string{}, base...), got...)
			}
		}
		if k == 0 {
			return 0, nil
		}
		j += k
	default:
		k := matchLongest(words, i, v.leadsAlone)
		if k == 0 {
			return 0, nil
		}
		j += k
	}
	j = v.skipAdverbs(words, j, &kept, v.afterAdverbs)
	j += matchLongest(words, j, v.goAhead)
	if !v.verbAt(words, j) {
		return 0, nil
	}
	return j - i, kept
}

// announcedIntent is the length of "what i would like to do is", which
// announces the plan: the plan follows as a verb ("... is increase the
// lasix" -> "will increase the lasix") or as an intent of its own
// ("... is i am going to prescribe"), then restated is set.
func (v *voiceRules) announcedIntent(words []string, i int) (int, bool) {
	if len(v.announce) == 0 || words[i] != v.announce[0] || !v.subjects[wordAt(words, i+1)] {
		return 0, false
	}
	var kept []string
	j := v.skipAdverbs(words, i+2, &kept, v.adverbs)
	k := 0
	for _, in := range v.intents {
		k = max(k, v.matchAdverbs(words, j, in, &kept))
	}
	if k == 0 {
		return 0, false
	}
	j += k
	j += matchLongest(words, j, v.goAhead)
	if !matchAt(words, j, v.announce[1:]) {
		return 0, false
	}
	j += len(v.announce) - 1
	if wordAt(words, j) == "," {
		j++
	}
	if n, _ := v.intent(words, j); n > 0 {
		return j - i, true
	}
	if !v.verbAt(words, j) {
		return 0, false
	}
	return j - i, false
}

// restartedIntent is the length of an intent the speaker restarted with
// another ("i am going to i will be talking"): the first is dropped so the
// second is charted.
func (v *voiceRules) restartedIntent(words []string, i int) int {
	if !v.subjects[words[i]] {
		return 0
	}
	var kept []string
	j := v.skipAdverbs(words, i+1, &kept, v.adverbs)
	for _, in := range v.intents {
		if n := v.matchAdverbs(words, j, in, &kept); n > 0 {
			if k, _ := v.intent(words, j+n); k > 0 {
				return j + n - i
			}
		}
	}
	return 0
}

// opinion charts the clinician's "i think he has a sprain" as "he likely
// has a sprain", at the start of a clause.
func (v *voiceRules) opinion(words []string, i int, out []string) (int, []string) {
	if v.likely == "" || !v.subjects[words[i]] || !v.clauseOpen(out) {
		return 0, nil
	}
	var kept []string
	j := v.skipAdverbs(words, i+1, &kept, v.adverbs)
	if !v.opinions[wordAt(words, j)] {
		return 0, nil
	}
	j++
	if wordAt(words, j) == "that" {
		j++
	}
	subject := []string{wordAt(words, j)}
	if subject[0] == "the" && wordAt(words, j+1) == "patient" {
		subject = append(subject, "patient")
	}
	if !v.opinionSubjects[strings.Join(subject, " ")] {
		return 0, nil
	}
	verbAt := j + len(subject)
	verb := wordAt(words, verbAt)
	switch {
	case v.copulas[verb]:
		return verbAt + 1 - i, append(subject, verb, v.likely)
	case v.possession[verb]:
		return verbAt + 1 - i, append(subject, v.likely, verb)
	}
	return 0, nil
}

// verbAt reports whether words[j] can be the verb a plan carries: a word,
// not one of notVerbs, and not the subject of "is" ("what i am going to
// do is ...").
func (v *voiceRules) verbAt(words []string, j int) bool {
	next := wordAt(words, j)
	after := wordAt(words, j+1)
	return next != "" && !isPunct(next) && !v.notVerbs[next] && after != "is" && after != "was"
}

// matchAdverbs is the length of phrase at words[j] with adverbs allowed
// between its words ("am also going to"), or 0; kept gets those carried.
func (v *voiceRules) matchAdverbs(words []string, j int, phrase []string, kept *[]string) int {
	start := j
	for k, w := range phrase {
		if k > 0 {
			j = v.skipAdverbs(words, j, kept, v.afterAdverbs)
		}
		if wordAt(words, j) != w {
			return 0
		}
		j++
	}
	return j - start
}

// skipAdverbs passes the adverbs of set from j, collecting those kept.
func (v *voiceRules) skipAdverbs(words []string, j int, kept *[]string, set map[string]bool) int {
	for j < len(words) && set[words[j]] {
		if v.kept[words[j]] {
			*kept = append(*kept, words[j])
		}
		j++
	}
	return j
}

// clauseOpen reports whether the clause written so far leaves room for a
// subjectless "will": nothing, a lead-in such as "for the pain", or a
// whole subordinate clause before the main one ("if that is positive");
// not a subordinator or a subject of the intent's own clause ("because",
// "that", "i think").
func (v *voiceRules) clauseOpen(out []string) bool {
	start := len(out)
	for start > 0 && !v.boundaries[out[start-1]] {
		start--
	}
	clause := out[start:]
	if len(clause) == 0 {
		return true
	}
	if v.blockers[clause[len(clause)-1]] {
		return false
	}
	if len(clause) > minSubordinateWords && v.subordinators[clause[0]] {
		for _, w := range clause[1:] {
			if v.subordinators[w] || v.relatives[w] {
				return false
			}
		}
		return true
	}
	for _, w := range clause {
		if v.blockers[w] {
			return false
		}
	}
	return true
}

// minSubordinateWords is the fewest words after a subordinator ("if that
// is positive") for its clause to be whole.
const minSubordinateWords = 3

// wish rewrites "i want them to rest" as "the patient will rest".
func (v *voiceRules) wish(words []string, i int, p pronouns) (int, []string) {
	if !v.subjects[words[i]] {
		return 0, nil
	}
	var kept []string
	j := v.skipAdverbs(words, i+1, &kept, v.adverbs)
	verb := ""
	for w, to := range v.wishes {
		if first, _, _ := strings.Cut(w, " "); first != wordAt(words, j) {
			continue
		}
		if t := strings.Fields(w); matchAt(words, j, t) {
			verb, j = to, j+len(t)
			break
		}
	}
	if verb == "" {
		return 0, nil
	}
	subject := ""
	switch who := wordAt(words, j); {
	case who == p.object:
		subject, j = p.subject, j+1
	case who == "the" && wordAt(words, j+1) == "patient":
		subject, j = "the patient", j+2
	}
	if subject == "" || wordAt(words, j) != "to" {
		return 0, nil
	}
	j++
	j += matchLongest(words, j, v.goAhead)
	if !v.verbAt(words, j) {
		return 0, nil
	}
	return j - i, append(append(strings.Fields(subject), kept...), verb)
}

// reachOffice writes the clinician's "contact me" as "contact the office".
func (v *voiceRules) reachOffice(words []string, i int) (int, string) {
	for _, r := range v.reach {
		// A cheap look at the first word before the phrase is split.
		if first, _, _ := strings.Cut(r[0], " "); first != words[i] {
			continue
		}
		if t := strings.Fields(r[0]); matchAt(words, i, t) {
			return len(t), r[1]
		}
	}
	return 0, ""
}

// matchLongest is the length of the longest phrase of phrases at words[i].
func matchLongest(words []string, i int, phrases [][]string) int {
	n := 0
	for _, ph := range phrases {
		if len(ph) > n && matchAt(words, i, ph) {
			n = len(ph)
		}
	}
	return n
}
