package spoken

import (
	"strconv"
	"strings"

	"github.com/notegen/notegen/internal/lexicon"
)

// reading is a Number with what the rewrite and the check need to know
// about how it was said.
type reading struct {
	Number
	unit *unit
	// single is the only word of a number said in one word ("one",
	// "forty"), nil otherwise.
	single *word
	// lone: a word that said alone is a number only before a unit ("one
	// of those", "une douleur").
	lone bool
	// point: a decimal said without its whole part ("point five"); stop:
	// its point was written as a full stop after an article ("a . five").
	point, stop bool
	// wordRatio: written digits joined by a ratio word ("120 over 80").
	wordRatio bool
	// stopBefore: the number is the one digit after a whole number and a
	// full stop that may be its decimal point ("ninety eight . two").
	stopBefore bool
	// alt is another reading of hundreds said in two pairs that the
	// grammar left unsettled ("platelets two fifty": 250), for the check.
	alt string
	// unitSaid ends the unit's own tokens when a fraction said after the
	// unit ("deux heures et demie") ends the reading: 0 when none was.
	unitSaid int
}

// Numbers returns every number of toks (tokenised with the reader's
// lexicon), said or written, in order: "one fifty over ninety" is one
// number, 150/90; "two fifty milligrams" is 250 mg; "five six days" is two
// numbers, 5 and 6 days, both marked Run. A number that is part of an
// ordinal ("twenty first") is none.
func (r *Reader) Numbers(toks []lexicon.Token) []Number {
	reads := r.scan(toks)
	out := make([]Number, len(reads))
	for i, rd := range reads {
		out[i] = rd.Number
	}
	return out
}

// scan reads the numbers of toks and marks the runs.
func (r *Reader) scan(toks []lexicon.Token) []reading {
	var out []reading
	for i := 0; i < len(toks); {
		if !r.mayStart(toks, i) {
			_, n := r.unitAt(toks, i)
			i += max(n, 1)
			continue
		}
		rd, next, ok := r.numberAt(toks, i)
		switch {
		case ok:
			out = append(out, rd)
			i = next
		case next > i:
			i = next
		default:
			// A unit is skipped whole: "pour cent" holds no hundred.
			_, n := r.unitAt(toks, i)
			i += max(n, 1)
		}
	}
	r.markRuns(toks, out)
	return out
}

// mayStart reports whether a number may start at toks[i]: digits, a
// number word, an article ("a hundred") or a full stop ("a . five"). Most
// tokens start none, and this is the one lexicon match they cost.
func (r *Reader) mayStart(toks []lexicon.Token, i int) bool {
	switch toks[i].Kind {
	case lexicon.Number:
		return true
	case lexicon.Punct:
		return toks[i].Norm == "."
	}
	switch r.kindAt(toks, i) {
	case kUnit, kTens, kScale, kArticle, kDecimal:
		return true
	}
	return false
}

// numberAt reads the number at toks[i] with its ratio and unit. When
// toks[i] starts no number it returns false and the token to go on from:
// past a compound ordinal ("twenty first"), or i itself.
func (r *Reader) numberAt(toks []lexicon.Token, i int) (reading, int, bool) {
	if e, n := r.phones.Match(toks, i); e != nil {
		// "call nine one one": a service's number, said digit by digit
		written := e.Attr("written")
		value, _ := strconv.ParseFloat(written, 64)
		return reading{Number: Number{First: i, End: i + n, UnitEnd: i + n, Text: written, Key: written, Value: value, Spoken: true}}, i + n, true
	}
	rd, ok := r.simpleAt(toks, i)
	if !ok {
		return reading{}, i, false
	}
	if w, n := r.wordAt(toks, rd.End); w != nil && w.kind == kRatio {
		if den, ok := r.simpleAt(toks, rd.End+n); ok && !den.IsRatio() && !den.point {
			// "two out of three days" is no fraction of a day: a ratio
			// takes no unit but a pressure.
			if u, _ := r.unitAt(toks, den.End); u == nil || u.kind == unitPressure {
				rd.Text += "/" + den.Text
				rd.Key += "/" + den.Key
				rd.wordRatio = !rd.Spoken && !den.Spoken
				rd.Spoken = rd.Spoken || den.Spoken
				rd.End = den.End
				rd.single, rd.lone, rd.alt = nil, false, ""
			}
		}
	}
	if end, ok := r.ordinalAt(toks, rd.End); ok {
		return reading{}, end, false
	}
	rd.UnitEnd = rd.End
	if u, n := r.unitAt(toks, rd.End); u != nil {
		rd.unit, rd.UnitEnd = u, rd.End+n
		rd.Unit = u.written
		if rd.Unit == "" {
			rd.Unit = saidText(toks[rd.End:rd.UnitEnd])
		}
		if digits, e := r.fraction(toks, rd.UnitEnd); digits != "" && !strings.Contains(rd.Key, ".") && !rd.IsRatio() {
			// "deux millilitres et demi" is 2.5 mL: the half said after
			// the unit is the number's, not dropped
			rd.Text += r.decimal.mark + digits
			rd.Key += "." + digits
			rd.Value, _ = strconv.ParseFloat(rd.Key, 64)
			rd.unitSaid = rd.UnitEnd
			rd.UnitEnd, rd.single, rd.alt = e, nil, ""
		}
	} else if rd.End < len(toks) && toks[rd.End].Kind == lexicon.Punct {
		// a unit written as a sign: "45 %"
		if u := r.signs[toks[rd.End].Text]; u != nil {
			rd.unit, rd.UnitEnd, rd.Unit = u, rd.End+1, u.written
		}
	}
	return rd, rd.UnitEnd, true
}

// ordinalAt reports whether an ordinal word follows at toks[i] ("twenty
// first", "vingt et unième") and returns the token after it.
func (r *Reader) ordinalAt(toks []lexicon.Token, i int) (int, bool) {
	w, n := r.wordAt(toks, i)
	if w != nil && w.kind == kAnd {
		i += n
		w, n = r.wordAt(toks, i)
	}
	if w == nil || w.kind != kOrdinal {
		return i, false
	}
	return i + n, true
}

// simpleAt reads one number at toks[i], without ratio or unit: written
// digits, a decimal said without its whole part, or a cardinal with its
// hundreds said in pairs, decimals or fraction.
func (r *Reader) simpleAt(toks []lexicon.Token, i int) (reading, bool) {
	if i >= len(toks) {
		return reading{}, false
	}
	if toks[i].Kind == lexicon.Number {
		return r.written(toks[i], i), true
	}
	if rd, ok := r.pointAt(toks, i); ok {
		return rd, true
	}
	c, ok := r.cardinal(toks, i)
	if !ok {
		return reading{}, false
	}
	rd := reading{Number: Number{First: i, Spoken: true}}
	value, end := c.value, c.end
	if c.words == 1 {
		rd.single = c.first
		if v, e, alt, ok := r.pairs(toks, i, c); ok {
			value, end, rd.single = v, e, nil
		} else {
			rd.alt = alt
		}
	}
	rd.Text = strconv.Itoa(value)
	rd.Key = rd.Text
	rd.Value = float64(value)
	if digits, e := r.decimals(toks, end); digits != "" {
		rd.Text += r.decimal.mark + digits
		rd.Key += "." + digits
		rd.Value, _ = strconv.ParseFloat(rd.Key, 64)
		end, rd.single, rd.alt = e, nil, ""
	} else if digits, e := r.fraction(toks, end); digits != "" {
		rd.Text += r.decimal.mark + digits
		rd.Key += "." + digits
		rd.Value, _ = strconv.ParseFloat(rd.Key, 64)
		end, rd.single, rd.alt = e, nil, ""
	}
	rd.End = end
	rd.lone = rd.single != nil && rd.single.lone
	return rd, true
}

// pointAt reads a decimal said without its whole part: "point five", and
// "a . five" where a speech recogniser wrote the point of "a point five"
// as a full stop (an article ends no sentence). A note writes it with its
// zero, 0.5: a bare decimal point is the misread kind.
func (r *Reader) pointAt(toks []lexicon.Token, i int) (reading, bool) {
	switch {
	case toks[i].Kind == lexicon.Punct && toks[i].Norm == ".":
		if i == 0 || i+1 >= len(toks) || !spaced(toks, i) || r.kindAt(toks, i-1) != kArticle {
			return reading{}, false
		}
		w, n := r.wordAt(toks, i+1)
		if w == nil || w.kind != kUnit || w.value > 9 || r.isNumberWord(toks, i+1+n) {
			return reading{}, false
		}
		rd := reading{Number: Number{First: i, End: i + 1 + n, Spoken: true}, point: true, stop: true}
		rd.Text, rd.Key = "0"+r.decimal.mark+strconv.Itoa(w.value), "0."+strconv.Itoa(w.value)
		rd.Value = float64(w.value) / 10
		return rd, true
	case r.kindAt(toks, i) != kDecimal || (i > 0 && toks[i-1].Kind == lexicon.Number):
		return reading{}, false
	}
	digits, end := r.decimals(toks, i)
	if digits == "" {
		return reading{}, false
	}
	if u, _ := r.unitAt(toks, end); u != nil && u.kind == unitTime {
		// "at that point two weeks later": digits before a unit of time
		// count the time.
		return reading{}, false
	}
	rd := reading{Number: Number{First: i, End: end, Spoken: true}, point: true}
	rd.Text, rd.Key = "0"+r.decimal.mark+digits, "0."+digits
	rd.Value, _ = strconv.ParseFloat(rd.Key, 64)
	return rd, true
}

// isNumberWord reports whether a unit, tens or scale word is at toks[i].
func (r *Reader) isNumberWord(toks []lexicon.Token, i int) bool {
	k := r.kindAt(toks, i)
	return k == kUnit || k == kTens || k == kScale
}

// spaced reports whether toks[i] stands apart from both its neighbours, as
// a speech recogniser writes a point it heard: "ninety eight . two".
func spaced(toks []lexicon.Token, i int) bool {
	return i > 0 && i+1 < len(toks) && toks[i-1].End < toks[i].Start && toks[i].End < toks[i+1].Start
}

// written reads a number written in digits: kept as written, its key in
// one notation. In a language whose decimal mark is a point, a comma
// before groups of three digits groups thousands ("1,792"); otherwise a
// comma is a decimal mark ("38,5").
func (r *Reader) written(t lexicon.Token, i int) reading {
	parts := strings.Split(t.Text, "/")
	for k, p := range parts {
		parts[k] = r.digitsKey(p)
	}
	rd := reading{Number: Number{First: i, End: i + 1, Text: t.Text, Key: strings.Join(parts, "/")}}
	rd.Value, _ = strconv.ParseFloat(parts[0], 64)
	return rd
}

func (r *Reader) digitsKey(p string) string {
	if strings.Contains(p, ",") {
		groups := strings.Split(p, ",")
		thousands := r.decimal.mark == "." && !strings.Contains(p, ".")
		for _, g := range groups[1:] {
			thousands = thousands && len(g) == 3
		}
		if thousands {
			return strings.Join(groups, "")
		}
		p = strings.ReplaceAll(p, ",", ".")
	}
	if strings.Count(p, ".") > 1 {
		return strings.ReplaceAll(p, ".", "") // "1.234.567" groups thousands
	}
	return p
}

// saidText is tokens' text as said, one space between tokens.
func saidText(toks []lexicon.Token) string {
	var b strings.Builder
	for k, t := range toks {
		if k > 0 && t.Start != toks[k-1].Start {
			b.WriteByte(' ')
		}
		if k == 0 || t.Start != toks[k-1].Start {
			b.WriteString(t.Text)
		}
	}
	return b.String()
}

// markRuns marks the numbers said back to back that the grammar can
// neither join nor tell apart. One case it does settle: a count before a
// unit that modifies a form ("two forty milligram tablets" are two
// tablets of 40 mg; "one twenty milligram tablet" is one). A whole number
// and one digit across a full stop a speech recogniser may have written
// for the decimal point ("ninety eight . two", "twelve . five milligrams")
// are a run too: 98.2 is the likelier reading, but not what the text says.
func (r *Reader) markRuns(toks []lexicon.Token, reads []reading) {
	for k := 0; k+1 < len(reads); k++ {
		a, b := &reads[k], &reads[k+1]
		if a.UnitEnd != b.First || a.unit != nil || !(a.Spoken || b.Spoken) {
			continue
		}
		if a.single != nil && a.single.kind == kUnit && a.Value >= 1 && a.Value <= 9 && b.Spoken &&
			r.modifiesForm(toks, b.End, a.Value == 1) {
			continue
		}
		a.Run, b.Run = true, true
	}
	for k := 0; k+1 < len(reads); k++ {
		if a, b := &reads[k], &reads[k+1]; !b.Run && r.detached(toks, *a, *b) {
			a.Run, b.Run, b.stopBefore = true, true, true
		}
	}
}

// modifiesForm reports whether the unit at toks[i] modifies a form after
// it that agrees with a count of one (one) or more ("milligram tablets"):
// a plural unit modifies nothing ("two fifty milligrams").
func (r *Reader) modifiesForm(toks []lexicon.Token, i int, one bool) bool {
	u, n := r.unitAt(toks, i)
	if u == nil || u.plural || u.kind == unitForm {
		return false
	}
	f, _ := r.unitAt(toks, i+n)
	return f != nil && f.kind == unitForm && f.plural != one
}
