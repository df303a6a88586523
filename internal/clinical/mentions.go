package clinical

import (
	"slices"
	"strings"

	"github.com/notegen/notegen/internal/assertion"
	"github.com/notegen/notegen/internal/lexicon"
	"github.com/notegen/notegen/internal/transcript"
)

// scanned are the lexicon lists a transcript is read against, in the order
// that breaks a tie between two terms of one length at one place.
var scanned = []struct {
	list string
	kind Kind
}{
	{"conditions", Condition}, {"symptoms", Symptom}, {"medications", Medication}, {"labs", Lab},
	{"imaging", Imaging}, {"procedures", Procedure}, {"referrals", Referral}, {"vitals", Vital}, {"habits", Habit},
}

// mention is a term found in a unit before findings are merged.
type mention struct {
	Mention
	kind  Kind
	entry *lexicon.Entry
	name  string
	// said is the token range of the term with its qualifiers and place
	// ("community acquired pneumonia in the right lower lobe").
	saidFirst, saidEnd int
	system             string
	// byLevel marks a condition read from a measure and its level ("his
	// sugar is high"): the words said do not hold its name.
	byLevel bool
}

// plural reports whether a word may be a plural in -s: four letters or
// more, not ending in -ss, -us or -is ("stress", "sinus", "arthritis").
func plural(t lexicon.Token) bool {
	w := t.Norm
	return t.Kind == lexicon.Word && len(w) >= 4 && strings.HasSuffix(w, "s") &&
		!strings.HasSuffix(w, "ss") && !strings.HasSuffix(w, "us") && !strings.HasSuffix(w, "is")
}

// singulars returns a copy of toks with each plural's final s taken off.
func singulars(toks []lexicon.Token) []lexicon.Token {
	out := slices.Clone(toks)
	for i, t := range out {
		if plural(t) {
			out[i].Norm = t.Norm[:len(t.Norm)-1]
		}
	}
	return out
}

// window is how many tokens apart a symptom and the body part it is
// placed at may be ("pain in my left knee", "my knee really hurts").
const window = 8

// generalSystem marks symptoms that need a place to mean anything ("pain").
const generalSystem = "general"

// scan finds every term of the scanned lists in every unit.
func (r *Reading) scan() []mention {
	x := r.Lexicon
	lists := make([]*lexicon.List, len(scanned))
	for i, s := range scanned {
		lists[i] = x.List(s.list)
	}
	var out []mention
	for ui, u := range r.Units {
		if r.unread != nil && r.unread[ui] {
			continue
		}
		toks := u.Tokens
		var singular []lexicon.Token // toks with plurals made singular, made on first need
		for i := 0; i < len(toks); i++ {
			var best *lexicon.Entry
			n, kind := 0, Kind("")
			for k, l := range lists {
				e, m := l.Match(toks, i)
				if m > n || m == n && m > 0 && scanned[k].kind == Vital && (r.valueFollows(toks, i+m) || r.measuredBy(toks, i+m)) {
					// a term of two lists ("oxygen": a treatment, a vital
					// sign) is the vital sign when a value follows it, or
					// a word of measuring ("oxygen finger monitor")
					best, n, kind = e, m, scanned[k].kind
				}
			}
			if best == nil && plural(toks[i]) {
				// "nondisplaced fractures of the ribs", "des otites": a
				// condition (scanned's first list) the lexicon lists in
				// the singular
				if singular == nil {
					singular = singulars(toks)
				}
				if e, m := lists[0].Match(singular, i); e != nil && e.Attr("singular") != "yes" {
					// (one said only in the singular is another word in
					// the plural: "les gouttes" are drops, "la goutte" gout)
					best, n, kind = e, m, scanned[0].kind
				}
			}
			if best == nil {
				continue
			}
			m := mention{Mention: Mention{Unit: ui, First: i, End: i + n}, kind: kind, entry: best, name: best.Name(),
				saidFirst: i, saidEnd: i + n, system: best.Attr("system")}
			if (kind == Symptom || kind == Condition) && r.inPseudoPhrase(toks, i, i+n) {
				// "pas mal fatiguée" (rather tired), "les jambes sans
				// repos": the word is part of a phrase that means
				// something else
				i += n - 1
				continue
			}
			if (kind == Symptom || kind == Condition) && endingAt(toks, i, x.List("topic_leads")) >= 0 {
				// "en parlant de douleur, moi j'ai mal au dos": a topic
				// turned to, not a finding
				i += n - 1
				continue
			}
			if kind == Condition && r.countedUnit(toks, i, i+n) {
				// "une goutte dans chaque œil": a drop, counted, no gout
				i += n - 1
				continue
			}
			if (kind == Symptom || kind == Condition) && r.usedAsVerb(toks, i, i+n) {
				// "I'm going to numb it with lidocaine": what is done to
				// the patient, not what they feel
				i += n - 1
				continue
			}
			if kind == Symptom && !r.place(&m) || r.namesAPlace(toks, i, best) {
				i += n - 1
				continue
			}
			if kind == Lab && i+n < len(toks) && x.List("lab_modified_heads").Has(toks[i+n].Norm) {
				// "a low sodium diet", "your salt intake": the test's word
				// qualifies another thing, and names no test
				i += n - 1
				continue
			}
			if kind == Symptom && r.namesADrug(toks, i+n) {
				// "that Zarbee's cough syrup", "cough drops": the symptom
				// says what a drug is for, and is not one the patient has
				// (a condition's drug, "my asthma inhaler", says it is had)
				i += n - 1
				continue
			}
			if (kind == Condition || kind == Symptom) && r.namesATopic(toks, i, i+n, kind) {
				// "any stroke symptoms", "signs of a stroke", "cancer
				// screening": what is asked or looked for, not had; "the
				// stroke clinic", "the seizure threshold": what it names
				i += n - 1
				continue
			}
			if kind == Condition && r.vaccinatedAgainst(toks, i, i+n) {
				// "the shingles vaccine": what is prevented, not had
				i += n - 1
				continue
			}
			if kind == Condition {
				r.qualify(&m)
			}
			out = append(out, m)
			i += n - 1
		}
		out = r.withUnlistedDrugs(ui, out)
		out = append(out, r.levelMentions(ui, out)...)
	}
	return r.appositives(out)
}

// measuredBy reports whether a word of measuring starts at token k
// ("monitor", "reading").
func (r *Reading) measuredBy(toks []lexicon.Token, k int) bool {
	e, _ := r.Lexicon.List("measure_words").Match(toks, k)
	return e != nil
}

// inPseudoPhrase reports whether tokens [first, end) lie inside a phrase
// that only looks like a trigger of negation or context (ConText's pseudo
// triggers: "pas mal fatiguée", "no change"), starting before them and
// going on after them: the phrase's last word ("fatiguée") is its own.
func (r *Reading) inPseudoPhrase(toks []lexicon.Token, first, end int) bool {
	context := r.Lexicon.List("context")
	for k := max(0, first-pseudoReach); k < first; k++ {
		if e, n := context.Match(toks, k); e != nil && e.Attr("category") == "pseudo" && k+n > end {
			return true
		}
	}
	return false
}

// pseudoReach is how many tokens before a term a pseudo trigger covering it
// may start.
const pseudoReach = 3

// usedAsVerb reports whether the finding's word at [first, end) is a verb
// done to someone or something: after "to" or a modal, before an object
// ("to numb it", "will numb the area", "to strain all of your urine"), or
// opening an instruction with its object ("Strain everything.").
func (r *Reading) usedAsVerb(toks []lexicon.Token, first, end int) bool {
	if end-first != 1 || end >= len(toks) {
		return false
	}
	x := r.Lexicon
	next := toks[end].Norm
	all := x.List("verb_objects").Has(next)
	if first == 0 {
		return all
	}
	prev := toks[first-1].Norm
	return (prev == "to" || x.List("modals").Has(prev)) && (all || x.List("object_pronouns").Has(next) || x.List("determiners").Has(next))
}

// vaccinatedAgainst reports whether the condition at tokens [first, end)
// is named with a word of vaccination: right before it ("the shingles
// vaccine", "flu shot"), shortly after one ("a vaccine against shingles",
// "le vaccin contre le zona"), or as a dose counted by an ordinal in a
// sentence of vaccines ("her third hepatitis B").
func (r *Reading) vaccinatedAgainst(toks []lexicon.Token, first, end int) bool {
	words := r.Lexicon.List("vaccine_words")
	if end < len(toks) {
		if e, _ := words.Match(toks, end); e != nil {
			return true
		}
	}
	if first > 0 {
		if e := r.Lexicon.List("numbers").Lookup(toks[first-1].Norm); e != nil && e.Attr("kind") == "ordinal" {
			// "her third hepatitis B, and her first flu shot": a dose
			// counted in a talk of vaccines
			if at, _ := find(toks, words); at >= 0 {
				return true
			}
		}
	}
	for k := first - 1; k >= 0 && k >= first-3; k-- {
		if e, _ := words.Match(toks, k); e != nil {
			return true
		}
	}
	return false
}

// appositionGap is the most words that may stand between a kind of drug
// and the drug's name for the two to be one ("a steroid ointment,
// mometasone").
const appositionGap = 3

// namesAPlace reports whether a term that may also name a place does so
// at token i: "drop a urine sample into the surgery" is the practice.
func (r *Reading) namesAPlace(toks []lexicon.Token, i int, e *lexicon.Entry) bool {
	x := r.Lexicon
	if e.Attr("place") != "yes" || i < 2 || !x.List("determiners").Has(toks[i-1].Norm) {
		return false
	}
	for k := i - 2; k >= 0 && k >= i-3; k-- {
		if f, n := x.List("place_prepositions").Match(toks, k); f != nil && k+n == i-1 {
			return true
		}
	}
	return false
}

// countedUnit reports whether the condition at [first, end) is a word of
// dose counted by the number before it ("une goutte", "deux gouttes": drops,
// not gout).
func (r *Reading) countedUnit(toks []lexicon.Token, first, end int) bool {
	if first == 0 {
		return false
	}
	prev := toks[first-1]
	if prev.Kind != lexicon.Number && !r.Lexicon.List("numbers").Has(prev.Norm) {
		return false
	}
	e, n := r.Lexicon.List("units").Match(toks, first)
	return e != nil && first+n >= end
}

// qualify widens a condition's said range over the qualifiers before it
// and the place after it ("uncontrolled essential hypertension",
// "pneumonia in the right lower lobe").
func (r *Reading) qualify(m *mention) {
	x := r.Lexicon
	toks := r.Units[m.Unit].Tokens
	quals := x.List("qualifiers")
	for moved := true; moved; {
		moved = false
		for back := 1; back <= 3 && m.saidFirst-back >= 0; back++ {
			if e, n := quals.Match(toks, m.saidFirst-back); e != nil && m.saidFirst-back+n == m.saidFirst {
				m.saidFirst -= back
				moved = true
				break
			}
		}
	}
	if side, at := r.sideBefore(toks, m.saidFirst); side != "" {
		m.saidFirst = at
	}
	// the place said before it: "left ankle sprain", "knee osteoarthritis"
	for back := 1; back <= 3 && m.saidFirst-back >= 0; back++ {
		if e, n := x.List("body_parts").Match(toks, m.saidFirst-back); e != nil && m.saidFirst-back+n == m.saidFirst {
			m.saidFirst -= back
			if side, at := r.sideBefore(toks, m.saidFirst); side != "" {
				m.saidFirst = at
			}
			break
		}
	}
	i := m.saidEnd
	if i < len(toks) {
		if e, n := x.List("attachments").Match(toks, i); e != nil {
			j := i + n
			if e, n := x.List("determiners").Match(toks, j); e != nil {
				j += n
			}
			if e, n := x.List("sides").Match(toks, j); e != nil {
				j += n
			}
			if e, n := x.List("qualifiers").Match(toks, j); e != nil {
				j += n
			}
			if e, n := x.List("body_parts").Match(toks, j); e != nil {
				m.saidEnd = j + n
			}
		}
	}
}

// contextOf is what a mention's words say of it. A clinician's question
// is read through its answer; a question nobody answered, or one the
// patient asks, asserts nothing (ok is false).
func (r *Reading) contextOf(m Mention) (assertion.Context, bool, bool) {
	u := r.Units[m.Unit]
	x := r.Lexicon
	if !r.asks(m.Unit) || u.Speaker == transcript.Clinician && r.proposes(u.Tokens) {
		// a statement, or a clinician's request read as one ("could you
		// drop a urine sample in tomorrow?")
		c := assertion.Of(x, r.withSpokenYears(u.Tokens), [2]int{m.First, m.End})
		relays := r.RelaysPatient(m.Unit)
		switch {
		case relays && c.Subject == assertion.Patient && r.opensWithOther(u.Tokens) &&
			!r.speakerBefore(u.Tokens, m.First) && r.spokenOf(m.Unit) == assertion.Family:
			// the interpreter relaying the patient: "My mother has
			// diabetes. She takes insulin." is the mother's, as it would
			// be in the patient's own words (an interpreter's "she says
			// she has back pain" is the patient's)
			c.Subject = assertion.Family
		case u.Speaker != transcript.Patient && c.Subject != assertion.Patient && r.possessedByPatient(u.Tokens, m.First):
			// "His son checked his sugar": the sugar is his, whoever
			// checked it
			c.Subject = assertion.Patient
		case u.Speaker == transcript.Other && c.Subject != assertion.Patient && !relays && r.namesPatient(u.Tokens):
			// a parent's "my son has had a fever" is about the patient
			c.Subject = assertion.Patient
		case u.Speaker == transcript.Other && c.Subject == assertion.Patient && r.speaksOfSelfBesidePatient(u.Tokens, m.First) &&
			!r.placedOnPatient(u.Tokens, m.End):
			// ("I noticed these little spots on her hands": where they
			// are says whose they are)
			// the interpreter's "I take sertraline and I'm breastfeeding
			// him", relaying the mother: "I" is not the patient the
			// sentence calls "him" (a parent's own is the child's family
			// history)
			c.Subject = assertion.Other
			if r.Patient.Kin == "child" || r.Patient.Kin == "parent" {
				c.Subject = assertion.Family
			}
		case relays:
			// the interpreter's "my mother" is the patient's mother, no
			// name for the patient
		case u.Speaker == transcript.Other && c.Subject != assertion.Patient:
			// the patient's daughter's "my dad had a stroke" is about the
			// patient's husband: someone else, no family history; a
			// mother's "my husband has asthma" is the child's father's
			if kin, ok := r.companionsKin(u.Tokens); ok {
				c.Subject = kin
			}
		case u.Speaker == transcript.Patient && c.Subject == assertion.Patient && r.opensWithOther(u.Tokens) &&
			!r.ownedBySpeaker(u.Tokens, m.First) && !r.speakerBefore(u.Tokens, m.First):
			// the patient's "she has diabetes" (after "my mom is 73") is
			// about whom the turn spoke of: the patient says "I"
			c.Subject = r.spokenOf(m.Unit)
		case u.Speaker == transcript.Patient && c.Subject == assertion.Patient && r.relativesClause(u.Tokens, m.First):
			// "my mum's got an underactive thyroid, she's been on
			// levothyroxine for years": the clause's "she" is the mother
			c.Subject = assertion.Family
		case u.Speaker == transcript.Clinician && c.Subject == assertion.Family && r.namesPatientToCompanion(u.Tokens, m.First):
			// "I think your dad has a urinary tract infection", said to
			// his son: the patient
			c.Subject = assertion.Patient
		case u.Speaker == transcript.Patient && c.Subject == assertion.Patient && r.answersOfKin(m):
			// "Votre mère a une thyroïde qui ne marche pas assez ?" "Oui,
			// une maladie de Hashimoto": the answer names the relative's
			c.Subject = assertion.Family
		}
		return c, false, true
	}
	if u.Speaker == transcript.Patient || r.Answer[m.Unit] < 0 {
		return assertion.Context{}, false, false
	}
	a := r.Answer[m.Unit]
	reply := r.Units[a].Tokens
	if whole := r.answerTokens(m.Unit); len(whole) > len(reply) && hasSequence(whole, u.Tokens[m.First:m.End]) {
		// "Can you move your fingers? Any numbness?" "Yes, I can move
		// them. No numbness.": the reply says it of the finding where it
		// names it again, in any of its sentences, not with its first word
		reply = whole
	}
	c, ok := assertion.Answered(x, r.withSpokenYears(u.Tokens), [2]int{m.First, m.End}, r.withSpokenYears(reply))
	if ok && c.Assertion == assertion.Present && (r.answerNamesOther(m, a) || r.answerIsOnlyOther(m, a)) {
		// "Any heartburn, or a runny nose?" "Yes, a lot of heartburn
		// lately.": the yes is the heartburn's; of the runny nose the
		// answer says nothing
		return assertion.Context{}, false, false
	}
	if r.presumes(u.Tokens, m.First) && (!ok || c.Assertion != assertion.Absent) {
		// "Where exactly is the pain?" "Across the low back.": the reply
		// tells of the finding the question took as there
		return assertion.Context{Assertion: assertion.Present, Time: assertion.Current, Subject: assertion.Patient}, false, true
	}
	if ok && c.Assertion == assertion.Present && c.Time != assertion.Past && r.datesBack(a) {
		// "That's right. That was back in 2019."
		c.Time = assertion.Past
	}
	return c, true, ok
}

// answerIsOnlyOther reports whether the answer (unit a) to the question
// holding mention m opens with a word limiting it to what it names and
// names another symptom or condition, not m ("Any chest pain?" "Just my
// ribs are sore from coughing."): it says nothing of m.
func (r *Reading) answerIsOnlyOther(m Mention, a int) bool {
	reply := r.Units[a].Tokens
	if e, _ := r.Lexicon.List("restrictives").Match(reply, 0); e == nil || len(r.termsIn(reply)) == 0 {
		return false
	}
	asked := r.Units[m.Unit].Tokens[m.First:m.End]
	return !hasSequence(reply, asked)
}

// presumes reports whether a question takes the finding at token at as
// there: it asks about it ("where", "how long") and names it with a
// definite word ("the pain", "your cough"), or asks how much of it ("how
// much alcohol") or where it is ("where does it hurt?").
func (r *Reading) presumes(toks []lexicon.Token, at int) bool {
	list := r.Lexicon.List("content_questions")
	if at == 0 {
		return false
	}
	for k := max(at-3, 0); k < at; k++ {
		// "how much alcohol do you drink?" asks the amount of what is
		// taken as there
		if e, n := list.Match(toks, k); e != nil && (e.Attr("role") == "quantity" || e.Attr("role") == "placing") && k+n == at {
			// (and "where does it hurt?" where it is)
			return true
		}
	}
	if e := list.Lookup(toks[at-1].Norm); e == nil || e.Attr("role") != "definite" {
		return false
	}
	// the asking words open the question, or, as French puts them, close
	// it ("la fièvre montait jusqu'à combien ?")
	for i := range toks {
		if e, _ := list.Match(toks, i); e != nil && (e.Attr("role") == "opener" || e.Attr("role") == "quantity") {
			return true
		}
	}
	return false
}

// datesBack reports whether the sentence after a short reply, in the
// same turn, places what was answered in the past ("That's right. That
// was back in 2019.").
func (r *Reading) datesBack(a int) bool {
	next := a + 1
	if next >= len(r.Units) || r.Units[next].Segment != r.Units[a].Segment || len(r.Units[a].Tokens) > shortReply {
		return false
	}
	list := r.Lexicon.List("context")
	toks := r.Units[next].Tokens
	for k := range toks {
		if e, _ := list.Match(toks, k); e != nil && e.Attr("category") == "historical" {
			return true
		}
	}
	// "That was back in 2019.": a year read as the sentence's own time
	for len(toks) > 0 && toks[len(toks)-1].Kind == lexicon.Punct {
		toks = toks[:len(toks)-1]
	}
	return assertion.Of(r.Lexicon, r.withSpokenYears(toks), [2]int{len(toks), len(toks)}).Time == assertion.Past
}

// shortReply is the most tokens a reply may have for the sentence after
// it to date what it confirmed.
const shortReply = 4

// answerSentences is how many sentences of the reply are read as the answer
// to a question: "That's right. That was back in 2019." answers and dates.
const answerSentences = 2

// answerTokens are the tokens of the reply to question unit q: its first
// sentences, in the same turn.
func (r *Reading) answerTokens(q int) []lexicon.Token {
	return r.answerTokensOver(q, answerSentences)
}

// answerTokensOver is the tokens of the first sentences of q's answer, up
// to n of them, in its turn.
func (r *Reading) answerTokensOver(q, n int) []lexicon.Token {
	a := r.Answer[q]
	toks := r.Units[a].Tokens
	for k := a + 1; k < len(r.Units) && k < a+n && r.Units[k].Segment == r.Units[a].Segment; k++ {
		toks = append(append([]lexicon.Token(nil), toks...), r.Units[k].Tokens...)
	}
	return toks
}

// namesATopic reports whether the condition at toks[first:end] only
// qualifies a word of topic_heads: one after it ("stroke symptoms", "the
// stroke clinic") or, marked before=yes, one that ends right before it
// ("signs of a stroke"). A symptom qualifies only the heads marked
// symptom=yes ("the seizure threshold").
func (r *Reading) namesATopic(toks []lexicon.Token, first, end int, kind Kind) bool {
	heads := r.Lexicon.List("topic_heads")
	fits := func(e *lexicon.Entry) bool { return kind != Symptom || e.Attr("symptom") == "yes" }
	if end < len(toks) {
		if e, _ := heads.Match(toks, end); e != nil && e.Attr("before") != "yes" && fits(e) {
			return true
		}
	}
	for k := max(first-topicHeadWords, 0); k < first; k++ {
		if e, n := heads.Match(toks, k); e != nil && e.Attr("before") == "yes" && k+n == first && fits(e) {
			return true
		}
	}
	return false
}

// topicHeadWords is the most words a head said before its condition has.
const topicHeadWords = 5

// namesADrug reports whether the words at end are a kind of drug ("cough
// syrup", "cough drops").
func (r *Reading) namesADrug(toks []lexicon.Token, end int) bool {
	if end >= len(toks) {
		return false
	}
	e, _ := r.Lexicon.List("drug_kinds").Match(toks, end)
	return e != nil
}
