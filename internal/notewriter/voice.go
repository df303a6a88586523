package notewriter

import (
	"maps"
	"strings"

	"github.com/notegen/notegen/internal/clinical"
	"github.com/notegen/notegen/internal/lexicon"
	"github.com/notegen/notegen/internal/spoken"
	"github.com/notegen/notegen/internal/transcript"
)

// voice rewrites what was said into the note's clinical voice: third
// person for the patient, no fillers or spoken openers, numbers in digits
// with their units. Its rules are the language's data files (voice_*.txt,
// third_person.txt, fillers.txt, ...); the code holds no word.
type voice struct {
	x                                                            *lexicon.Lexicon
	numbers                                                      *spoken.Reader
	slots                                                        map[string]string
	fillers, openers, tags, modals, adverbs, third, conjunctions *lexicon.List
	// frames are the words that relay a sentence ("he says", "please
	// tell him")
	frames *lexicon.List
	// orders are the verbs of an order (to a person or a device)
	orders       *lexicon.List
	prepositions *lexicon.List
	determiners  *lexicon.List
	clauses      *lexicon.List
	// register are the spoken and regional forms written in the standard
	// language ("à matin" is "ce matin")
	register *lexicon.List
	person   map[transcript.Speaker]*lexicon.List
	// relation is how a companion names the patient ("my mum"): a
	// companion's other relations are other people, written as said
	relation string
	// patientPronouns and addressesCaregiver are read once: whether a
	// clinician's "you" in a sentence that calls the patient by these
	// pronouns is written as the caregiver (caregiver.addressed)
	patientPronouns    map[string]bool
	addressesCaregiver bool
}

func newVoice(x *lexicon.Lexicon, p clinical.Person) *voice {
	v := &voice{
		x:       x,
		numbers: spoken.For(x.Lang),
		slots: map[string]string{"subject": p.Subject, "object": p.Object, "possessive": p.Possessive,
			"reflexive": p.Reflexive, "tonic": x.Phrase("patient." + p.Gender + ".tonic"),
			"indirect": x.Phrase("patient." + p.Gender + ".indirect")},
		fillers: x.List("fillers"), openers: x.List("openers"), frames: x.List("reporting_frames"), tags: x.List("tags"), modals: x.List("modals"),
		adverbs: x.List("adverbs"), third: x.List("third_person"), conjunctions: x.List("conjunctions"),
		orders: x.List("order_verbs"), prepositions: x.List("prepositions"), determiners: x.List("determiners"),
		clauses: x.List("clause_verbs"), register: x.List("register"),
		person: map[transcript.Speaker]*lexicon.List{
			transcript.Patient:   x.List("voice_patient"),
			transcript.Clinician: x.List("voice_clinician"),
			transcript.Other:     x.List("voice_other"),
		},
		relation: p.Relation,
	}
	v.patientPronouns, v.addressesCaregiver = patientPronouns(x, v.slots), x.Phrase("caregiver.addressed") == "yes"
	return v
}

// piece is a stretch of the sentence being written: source tokens
// [first, end) copied as said, or text that replaces them.
type piece struct {
	first, end int
	text       string
	replaced   bool
}

// rewrite writes tokens [first, end) of a unit (whose segment text is src)
// as a note sentence spoken by who, or "" when nothing is left.
func (v *voice) rewrite(src []rune, toks []lexicon.Token, who transcript.Speaker) string {
	ps := make([]piece, 0, len(toks))
	for i, t := range toks {
		p := piece{first: i, end: i + 1}
		if t.Kind == lexicon.Punct && string(src[t.Start:t.End]) != t.Text {
			// punctuation a dictation said in words ("virgule") is
			// written as its mark
			p.text, p.replaced = t.Text, true
		}
		ps = append(ps, p)
	}
	ps = v.dropMatches(ps, toks, v.fillers)
	ps = v.dropMatches(ps, toks, v.x.List("hedges"))
	ps = dropRepeats(ps, toks, v.x.List("number_words"))
	ps = v.trimOpeners(ps, toks)
	ps = v.trimHeading(ps, toks)
	if v.trimFrame(&ps, toks, who) {
		ps = v.trimOpeners(ps, toks)
		ps = v.dropReportedJoins(ps, toks)
	}
	ps = v.trimTag(ps, toks)
	ps = v.trimLetterOpening(ps, toks)
	ps = v.standardise(ps, toks)
	v.hasNotIs(ps, toks)
	if who == transcript.Clinician {
		ps = v.infinitives(src, ps, toks)
	}
	ps = v.thirdPerson(ps, toks, who)
	ps = v.digits(ps, toks)
	return finish(v.capitals(v.x.Acronyms(tidy(join(src, toks, ps)))))
}

// infinitives writes an instruction to the patient as a note does, in the
// infinitive where the language says so: French "Buvez beaucoup d'eau" is
// "Boire beaucoup d'eau", "..., revenez me voir" "..., revenir me voir".
// Only the verbs of the imperatives list, opening the sentence or a clause
// after a comma or a conjunction; English instructions are written as
// said.
func (v *voice) infinitives(src []rune, ps []piece, toks []lexicon.Token) []piece {
	list, joins := v.x.List("imperatives"), v.x.List("conjunctions")
	for i := 0; i < len(ps); i++ {
		if ps[i].replaced {
			continue
		}
		if i > 0 {
			// after a comma or a conjunction ("revenez nous voir ou allez
			// à l'urgence")
			prev := ps[i-1]
			mark := prev.text
			if !prev.replaced {
				mark = toks[prev.first].Norm
			}
			if (mark == "" || !strings.Contains(",.;:!?", mark)) && (prev.replaced || !joins.Has(toks[prev.first].Norm)) {
				continue
			}
		}
		e, n := matchPieces(ps, toks, i, list)
		if e == nil || i+n < len(ps) && hyphened(src, toks[ps[i+n-1].first]) {
			// a pronoun joined to the verb ("arrêtez-la") stays as said
			continue
		}
		to := e.Attr("to")
		if i > 0 && !ps[i-1].replaced && toks[ps[i-1].first].Norm != "" && strings.Contains(".!?", toks[ps[i-1].first].Norm) {
			to = capitalise(to)
		}
		rest := append([]piece{{first: ps[i].first, end: ps[i+n-1].end, text: to, replaced: true}}, ps[i+n:]...)
		ps = append(ps[:i], rest...)
	}
	return ps
}

// hyphened reports whether a hyphen follows token t in src: a pronoun
// joined to a verb ("arrêtez-la").
func hyphened(src []rune, t lexicon.Token) bool {
	return t.End < len(src) && src[t.End] == '-'
}

// capitals writes with a capital the words the language always capitalises
// ("i think" is "I think").
func (v *voice) capitals(s string) string {
	list := v.x.List("capitals")
	words := strings.Split(s, " ")
	for i, w := range words {
		if list.Has(strings.TrimRight(w, ",.;:!?")) {
			words[i] = strings.ToUpper(w[:1]) + w[1:]
		}
	}
	return strings.Join(words, " ")
}

// dropMatches removes every term of list.
func (v *voice) dropMatches(ps []piece, toks []lexicon.Token, list *lexicon.List) []piece {
	out := ps[:0]
	for i := 0; i < len(ps); i++ {
		if e, n := matchPieces(ps, toks, i, list); e != nil && !(n == 1 && v.nounHere(ps, toks, i)) {
			i += n - 1
			// "the pain is, you know, worse": the commas around it go too
			if len(out) > 0 && isComma(out[len(out)-1], toks) && i+1 < len(ps) && isComma(ps[i+1], toks) {
				out = out[:len(out)-1]
				i++
			}
			continue
		}
		out = append(out, ps[i])
	}
	return out
}

// nounHere reports whether the one word at piece i is a noun, not the
// filler it spells: written in capitals ("ER"), or after a determiner and
// ending its clause ("take him to the er.").
func (v *voice) nounHere(ps []piece, toks []lexicon.Token, i int) bool {
	t := toks[ps[i].first]
	if len([]rune(t.Text)) > 1 && strings.ToUpper(t.Text) == t.Text && strings.ToLower(t.Text) != t.Text {
		return true
	}
	// a determiner before it and the clause's end after it: "the er."
	// ("the um medication" keeps its filler out)
	ends := i+1 >= len(ps) || !ps[i+1].replaced && toks[ps[i+1].first].Kind == lexicon.Punct
	return ends && i > 0 && !ps[i-1].replaced && v.x.List("determiners").Has(toks[ps[i-1].first].Norm)
}

func isComma(p piece, toks []lexicon.Token) bool {
	return !p.replaced && p.end == p.first+1 && toks[p.first].Norm == ","
}

// matchPieces matches list at piece i, over original tokens only; it
// returns the entry and how many pieces it covers.
func matchPieces(ps []piece, toks []lexicon.Token, i int, list *lexicon.List) (*lexicon.Entry, int) {
	if i >= len(ps) || ps[i].replaced {
		return nil, 0
	}
	// the pieces from i on must be consecutive source tokens for a term to
	// span them
	k := i
	for k+1 < len(ps) && !ps[k+1].replaced && ps[k+1].first == ps[k].end {
		k++
	}
	e, n := list.Match(toks[ps[i].first:ps[k].end], 0)
	return e, n
}

// dropRepeats removes a word or two said twice in a row ("I I think", "it
// is it is", "her, her"): speech restarts, writing does not.
func dropRepeats(ps []piece, toks []lexicon.Token, numbers *lexicon.List) []piece {
	out := ps[:0]
	for i := 0; i < len(ps); i++ {
		if i+2 < len(ps) && !ps[i+1].replaced && toks[ps[i+1].first].Norm == "," && samePieces(ps[i:i+1], ps[i+2:i+3], toks, numbers) {
			i++
			continue
		}
		out = append(out, ps[i])
	}
	ps = out
	for n := 3; n >= 1; n-- {
		out := ps[:0]
		for i := 0; i < len(ps); i++ {
			if i+2*n <= len(ps) && samePieces(ps[i:i+n], ps[i+n:i+2*n], toks, numbers) {
				i += n - 1
				continue
			}
			out = append(out, ps[i])
		}
		ps = out
	}
	return ps
}

func samePieces(a, b []piece, toks []lexicon.Token, numbers *lexicon.List) bool {
	for k := range a {
		if a[k].replaced || b[k].replaced || toks[a[k].first].Kind != lexicon.Word || toks[a[k].first].Norm != toks[b[k].first].Norm {
			return false
		}
		if numbers.Has(toks[a[k].first].Norm) {
			// "twenty twenty" (a visual acuity), "two two" (a code) are
			// two numbers, not a restart
			return false
		}
	}
	return true
}

// thirdPerson turns the speaker's first or second person into the
// patient's third person: "I have had" -> "she has had", "your knee" ->
// "her knee"; a verb after a subject so turned agrees with it ("I feel" ->
// "she feels").
func (v *voice) thirdPerson(ps []piece, toks []lexicon.Token, who transcript.Speaker) []piece {
	list := v.person[who]
	if list == nil {
		return ps
	}
	slots := v.slots
	if who == transcript.Clinician && v.toCaregiver(toks) {
		// "you can give her cetirizine at night" is said to the one who
		// cares for her: "the caregiver can give her", not "she can give
		// her"
		slots = maps.Clone(v.slots)
		slots["subject"] = v.x.Phrase("caregiver.subject")
	} else if who == transcript.Clinician && v.aboutPatientToOther(toks) {
		// "He shouldn't take your co-codamol, it's prescribed for you",
		// said to the wife on the phone: her "you" is not the patient
		slots = maps.Clone(v.slots)
		slots["subject"], slots["object"] = v.x.Phrase("caregiver.subject"), v.x.Phrase("caregiver.object")
		slots["possessive"] = v.x.Phrase("caregiver.possessive")
	}
	out := make([]piece, 0, len(ps))
	for i := 0; i < len(ps); i++ {
		e, n := matchPieces(ps, toks, i, list)
		if e == nil || who == transcript.Other && v.relation != "" && e.Name() != v.relation {
			// ("my dad had a stroke", said by the patient's daughter of
			// her father, is no "she")
			out = append(out, ps[i])
			continue
		}
		form, object := e.Attr("to"), false
		if obj := e.Attr("object"); obj != "" && !v.subjectAt(ps, toks, i, n, out) {
			form, object = obj, true
			if next, ok := v.nextWord(ps, toks, i+n); ok && v.x.List("direct_object_verbs").Has(next.Norm) {
				// "je vous adresse à une psychologue": the verb takes the
				// person as its direct object, "je l'adresse"
				text := v.x.Elide(fill("{object}", slots), next.Text)
				if strings.HasSuffix(text, "'") {
					out = append(out, piece{first: ps[i].first, end: ps[i+n].end, text: text + next.Text, replaced: true})
					i += n
				} else {
					out = append(out, piece{first: ps[i].first, end: ps[i+n-1].end, text: text, replaced: true})
					i += n - 1
				}
				continue
			}
			if next, ok := v.nextWord(ps, toks, i+n); ok && v.x.List("direct_clitics").Has(next.Norm) {
				// "je vous le donne": the direct pronoun goes first, "je le
				// lui donne"
				out = append(out, ps[i+n], piece{first: ps[i].first, end: ps[i+n-1].end, text: fill(form, slots), replaced: true})
				i += n
				continue
			}
		}
		if fem := e.Attr("feminine"); fem != "" && i+n < len(ps) && v.feminine(toks[ps[i+n].first]) {
			// "votre tension" is "sa tension"
			form = fem
		}
		text, first := fill(form, slots), ps[i].first
		if k := len(out) - 1; k >= 0 && !out[k].replaced {
			// "si vous" turned "si il" is written "s'il"
			if elided, ok := v.elidedBefore(toks[out[k].first].Text, text); ok {
				text, first, out = elided, out[k].first, out[:k]
			}
		}
		out = append(out, piece{first: first, end: ps[i+n-1].end, text: text, replaced: true})
		i += n - 1
		if e.Attr("agree") == "yes" && !object {
			i = v.agree(ps, toks, i+1, &out) - 1
		}
	}
	return out
}

// nextWord is the source token of piece i when it is a word left as said.
func (v *voice) nextWord(ps []piece, toks []lexicon.Token, i int) (lexicon.Token, bool) {
	if i >= len(ps) || ps[i].replaced || toks[ps[i].first].Kind != lexicon.Word {
		return lexicon.Token{}, false
	}
	return toks[ps[i].first], true
}

// toCaregiver reports whether a clinician's sentence speaks to the one who
// cares for the patient: "you" with what is done to the patient ("you can
// give her", "bring him back": caregiver_objects).
func (v *voice) toCaregiver(toks []lexicon.Token) bool {
	if at, _ := findTerm(toks, v.x.List("caregiver_objects")); at < 0 {
		return false
	}
	at, _ := findTerm(toks, v.x.List("second_person"))
	return at >= 0
}

// aboutPatientToOther reports whether a clinician's sentence speaks of the
// patient by the patient's own third-person pronoun ("he", "his", for a
// man) and to someone in the second person: the one addressed is then not
// the patient but whoever answers for them ("He shouldn't take your
// co-codamol"). A pronoun of the other gender ("Your husband, is he
// here?") is someone else's.
func (v *voice) aboutPatientToOther(toks []lexicon.Token) bool {
	if !v.addressesCaregiver {
		return false
	}
	found := false
	for _, t := range toks {
		if v.patientPronouns[t.Norm] {
			found = true
			break
		}
	}
	if !found {
		return false
	}
	at, _ := findTerm(toks, v.x.List("second_person"))
	return at >= 0
}

// patientPronouns are the patient's third-person pronouns of one word
// ("he", "him", "his" for a man), of the slots filled for the patient.
func patientPronouns(x *lexicon.Lexicon, slots map[string]string) map[string]bool {
	out := map[string]bool{}
	for _, slot := range []string{"subject", "object", "possessive"} {
		if w := strings.ToLower(slots[slot]); w != "" && !strings.Contains(w, " ") && x.List("third_pronouns").Has(w) {
			out[w] = true
		}
	}
	return out
}

// standardise writes the spoken and regional forms of the register list
// as the written language has them ("à matin" is "ce matin", "dunno" is
// "do not know"). A form that is also a standard word ("blonde") is
// replaced only after a word of the list its entry names ("ma blonde"),
// which stays for thirdPerson to turn; one that is a standard word only
// after some words ("tant pis") is not replaced after a word of the list
// its notafter names ("rouge pis enflé" is "rouge et enflé").
func (v *voice) standardise(ps []piece, toks []lexicon.Token) []piece {
	out := make([]piece, 0, len(ps))
	for i := 0; i < len(ps); i++ {
		e, n := matchPieces(ps, toks, i, v.register)
		if e == nil || !v.follows(out, toks, e.Attr("after")) || e.Attr("notafter") != "" && v.follows(out, toks, e.Attr("notafter")) ||
			e.Attr("before") == "number" && !v.numberAt(ps, toks, i+n) {
			out = append(out, ps[i])
			continue
		}
		out = append(out, piece{first: ps[i].first, end: ps[i+n-1].end, text: e.Attr("to"), replaced: true})
		i += n - 1
	}
	return out
}

// numberAt reports whether piece i is a number, in digits or words.
func (v *voice) numberAt(ps []piece, toks []lexicon.Token, i int) bool {
	if i >= len(ps) || ps[i].replaced {
		return false
	}
	t := toks[ps[i].first]
	return t.Kind == lexicon.Number || v.x.List("number_words").Has(t.Norm)
}

// follows reports whether the last piece of out is a word of the list
// named, or whether no list is named.
func (v *voice) follows(out []piece, toks []lexicon.Token, list string) bool {
	if list == "" {
		return true
	}
	if len(out) == 0 || out[len(out)-1].replaced {
		return false
	}
	return v.x.List(list).Has(toks[out[len(out)-1].end-1].Norm)
}

// subjectAt reports whether "you" at piece i stands where a subject does.
// Right after a subject pronoun it does not; else the word after decides:
// a verb, modal or adverb follows a subject ("you sent", "you can"), a
// determiner, preposition or the end follows an object ("prescribe you
// some", "for you."); else the word before: after a verb or a preposition
// it is the object ("I'll see you").
func (v *voice) subjectAt(ps []piece, toks []lexicon.Token, i, n int, out []piece) bool {
	if k := len(out) - 1; k >= 0 && !out[k].replaced && v.x.List("subject_pronouns").Has(toks[out[k].end-1].Norm) {
		// right after a subject, it is the verb's object: French puts
		// it before the verb ("je vous prescris")
		return false
	}
	if j := i + n; j < len(ps) && !ps[j].replaced {
		next := toks[ps[j].first]
		switch {
		case next.Kind == lexicon.Punct:
			return false
		case v.third.Has(next.Norm) || v.modals.Has(next.Norm) || v.adverbs.Has(next.Norm):
			return true
		case v.x.List("verb_particles").Has(next.Norm):
			// a phrasal verb's particle follows its object ("I'll ring
			// you back")
			return false
		case v.determiners.Has(next.Norm) || v.prepositions.Has(next.Norm) || v.infinitive(next):
			// an infinitive follows its object ("on va vous donner")
			return false
		}
	} else if j >= len(ps) {
		return false
	}
	if len(out) == 0 {
		return true
	}
	last := out[len(out)-1]
	if last.replaced {
		return false
	}
	t := toks[last.end-1]
	if v.clauses.Has(t.Norm) {
		return true
	}
	return !v.third.Has(t.Norm) && !v.prepositions.Has(t.Norm) && !v.participle(t.Norm)
}

// participle reports whether word is a verb's participle by its ending
// ("sending"): the "you" after it is its object.
func (v *voice) participle(word string) bool {
	return v.x.List("participle_endings").EndsWord(word, participleLead)
}

// participleLead is how many letters a word must have, and more, before
// its ending to be a participle: "bring" is none.
const participleLead = 2

// agree conjugates the verb at piece i (after adverbs) in the third person,
// appending pieces to out; it returns the index of the first piece not
// appended.
func (v *voice) agree(ps []piece, toks []lexicon.Token, i int, out *[]piece) int {
	for i < len(ps) {
		e, n := matchPieces(ps, toks, i, v.adverbs)
		if e == nil {
			e, n = matchPieces(ps, toks, i, v.x.List("verb_adverbs"))
		}
		if e == nil && !ps[i].replaced {
			// French puts an object pronoun before the verb: "je l'ai
			// arrêtée" is "il l'a arrêtée"
			e, n = matchPieces(ps, toks, i, v.x.List("preverbal_objects"))
		}
		if e != nil {
			*out = append(*out, ps[i:i+n]...)
			i += n
			continue
		}
		break
	}
	if i >= len(ps) {
		return i
	}
	if e, n := matchPieces(ps, toks, i, v.third); e != nil {
		// (before the modals: French ones are conjugated, "je vais" is
		// "il va")
		verb := e.Attr("third")
		v.elideBefore(*out, verb)
		*out = append(*out, piece{first: ps[i].first, end: ps[i+n-1].end, text: verb, replaced: true})
		return i + n
	}
	if e, _ := matchPieces(ps, toks, i, v.modals); e != nil {
		return i
	}
	if verb, ok := v.regular(toks[ps[i].first]); ok && !ps[i].replaced {
		v.elideBefore(*out, verb)
		*out = append(*out, piece{first: ps[i].first, end: ps[i].end, text: verb, replaced: true})
		return i + 1
	}
	return i
}

// digits writes the numbers said in words in digits, with their units
// ("two fifty milligrams" -> "250 mg").
func (v *voice) digits(ps []piece, toks []lexicon.Token) []piece {
	reps := v.numbers.Rewrite(toks)
	if len(reps) == 0 {
		return ps
	}
	out := make([]piece, 0, len(ps))
	r := 0
	for i := 0; i < len(ps); i++ {
		for r < len(reps) && reps[r].End <= ps[i].first {
			r++
		}
		if r < len(reps) && !ps[i].replaced && ps[i].first == reps[r].First {
			// the replacement's tokens must all still be here, in order
			k, ok := i, true
			for t := reps[r].First; t < reps[r].End; t++ {
				if k >= len(ps) || ps[k].replaced || ps[k].first != t {
					ok = false
					break
				}
				k++
			}
			if ok {
				out = append(out, piece{first: reps[r].First, end: reps[r].End, text: reps[r].Text, replaced: true})
				i = k - 1
				r++
				continue
			}
		}
		out = append(out, ps[i])
	}
	return out
}
