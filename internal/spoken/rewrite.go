package spoken

import (
	"strings"
	"unicode"

	"github.com/notegen/notegen/internal/lexicon"
)

// Replacement is text for a note in place of tokens [First, End): a number
// said in words with its unit ("two fifty milligrams" -> "250 mg"), or a
// unit after digits ("500 milligrams" -> "500 mg").
type Replacement struct {
	First, End int
	Text       string
}

// Rewrite returns the replacements that write toks' numbers as a note
// does, in token order and never overlapping:
//
//   - numbers said in words become digits in the language's notation,
//     with the unit's written form: "ninety eight point six" -> "98.6",
//     "trente-huit virgule cinq" -> "38,5", "one fifty over ninety" ->
//     "150/90", "forty five percent" -> "45%";
//   - digits already written stay as written; only their unit is
//     abbreviated ("500 milligrams" -> "500 mg", "45 %" -> "45%") and a
//     ratio said between them joined ("120 over 80" -> "120/80");
//   - what is not one number stays in words: a run ("five six days"), a
//     lone "one" before no unit or a unit of time ("one of those", "one
//     day"), a compound ordinal ("twenty first"), a count right before
//     another number ("two 40 mg tablets": digits side by side would read
//     as one number), a decimal without its whole part ("point five"), the
//     count that opens a frequency ("two times a day", "deux fois par
//     jour": the frequency is worded by the clinical reading, from the
//     same list), and a decimal point a speech recogniser wrote as a full
//     stop, spelled out instead ("ninety eight . two" -> "ninety eight
//     point two": the likeliest reading, but not what the transcript says).
func (r *Reader) Rewrite(toks []lexicon.Token) []Replacement {
	reads := r.scan(toks)
	var out []Replacement
	for k := 0; k < len(reads); k++ {
		rd := reads[k]
		if rep, ok := r.twoPartTemperature(toks, reads, k); ok {
			out = append(out, rep)
			k++
			continue
		}
		switch {
		case k+1 < len(reads) && reads[k+1].stopBefore:
			if b := reads[k+1]; rd.Spoken || b.Spoken {
				out = append(out, Replacement{First: rd.First, End: b.End,
					Text: saidText(toks[rd.First:rd.End]) + " " + r.decimal.name + " " + toks[b.First].Text})
			}
			k++
		case r.opensFrequency(toks, reads, k):
		default:
			if rep, ok := r.replacement(toks, reads, k); ok {
				out = append(out, rep)
			}
		}
	}
	return out
}

// opensFrequency reports whether reads[k] is the count that opens a
// frequency ("two times a day"), unless the frequency ends a range ("three
// to four times a day" is read as two numbers alike).
func (r *Reader) opensFrequency(toks []lexicon.Token, reads []reading, k int) bool {
	if e, _ := r.frequencies.Match(toks, reads[k].First); e == nil {
		return false
	}
	prev := k - 1
	return prev < 0 || reads[prev].unit != nil || reads[prev].UnitEnd < reads[k].First-1
}

// replacement is the text of reads[k] in a note, if it changes.
func (r *Reader) replacement(toks []lexicon.Token, reads []reading, k int) (Replacement, bool) {
	rd := reads[k]
	switch {
	case rd.Run:
		return Replacement{}, false
	case rd.point && rd.stop:
		// "a . five": the full stop was the point
		return Replacement{First: rd.First, End: rd.First + 1, Text: r.decimal.name}, true
	case rd.point:
		return Replacement{}, false
	case rd.Spoken && rd.unit == nil && k+1 < len(reads) && reads[k+1].First == rd.End:
		return Replacement{}, false
	case rd.lone && (rd.unit == nil || rd.unit.kind == unitTime):
		return Replacement{}, false
	}
	unitChanges := false
	if rd.unit != nil && rd.unit.written != "" {
		// a sign is joined to its number: "45 %" -> "45%"
		joined := !startsWord(rd.unit.written)
		unitChanges = rd.unit.written != saidText(toks[rd.End:rd.UnitEnd]) || joined && toks[rd.End].Start > toks[rd.End-1].End
	}
	if !rd.Spoken && !rd.wordRatio && !unitChanges {
		return Replacement{}, false
	}
	rep := Replacement{First: rd.First, End: rd.End, Text: rd.Text}
	if rd.unitSaid > 0 && !unitChanges {
		// "deux heures et demie" is 2,5 heures: the half said after the
		// unit is the number's, and is not written twice
		return Replacement{First: rd.First, End: rd.UnitEnd, Text: rd.Text + " " + saidText(toks[rd.End:rd.unitSaid])}, true
	}
	if unitChanges {
		rep.End = rd.UnitEnd
		if startsWord(rd.unit.written) {
			rep.Text += " "
		}
		rep.Text += rd.unit.written
	}
	return rep, true
}

// startsWord reports whether a unit's written form starts with a letter
// or a digit, and so stands apart from its number ("5 mg", but "45%").
func startsWord(written string) bool {
	first := []rune(written)[0]
	return unicode.IsLetter(first) || unicode.IsDigit(first)
}

// detached reports whether b may be the decimal of a, its point written
// as a full stop between spaces: "ninety eight . two", "a hundred . four",
// "twelve . five milligrams". a is a whole number without unit, b one
// digit, not a count of time ("ninety eight . two weeks ago" is two
// sentences) nor capitalised ("seventy . Two kids" opens a sentence).
func (r *Reader) detached(toks []lexicon.Token, a, b reading) bool {
	dot := a.End
	return a.UnitEnd == a.End && !strings.ContainsAny(a.Key, "./") && !a.point &&
		dot < len(toks) && toks[dot].Kind == lexicon.Punct && toks[dot].Norm == "." && spaced(toks, dot) &&
		b.First == dot+1 && b.End == b.First+1 && (b.unit == nil || b.unit.kind != unitTime) &&
		len(b.Key) == 1 && b.Key[0] >= '0' && b.Key[0] <= '9' && !unicode.IsUpper([]rune(toks[b.First].Text)[0])
}

// Apply writes text with reps in place of their tokens (toks tokenise
// text); the rest of text is kept as it is.
func Apply(text string, toks []lexicon.Token, reps []Replacement) string {
	if len(reps) == 0 {
		return text
	}
	rs := []rune(text)
	var b strings.Builder
	b.Grow(len(text))
	at := 0
	for _, rep := range reps {
		start, end := toks[rep.First].Start, toks[rep.End-1].End
		if start < at {
			continue
		}
		b.WriteString(string(rs[at:start]))
		b.WriteString(rep.Text)
		at = end
	}
	b.WriteString(string(rs[at:]))
	return b.String()
}

// InDigits is text with its numbers written as a note writes them (see
// Rewrite).
func (r *Reader) InDigits(text string) string {
	toks := r.lex.Tokenize(text)
	return Apply(text, toks, r.Rewrite(toks))
}

// temperatureReach is how many tokens before a temperature its name may
// end ("température à trente-huit six", "fever of thirty eight two", "de
// la fièvre depuis hier soir, jusqu'à trente-neuf cinq").
const temperatureReach = 8

// twoPartTemperature joins a temperature said in two parts after its name
// ("température trente-sept deux", "fièvre à trente-huit six", "à
// trente-huit et huit"): a whole
// number a temperature can be, then one digit, which the grammar leaves
// as a run of two numbers. Every digit was said; the clinical reading
// joins them the same way for the vital sign.
func (r *Reader) twoPartTemperature(toks []lexicon.Token, reads []reading, k int) (Replacement, bool) {
	if k+1 >= len(reads) {
		return Replacement{}, false
	}
	a, b := reads[k], reads[k+1]
	// "trente-huit et huit": Québec says the decimal mark "et"
	marked := b.First == a.End+1 && r.lex.List("decimal_marks").Has(toks[a.End].Norm)
	if (!a.Run || !b.Run) && !marked || a.unit != nil || b.unit != nil || b.First != a.End && !marked || b.End-b.First != 1 ||
		a.Value < 34 || a.Value > 43 || a.Value != float64(int(a.Value)) || b.Value < 0 || b.Value > 9 || b.Value != float64(int(b.Value)) {
		return Replacement{}, false
	}
	if !r.temperatureBefore(toks, a.First) {
		return Replacement{}, false
	}
	return Replacement{First: a.First, End: b.End, Text: a.Text + r.decimal.mark + b.Text}, true
}

// temperatureBefore reports whether a word naming a temperature ends
// within temperatureReach tokens before token at.
func (r *Reader) temperatureBefore(toks []lexicon.Token, at int) bool {
	for _, name := range []string{"vitals", "symptoms"} {
		list := r.lex.List(name)
		for k := max(0, at-temperatureReach-3); k < at; k++ {
			e, n := list.Match(toks, k)
			if e == nil || k+n > at || at-(k+n) > temperatureReach {
				continue
			}
			if e.Attr("kind") == "temperature" || e.Attr("vital") == "temperature" {
				return true
			}
		}
	}
	return false
}
