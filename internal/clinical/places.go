package clinical

// Places: the body part (and side) a symptom is at, from its clause, the
// question it answers, the answer to it, or the short sentence before it.

import (
	"sync"

	"github.com/notegen/notegen/internal/lexicon"
	"github.com/notegen/notegen/internal/transcript"
)

// place finds the body part (and side) a symptom is at. A symptom that
// names no place and needs one ("pain", "swelling") is composed with the
// nearest body part ("knee pain"); without one it is too vague to chart
// and place reports false.
func (r *Reading) place(m *mention) bool {
	toks := r.Units[m.Unit].Tokens
	if m.system != generalSystem {
		if side, at := r.sideBefore(toks, m.First); side != "" {
			m.saidFirst = at
			m.name = r.compose(side, "", m.name)
		}
		return true
	}
	// a place is looked for in the clause, across commas ("around my belly
	// button, kind of a dull ache") but not across the sentence
	inClause := func(t lexicon.Token) bool { return t.Kind != lexicon.Punct || t.Norm == "," }
	lo, hi := m.First, m.End
	for lo > 0 && m.First-lo < window && inClause(toks[lo-1]) {
		lo--
	}
	for hi < len(toks) && hi-m.End < window && inClause(toks[hi]) {
		hi++
	}
	var best *lexicon.Entry
	bestAt, bestN, bestDist := -1, 0, len(toks)
	for i := lo; i < hi; i++ {
		if i >= m.First && i < m.End {
			continue
		}
		e, n := r.bodyPartAt(toks, i)
		if e == nil || i+n > hi {
			continue
		}
		dist := m.First - (i + n)
		if i >= m.End {
			dist = i - m.End
		}
		if dist < bestDist {
			best, bestAt, bestN, bestDist = e, i, n, dist
		}
		i += n - 1
	}
	if best == nil {
		return r.placeByAnswer(m) || r.placeByQuestion(m) || r.placeByPrevious(m)
	}
	side, sideAt := r.sideBefore(toks, bestAt)
	r.placeAt(m, best, side)
	m.saidFirst, m.saidEnd = min(m.First, bestAt), max(m.End, bestAt+bestN)
	if side != "" {
		m.saidFirst = min(m.saidFirst, sideAt)
	}
	return true
}

// bodyPartAt matches a body part at token i, unless an idiom or a
// condition's name holds it.
func (r *Reading) bodyPartAt(toks []lexicon.Token, i int) (*lexicon.Entry, int) {
	e, n := r.Lexicon.List("body_parts").Match(toks, i)
	if e == nil {
		return nil, 0
	}
	// a part inside an idiom ("on my feet all day") or a condition's name
	// ("heart attack") places nothing
	for _, list := range []string{"body_idioms", "conditions"} {
		l := r.Lexicon.List(list)
		for k := max(0, i-3); k <= i; k++ {
			if f, m := l.Match(toks, k); f != nil && k+m > i {
				return nil, 0
			}
		}
	}
	return e, n
}

// placeWords is the most words a sentence may have to place the symptom
// said after it: a place said on its own ("No, just the wrist.").
const placeWords = 5

// placeByPrevious places a symptom said without a place at the body part
// that the short sentence before it, in the same turn, names: "No, just the
// wrist. It's agony." is wrist pain. A longer sentence tells more than
// where ("It's on one side, behind my eye. Throbbing." is the headache's
// throbbing). The said words stay the symptom's.
func (r *Reading) placeByPrevious(m *mention) bool {
	p := m.Unit - 1
	if p < 0 || r.Units[p].Segment != r.Units[m.Unit].Segment {
		return false
	}
	toks := r.Units[p].Tokens
	if lexicon.CountWords(toks) > placeWords {
		return false
	}
	return r.placeAtFirstPart(m, toks)
}

// placeByAnswer places a symptom asked about without a place at the body
// part the reply names: "where is the pain?" "across the low back" is low
// back pain. The said words stay the question's.
func (r *Reading) placeByAnswer(m *mention) bool {
	a := r.Answer[m.Unit]
	if !r.Units[m.Unit].Question || a < 0 {
		return false
	}
	return r.placeAtFirstPart(m, r.Units[a].Tokens)
}

// placeAtFirstPart places m at the first body part toks name before the
// end of their first sentence, and reports whether there was one.
func (r *Reading) placeAtFirstPart(m *mention, toks []lexicon.Token) bool {
	for i := range toks {
		if toks[i].Kind == lexicon.Punct && toks[i].Norm != "," {
			return false
		}
		if e, _ := r.bodyPartAt(toks, i); e != nil {
			side, _ := r.sideBefore(toks, i)
			r.placeAt(m, e, side)
			return true
		}
	}
	return false
}

// placeAt names m by the body part (and side) it is at: "ache" at the
// "belly" is "abdominal pain" when the lexicon lists a name of the part
// with it, else the part's name composed with the symptom's.
func (r *Reading) placeAt(m *mention, part *lexicon.Entry, side string) {
	m.system = part.Attr("system")
	m.name = r.compose(side, part.Name(), m.name)
	if s := r.placedSymptom(part, m.entry); s != nil {
		m.name, m.system = r.compose(side, "", s.Name()), s.Attr("system")
	}
}

// questionReach is how many units of a reply after its first the question
// it answers may place a symptom for ("how's that knee?" "Not great. It's
// the right one again. Been bothering me for six months.").
const questionReach = 3

// placeByQuestion places a symptom said without a place in a reply at the
// body part the question named: "how's that knee treating you?" "...
// it's been bothering me" is knee trouble. Only a question the reply's
// turn answers, a few sentences back, and only when the question names
// one body part.
func (r *Reading) placeByQuestion(m *mention) bool {
	u := r.Units[m.Unit]
	if u.Speaker == transcript.Clinician {
		return false
	}
	// the turn: the units of this speaker up to this one (a recogniser's
	// utterances are segments of their own)
	first := m.Unit
	for first > 0 && first > m.Unit-questionReach && r.Units[first-1].Speaker == u.Speaker {
		first--
	}
	if m.Unit-first >= questionReach || first == 0 {
		return false
	}
	q := first - 1
	for q > 0 && r.Answer[q] != first && r.Units[q-1].Speaker == r.Units[q].Speaker {
		q--
	}
	if r.Answer[q] != first {
		return false
	}
	toks := r.Units[q].Tokens
	var found *lexicon.Entry
	var side string
	for i := range toks {
		e, n := r.bodyPartAt(toks, i)
		if e == nil {
			continue
		}
		if found != nil && found != e {
			return false
		}
		found = e
		side, _ = r.sideBefore(toks, i)
		i += n - 1
	}
	if found == nil {
		return false
	}
	r.placeAt(m, found, side)
	return true
}

// placedSymptom is the symptom a body part and a general symptom name
// together when the lexicon lists one ("stomach" and "pain" are "abdominal
// pain"), or nil.
func (r *Reading) placedSymptom(part, symptom *lexicon.Entry) *lexicon.Entry {
	key := [2]*lexicon.Entry{part, symptom}
	if e, ok := placedSymptoms.Load(key); ok {
		return e.(*lexicon.Entry)
	}
	e := r.lookUpPlacedSymptom(part, symptom)
	placedSymptoms.Store(key, e)
	return e
}

// placedSymptoms remembers placedSymptom's answers: they depend only on the
// two entries, and normalising every pairing of their terms for each
// mention was a few percent of writing a long visit's note. Its size is
// bounded by the lexicons' (pairs of body parts and symptoms).
var placedSymptoms sync.Map

// lookUpPlacedSymptom is placedSymptom without the memory.
func (r *Reading) lookUpPlacedSymptom(part, symptom *lexicon.Entry) *lexicon.Entry {
	x := r.Lexicon
	symptoms := x.List("symptoms")
	for _, p := range part.Terms {
		for _, s := range symptom.Terms {
			// "chest burning"; French names the symptom first: "brûlure poitrine"
			if e := symptoms.Lookup(x.Norms(p + " " + s)); e != nil {
				return e
			}
			if e := symptoms.Lookup(x.Norms(s + " " + p)); e != nil {
				return e
			}
		}
	}
	return nil
}

// sideBefore finds a side word just before token i (skipping a
// determiner): "my left knee", "right-sided chest pain".
func (r *Reading) sideBefore(toks []lexicon.Token, i int) (string, int) {
	sides := r.Lexicon.List("sides")
	for back := 1; back <= 3 && i-back >= 0; back++ {
		if e, n := sides.Match(toks, i-back); e != nil && i-back+n == i {
			return e.Attr("side"), i - back
		}
	}
	return "", -1
}

// compose names a placed symptom with the language's word order
// (phrases.txt "compose.symptom").
func (r *Reading) compose(side, part, symptom string) string {
	x := r.Lexicon
	sideWord := ""
	if side != "" {
		sideWord = x.Phrase("side." + side)
	}
	return fill(x.Phrase("compose.symptom"), map[string]string{"side": sideWord, "part": part, "symptom": symptom})
}
