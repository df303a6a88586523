package notewriter

import "strings"

// How sure a reason for the visit is. A later candidate replaces an
// earlier one only when it is surer: the clinician's dictated "chief
// complaint is" beats "you're here for your hip?", which beats "you hurt
// your knee".
const (
	ccNone = iota
	// ccInferred comes from a clinician's aside ("you hurt your left ankle")
	// or a question.
	ccInferred
	// ccStated is the clinician's framing ("here for follow-up of ...") or
	// the patient's answer to "what brings you in".
	ccStated
	// ccDictated is the clinician's own "chief complaint is ...".
	ccDictated
)

// ccOpening is how many history sentences are kept to find the side of a
// complaint ("my right knee") that the framing left out.
const ccOpening = 16

// complaintRules find and phrase the reason for the visit.
type complaintRules struct {
	// dictated, stated and inferred open a reason for the visit, by
	// strength (the lexicon's ccPatterns are stated too); stated and
	// inferred ones must name something clinical ("here with her husband"
	// is no reason).
	dictated, stated, inferred []string
	// asks are a clinician's question for the reason ("what brings you
	// in"); the patient's answer is phrased as a complaint.
	asks []string
	// stops end a reason ("here for knee pain so can you ..."). Possessives
	// end it too unless a preposition comes before them.
	stops map[string]bool
	// bodyParts a complaint names; modifiers qualify them ("upper arm").
	bodyParts, modifiers map[string]bool
	// sides are lateralities, mapped to how the note writes them.
	sides map[string]string
	// sideAfter is true where the side follows the body part ("genou droit").
	sideAfter bool
	// symptoms are complaints in their own right ("twitch", "swelling");
	// painCues are words that mean pain ("hurts", "sore").
	symptoms, painCues []string
	// singular maps plural body parts to one ("knees" -> "knee").
	singular map[string]string
	// pain phrases a body part alone as a complaint ("%s pain").
	pain func(part string, lex *lexicon) string
	// phrasing writes a reason the way clinicians chart it ("follow up" ->
	// "follow-up", "abnormal lab findings" -> "abnormal labs").
	phrasing [][2]string
}

// findChiefComplaint takes the reason for the visit from the clinician's
// framing ("presents today for follow-up of his chronic problems"), the
// dictated chief complaint, or the patient's answer to "what brings you in".
func (a *analyzer) findChiefComplaint(padded string, who speaker, src Span) {
	a.noteSides(padded)
	if a.phase != phaseHistory {
		return
	}
	cr := &a.lex.complaint
	if len(a.opening) < ccOpening {
		a.opening = append(a.opening, padded)
		a.correctSide(padded, len(a.opening)-1)
	}
	a.notePain(padded, who, src)
	a.noteSideAnswer(padded, who)
	asked := a.ccAsked
	a.ccAsked = false
	if who == speakerClinician && hasPhrase(padded, cr.asks) {
		a.ccAsked = true
	}
	if asked && who == speakerPatient && a.ccStrength < ccStated {
		cc := a.bodyComplaint(padded)
		if cc == "" {
			cc = a.raisedMeasure(padded)
		}
		answer := cc == ""
		if answer {
			cc = a.answerReason(padded)
		}
		if cc != "" {
			a.setComplaint(cc, ccStated, who, src)
			a.cc.answer = answer
			return
		}
	}
	question := strings.Contains(padded, " ? ")
	said := strings.Fields(padded)
	try := func(frames []complaintFrame, strength int, needClinical bool) bool {
		if question && strength > ccInferred {
			strength--
		}
		if !a.mayReplace(strength) {
			return false
		}
		for _, f := range frames {
			cc := cutAtName(a.frameReason(said, f), said)
			if cc == "" || !a.replaces(cc, strength) {
				continue
			}
			if needClinical && !f.named && !a.namesClinical(cc) {
				continue
			}
			a.setComplaint(cc, strength, who, src)
			// A generic reason may be named later in the sentence ("some
			// kind of injury did you say that you hurt your knee").
			if !isGenericReason(cc) {
				return true
			}
		}
		return false
	}
	frames := framesByStrength(complaintFrames[a.lang])
	for strength := ccDictated; strength > ccNone; strength-- {
		if try(frames[strength], strength, strength == ccInferred) {
			return
		}
		switch strength {
		case ccDictated:
			if try(leads(cr.dictated), ccDictated, false) {
				return
			}
		case ccStated:
			if try(leads(a.lex.ccPatterns), ccStated, false) || try(leads(cr.stated), ccStated, true) {
				return
			}
		case ccInferred:
			if try(leads(cr.inferred), ccInferred, true) {
				return
			}
		}
	}
}

// mayReplace reports whether a reason this sure could replace the one
// found so far: a surer one always, an equally sure one when the one found
// names only the visit ("surgical consult") or no side ("foot pain").
func (a *analyzer) mayReplace(strength int) bool {
	return strength >= a.ccStrength && strength > ccNone || a.genericOpening()
}

// genericOpening reports a reason found so far that names only the visit,
// while the opening still goes on: any specific reason said there replaces
// it ("here for a surgical consult", then "she found a melanoma").
func (a *analyzer) genericOpening() bool {
	return a.ccStrength > ccNone && len(a.opening) < ccOpening && isGenericReason(a.cc.padded)
}

// replaces reports whether reason cc, this sure, replaces the one found so
// far. An equally sure reason replaces a generic one with something
// specific, and one without a side with the same body part and its side
// ("foot pain", then "you hurt your left foot").
func (a *analyzer) replaces(cc string, strength int) bool {
	if strength > a.ccStrength {
		return true
	}
	if isGenericReason(cc) {
		return false
	}
	if a.genericOpening() {
		return true
	}
	if strength < a.ccStrength || len(a.opening) >= ccOpening {
		return false
	}
	now, next := strings.Fields(a.cc.padded), strings.Fields(cc)
	if a.hasSide(now) || !a.hasSide(next) {
		return false
	}
	for _, w := range next {
		if a.lex.complaint.bodyParts[w] && strings.Contains(a.cc.padded, " "+w+" ") {
			return true
		}
	}
	return false
}

// namesClinical reports whether a reason names something clinical: a cue
// or a body part.
func (a *analyzer) namesClinical(cc string) bool {
	return countCues(cc, a.lex.clinical) > 0 || a.namesBodyPart(strings.Fields(cc))
}

// leads turns the lexicon's plain leads into frames.
func leads(patterns []string) []complaintFrame {
	frames := make([]complaintFrame, len(patterns))
	for i, p := range patterns {
		frames[i] = complaintFrame{leads: []string{p}}
	}
	return frames
}

// framesByStrength groups frames by how sure the reason they open is.
func framesByStrength(frames []complaintFrame) map[int][]complaintFrame {
	by := map[int][]complaintFrame{}
	for _, f := range frames {
		by[f.strength] = append(by[f.strength], f)
	}
	return by
}

// notePain keeps the first body part the patient says hurts ("my big toe
// hurts"), unless denied or asked about.
func (a *analyzer) notePain(padded string, who speaker, src Span) {
	cr := &a.lex.complaint
	if who != speakerPatient || a.painSaid.padded != "" || strings.Contains(padded, " ? ") ||
		!hasCue(padded, cr.painCues) || hasCue(padded, a.lex.negations) {
		return
	}
	if cc := a.bodyComplaint(padded); cc != "" {
		a.painSaid = complaintCandidate{padded: cc, who: who, src: src, at: len(a.opening) - 1}
	}
}

// complaintWords reads a reason for the visit from what follows its lead.
func (a *analyzer) complaintWords(rest string) []string {
	cr := &a.lex.complaint
	var words []string
	prev := ""
	fields := strings.Fields(rest)
	for i, w := range fields {
		// "knee pain , right ?" asks for agreement; "right knee" is a side.
		if len(words) > 0 && cr.sides[w] != "" && !cr.sideAfter &&
			(i+1 == len(fields) || !cr.bodyParts[fields[i+1]] && !cr.modifiers[fields[i+1]]) {
			break
		}
		if len(words) == 0 && (problemDeterminers[w] || ccLeadWords[w] || complaintQuantities[w]) {
			prev = w
			continue
		}
		// "numbness and tingling" is one reason; "and some pain" another.
		joined := (w == "and" || w == "et") && len(words) > 0 && i+1 < len(fields) &&
			hasCue(" "+words[len(words)-1]+" ", cr.symptoms) && hasCue(" "+fields[i+1]+" ", cr.symptoms)
		if !joined && (w == "," || w == "." || w == "?" || w == "and" || w == "who" || w == "et" || w == "qui" ||
			w == "today" || w == "aujourd'hui" || cr.stops[w] || complaintEnds[w]) {
			break
		}
		// "your left foot playing soccer" moves on to what happened.
		if len(words) > 0 && cr.bodyParts[words[len(words)-1]] && strings.HasSuffix(w, "ing") &&
			!hasCue(" "+w+" ", cr.symptoms) && !hasCue(" "+w+" ", cr.painCues) {
			break
		}
		// "migraines three times a week" says how often; "type 2" names.
		if len(words) > 0 && a.isNumberWord(w) && !numberedKinds[prev] {
			break
		}
		// "on 10-10" is a date; "from your pcp" says who found it.
		if len(words) > 0 && i+1 < len(fields) && (w == "on" && isDigit(fields[i+1][0]) ||
			(w == "from" || w == "par") && problemDeterminers[fields[i+1]]) {
			break
		}
		if problemDeterminers[w] && w != "the" && w != "le" && w != "la" && w != "les" {
			// "follow-up of her chronic problems" reads "follow-up of
			// chronic problems"; "knee pain your pcp said" ends at "your".
			if !a.lex.prepositions[prev] && !ccLeadWords[prev] && prev != "regarding" && prev != "after" {
				break
			}
			// French keeps it: "suivi de son insuffisance cardiaque".
			if !cr.sideAfter {
				prev = w
				continue
			}
		}
		words = append(words, w)
		prev = w
		if len(words) == 8 {
			break
		}
	}
	for len(words) > 0 && a.lex.dangling[words[len(words)-1]] {
		words = words[:len(words)-1]
	}
	return words
}

// setComplaint keeps a candidate reason for the visit; finishComplaint
// phrases it once the whole opening is known.
func (a *analyzer) setComplaint(cc string, strength int, who speaker, src Span) {
	a.cc = complaintCandidate{padded: cc, who: who, src: src, at: len(a.opening) - 1}
	a.ccStrength = strength
}

// complaintCandidate is the best reason for the visit found so far, as said.
type complaintCandidate struct {
	padded string
	who    speaker
	src    Span
	// at is the opening sentence it was said in.
	at int
	// answer is set for the words of an answer to "what brings you in"
	// that named no body part; a symptom charted from the same answer
	// names it better ("une brûlure en urinant" -> "dysurie").
	answer bool
}

// finishComplaint phrases the reason for the visit: the side said elsewhere
// in the opening is added ("my right knee"), both sides are bilateral, and
// a body part alone becomes its pain.
func (a *analyzer) finishComplaint() {
	if a.ccStrength == ccNone {
		return
	}
	cr := &a.lex.complaint
	if name := a.findingSaidIn(a.cc.src); a.cc.answer && name != "" {
		a.cc.padded = " " + name + " "
	}
	a.cc.padded = dropGenericHead(a.cc.padded)
	// "some pain" says nothing the patient's "pain on my left back" does not.
	if a.painSaid.padded != "" && isGenericReason(a.cc.padded) && hasCue(a.cc.padded, cr.painCues) {
		a.cc = a.painSaid
	}
	cc := a.siteFirst(a.addSide(" " + strings.Join(trimFunctionWords(strings.Fields(a.cc.padded), a.lex), " ") + " "))
	words := strings.Fields(cc)
	last := words[len(words)-1]
	if cr.sideAfter && len(words) > 1 && cr.sides[last] != "" {
		last = words[len(words)-2]
	}
	if cr.pain != nil && cr.bodyParts[last] && !hasCue(cc, cr.symptoms) && !hasCue(cc, cr.painCues) {
		if one := cr.singular[last]; one != "" && !cr.sideAfter {
			words[len(words)-1] = one
			if !a.hasSide(words) && !cr.sideAfter {
				words = append([]string{"bilateral"}, words...)
			}
		}
		cc = " " + cr.pain(strings.Join(words, " "), a.lex) + " "
	}
	cc = rewritePerson(replaceWords(cc, cr.phrasing), a.cc.who, a.pronouns, a.lex, a.lang)
	cc = replaceWords(normalizeNumbers(cc, &a.lex.numbers), complaintCharting[a.lang])
	a.out.chiefComplaint = statement{text: finish(cc, a.lang != "fr"), sources: []Span{a.cc.src}, problem: -1}
}

func (a *analyzer) hasSide(words []string) bool {
	for _, w := range words {
		if a.lex.complaint.sides[w] != "" {
			return true
		}
	}
	return false
}

// correctSide follows a correction of the complaint's side made in the
// opening: the patient's "it's not the right knee it's the left knee", or
// the clinician's own "left leg pain . right leg pain" said right after.
func (a *analyzer) correctSide(padded string, at int) {
	cr := &a.lex.complaint
	if a.ccStrength == ccNone || cr.sideAfter {
		return
	}
	words := strings.Fields(a.cc.padded)
	side, part := -1, ""
	for i, w := range words {
		if cr.sides[w] != "" && side < 0 {
			side = i
		}
		if cr.bodyParts[w] && part == "" {
			part = w
		}
	}
	if side < 0 || part == "" {
		return
	}
	said := strings.Fields(padded)
	for i := 0; i+1 < len(said); i++ {
		other := cr.sides[said[i]]
		if other == "" || other == cr.sides[words[side]] || other == "bilateral" {
			continue
		}
		// The other side must name the same part ("the left knee").
		j := i + 1
		for j < len(said) && cr.modifiers[said[j]] {
			j++
		}
		if j == len(said) || said[j] != part {
			continue
		}
		negated := strings.Contains(padded, " not the "+words[side]+" ") || strings.Contains(padded, " not my "+words[side]+" ")
		restated := i <= 1 && at == a.cc.at+1
		if negated || restated {
			words[side] = said[i]
			a.cc.padded = " " + strings.Join(words, " ") + " "
		}
		return
	}
}

func (a *analyzer) namesBodyPart(words []string) bool {
	for _, w := range words {
		if a.lex.complaint.bodyParts[w] {
			return true
		}
	}
	return false
}

// addSide puts the side of the body the opening named ("my right knee")
// into a complaint that left it out ("knee pain").
func (a *analyzer) addSide(cc string) string {
	cr := &a.lex.complaint
	words := strings.Fields(cc)
	part := -1
	for i, w := range words {
		if cr.sides[w] != "" {
			return cc
		}
		if part < 0 && cr.singular[w] != "" {
			return cc
		}
		if part < 0 && cr.bodyParts[w] {
			part = i
		}
	}
	if part < 0 {
		return cc
	}
	side := a.sideOf(words[part])
	if side == "" {
		side = a.sideSaid
	}
	if side == "" {
		side = a.partSides[words[part]]
	}
	if side == "" {
		return cc
	}
	out := append([]string{}, words[:part]...)
	if cr.sideAfter {
		out = append(out, words[part], side)
	} else {
		start := part
		for start > 0 && cr.modifiers[words[start-1]] {
			start--
		}
		out = append(append(words[:start:start], side), words[start:part+1]...)
	}
	out = append(out, words[part+1:]...)
	return " " + strings.Join(out, " ") + " "
}

// sideGiven is the side said with the body part at words[i]: before it
// and its modifiers ("right index finger"), or after it in French ("genou
// droit"); "" when none is.
func (a *analyzer) sideGiven(words []string, i int) string {
	cr := &a.lex.complaint
	if cr.sideAfter {
		if i+1 < len(words) {
			return cr.sides[words[i+1]]
		}
		return ""
	}
	for j := i - 1; j >= 0 && j >= i-3; j-- {
		if side := cr.sides[words[j]]; side != "" {
			return side
		}
		if !cr.modifiers[words[j]] {
			break
		}
	}
	return ""
}

// sideOf finds the side the opening sentences gave a body part, when they
// give only one.
func (a *analyzer) sideOf(part string) string {
	found := ""
	for _, s := range a.opening {
		// "is it the right or the left knee ?" gives no side.
		if hasPhrase(s, sideQuestions) {
			continue
		}
		words := strings.Fields(s)
		for i, w := range words {
			if w != part {
				continue
			}
			side := a.sideGiven(words, i)
			if side == "" {
				continue
			}
			if found != "" && found != side {
				return ""
			}
			found = side
		}
	}
	return found
}

// bodyComplaint phrases a patient's answer to "what brings you in" as a
// complaint when it names a body part ("pain at the end of my right middle
// finger" -> "right middle finger pain"), or a symptom the lexicon knows.
func (a *analyzer) bodyComplaint(padded string) string {
	cr := &a.lex.complaint
	words := strings.Fields(padded)
	for i, w := range words {
		if !cr.bodyParts[w] {
			continue
		}
		var part []string
		if cr.sideAfter {
			part = []string{w}
			if i+1 < len(words) && cr.sides[words[i+1]] != "" {
				part = append(part, words[i+1])
			}
		} else {
			start := i
			for start > 0 && i-start < 3 && (cr.modifiers[words[start-1]] || cr.sides[words[start-1]] != "") {
				start--
			}
			part = words[start : i+1]
		}
		phrase := " " + strings.Join(part, " ") + " "
		if hasCue(padded, cr.painCues) || cr.sideAfter {
			return phrase
		}
		for _, sym := range cr.symptoms {
			if cueAt(padded, sym) {
				return phrase + sym + " "
			}
		}
		return phrase
	}
	return ""
}

// hasPhrase reports whether one of phrases occurs as whole words.
func hasPhrase(padded string, phrases []string) bool {
	for _, p := range phrases {
		if strings.Contains(padded, " "+p+" ") {
			return true
		}
	}
	return false
}

// siteFirst writes "ulcer on right foot" as "right foot ulcer", the order
// clinicians chart a complaint in. French keeps its order ("douleur au
// genou droit").
func (a *analyzer) siteFirst(cc string) string {
	cr := &a.lex.complaint
	words := strings.Fields(cc)
	if cr.sideAfter || len(words) < 3 || !hasCue(" "+words[0]+" ", cr.symptoms) || !cr.bodyParts[words[len(words)-1]] {
		return cc
	}
	switch words[1] {
	case "on", "in", "of":
	default:
		return cc
	}
	site := words[2:]
	for len(site) > 1 && problemDeterminers[site[0]] {
		site = site[1:]
	}
	return " " + strings.Join(site, " ") + " " + words[0] + " "
}
