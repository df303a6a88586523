package clinical

import "github.com/notegen/notegen/internal/lexicon"

// levelReach is how many tokens after a measure the word saying its level
// may come: "she checked my pressure on the machine at the pharmacy and it
// was high" reaches back across the clause to "pressure".
const levelReach = 14

// levelMentions finds measures a speaker calls too high or too low with no
// number ("my pressure was high", "sugars running low"): each is the
// condition the lexicon's levels list names for that level. The level
// applies to the nearest measure before it in the sentence, or to the one
// right after it ("raised sugars"); a negation or a condition between the
// two ("my pressure wasn't high", "your sugar, and if it's high") is left
// to the reading of the words before, and
// a level already read as part of a condition ("high blood pressure") is
// not read twice.
func (r *Reading) levelMentions(ui int, found []mention) []mention {
	x := r.Lexicon
	levels, conditions, context := x.List("levels"), x.List("conditions"), x.List("context")
	toks := r.Units[ui].Tokens
	covered := map[int]bool{}
	for _, m := range found {
		if m.Unit == ui && m.kind == Condition {
			for k := m.First; k < m.End; k++ {
				covered[k] = true
			}
		}
	}
	var out []mention
	var measure *lexicon.Entry
	measureAt, measureEnd, negatedSince := -1, -1, false
	for i := 0; i < len(toks); i++ {
		e, n := levels.Match(toks, i)
		if e == nil {
			// (a level may hold its own negation: "not at target"); a
			// level said under a condition ("check your sugar, and if
			// it's high, call me") is no finding either
			if c, _ := context.Match(toks, i); c != nil && measure != nil &&
				(c.Attr("category") == "negated" || c.Attr("category") == "hypothetical") {
				negatedSince = true
			}
			continue
		}
		level := e.Attr("level")
		if level == "" {
			measure, measureAt, measureEnd, negatedSince = e, i, i+n, false
			i += n - 1
			continue
		}
		target, first, end := measure, measureAt, i+n
		if n == 1 && target != nil && r.joinedBetween(toks, measureEnd, i) && r.attributive(toks, i+n) {
			// "home blood pressure monitoring and low salt diet": after a
			// joiner, the level qualifies the noun after it, not the
			// measure of the item before
			target = nil
		}
		if target == nil || i-measureEnd > levelReach || negatedSince {
			target = nil
			if f, m := levels.Match(toks, i+n); f != nil && f.Attr("level") == "" {
				target, first, end = f, i, i+n+m
			}
		}
		if target == nil || covered[i] || covered[first] {
			i += n - 1
			continue
		}
		c := conditions.Lookup(x.Norms(target.Attr(level)))
		if c == nil {
			i += n - 1
			continue
		}
		out = append(out, mention{Mention: Mention{Unit: ui, First: first, End: end}, kind: Condition, entry: c,
			name: c.Name(), saidFirst: first, saidEnd: end, system: c.Attr("system"), byLevel: true})
		measure = nil
		i = end - 1
	}
	return out
}

// attributive reports whether the word at k is a noun that a level word
// right before it qualifies ("low salt", "high fibre", "low dose"): a word
// that is neither a function word, an adverb ("low today") nor a measure
// ("low blood sugar" is read as the measure's level).
func (r *Reading) attributive(toks []lexicon.Token, k int) bool {
	x := r.Lexicon
	if k >= len(toks) || toks[k].Kind != lexicon.Word {
		return false
	}
	w := toks[k].Norm
	for _, list := range []string{"stopwords", "adverbs", "prepositions", "conjunctions", "numbers", "time_units"} {
		if x.List(list).Has(w) {
			return false
		}
	}
	e, _ := x.List("levels").Match(toks, k)
	return e == nil
}
