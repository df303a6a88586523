package notewriter

import "strings"

// problemStops end a problem name announced after "for your ...".
var problemStops = map[string]bool{
	",": true, ".": true, "?": true, "i": true, "we": true, "it": true, "you": true, "that": true, "is": true,
	"are": true, "which": true, "so": true, "and": true, "but": true, "let": true, "let's": true, "what": true,
	"there": true, "this": true, "since": true, "because": true, "je": true, "nous": true, "on": true, "c'est": true,
	"qui": true, "donc": true, "alors": true, "vous": true, "il": true, "elle": true, "has": true, "have": true,
	"was": true, "looks": true, "seems": true, "right": true, "now": true, "to": true,
	// A treatment said right after the name is the plan, not the name:
	// "coronary artery disease continue with the statin".
	"continue": true, "start": true, "increase": true, "decrease": true, "stop": true, "keep": true,
	"like": true, "continuer": true, "augmenter": true, "commencer": true, "arrêter": true,
}

// problemDeterminers are dropped from the start of a problem name: the
// note says "Hypertension", not "your hypertension".
var problemDeterminers = map[string]bool{
	"your": true, "his": true, "her": true, "the": true, "my": true, "their": true, "this": true,
	"votre": true, "vos": true, "son": true, "sa": true, "ses": true, "le": true, "la": true, "les": true, "mon": true, "ma": true,
}

// ccLeadWords open a reason for the visit without naming it: "some back
// pain", "an abnormal lab", "evaluation of high blood sugar".
var ccLeadWords = map[string]bool{
	"some": true, "a": true, "an": true, "for": true, "evaluation": true, "of": true, "un": true, "une": true,
	"des": true, "du": true, "de": true, "pour": true,
}

// problemOrdinals prefix a problem without naming it ("first problem").
var problemOrdinals = []string{
	"first problem", "second problem", "third problem", "next problem", "last problem", "other problem",
	"first diagnosis", "second diagnosis", "third diagnosis", "fourth diagnosis", "next diagnosis", "last diagnosis",
	"first issue", "second issue", "third issue", "next issue", "last issue",
	"premier problème", "deuxième problème", "troisième problème", "dernier problème", "premier diagnostic",
	"deuxième diagnostic", "troisième diagnostic", "dernier diagnostic",
}

// trackProblem starts a new problem when the clinician announces one ("for
// your congestive heart failure , ..."), so later plan statements group
// under it. It reports a sentence that only announces it.
func (a *analyzer) trackProblem(padded string, src Span) bool {
	for _, lead := range a.lex.problemLeads {
		idx := strings.Index(padded, " "+lead+" ")
		if idx < 0 {
			continue
		}
		name := problemName(padded[idx+len(lead)+2:], a.lex)
		// A test ("for the echocardiogram") is not a problem either, but
		// "high cholesterol" is.
		if name == "" || countCues(" "+name+" ", a.lex.clinical) == 0 || notAProblem(name) ||
			namesTest(name, a.lex.resultTests) {
			continue
		}
		a.problem = a.addProblem(name, src)
		return a.opensWith(padded[:idx+1]) && onlyAnnounced(padded[idx+len(lead)+2:], name)
	}
	return false
}

// maxAnnouncementLead is the most words before a problem's lead in a
// sentence that announces it ("my assessment for your back pain").
const maxAnnouncementLead = 2

// opensWith reports that before, what a sentence says before a problem's
// lead, only opens it: glue and at most two words without clinical or
// plan content ("my assessment"), not "i want you to use ice for".
func (a *analyzer) opensWith(before string) bool {
	words := 0
	for _, w := range strings.Fields(before) {
		if !a.lex.glue[w] && !isPunct(w) {
			words++
		}
	}
	return words <= maxAnnouncementLead && countCues(before, a.lex.clinical) == 0 && !hasCue(before, a.lex.planCues)
}

// onlyAnnounced reports a sentence that says nothing after the problem it
// names ("for her second problem of her diabetes mellitus"): the
// problem's heading already says it.
func onlyAnnounced(rest, name string) bool {
	rest = " " + rest
	at := strings.Index(rest, " "+name+" ")
	if at < 0 {
		return false
	}
	after := strings.Fields(rest[at+len(name)+1:])
	said := 0
	for _, w := range after {
		if !isPunct(w) {
			said++
		}
	}
	return said <= maxAnnouncementTail
}

// maxAnnouncementTail is the most words after a problem's name in a
// sentence that only announces it ("for his diabetes , he is").
const maxAnnouncementTail = 3

// problemName reads the name of a problem from what follows its lead. A
// heading is the name alone: "for her heart failure to be more
// successful" names "heart failure", "your first diagnosis of coronary
// artery disease" names "coronary artery disease", and "diabetes the" was
// cut off after "diabetes".
func problemName(rest string, lex *lexicon) string {
	rest = " " + strings.TrimSpace(rest) + " "
	for _, o := range problemOrdinals {
		rest = strings.Replace(rest, " "+o+" ", " ", 1)
	}
	var name []string
	for _, w := range strings.Fields(rest) {
		if problemDeterminers[w] {
			// "pain in your knee" goes on; "hypertension your third
			// diagnosis" starts another phrase.
			if len(name) == 0 || lex.leadingFunction[name[len(name)-1]] {
				continue
			}
			break
		}
		if problemStops[w] {
			if len(name) == 0 && w == "," {
				continue
			}
			break
		}
		name = append(name, w)
		if len(name) == 6 {
			break
		}
	}
	name = trimFunctionWords(name, lex)
	for len(name) > 1 && (lex.leadingFunction[name[len(name)-1]] || lex.fragment.ends[name[len(name)-1]] || name[len(name)-1] == "like") {
		name = name[:len(name)-1]
	}
	return strings.Join(name, " ")
}

// trimFunctionWords drops the prepositions, articles, conjunctions and
// possessives a phrase was cut after ("first problem of your hypertension"
// leaves "of your hypertension"; "de votre diabète"): a problem or a chief
// complaint starts with what it names. The last word always stays.
func trimFunctionWords(words []string, lex *lexicon) []string {
	for len(words) > 1 && lex.leadingFunction[words[0]] {
		words = words[1:]
	}
	if len(words) == 0 {
		return words
	}
	for _, e := range lex.elisions {
		if w := words[0]; strings.HasPrefix(w, e) && len(w) > len(e) {
			return append([]string{w[len(e):]}, words[1:]...)
		}
	}
	return words
}

func (a *analyzer) addProblem(name string, src Span) int {
	for i, p := range a.out.problems {
		if p.name == name || strings.Contains(p.name, name) || strings.Contains(name, p.name) {
			return i
		}
	}
	a.out.problems = append(a.out.problems, problem{name: name, sources: []Span{src}})
	return len(a.out.problems) - 1
}

// fallbackChiefComplaint uses the first pain or symptom the patient reported, or
// the first problem discussed, when nobody stated the reason for the visit.
func (a *analyzer) fallbackChiefComplaint() statement {
	var first *finding
	for i, f := range a.out.findings {
		if f.present {
			first = &a.out.findings[i]
			break
		}
	}
	// The body part the patient said hurts, when said before any other
	// symptom: "my big toe hurts" rather than the heartburn reviewed later.
	if a.painSaid.padded != "" && (first == nil || len(first.sources) == 0 || a.painSaid.src.Turn <= first.sources[0].Turn) {
		a.cc, a.ccStrength = a.painSaid, ccInferred
		a.finishComplaint()
		return a.out.chiefComplaint
	}
	if first != nil {
		return statement{text: finish(a.addSide(" "+first.name+" "), a.lang != "fr"), sources: first.sources, problem: -1}
	}
	if len(a.out.problems) > 0 {
		p := a.out.problems[0]
		return statement{text: capitalize(p.name) + ".", sources: p.sources, problem: -1}
	}
	return statement{problem: -1}
}

// notAProblem rejects what follows "for the" without naming a condition:
// a time ("next 12 weeks"), a procedure's preparation, a test.
func notAProblem(name string) bool {
	first := strings.Fields(name)[0]
	switch first {
	case "next", "last", "past", "rest", "time", "moment", "day", "week", "month", "year", "prochain",
		"prochaine", "prochaines", "semaine", "mois", "an", "test", "prep", "bowel", "appointment", "visit":
		return true
	}
	return false
}

func namesTest(name string, tests []string) bool {
	for _, t := range tests {
		// Cholesterol is a test and a problem; clinicians mean the problem.
		if t == "cholesterol" || t == "cholestérol" {
			continue
		}
		if strings.HasPrefix(name, strings.TrimSpace(t)) {
			return true
		}
	}
	return false
}
