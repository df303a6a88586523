package notewriter

// What the voice leaves out of what was said: spoken openers, a heading, a
// frame that relays speech, a request for agreement, a letter's opening.

import (
	"strings"

	"github.com/notegen/notegen/internal/lexicon"
	"github.com/notegen/notegen/internal/transcript"
)

// trimHeading drops a heading said before a colon at the start ("Plan:
// start colchicine", a dictation's "assessment colon ..."): the note's own
// heading says it.
func (v *voice) trimHeading(ps []piece, toks []lexicon.Token) []piece {
	e, n := matchPieces(ps, toks, 0, v.x.List("headings"))
	if e == nil || n+1 >= len(ps) || ps[n].replaced && ps[n].text != ":" || !ps[n].replaced && toks[ps[n].first].Norm != ":" {
		return ps
	}
	return ps[n+1:]
}

// trimOpeners drops the words and commas a spoken sentence opens with
// ("okay, so, um, ..."), and a name called before an order given to a
// device or an assistant ("Alex, order a CBC").
func (v *voice) trimOpeners(ps []piece, toks []lexicon.Token) []piece {
	for len(ps) > 0 {
		if len(ps) > 2 && !ps[0].replaced && toks[ps[0].first].Kind == lexicon.Word && toks[ps[1].first].Norm == "," {
			if e, _ := matchPieces(ps, toks, 2, v.orders); e != nil {
				ps = ps[2:]
				continue
			}
		}
		if t := toks[ps[0].first]; t.Kind == lexicon.Punct && t.Norm != "\"" {
			ps = ps[1:]
			continue
		}
		e, n := matchPieces(ps, toks, 0, v.openers)
		// an opener that is the whole sentence ("okay.") leaves nothing
		if e == nil {
			break
		}
		if e.Attr("comma") == "yes" && (n >= len(ps) || ps[n].replaced || toks[ps[n].first].Norm != ",") {
			// "no" opens a sentence only as an answer ("No, I feel
			// fine"): "no trouble since" keeps it
			break
		}
		if c, _ := matchPieces(ps, toks, 0, v.x.List("opener_compounds")); c != nil {
			// "because of your father's heart attack" opens with a
			// phrase that holds an opener, not with a word of talk
			break
		}
		ps = ps[n:]
	}
	return ps
}

// trimFrame drops the frames of a relayed sentence, an interpreter's "he
// says" or a clinician's "please tell him", at its start or after a comma
// or a conjunction, and reports whether it did.
func (v *voice) trimFrame(ps *[]piece, toks []lexicon.Token, who transcript.Speaker) bool {
	trimmed := false
	if e, n := matchPieces(*ps, toks, 0, v.frames); e != nil && n < len(*ps) && e.Attr("who") == string(who) {
		*ps = (*ps)[n:]
		trimmed = true
	}
	// and a frame said again inside the sentence, after a comma or a
	// conjunction ("Now, after the suppository, he says it is about
	// three.")
	out := (*ps)[:0]
	for i := 0; i < len(*ps); i++ {
		if i > 0 && !(*ps)[i-1].replaced {
			prev := toks[(*ps)[i-1].first].Norm
			if prev == "," || v.conjunctions.Has(prev) {
				if e, n := matchPieces(*ps, toks, i, v.frames); e != nil && i+n < len(*ps) && e.Attr("who") == string(who) {
					i += n - 1
					trimmed = true
					continue
				}
			}
		}
		out = append(out, (*ps)[i])
	}
	*ps = out
	return trimmed
}

// dropReportedJoins drops the "que" of the clauses a trimmed frame went on
// reporting ("Elle dit qu'elle a très soif, qu'elle urine beaucoup et
// qu'elle a perdu quatre kilos" is "Elle a très soif, elle urine beaucoup
// et elle a perdu quatre kilos"): after a comma or a conjunction, before a
// clause's subject.
func (v *voice) dropReportedJoins(ps []piece, toks []lexicon.Token) []piece {
	joins, subjects := v.x.List("reported_joins"), v.x.List("clause_subjects")
	out := ps[:0]
	for i, p := range ps {
		t := toks[p.first]
		if i > 0 && i+1 < len(ps) && !p.replaced && joins.Has(t.Norm) {
			prev := toks[ps[i-1].first].Norm
			if (prev == "," || v.conjunctions.Has(prev)) && subjects.Has(toks[ps[i+1].first].Norm) {
				continue
			}
		}
		out = append(out, p)
	}
	return out
}

// trimTag drops a closing request for agreement (", okay?") and the
// comma before it, or one said without its comma where the lexicon reads
// it as a tag ("order the a1c for the future okay?").
func (v *voice) trimTag(ps []piece, toks []lexicon.Token) []piece {
	end := len(ps)
	for end > 0 && toks[ps[end-1].first].Kind == lexicon.Punct {
		end--
	}
	for start := max(0, end-5); start < end; start++ {
		e, n := matchPieces(ps, toks, start, v.tags)
		if e == nil || start+n != end || start == 0 {
			continue
		}
		if toks[ps[start-1].first].Norm == "," {
			return append(ps[:start-1:start-1], ps[end:]...)
		}
		if e.Attr("bare") == "yes" && toks[len(toks)-1].Norm == "?" && v.x.BareTagAt(toks) == ps[start].first {
			return append(ps[:start:start], ps[end:]...)
		}
	}
	return ps
}

// letterSalutationWords is how many words a letter's salutation may hold
// before its comma ("Dear Dr Patel,").
const letterSalutationWords = 5

// trimLetterOpening drops a dictated letter's salutation and thanks
// ("Dear Doctor Patel, thank you for referring this 45 year old lady ..."
// is "This 45 year old lady ..."): the letter's "you" is the colleague.
func (v *voice) trimLetterOpening(ps []piece, toks []lexicon.Token) []piece {
	openings := v.x.List("letter_openings")
	e, _ := matchPieces(ps, toks, 0, openings)
	if e == nil || e.Attr("salutation") != "yes" {
		return ps
	}
	comma := -1
	for i := 1; i < len(ps) && i <= letterSalutationWords; i++ {
		if toks[ps[i].first].Norm == "," {
			comma = i
			break
		}
	}
	if comma < 0 || comma+1 >= len(ps) {
		return ps
	}
	rest := ps[comma+1:]
	if t, n := matchPieces(rest, toks, 0, openings); t != nil && t.Attr("salutation") != "yes" && n < len(rest) {
		rest = rest[n:]
	}
	return rest
}

// hasNotIs writes a contraction's "'s" as "has" before a past participle
// ("he's been more confused" is "he has been"); the tokeniser writes it
// out as "is".
func (v *voice) hasNotIs(ps []piece, toks []lexicon.Token) {
	participles := v.x.List("has_participles")
	for i := 0; i+1 < len(ps); i++ {
		t := toks[ps[i].first]
		said := strings.ToLower(t.Text)
		if ps[i].replaced || t.Norm != "is" || !(strings.HasSuffix(said, "'s") || strings.HasSuffix(said, "’s")) {
			continue
		}
		if participles.Has(toks[ps[i+1].first].Norm) {
			ps[i].text, ps[i].replaced = "has", true
		}
	}
}
