package clinical

import (
	"sort"
	"strings"

	"github.com/notegen/notegen/internal/assertion"
	"github.com/notegen/notegen/internal/lexicon"
	"github.com/notegen/notegen/internal/transcript"
)

// vitalWindow is how far after its name a vital sign's value may be said
// ("blood pressure today is 150 over 90").
const vitalWindow = 5

// defaultUnits are the UCUM units of the vital signs whose unit is never
// in doubt.
var defaultUnits = map[string]string{
	"blood_pressure": "mm[Hg]", "heart_rate": "/min", "respiratory_rate": "/min", "oxygen_saturation": "%",
}

// vitals reads the vital signs said with their values: the number said
// after a vital's name, or, for a question about one ("have you got a
// thermometer?"), the first number of the answer that a value of it can
// be. A blood pressure must be a ratio; a temperature, weight or height
// takes the unit said with it, or for a temperature the scale its value
// belongs to.
func (r *Reading) vitals(ms []mention) {
	units, vitals := r.Lexicon.List("vital_units"), r.Lexicon.List("vitals")
	seen := map[string]bool{}
	// a measurement first, then what the patient tells, then what they
	// report in answer ("home readings of 162 over 100"): one value per
	// vital sign
	rank := make(map[[2]int]int, len(ms))
	for _, m := range ms {
		switch {
		case m.kind == Vital:
			rank[[2]int{m.Unit, m.First}] = 2 * m.vitalRank(r)
		case m.kind == Symptom && m.entry.Attr("vital") != "":
			// of two said alike, the vital named ("temperature 37.8")
			// before the symptom it measures ("denies fever")
			rank[[2]int{m.Unit, m.First}] = 2*m.vitalRank(r) + 1
		}
	}
	sort.SliceStable(ms, func(i, j int) bool {
		return rank[[2]int{ms[i].Unit, ms[i].First}] < rank[[2]int{ms[j].Unit, ms[j].First}]
	})
	for _, m := range ms {
		cue := m.entry
		switch {
		case m.kind == Vital:
		case m.kind == Symptom && m.entry.Attr("vital") != "":
			// "any fever?" "a hundred and one point five": a symptom
			// measured by a vital sign is answered with its value
			cue = kindEntry(vitals, m.entry.Attr("vital"))
			if cue == nil {
				continue
			}
		default:
			continue
		}
		if m.Context.Assertion == assertion.Hypothetical || m.Context.Assertion == assertion.Absent && !m.Answered && !r.measuredAbsent(m) {
			continue
		}
		if r.anothersVital(m) {
			// "the baby's heart rate is 140", "fundal height is 28 cm":
			// no vital sign of the patient's
			continue
		}
		kind := cue.Attr("kind")
		if seen[kind] {
			continue
		}
		lo, hi := bound(cue.Attr("min"), 0), bound(cue.Attr("max"), 1e9)
		places := r.vitalPlaces(m)
		if m.kind == Symptom && m.Context.Assertion == assertion.Absent && !m.Answered && len(places) > 1 {
			// "pas de fièvre aujourd'hui, trente-sept quatre": the value
			// of a symptom found absent is said with it, not in the next
			// sentence ("Denies fever. Furosemide 40 mg daily.")
			places = places[:1]
		}
		for _, place := range places {
			n, end, ok := r.vitalValue(place, kind, lo, hi, units)
			if !ok {
				continue
			}
			unit := defaultUnits[kind]
			if end.unit != "" {
				unit = end.unit
			}
			if unit == "" && kind == "temperature" {
				// a temperature's scale is in its value: 38.5 is Celsius,
				// 101.8 Fahrenheit
				unit = "Cel"
				if v := leadingNumber(n.key); v > 45 {
					unit = "[degF]"
				}
			}
			if unit == "" {
				break
			}
			seen[kind] = true
			said := Mention{Unit: place.unit, First: n.first, End: end.end}
			if place.joined {
				// the reply's tokens may run over two sentences: the span is
				// its first one
				said = Mention{Unit: place.unit, First: 0, End: len(r.Units[place.unit].Tokens)}
			}
			r.Findings = append(r.Findings, Finding{Kind: Vital, Name: kind, VitalKind: kind, Value: n.key, Unit: unit,
				Said: n.text, Assertion: assertion.Present, Time: assertion.Current, Subject: assertion.Patient,
				Mentions: []Mention{m.Mention, said}})
			break
		}
	}
}

// anothersVital reports whether the vital named at m is another's or
// another measure: a word of vital_others right before its name (past a
// possessive "'s"), or right after it ("fréquence cardiaque du bébé").
func (r *Reading) anothersVital(m mention) bool {
	toks := r.Units[m.Unit].Tokens
	others := r.Lexicon.List("vital_others")
	for k := m.First - 1; k >= 0 && k >= m.First-3; k-- {
		if t := toks[k]; t.Norm == "'s" || t.Norm == "’s" || t.Norm == "s" {
			continue
		}
		if others.Has(toks[k].Norm) {
			return true
		}
		break
	}
	for k := m.End; k < len(toks) && k <= m.End+2; k++ {
		if others.Has(toks[k].Norm) {
			return true
		}
		if toks[k].Kind == lexicon.Punct {
			break
		}
	}
	return false
}

// measuredAbsent reports whether m is a symptom a vital sign measures (or
// the vital itself: "pas de fièvre" names the temperature in French),
// found absent by the clinician with its value ("Il n'a pas de fièvre
// aujourd'hui, trente-sept quatre", "afebrile at 36.8"): the value that
// follows is the measurement.
func (r *Reading) measuredAbsent(m mention) bool {
	u := r.Units[m.Unit]
	return (m.kind == Symptom || m.kind == Vital) && u.Speaker == transcript.Clinician && !u.Question
}

// vitalRank orders the mentions of vital signs by how they give a value:
// a statement by the clinician or a nurse (0: "sats ninety-seven
// percent", "his temperature here is 101.8"), by the patient or a
// companion (1), one said with a time or place away from the visit ("he had a fever
// of 102.4 this morning", "163 over 100 at home", 2), a report rather than
// a measurement; a question whose answer gives the value (3).
func (m mention) vitalRank(r *Reading) int {
	u := r.Units[m.Unit]
	switch {
	case u.Question:
		return 3
	}
	if at, _ := find(u.Tokens, r.Lexicon.List("away_times")); at >= 0 {
		return 2
	}
	if u.Speaker == transcript.Patient || u.Speaker == transcript.Other && !r.Staff(m.Unit) && !r.RelaysPatient(m.Unit) {
		// (a companion's reading, "I took her temperature and it was one
		// oh two point four", yields to the clinician's as the patient's
		// does)
		return 1
	}
	return 0
}

// vitalPlace is where a vital sign's value may be said: tokens of a unit
// from a token on.
type vitalPlace struct {
	unit   int
	toks   []lexicon.Token
	from   int
	reach  int
	joined bool // the tokens of the unit and the next of its turn
}

// vitalAnswerSentences is how many sentences of the answer to a question
// about a vital sign its value may come in.
const vitalAnswerSentences = 3

// vitalPlaces are where the value of the vital named by m may be: for a
// question, its answer (or, unanswered, what the asker reads out next);
// else right after the name, then the next sentence
// (of the turn, or the reply): "I'll take your pressure. 158 over 96.",
// "your oxygen monitor?" "it's saying 95".
func (r *Reading) vitalPlaces(m mention) []vitalPlace {
	u := r.Units[m.Unit]
	if u.Question {
		if r.Answer[m.Unit] < 0 {
			// a request no one answers in words, then the value read
			// out by the one who asked ("Vous pouvez monter sur la
			// balance ?" "Quatre-vingt-sept kilos.")
			if next := m.Unit + 1; next < len(r.Units) && r.Units[next].Speaker == u.Speaker && !r.Units[next].Question {
				return []vitalPlace{{unit: next, toks: r.Units[next].Tokens, reach: valueWindow}}
			}
			return nil
		}
		// a reading may take a moment to come ("Erm, yes, my son got me
		// one. Hang on. It says ninety-six.")
		toks := r.answerTokensOver(m.Unit, vitalAnswerSentences)
		return []vitalPlace{{unit: r.Answer[m.Unit], toks: toks, reach: len(toks), joined: true}}
	}
	if m.Answered {
		return nil
	}
	var out []vitalPlace
	if k := m.First - 1; k > 0 && r.Lexicon.List("value_before_links").Has(u.Tokens[k].Norm) {
		// "vous avez trente-huit un de température": the value said
		// before the name, linked to it
		out = append(out, vitalPlace{unit: m.Unit, toks: u.Tokens[:k], from: max(k-valueBeforeReach, 0), reach: valueBeforeReach})
	}
	out = append(out, vitalPlace{unit: m.Unit, toks: u.Tokens, from: m.End, reach: vitalWindow})
	if next := m.Unit + 1; next < len(r.Units) && (r.Units[next].Segment == u.Segment || r.Units[next].Segment == u.Segment+1) {
		out = append(out, vitalPlace{unit: next, toks: r.Units[next].Tokens, reach: len(r.Units[next].Tokens)})
		// a reply's value may come in its second sentence ("Yeah, we
		// bought it in the pandemic. It's saying ninety-five.")
		if after := next + 1; r.Units[next].Segment != u.Segment && after < len(r.Units) && r.Units[after].Segment == r.Units[next].Segment &&
			after-next < answerSentences {
			out = append(out, vitalPlace{unit: after, toks: r.Units[after].Tokens, reach: len(r.Units[after].Tokens)})
		}
	}
	return out
}

// valueBeforeReach is how many words a value said before its vital's name
// may take ("trente-huit point un de température").
const valueBeforeReach = 5

// vitalValue finds the value of a vital of kind at place: a number the
// vital's values can be (a ratio for a blood pressure), and its unit.
func (r *Reading) vitalValue(place vitalPlace, kind string, lo, hi float64, units *lexicon.List) (number, vitalEnd, bool) {
	toks := place.toks
	nums := r.vitalNumbers(toks)
	for _, n := range nums {
		if n.first < place.from || n.first-place.from > place.reach {
			continue
		}
		ratio := strings.Contains(n.key, "/")
		if (kind == "blood_pressure") != ratio {
			continue
		}
		if v := leadingNumber(n.key); !ratio && (v < lo || v > hi) {
			continue
		}
		if notVitalUnit[n.kind] || n.kind == "mass" && kind != "weight" {
			// "forty-eight hours" measures time, "furosemide 40 mg" a
			// dose, whatever a fever near it
			continue
		}
		end := vitalEnd{end: n.end}
		for k := n.first + 1; k <= n.end && k < len(toks); k++ {
			if e, w := units.Match(toks, k); e != nil && e.Attr("kind") == kind {
				end = vitalEnd{end: max(n.end, k+w), unit: e.Name()}
				break
			}
		}
		if end.unit != "" && smallerUnitFollows(nums, end.end) {
			// "sept kilos deux cents", "seven pounds six ounces": the
			// measure goes on in a smaller unit, and its first number
			// alone would alter it
			return number{}, vitalEnd{}, false
		}
		return n, end, true
	}
	return number{}, vitalEnd{}, false
}

// notVitalUnit are the kinds of unit (units.txt) no vital sign's value is
// said in: a number said in one (hours, tablets, millilitres) is no
// vital's value.
var notVitalUnit = map[string]bool{"time": true, "volume": true, "concentration": true, "count": true, "form": true}

// smallerUnitFollows reports whether a number of nums starts at token k,
// in no unit of time or dose: the rest of a measure said in two units.
func smallerUnitFollows(nums []number, k int) bool {
	for _, n := range nums {
		if n.first == k {
			return !notVitalUnit[n.kind]
		}
	}
	return false
}

// vitalEnd is where a vital's value ends, with the unit said with it.
type vitalEnd struct {
	end  int
	unit string
}

// kindEntry is the entry of list whose kind is kind.
func kindEntry(list *lexicon.List, kind string) *lexicon.Entry {
	for _, e := range list.Entries() {
		if e.Attr("kind") == kind {
			return e
		}
	}
	return nil
}

// vitalNumbers reads a vital's numbers: the numbers of the tokens, and a
// temperature said in two parts ("trente-huit neuf", "thirty-eight point
// two" where a recogniser left the point out) joined when its whole part
// can be one and its second part is one digit. Every digit was said.
func (r *Reading) vitalNumbers(toks []lexicon.Token) []number {
	nums := r.numbersWithRuns(toks)
	decimals := r.Lexicon.List("decimal_marks")
	out := make([]number, 0, len(nums))
	for i := 0; i < len(nums); i++ {
		n := nums[i]
		if i+1 < len(nums) {
			next := nums[i+1]
			gap := next.first - n.end
			joined := gap == 0
			if gap == 1 {
				e, _ := decimals.Match(toks, n.end)
				joined = e != nil
			}
			if whole := leadingNumber(n.key); joined && whole >= 34 && whole <= 43 && len(next.key) == 1 && n.unit == "" {
				out = append(out, number{first: n.first, end: next.end, text: n.text + "." + next.text, key: n.key + "." + next.key,
					unit: next.unit, kind: next.kind})
				i++
				continue
			}
		}
		if !n.run {
			out = append(out, n)
		}
	}
	return out
}

// bound reads a plausible bound of a vital sign, def when none is given.
func bound(s string, def float64) float64 {
	if s == "" {
		return def
	}
	v := leadingNumber(s)
	return v
}

// leadingNumber is the value of the number text starts with (98.6 of
// "98.6").
func leadingNumber(text string) float64 {
	v, whole, frac, scale := 0.0, true, 0.0, 0.1
	for _, c := range text {
		switch {
		case c >= '0' && c <= '9' && whole:
			v = v*10 + float64(c-'0')
		case c >= '0' && c <= '9':
			frac += float64(c-'0') * scale
			scale /= 10
		case c == '.' && whole:
			whole = false
		default:
			return v + frac
		}
	}
	return v + frac
}

// valueWindow is how many words after a vital sign's name its value may
// start ("oxygen is 96%").
const valueWindow = 3

// valueFollows reports whether a number starts within valueWindow tokens
// after token end, before the sentence's next punctuation but a comma.
func (r *Reading) valueFollows(toks []lexicon.Token, end int) bool {
	for k := end; k < len(toks) && k < end+valueWindow; k++ {
		if toks[k].Kind == lexicon.Number || r.Lexicon.List("number_words").Has(toks[k].Norm) {
			return true
		}
		if toks[k].Kind == lexicon.Punct {
			return false
		}
	}
	return false
}
