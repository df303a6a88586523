package notewriter

import (
	"github.com/notegen/notegen"
	"github.com/notegen/notegen/internal/clinical"
	"github.com/notegen/notegen/internal/lexicon"
	"github.com/notegen/notegen/internal/transcript"
)

// vitalOrder is the order vital signs are listed in.
var vitalOrder = []string{"blood_pressure", "heart_rate", "respiratory_rate", "temperature", "oxygen_saturation", "weight", "height"}

// vitals writes the vital signs said, on one line.
func (rd *renderer) vitals() []Sentence {
	r := rd.r
	var items []string
	var spans []notegen.Span
	for _, kind := range vitalOrder {
		for k := range r.Findings {
			f := &r.Findings[k]
			if f.Kind != clinical.Vital || f.VitalKind != kind {
				continue
			}
			items = append(items, fill(rd.out.Phrase("vital."+kind), map[string]string{"value": f.Value, "unit": rd.out.Phrase("unit." + f.Unit)}))
			spans = append(spans, r.Spans(f)...)
		}
	}
	if len(items) == 0 {
		return nil
	}
	line := fill(rd.out.Phrase("vitals.line"), map[string]string{"list": joinComma(items)})
	return []Sentence{{Text: line, Spans: spans, Why: "vital signs"}}
}

func joinComma(items []string) string {
	out := ""
	for i, it := range items {
		if i > 0 {
			out += ", "
		}
		out += it
	}
	return out
}

// exam writes the examination's findings one line per body system, in
// the order systems were examined: "• Respiratory: Crackles at the right
// lung base." Only the clinician examines.
func (rd *renderer) exam(key string) []Sentence {
	r := rd.r
	var out []Sentence
	at := map[string]int{}
	for _, i := range rd.units[key] {
		if r.Units[i].Speaker != transcript.Clinician {
			continue
		}
		s, ok := rd.unitSentence(i, key)
		if !ok {
			continue
		}
		s.Text = rd.terse(s.Text, "exam_leads")
		system := rd.systemOf(r.Units[i].Tokens)
		if system == "" {
			out = append(out, s)
			continue
		}
		if k, ok := at[system]; ok {
			out[k].Text += " " + s.Text
			out[k].Spans = append(out[k].Spans, s.Spans...)
			continue
		}
		at[system] = len(out)
		s.Text = fill(rd.out.Phrase("exam.line"), map[string]string{"system": rd.out.Phrase("system." + system), "text": s.Text})
		out = append(out, s)
	}
	return out
}

// terse drops the spoken lead-in of a finding ("On his back exam, he does
// have some pain to palpation" -> "Pain to palpation"): a phrase naming
// the examination before a comma ("on her heart exam,"), the terms of list
// and the patient's possessive at the start, as a clinician writes a
// finding; and the aside after it (", which we've heard before").
func (rd *renderer) terse(text, list string) string {
	x := rd.x
	leads := x.List(list)
	toks := x.Tokenize(text)
	at := 0
	for moved := true; moved && at < len(toks); {
		moved = false
		for at < len(toks) && toks[at].Kind == lexicon.Punct {
			at++
		}
		if end := rd.examPhrase(toks, at); end > at {
			at, moved = end, true
			continue
		}
		if e, n := leads.Match(toks, at); e != nil && at+n < len(toks) {
			at, moved = at+n, true
			continue
		}
		// a part named with the patient's possessive: "his lungs are clear"
		if at < len(toks) && toks[at].Norm == lexicon.Fold(rd.r.Patient.Possessive) && at+1 < len(toks) {
			if e, _ := x.List("body_parts").Match(toks, at+1); e != nil {
				at, moved = at+1, true
			}
		}
	}
	end := len(toks)
	for k := at + 1; k+1 < len(toks); k++ {
		if toks[k].Norm != "," {
			continue
		}
		if e, _ := x.List("asides").Match(toks, k+1); e != nil {
			end = k
			break
		}
	}
	if at >= len(toks) || at >= end || (at == 0 && end == len(toks)) {
		return text
	}
	rs := []rune(text)
	rest := finish(string(rs[toks[at].Start:toks[end-1].End]))
	if wordCount(rest) < 2 {
		return text
	}
	return rest
}

// examPhrase returns the end (after its comma) of a phrase that names the
// examination at token at ("on her heart exam,", "on physical
// examination,"), or at when there is none: a preposition, then words of
// a place or the patient, then a word that heads an exam.
func (rd *renderer) examPhrase(toks []lexicon.Token, at int) int {
	x := rd.x
	if e, _ := x.List("prepositions").Match(toks, at); e == nil {
		return at
	}
	headings := x.List("headings")
	for k := at + 1; k < len(toks) && k < at+7; k++ {
		if toks[k].Norm == "," {
			return at
		}
		if e, n := headings.Match(toks, k); e != nil && e.Attr("part") == "exam" && k+n < len(toks) && toks[k+n].Norm == "," {
			return k + n + 1
		}
	}
	return at
}

// systemOf is the body system an examination sentence is about: the
// first exam term, body part or symptom it names that has one.
func (rd *renderer) systemOf(toks []lexicon.Token) string {
	for _, name := range []string{"body_parts", "exam_terms", "symptoms"} {
		list := rd.x.List(name)
		for i := range toks {
			if e, _ := list.Match(toks, i); e != nil && e.Attr("system") != "" && e.Attr("system") != "general" {
				return e.Attr("system")
			}
		}
	}
	return ""
}
