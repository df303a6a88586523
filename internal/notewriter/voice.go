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
