package clinical

// The units no finding is read from and the note does not write: said in
// another language, an interpreter's own aside, a transcriber's note, the
// patient reading back what the clinician just said.

import (
	"strings"

	"github.com/notegen/notegen/internal/discourse"
	"github.com/notegen/notegen/internal/lexicon"
	"github.com/notegen/notegen/internal/transcript"
)

// foreignShare is the most of a unit's words the lexicon may know for the
// unit to be in another language; foreignWords the fewest words it must
// have to be judged ("Sulfa." is no sentence of any language).
const (
	foreignShare = 0.3
	foreignWords = 3
)

// dropForeign drops the units said in a language other than the
// encounter's: an interpreter's words to the patient and the patient's
// replies ("Proszę podać swój adres."). The interpreter's rendering in
// the encounter's language is what the note reads. A turn is judged
// whole, so that its short sentences ("Mi mamá.") go with it, and a unit
// of a turn in the encounter's language on its own.
func (r *Reading) dropForeign() {
	r.unread = make([]bool, len(r.Units))
	for i := 0; i < len(r.Units); {
		j := i
		words, known := 0, 0
		for ; j < len(r.Units) && r.Units[j].Segment == r.Units[i].Segment; j++ {
			w, k := r.knownWords(r.Units[j].Tokens)
			words, known = words+w, known+k
			if w >= foreignWords && float64(k) < foreignShare*float64(w) {
				r.unread[j] = true
			}
		}
		if words >= foreignWords && float64(known) < foreignShare*float64(words) {
			for k := i; k < j; k++ {
				r.unread[k] = true
			}
		}
		for k := i; k < j; k++ {
			if r.unread[k] {
				r.Units[k].Part = discourse.Drop
			}
		}
		i = j
	}
	r.answeredThroughInterpreter()
}

// answeredThroughInterpreter makes the interpreter's rendering the answer
// to a question the patient answered in another language ("Any
// allergies?" "Penicillin. Ngứa, nổi mẩn khắp người." "Penicillin.
// Itching, a rash all over my body."): the reply in the encounter's
// language is the one read.
func (r *Reading) answeredThroughInterpreter() {
	for q, a := range r.Answer {
		if a < 0 || !r.unread[a] {
			continue
		}
		next := a
		for next < len(r.Units) && r.Units[next].Segment == r.Units[a].Segment {
			next++
		}
		if next < len(r.Units) && r.Units[next].Speaker == transcript.Other && transcript.Relays(r.Segments[r.Units[next].Segment].Voice) {
			r.Answer[q] = next
		}
	}
}

// dropOwnAsides drops what an interpreter says in their own name ("This is
// from me. My own son had this from school last year."): from the sentence
// that says so to the end of the turn, no finding is read, and the note
// leaves it out.
func (r *Reading) dropOwnAsides() {
	cues := r.Lexicon.List("own_voice")
	for i := 0; i < len(r.Units); i++ {
		u := r.Units[i]
		if u.Speaker != transcript.Other || !transcript.Relays(r.Segments[u.Segment].Voice) {
			continue
		}
		if at, _ := find(u.Tokens, cues); at < 0 {
			continue
		}
		for k := i; k < len(r.Units) && r.Units[k].Segment == u.Segment; k++ {
			r.unread[k] = true
			r.Units[k].Part = discourse.Drop
			i = k
		}
	}
}

// dropStageDirections drops the turns that are wholly a transcriber's
// note in brackets ("Patient: (speaks in Dari)", "[inaudible]"): nothing
// was said in them to read or to write.
func (r *Reading) dropStageDirections() {
	for i, u := range r.Units {
		text := strings.TrimSpace(r.Segments[u.Segment].Text)
		if len(text) < 2 || !strings.ContainsAny(text[:1], "([") || !strings.ContainsAny(text[len(text)-1:], ")]") ||
			strings.ContainsAny(text[1:len(text)-1], "()[]") {
			continue
		}
		r.unread[i] = true
		r.Units[i].Part = discourse.Drop
	}
}

// knownWords counts the words of toks and those the lexicon knows.
func (r *Reading) knownWords(toks []lexicon.Token) (words, known int) {
	for _, t := range toks {
		if t.Kind != lexicon.Word {
			continue
		}
		words++
		if r.Lexicon.Knows(t.Norm) {
			known++
		}
	}
	return words, known
}

// dropPleasantries drops a sentence of social talk that opens, past
// openers and fillers, with a wish, thanks or a greeting ("Good luck to
// your grandson today.", "Enjoy Cornwall, and good luck with the sweet
// peas.", "Bonne fin de semaine !") and names no symptom, condition, drug
// or number: it is said to the person, not of the illness. One that goes
// on to the illness ("Enjoy the trip, and call if the fever comes back")
// stays.
func (r *Reading) dropPleasantries() {
	pleasantries, fillers := r.Lexicon.List("pleasantries"), r.Lexicon.List("fillers")
	for i, u := range r.Units {
		if u.Part == discourse.Drop {
			continue
		}
		k := r.pastOpeners(u.Tokens, len(u.Tokens))
		for k < len(u.Tokens) && (fillers.Has(u.Tokens[k].Norm) || u.Tokens[k].Kind == lexicon.Punct) {
			k++
		}
		if e, _ := pleasantries.Match(u.Tokens, k); e == nil || r.namesFinding(u.Tokens) || r.numbered(u.Tokens) {
			continue
		}
		r.Units[i].Part = discourse.Drop
	}
}

// readBackWords is the fewest words of substance a read-back repeats
// ("Okay." or "Fever?" repeats nothing worth judging), and readBackShare
// the least share of its words of substance it repeats: a read-back puts
// a word of its own in at most ("Fever, come straight back." after "come
// back straight away if you get a temperature").
const (
	readBackWords = 2
	readBackShare = 0.67
)

// dropReadBacks drops the patient's or a companion's sentence that reads
// back what the clinician has just told them ("Fever, come straight back.
// Got it.", "Three times a day for five days."): its words of substance
// were said, in some form, in the clinician's turn right before (two in
// three at least; "vomissements" after "si vous vomissez", words compared
// by lexicon.Stem), and that turn ends on a statement, not a question (an
// answer repeats the question's words, "Any fever?" "No fever.", and is
// read). It asserts nothing of its own: "fever" in a safety net read back
// is no fever.
func (r *Reading) dropReadBacks() {
	for i, u := range r.Units {
		if u.Speaker == transcript.Clinician || u.Question || r.unread[i] {
			continue
		}
		prev := i - 1
		for prev >= 0 && r.Units[prev].Segment == u.Segment {
			prev--
		}
		if prev < 0 || r.Units[prev].Speaker != transcript.Clinician || r.Units[prev].Question {
			continue
		}
		said := map[string]bool{}
		for k := prev; k >= 0 && r.Units[k].Segment == r.Units[prev].Segment; k-- {
			for _, t := range r.Units[k].Tokens {
				said[lexicon.Stem(t.Norm)] = true
			}
		}
		words := r.substance(u.Tokens)
		if len(words) < readBackWords {
			continue
		}
		repeated := 0
		for _, w := range words {
			if said[lexicon.Stem(w)] {
				repeated++
			}
		}
		if repeated >= readBackWords && float64(repeated) >= readBackShare*float64(len(words)) {
			r.unread[i] = true
			r.Units[i].Part = discourse.Drop
		}
	}
}

// substance is the words of toks that are not function words, fillers,
// openers or answers ("okay", "got it").
func (r *Reading) substance(toks []lexicon.Token) []string {
	x := r.Lexicon
	var out []string
	for _, t := range toks {
		if t.Kind == lexicon.Punct || x.List("stopwords").Has(t.Norm) || x.List("fillers").Has(t.Norm) ||
			x.List("openers").Has(t.Norm) {
			continue
		}
		if e, _ := x.List("answers").Match([]lexicon.Token{t}, 0); e != nil {
			continue
		}
		out = append(out, t.Norm)
	}
	return out
}
