package facts

import "strings"

// vitals finds vital signs: a cue ("blood pressure", "pouls") followed within
// a few words by a number in a plausible range, with its unit when said. A
// number is taken only as said; a value outside the range of its kind (a
// French "treize huit" in cm of mercury, say) is left out rather than
// converted, because a converted number would be a number nobody said.
func (d *doc) vitals() []Vital {
	var out []Vital
	seen := map[string]int{}
	for _, m := range d.scan(d.lex.vitalCues) {
		kind := m.canon
		_, b := d.sentenceBounds(m.i)
		for i := m.j + 1; i <= min(b, m.j+7); i++ {
			num, ok := d.numberAt(i, kind == VitalBloodPressure)
			if !ok {
				continue
			}
			end := i + num.n - 1
			unit, uj := d.vitalUnit(kind, end+1, b)
			v, ok := plausible(kind, num, unit)
			if !ok {
				break
			}
			if uj > end {
				end = uj
			}
			sp := d.spanWithin(m.i, end, m.i)
			if k, dup := seen[kind+" "+v.Value]; dup {
				out[k].Spans = sortSpans(append(out[k].Spans, sp))
			} else {
				v.Spans = []Span{sp}
				seen[kind+" "+v.Value] = len(out)
				out = append(out, v)
			}
			break
		}
	}
	return out
}

// vitalUnit reads a unit said right after a value.
func (d *doc) vitalUnit(kind string, i, b int) (string, int) {
	set, ok := d.lex.vitalUnits[kind]
	if !ok || i > b {
		return "", -1
	}
	k := i
	if k <= b && (d.toks[k].norm == "degrees" || d.toks[k].norm == "degree" || d.toks[k].norm == "degres" || d.toks[k].norm == "degre") {
		if n, u := d.match(set, k+1); n > 0 {
			return u, k + n
		}
	}
	if n, u := d.match(set, k); n > 0 {
		return u, k + n - 1
	}
	return "", -1
}

// plausible checks a value against its kind's human range and picks its
// UCUM unit when none was said.
func plausible(kind string, num number, unit string) (Vital, bool) {
	v := Vital{Kind: kind, Value: num.text, Unit: unit}
	in := func(lo, hi float64) bool { return num.value >= lo && num.value <= hi }
	switch kind {
	case VitalBloodPressure:
		parts := strings.Split(num.text, "/")
		if len(parts) != 2 || !in(60, 260) {
			return v, false
		}
		v.Unit = "mm[Hg]"
	case VitalHeartRate:
		if strings.Contains(num.text, "/") || !in(25, 250) {
			return v, false
		}
		v.Unit = "/min"
	case VitalRespiratory:
		if strings.Contains(num.text, "/") || !in(5, 60) {
			return v, false
		}
		v.Unit = "/min"
	case VitalTemperature:
		if strings.Contains(num.text, "/") {
			return v, false
		}
		switch {
		case unit == "Cel" || (unit == "" && in(34, 43)):
			v.Unit = "Cel"
			if !in(30, 45) {
				return v, false
			}
		case unit == "[degF]" || (unit == "" && in(93, 110)):
			v.Unit = "[degF]"
			if !in(86, 113) {
				return v, false
			}
		default:
			return v, false
		}
	case VitalOxygen:
		if strings.Contains(num.text, "/") || !in(50, 100) {
			return v, false
		}
		v.Unit = "%"
	case VitalWeight:
		if strings.Contains(num.text, "/") || unit == "" {
			return v, false
		}
		if (unit == "kg" && !in(1, 400)) || (unit == "[lb_av]" && !in(2, 900)) {
			return v, false
		}
	case VitalHeight:
		if strings.Contains(num.text, "/") || unit == "" {
			return v, false
		}
		if (unit == "cm" && !in(30, 250)) || (unit == "[in_i]" && !in(12, 100)) {
			return v, false
		}
	default:
		return v, false
	}
	return v, true
}
