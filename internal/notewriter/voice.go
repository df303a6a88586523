package notewriter

import (
	"strings"
)

// voiceRules turn what was said into what a clinician charts: the
// patient's first person into the third (rewritePerson), the clinician's
// spoken intentions ("i am going to prescribe") into plan wording ("will
// prescribe"), a medication the patient says they take into a medication
// line, and an examination's spoken opening into the finding alone.
type voiceRules struct {
	// subjects are the clinician's first-person subjects ("i", "we").
	subjects map[string]bool
	// starts are the words any plan rule starts at, for a quick look.
	starts []string
	// reviews are the clinician reading a test ("did review", "looked at"),
	// after a subject and reviewAux; the test is named until a word of
	// shows ("showed"), maybe after one of showLinks and showSubjects
	// ("and it showed").
	reviews                                   [][]string
	reviewAux, showLinks, showSubjects, shows map[string]bool
	// intents follow a subject and announce what the clinician will do
	// ("am going to", "want to"); leadsAlone need no subject ("let us").
	intents    [][]string
	leadsAlone [][]string
	// adverbs may sit inside an intent ("i am also going to", "i do
	// want to"); after the intent only afterAdverbs do ("we will do that"
	// does something). kept lists those carried over ("will also").
	adverbs, afterAdverbs, kept map[string]bool
	// past maps the clinicians' past actions on the patient to their
	// participles ("gave" -> "given"), charted with was.
	past map[string]string
	was  string
	// announce is the opening that announces a plan: "what" + subject +
	// intent + "do is".
	announce []string
	// goAhead is the filler between an intent and its verb ("go ahead and").
	goAhead [][]string
	// will is the plan's auxiliary.
	will string
	// wishes are the clinician wanting the patient to act ("i want them
	// to rest" -> "the patient will rest"), each with the auxiliary it
	// becomes ("need" -> "should").
	wishes map[string]string
	// opinions are the clinician's "i think" ("i believe", "i feel");
	// after one of opinionSubjects and a copula or a verb of possession
	// the opinion is charted with likely ("he is likely", "he likely has").
	opinions, opinionSubjects, copulas, possession map[string]bool
	likely                                         string
	// notVerbs may not follow an intent: the intent is then not one
	// ("i want to say", "let us see if ...").
	notVerbs map[string]bool
	// blockers before an intent in its clause mean the intent's subject
	// cannot be dropped ("because we are going to", "what i want to do"),
	// unless the clause is a whole one opened by one of subordinators and
	// without relatives ("if it is positive i want to").
	blockers, subordinators, relatives map[string]bool
	// boundaries end the clause looked back over.
	boundaries map[string]bool
	// reach are the clinician's own contacts ("contact me") written as the
	// office's.
	reach [][2]string
	// patientSpeech are phrases only a patient says of themselves ("my
	// doctor", "i have taken"); a clinician-tagged sentence holding one is
	// the patient's words in a turn the transcriber did not split.
	patientSpeech []string
	// addressing words mean the speaker talks to the patient.
	addressing map[string]bool
	// medSubjects open a patient's medication sentence ("i", "j'ai"), and
	// reasonLead a reason said before it ("for the pain"); elidedArticle
	// is dropped from the medication's name ("l'ibuprofène").
	medSubjects               map[string]bool
	reasonLead, elidedArticle string
	// takes are the verbs of a patient's medication sentence ("i take",
	// "i have been taking") after the subject; article words are dropped
	// before the medication's name.
	takes    [][]string
	articles map[string]bool
	// notMedication are words that, right after the verb, show the
	// sentence does not name a medication ("i have been taking them").
	notMedication map[string]bool
	// cutAt ends the medication's phrase ("tylenol but it did not help").
	cutAt map[string]bool
	// examWords end a spoken examination opening ("of the abdomen on a
	// abdominal exam"); examOpen starts one.
	examWords map[string]bool
	examOpen  string
	// regionDeterminers follow examOpen in a region ("of the", "of their");
	// findingStarts open the finding said after it.
	regionDeterminers, findingStarts map[string]bool
	// negations mark a sentence that denies something; echoFiller are the
	// words after one that do not name what is denied ("not had any").
	negations, echoFiller map[string]bool
	// present conjugates an infinitive for "je" (French plans: "je vais
	// prescrire" -> "je prescris"); nil where the language needs none.
	present func(string) string
}

// voiceFor is the voice rules of a language.
func voiceFor(lang string) *voiceRules {
	if lang == "fr" {
		return frenchVoice
	}
	return englishVoice
}

// voice writes a chosen sentence body in the note's voice: person,
// medication line, plan wording and article agreement.
func (a *analyzer) voice(body string, cat category, who speaker) string {
	v := voiceFor(a.lang)
	if who == speakerClinician && historyCategory(cat) && v.soundsLikePatient(body) {
		who = speakerPatient
	}
	if who == speakerPatient && cat == catMedications {
		body = v.medicationLine(body, a.lex)
	}
	// French plans are conjugated before "vous" is read, so that "je vais
	// vous prescrire" becomes "je lui prescris", not "je vais le prescrire".
	if who == speakerClinician && v.present != nil {
		body = v.planVoice(body, a.pronouns)
	}
	text := rewritePerson(body, who, a.pronouns, a.lex, a.lang)
	if who == speakerClinician && v.present == nil && planCategory(cat) {
		text = v.planVoice(text, a.pronouns)
	}
	if who == speakerClinician && cat == catResults {
		text = v.resultVoice(text)
	}
	if who == speakerClinician && historyCategory(cat) {
		text = v.passiveHistory(text, a.pronouns)
	}
	if a.lang != "fr" {
		text = agreeArticles(text)
	}
	return text
}

// historyCategory reports the sections that chart what the patient told.
func historyCategory(cat category) bool {
	switch cat {
	case catChiefComplaint, catHPI, catROS, catPastHistory, catSurgicalHistory, catMedications, catAllergies,
		catSocial, catFamily, catResults:
		return true
	}
	return false
}

// planCategory reports the sections that chart what the clinician decided.
func planCategory(cat category) bool {
	switch cat {
	case catAssessment, catPlan, catEducation, catDisposition:
		return true
	}
	return false
}

// soundsLikePatient reports a sentence only the patient says ("i saw my
// doctor", "i have taken some tylenol") without a word addressed to them.
func (v *voiceRules) soundsLikePatient(padded string) bool {
	if !hasWord(padded, v.patientSpeech) {
		return false
	}
	for w := range v.addressing {
		if strings.Contains(padded, " "+w+" ") {
			return false
		}
	}
	return true
}

// medicationLine writes a patient's "for the pain i have taken some
// tylenol but it did not help" as "tylenol for the pain but it did not
// help": the medication first, the way a medication list reads.
func (v *voiceRules) medicationLine(padded string, lex *lexicon) string {
	words := strings.Fields(padded)
	at := -1
	for i, w := range words {
		if v.medSubjects[w] {
			at = i
			break
		}
	}
	if at < 0 {
		return padded
	}
	n := 0
	for _, t := range v.takes {
		if matchAt(words, at+1, t) && len(t) > n {
			n = len(t)
		}
	}
	if n == 0 {
		return padded
	}
	// What came before the subject is the reason ("for the pain"); a
	// sentence that opens with more than that is left as said.
	reason := trimPunct(words[:at])
	if len(reason) > 0 && reason[0] != v.reasonLead {
		return padded
	}
	rest := words[at+1+n:]
	for len(rest) > 0 && v.articles[rest[0]] {
		rest = rest[1:]
	}
	// "i take forty milligrams" gives a dose, not the medication.
	if len(rest) == 0 || v.notMedication[rest[0]] || lex.numbers.isNumberWord(rest[0]) || hasDigitWord(rest[0]) {
		return padded
	}
	// French elides the article onto the name ("l'ibuprofène").
	if name, ok := strings.CutPrefix(rest[0], v.elidedArticle); ok && v.elidedArticle != "" && name != "" {
		rest = append([]string{name}, rest[1:]...)
	}
	end := len(rest)
	for i, w := range rest {
		if v.cutAt[w] {
			end = i
			break
		}
	}
	out := append([]string{}, rest[:end]...)
	out = append(out, reason...)
	out = append(out, rest[end:]...)
	return " " + strings.Join(out, " ") + " "
}

// trimPunct drops commas at both ends of words.
func trimPunct(words []string) []string {
	for len(words) > 0 && words[0] == "," {
		words = words[1:]
	}
	for len(words) > 0 && words[len(words)-1] == "," {
		words = words[:len(words)-1]
	}
	return words
}

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

// agreeArticles writes "an" before a vowel sound ("a abdominal exam" ->
// "an abdominal exam"); a "u" said "you" ("a urine test", "a unit") and
// "one" keep "a".
func agreeArticles(padded string) string {
	var b strings.Builder
	done := 0
	for from := 0; ; {
		i := strings.Index(padded[from:], " a ")
		if i < 0 {
			break
		}
		at := from + i
		next, _ := nextWord(padded[at+len(" a"):])
		if vowelSound(next) {
			b.WriteString(padded[done : at+len(" a")])
			b.WriteString("n")
			done = at + len(" a")
		}
		from = at + len(" a")
	}
	if done == 0 {
		return padded
	}
	b.WriteString(padded[done:])
	return b.String()
}

// vowelSound reports an English word that starts with a vowel sound, as
// far as its spelling tells.
func vowelSound(w string) bool {
	if w == "" {
		return false
	}
	switch w[0] {
	case 'a', 'e', 'i', 'o':
		return !strings.HasPrefix(w, "one") && !strings.HasPrefix(w, "once") && !strings.HasPrefix(w, "eu")
	case 'u':
		return strings.HasPrefix(w, "un") && !strings.HasPrefix(w, "uni") || strings.HasPrefix(w, "ul") ||
			strings.HasPrefix(w, "um") || strings.HasPrefix(w, "up")
	case 'h':
		return strings.HasPrefix(w, "hour") || strings.HasPrefix(w, "honest")
	}
	return false
}

// cutExamOpening drops the spoken opening of a finding that names the
// region and the examination again ("of the abdomen on a abdominal exam
// there is no tenderness" -> "there is no tenderness") and writes a region
// said before its finding as the finding's label ("of their right foot
// their capillary refill is brisk" -> "right foot : their capillary refill
// is brisk").
func cutExamOpening(padded string, lex *lexicon, lang string) string {
	v := voiceFor(lang)
	words := strings.Fields(padded)
	if len(words) < 4 || words[0] != v.examOpen || !v.regionDeterminers[words[1]] {
		return padded
	}
	for k := 2; k < len(words) && k <= maxExamOpening; k++ {
		if v.examWords[words[k]] {
			if len(words)-k-1 < 2 {
				return padded
			}
			return " " + strings.Join(words[k+1:], " ") + " "
		}
	}
	for k := 2; k+2 < len(words) && k <= maxRegionWords+1; k++ {
		if !lex.complaint.bodyParts[words[k]] {
			continue
		}
		// French says the side after the part ("la cheville droite").
		if _, side := lex.complaint.sides[words[k+1]]; side && k+3 < len(words) {
			k++
		}
		if !v.findingStarts[words[k+1]] {
			return padded
		}
		out := append(append([]string{}, words[2:k+1]...), ":")
		rest := words[k+1:]
		// "right foot : capillary refill", not "right foot : your capillary refill".
		if labelPossessives[rest[0]] {
			rest = rest[1:]
		}
		return " " + strings.Join(append(out, rest...), " ") + " "
	}
	return padded
}

// labelPossessives are dropped after a region label.
var labelPossessives = set("your", "their", "his", "her", "my", "votre", "vos", "son", "sa", "ses")

// maxRegionWords is the most words a region said before its finding has
// ("right upper arm").
const maxRegionWords = 3

// maxExamOpening is the longest examination opening cut, in words.
const maxExamOpening = 7

// dropEchoedNegations removes a short sentence that denies what the
// sentence beside it already charts as denied ("I am not vomiting." next to
// "Denies vomiting."), or, in the history, what the history's closing
// denials will chart from the findings; its source joins the charted one.
func dropEchoedNegations(sts []statement, findings []finding, lex *lexicon, lang string) []statement {
	v := voiceFor(lang)
	denies := capitalize(lex.deniesPrefix) + " "
	drop := map[int]bool{}
	for i, s := range sts {
		if len(s.text) > maxEchoChars {
			continue
		}
		words := strings.Fields(strings.ToLower(strings.TrimSuffix(s.text, ".")))
		if len(words) > maxEchoWords || strings.HasPrefix(s.text, denies) {
			continue
		}
		denied := v.deniedWords(words)
		if len(denied) == 0 {
			continue
		}
		if s.cat == catHPI {
			if k := deniedFinding(findings, denied); k >= 0 {
				drop[i] = true
				findings[k].sources = append(findings[k].sources, s.sources...)
				continue
			}
		}
		for j := max(0, i-echoReach); j < len(sts) && j <= i+echoReach; j++ {
			if j == i || drop[j] || sts[j].cat != s.cat || !strings.HasPrefix(sts[j].text, denies) {
				continue
			}
			if hasWord(padTokens(sts[j].text), []string{strings.Join(denied, " ")}) {
				drop[i] = true
				sts[j].sources = append(sts[j].sources, s.sources...)
				break
			}
		}
	}
	if len(drop) == 0 {
		return sts
	}
	out := sts[:0]
	for i, s := range sts {
		if !drop[i] {
			out = append(out, s)
		}
	}
	return out
}

// deniedWords are what a sentence with a single negation denies ("the
// patient is not vomiting" -> "vomiting"), or nil when it negates more
// than once or says nothing after its negation.
func (v *voiceRules) deniedWords(words []string) []string {
	at := -1
	for i, w := range words {
		if v.negations[w] {
			if at >= 0 {
				return nil
			}
			at = i
		}
	}
	if at < 0 {
		return nil
	}
	var denied []string
	for _, w := range words[at+1:] {
		if !v.echoFiller[w] {
			denied = append(denied, w)
		}
	}
	return denied
}

// deniedFinding is the index of the denied finding named denied, or -1.
func deniedFinding(findings []finding, denied []string) int {
	name := strings.Join(denied, " ")
	for k, f := range findings {
		if !f.present && f.name == name {
			return k
		}
	}
	return -1
}

// maxEchoWords is the longest sentence taken for an echo of a denial.
const maxEchoWords = 8

// maxEchoChars bounds the text of a sentence looked at as an echo, a cheap
// look before its words are read.
const maxEchoChars = 80

// echoReach is how many sentences away an echoed denial may be.
const echoReach = 2
