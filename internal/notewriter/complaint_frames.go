package notewriter

import "strings"

// complaintFrame is one way a clinician or a patient frames the reason for
// the visit beyond the lexicon's plain leads: a referral ("i was asked to
// see you for"), a follow-up ("following up on your"), a cause ("you've
// come to see me because you had"), or a wish that names the reason itself
// ("ready to quit smoking").
type complaintFrame struct {
	// leads open the reason; commas said inside one are skipped
	// ("presents today , for").
	leads []string
	// strength is how sure the reason is (ccInferred ... ccDictated).
	strength int
	// prefix is charted before the reason ("following up on your lung
	// cancer" -> "follow-up of lung cancer").
	prefix string
	// fixed is the reason when the lead names it ("quit smoking" ->
	// "smoking cessation"); nothing after the lead is read.
	fixed string
	// viaFor: the reason follows the next "for" within a few words
	// ("referred by doctor smith for ...").
	viaFor bool
	// named: the lead says that what follows is clinical ("lab work
	// for"); other inferred and stated reasons must name something
	// clinical.
	named bool
}

// complaintFrames are the frames per language. A lead ending in "because"
// ("parce que") is followed by a clause whose subject and verb are skipped
// ("because you had a right breast lumpectomy").
var complaintFrames = map[string][]complaintFrame{
	"en": {
		{strength: ccStated, leads: []string{"i was asked to see you for", "i was asked to see you because",
			"asked me to see you for", "asked me to see you because", "referred you to me for", "referred you for",
			"sent you to me for", "sent you to me because", "sent you to me 'cause", "sent you in for",
			"establish care for", "seeing you today because", "seeing you today for", "we're seeing you for",
			"come to see me today because", "come to see me because", "come to see me today for",
			"come to see me for", "you're here because", "you are here because", "here today because"}},
		{strength: ccStated, viaFor: true, leads: []string{"referred by", "referred to me by"}},
		{strength: ccStated, prefix: "follow-up of", leads: []string{"following up on", "follow-up with me for",
			"a follow-up for", "female post", "male post"}},
		{strength: ccInferred, prefix: "follow-up of", leads: []string{"status post"}},
		{strength: ccStated, prefix: "hospital follow-up for", leads: []string{"you were in the hospital for"}},
		{strength: ccStated, prefix: "emergency room follow-up for", leads: []string{
			"you were in the emergency room for", "you went to the emergency room for"}},
		{strength: ccStated, fixed: "smoking cessation", leads: []string{"ready to quit smoking",
			"want to quit smoking"}},
		{strength: ccInferred, leads: []string{"you are experiencing", "you're experiencing", "you were experiencing",
			"you've been experiencing", "you have been experiencing", "see that you had", "see that you have",
			"here that you had", "here that you have"}},
		{strength: ccInferred, named: true, leads: []string{"lab work for", "diagnosed with", "tested positive for"}},
	},
	"fr": {
		{strength: ccStated, leads: []string{"vous venez pour", "vous venez aujourd'hui pour",
			"vous venez me voir pour", "je vous vois pour", "je vous vois aujourd'hui pour", "on vous voit pour",
			"vous êtes là pour", "vous consultez pour", "on m'a demandé de vous voir pour", "vous a adressé pour",
			"vous a adressée pour", "vous a envoyé pour", "vous a envoyée pour", "vous venez me voir parce que",
			"vous venez parce que"}},
		{strength: ccStated, viaFor: true, leads: []string{"adressé par", "adressée par"}},
		{strength: ccStated, prefix: "suivi d'hospitalisation pour", leads: []string{"vous avez été hospitalisé pour",
			"vous avez été hospitalisée pour"}},
		{strength: ccStated, fixed: "sevrage tabagique", leads: []string{"arrêter de fumer"}},
		{strength: ccInferred, leads: []string{"vous êtes blessé au", "vous êtes blessée au", "vous êtes blessé à la",
			"vous êtes blessée à la"}},
	},
}

// complaintClause are the subjects and verbs that open the clause after a
// "because" ("because she found a melanoma"); they are skipped.
var complaintClause = set("you", "you've", "you're", "she", "she's", "he", "he's", "they", "they've", "we", "i",
	"i've", "have", "has", "had", "were", "are", "found", "noticed", "saw", "got", "developed", "been", "having",
	"diagnosed", "with", "of", "your", "vous", "avez", "a", "eu", "elle", "il", "on", "trouvé", "découvert")

// complaintEnds end a reason in addition to the lexicon's stops: when it
// was ("a lumpectomy last year") and a date ("on 10-10").
var complaintEnds = set("last", "this", "did", "dernier", "dernière")

// complaintQuantities open a reason without naming it ("a bunch of
// infections", "some kind of injury"); they are skipped.
var complaintQuantities = set("bunch", "lot", "lots", "kind", "sort", "couple", "number", "few", "of", "new",
	"really", "very", "pretty", "quite")

// generic reasons say that there is a visit but not what it is about ("a
// surgical consult", "some pain"): an equally sure reason said later
// replaces them.
var genericReason = set("consult", "consultation", "surgical", "second", "opinion", "evaluation", "visit", "new",
	"patient", "injury", "kind", "of", "pain", "problem", "problems", "issue", "issues", "follow-up", "followup",
	"follow", "up", "check", "checkup", "check-up", "avis", "suivi", "douleur", "problème", "consultation",
	"blessure", "nouveau", "nouvelle")

// isGenericReason reports whether a reason names nothing but the visit.
func isGenericReason(padded string) bool {
	for _, w := range strings.Fields(padded) {
		if !genericReason[w] {
			return false
		}
	}
	return true
}

// leadEnd finds lead in words, skipping commas said between its words, and
// returns the index of the first word after it, or -1.
func leadEnd(words []string, lead string) int {
	want := strings.Fields(lead)
	for start := range words {
		i, j := start, 0
		for i < len(words) && j < len(want) {
			if words[i] == want[j] {
				i, j = i+1, j+1
				continue
			}
			if words[i] == "," && j > 0 {
				i++
				continue
			}
			break
		}
		if j == len(want) {
			return i
		}
	}
	return -1
}

// frameReason reads the reason that follows the first of a frame's leads
// said in a sentence's words, or "" when none is there or names nothing.
func (a *analyzer) frameReason(words []string, f complaintFrame) string {
	for _, lead := range f.leads {
		if reason := a.leadReason(words, lead, f); reason != "" {
			return reason
		}
	}
	return ""
}

// leadReason reads the reason that follows one of a frame's leads.
func (a *analyzer) leadReason(words []string, lead string, f complaintFrame) string {
	at := leadEnd(words, lead)
	if at < 0 {
		return ""
	}
	if f.fixed != "" {
		return " " + f.fixed + " "
	}
	rest := words[at:]
	if f.viaFor {
		rest = afterFor(rest)
	}
	if strings.HasSuffix(lead, "because") || strings.HasSuffix(lead, "'cause") || strings.HasSuffix(lead, "parce que") {
		for len(rest) > 0 && complaintClause[rest[0]] {
			rest = rest[1:]
		}
	}
	reason := a.complaintWords(" " + strings.Join(rest, " ") + " ")
	if len(reason) == 0 {
		return ""
	}
	if f.prefix != "" {
		return " " + f.prefix + " " + strings.Join(reason, " ") + " "
	}
	return " " + strings.Join(reason, " ") + " "
}

// afterFor skips to what follows the next "for" ("pour") within five
// words: the referrer's name sits between ("by doctor smith for").
func afterFor(words []string) []string {
	for i, w := range words {
		if i > 5 || w == "." || w == "?" {
			break
		}
		if w == "for" || w == "pour" {
			return words[i+1:]
		}
	}
	return nil
}

// sideQuestions ask which side hurts; the patient's short answer gives the
// complaint's side when the opening said none ("is it your left or your
// right knee ?" "it's my right").
var sideQuestions = []string{"left or right", "right or left", "left or your right", "right or your left",
	"left or the right", "right or the left", "which side", "droit ou gauche", "droite ou gauche", "gauche ou droit",
	"gauche ou droite", "quel côté"}

// noteSideAnswer keeps the side the patient gives when asked which side.
func (a *analyzer) noteSideAnswer(padded string, who speaker) {
	asked := a.sideAsked
	a.sideAsked = false
	if who == speakerClinician {
		a.sideAsked = hasPhrase(padded, sideQuestions) || a.asksWhichPart(padded)
		return
	}
	if !asked || who != speakerPatient || a.sideSaid != "" || wordCount(padded) > 8 {
		return
	}
	words := strings.Fields(padded)
	for i, w := range words {
		side := a.lex.complaint.sides[w]
		if side == "" {
			continue
		}
		// "that's right" and "all right" agree; "right now" is a time.
		if w == "right" && (i > 0 && (words[i-1] == "that's" || words[i-1] == "all") ||
			i+1 < len(words) && words[i+1] == "now") {
			continue
		}
		a.sideSaid = side
		return
	}
}

// asksWhichPart reports a question for one of a pair ("which knee ?").
func (a *analyzer) asksWhichPart(padded string) bool {
	words := strings.Fields(padded)
	for i := 0; i+1 < len(words); i++ {
		if (words[i] == "which" || words[i] == "quel" || words[i] == "quelle") && a.lex.complaint.bodyParts[words[i+1]] {
			return true
		}
	}
	return false
}

// cutAtName ends a reason at the patient's name when the sentence opens
// with it ("karen nelson is a 3-year-old female ... for evaluation of a
// new right eye twitch karen is accompanied by her father").
func cutAtName(cc string, said []string) string {
	names := map[string]bool{}
	for i, w := range said {
		if w != "is" && w != "est" {
			continue
		}
		if !agePhraseAfter(said[i:]) {
			break
		}
		for j := i - 1; j >= 0 && j >= i-3 && !notName[said[j]]; j-- {
			names[said[j]] = true
		}
		break
	}
	if len(names) == 0 {
		return cc
	}
	words := strings.Fields(cc)
	for i, w := range words {
		if names[w] && i > 0 {
			return " " + strings.Join(words[:i], " ") + " "
		}
	}
	return cc
}

// agePhraseAfter reports an age within the next few words ("is a 3-year-old",
// "est une femme de 45 ans").
func agePhraseAfter(words []string) bool {
	for i, w := range words {
		if i > 6 {
			break
		}
		if strings.Contains(w, "year-old") || w == "year" || w == "ans" {
			return true
		}
	}
	return false
}

// notName are the words before "is a 40-year-old" that are no name.
var notName = set("she", "he", "patient", "the", "this", "our", "my", "mr.", "mrs.", "ms.", "miss", "so", "okay",
	",", ".", "and", "elle", "il", "patiente", "la", "le", "madame", "monsieur", "alors", "donc")

// complaintCharting writes abbreviations said in a reason the way a chart
// spells them ("hep c" -> "hepatitis C", "dcis" -> "DCIS") and drops the
// spoken "some".
var complaintCharting = map[string][][2]string{
	"en": {{" hep c ", " hepatitis C "}, {" hep b ", " hepatitis B "}, {" dcis ", " DCIS "}, {" stemi ", " STEMI "},
		{" nstemi ", " NSTEMI "}, {" copd ", " COPD "}, {" chf ", " CHF "}, {" gerd ", " GERD "}, {" uti ", " UTI "},
		{" afib ", " atrial fibrillation "}, {" a-fib ", " atrial fibrillation "}, {" pcp ", " PCP "},
		{" er ", " emergency room "}, {" mri ", " MRI "}, {" ct ", " CT "},
		// "follow-up for some chest pain" is said, not charted.
		{" for some ", " for "}, {" with some ", " with "}, {" of some ", " of "}},
	"fr": {{" avc ", " AVC "}, {" bpco ", " BPCO "}, {" fa ", " fibrillation auriculaire "}, {" irm ", " IRM "}},
}

// raisedMeasures are measures a patient says are high ("my blood pressure
// has been quite high"), charted as the clinician names the problem.
var raisedMeasures = map[string][]struct{ measure, raised, charted string }{
	"en": {{"blood pressure", "high", "high blood pressure"}, {"blood pressure", "elevated", "high blood pressure"},
		{"blood pressures", "high", "high blood pressure"}, {"blood sugar", "high", "high blood sugar"},
		{"blood sugars", "high", "high blood sugar"}, {"sugars", "high", "high blood sugar"},
		{"cholesterol", "high", "high cholesterol"}},
	"fr": {{"tension", "élevée", "tension artérielle élevée"}, {"tension", "haute", "tension artérielle élevée"},
		{"glycémie", "élevée", "glycémie élevée"}, {"sucre", "élevé", "glycémie élevée"},
		{"cholestérol", "élevé", "cholestérol élevé"}},
}

// raisedMeasure finds a measure said to be high within a few words ("my
// blood pressure has been quite high") and charts it; "" when none is.
func (a *analyzer) raisedMeasure(padded string) string {
	if hasCue(padded, a.lex.negations) {
		return ""
	}
	for _, m := range raisedMeasures[a.lang] {
		at := strings.Index(padded, " "+m.measure+" ")
		if at < 0 {
			continue
		}
		after := strings.Fields(padded[at+len(m.measure)+2:])
		for i, w := range after {
			if i > 4 || w == "." || w == "?" {
				break
			}
			if w == m.raised {
				return " " + m.charted + " "
			}
		}
	}
	return ""
}

// noteSides records the side each body part is given in a sentence of any
// part of the visit, so that a complaint whose opening named no side takes
// the one the visit gives it ("your right knee still looks swollen").
func (a *analyzer) noteSides(padded string) {
	cr := &a.lex.complaint
	if hasPhrase(padded, sideQuestions) {
		return
	}
	words := strings.Fields(padded)
	for i, w := range words {
		if !cr.bodyParts[w] || cr.singular[w] != "" {
			continue
		}
		side := a.sideGiven(words, i)
		if side == "" || side == "bilateral" {
			continue
		}
		if a.partSides == nil {
			a.partSides = map[string]string{}
		}
		if had, seen := a.partSides[w]; seen && had != side {
			side = ""
		}
		a.partSides[w] = side
	}
}

// dropGenericHead charts "a second opinion regarding the index finger" as
// what the opinion is about.
func dropGenericHead(padded string) string {
	words := strings.Fields(padded)
	for i, w := range words {
		if w == "regarding" || w == "about" || w == "concernant" {
			if i > 0 && i+1 < len(words) {
				return " " + strings.Join(words[i+1:], " ") + " "
			}
			break
		}
		if !genericReason[w] {
			break
		}
	}
	return padded
}

// answerLeads open what the patient says brings them in when it names no
// body part ("i've been having headaches", "j'ai des migraines").
var answerLeads = map[string][]string{
	"en": {"i've been having", "i have been having", "i've had", "i have had", "i'm having", "i am having",
		"i've got", "i have", "i had", "i got"},
	"fr": {"j'ai des", "j'ai une", "j'ai un", "j'ai de la", "j'ai du", "je fais des", "j'ai"},
}

// possessives open an answer whose subject is the complaint ("my asthma is
// worse", "mon asthme est moins bien contrôlé"); subjectEnds end it.
var (
	possessives = set("my", "mon", "ma", "mes")
	subjectEnds = set("is", "has", "was", "have", "are", "were", "est", "a", "était", "sont", "ont", "va")
)

// answerReason reads the complaint from the patient's answer to "what
// brings you in" when it names something clinical, or "".
func (a *analyzer) answerReason(padded string) string {
	said := strings.Fields(padded)
	for _, lead := range answerLeads[a.lang] {
		at := leadEnd(said, lead)
		// "i have been in a lot of pain" is no name for a complaint.
		if at < 0 || at < len(said) && (said[at] == "been" || said[at] == "had" || said[at] == "to" || said[at] == "no") {
			continue
		}
		cc := " " + strings.Join(a.complaintWords(" "+strings.Join(said[at:], " ")+" "), " ") + " "
		if strings.TrimSpace(cc) != "" && a.namesClinical(cc) {
			return cc
		}
	}
	if len(said) < 3 || !possessives[said[0]] {
		return ""
	}
	for i := 1; i < len(said) && i <= 4; i++ {
		if subjectEnds[said[i]] {
			cc := " " + strings.Join(said[1:i], " ") + " "
			if i > 1 && a.namesClinical(cc) {
				return cc
			}
			break
		}
	}
	return ""
}

// findingSaidIn is the first symptom the patient has that was charted from
// the sentence at src, or "".
func (a *analyzer) findingSaidIn(src Span) string {
	for _, f := range a.out.findings {
		if !f.present {
			continue
		}
		for _, s := range f.sources {
			if s == src {
				return f.name
			}
		}
	}
	return ""
}

// numberedKinds are the words a number completes in a reason ("type 2
// diabetes", "stage 3 lung cancer").
var numberedKinds = set("type", "stage", "grade", "class", "level", "stade", "classe", "niveau")

// isNumberWord reports a number said in digits or words ("3", "three",
// "trois", "twenty").
func (a *analyzer) isNumberWord(w string) bool {
	n := &a.lex.numbers
	_, unit := n.units[w]
	_, ten := n.tens[w]
	return isDigit(w[0]) || unit || ten
}
