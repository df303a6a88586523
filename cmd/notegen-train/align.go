package main

import (
	"math"
	"strings"
	"unicode"

	"github.com/notegen/notegen/internal/discourse"
	"github.com/notegen/notegen/internal/lexicon"
)

// A unit's label is the part of the reference note's sentence it aligns
// to best: the note restates what was said ("I've been taking lisinopril
// 20 mg" -> CURRENT MEDICATIONS "Lisinopril 20 mg daily."), so the words
// a unit shares with a note sentence, each weighted by how rare it is
// (IDF), say where the note put it. A unit that shares too little with any
// sentence is talk the note left out: drop.
//
// Checked by hand on 74 tuning units drawn at random (notegen-train
// --sample 80): 57 labels (77%) are the part a reader would give. Of the
// 17 others, 13 are drop where the unit holds content the note summarised
// away ("just i have a little bit of a limp"), which is why unaligned
// units with a clinical word weigh little in training, and 4 a wrong part
// (a greeting answered with the complaint took the complaint's part).

// NoteSentence is one sentence of a reference note.
type NoteSentence struct {
	Part discourse.Part
	Text string
	keys []string
	norm float64 // the keys' length as an IDF-weighted vector
}

var drop = discourse.PartIndex(discourse.Drop)

// NoteSentences cuts a reference note (or MTS-Dialog section text) into
// sentences with the part of each.
func (r *Rules) NoteSentences(e *Encounter, x *lexicon.Lexicon) (out []NoteSentence, unknownHeadings []string) {
	if e.Source.Kind == MTS {
		part, ok := r.headings[lexicon.Fold(e.Header)]
		if !ok {
			return nil, []string{e.Header}
		}
		if part == skipPart {
			return nil, nil
		}
		return r.sentencesOf(e.Note, part, x, out), nil
	}
	section := skipPart // text before the first heading
	sub := ""           // a whole-line subheading ("Surgical") lasts until the next
	for _, line := range strings.Split(e.Note, "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		head, rest, colon := strings.Cut(line, ":")
		if p, ok := r.headings[lexicon.Fold(strings.TrimSpace(strings.TrimSuffix(line, ":")))]; ok && isUpper(line) {
			section, sub = p, ""
			continue
		}
		if p, ok := r.headings[lexicon.Fold(strings.TrimSpace(head))]; ok && colon && isUpper(head) {
			section, sub, line = p, "", strings.TrimSpace(rest)
			if line == "" {
				continue
			}
		}
		bare := lexicon.Fold(strings.TrimSpace(strings.TrimLeft(strings.TrimSuffix(line, ":"), "•-*0123456789. ")))
		if p, ok := r.subheadings[section+">"+bare]; ok {
			sub = p
			continue
		}
		part := section
		if sub != "" {
			part = sub
		}
		if colon {
			lead := lexicon.Fold(strings.TrimSpace(strings.TrimLeft(head, "•-*0123456789. ")))
			if p, ok := r.subheadings[section+">"+lead]; ok {
				part = p
			}
		}
		if part == skipPart {
			continue
		}
		out = r.sentencesOf(line, part, x, out)
	}
	return out, nil
}

// isUpper reports whether s has letters and no lower-case one: a heading.
func isUpper(s string) bool {
	letters := false
	for _, c := range s {
		if unicode.IsLower(c) {
			return false
		}
		letters = letters || unicode.IsLetter(c)
	}
	return letters
}

// shortProblem is the most keys a sentence of ASSESSMENT AND PLAN has when
// it only names a problem ("2. Type 2 diabetes.").
const shortProblem = 5

// sentencesOf appends the sentences of text, resolving a pseudo-part
// sentence by sentence.
func (r *Rules) sentencesOf(text, part string, x *lexicon.Lexicon, out []NoteSentence) []NoteSentence {
	toks := x.Tokenize(text)
	rs := []rune(text)
	for _, s := range x.Sentences(toks) {
		keys := r.keys(toks[s[0]:s[1]])
		if len(keys) == 0 {
			continue
		}
		p := r.resolve(part, keys)
		out = append(out, NoteSentence{Part: discourse.Part(p), Text: string(rs[toks[s[0]].Start:toks[s[1]-1].End]), keys: keys})
	}
	return out
}

// Vocabulary is what the tuning data says of each key: how rare it is,
// and whether notes use it (a clinical word) or only talk does ("hi",
// "weekend", "sir").
type Vocabulary struct {
	*IDF
	clinical map[string]bool
}

// NewVocabulary counts the keys of the tuning data's units and note
// sentences. A key is clinical when at least three note sentences hold
// it and it is not much more typical of talk than of notes.
func NewVocabulary(units, notes [][]string) *Vocabulary {
	inNotes, inUnits := map[string]int{}, map[string]int{}
	for _, d := range notes {
		for _, k := range d {
			inNotes[k]++
		}
	}
	for _, d := range units {
		for _, k := range d {
			inUnits[k]++
		}
	}
	v := &Vocabulary{IDF: NewIDF(append(append([][]string(nil), units...), notes...)), clinical: map[string]bool{}}
	nn, nu := float64(len(notes)), float64(len(units))
	for k, c := range inNotes {
		if c >= 3 && float64(c)/nn >= 0.5*float64(inUnits[k])/nu {
			v.clinical[k] = true
		}
	}
	return v
}

func (v *Vocabulary) anyClinical(keys []string) bool {
	for _, k := range keys {
		if v.clinical[k] {
			return true
		}
	}
	return false
}

// resolve returns the part of a sentence (or unit) with keys under a
// heading of part, which may be a pseudo-part cut sentence by sentence.
func (r *Rules) resolve(part string, keys []string) string {
	switch part {
	case assessmentPlan:
		if len(keys) > shortProblem && hasCue(keys, r.planCues) {
			return string(discourse.Plan)
		}
		return string(discourse.Assessment)
	case familySocial:
		if hasCue(keys, r.familyCues) {
			return string(discourse.Family)
		}
		return string(discourse.Social)
	}
	return part
}

// IDF weighs a key by how rare it is among the tuning data's sentences.
type IDF struct {
	weight  map[string]float64
	unknown float64
}

// NewIDF counts the documents (units and note sentences) each key is in.
func NewIDF(docs [][]string) *IDF {
	df := map[string]int{}
	for _, d := range docs {
		for _, k := range d {
			df[k]++
		}
	}
	n := float64(len(docs) + 1)
	w := make(map[string]float64, len(df))
	for k, c := range df {
		w[k] = math.Log(n / float64(c))
	}
	return &IDF{weight: w, unknown: math.Log(n)}
}

func (f *IDF) of(k string) float64 {
	if w, ok := f.weight[k]; ok {
		return w
	}
	return f.unknown
}

// norm is the length of a set of keys as an IDF-weighted vector.
func (f *IDF) norm(keys []string) float64 {
	s := 0.0
	for _, k := range keys {
		w := f.of(k)
		s += w * w
	}
	return math.Sqrt(s)
}

// AlignOptions set how strict the alignment is.
type AlignOptions struct {
	// MinCosine is the least cosine (IDF-weighted, between a unit's keys
	// and a note sentence's) that gives the unit the sentence's part.
	MinCosine float64
	// MinShared is the least IDF mass the two must share: one rare word
	// in common, not two common ones.
	MinShared float64
	// SoleKeyCosine is the least cosine a unit needs when it shares only
	// one key with the sentence: a name ("hi, martha") or a word such
	// as "exam" is no alignment unless it is most of the unit.
	SoleKeyCosine float64
	// Neighbours is how many units either side of a dropped unit are
	// looked at: a unit whose best sentence is weakly aligned (at least
	// WeakCosine) gets that sentence's part when a neighbour has it, as
	// talk keeps to one topic for a while ("I took some ibuprofen and put
	// ice on it" amid the history of a knee).
	Neighbours int
	WeakCosine float64
	// Unaligned weighs a unit that aligns to nothing but speaks of
	// clinical things (one of its keys is a Vocabulary's clinical key):
	// it is drop, but the note may only have summarised it away. In a
	// conversation written for one section (MTS-Dialog) such a unit is
	// often another section's (the plan at the end of a history), so
	// there it weighs nothing: it is left out of training.
	Unaligned float64
	// ShortAnswer is the most keys an answer has for its question and it
	// to be aligned together ("any allergies?" "penicillin").
	ShortAnswer int
}

// Alignment is each unit's label, how much training trusts it, and the
// note sentence it came from (-1: none).
type Alignment struct {
	Labels   []int
	Weights  []float64
	Sentence []int
	Score    []float64
}

// Align labels every unit with the part of the note sentence it aligns to.
// A question and its short answer (the next turn's first unit) are aligned
// together and share the label; a question with a longer answer takes the
// answer's label when it speaks of the same thing.
func Align(units []discourse.Unit, sents []NoteSentence, names []string, r *Rules, v *Vocabulary, opt AlignOptions) Alignment {
	idf := v.IDF
	n := len(units)
	a := Alignment{Labels: make([]int, n), Weights: make([]float64, n), Sentence: make([]int, n), Score: make([]float64, n)}
	// A name in a sentence and in the note says nothing of its part.
	name := map[string]bool{}
	for _, nm := range names {
		for _, t := range r.x.Tokenize(nm) {
			if k := r.key(t); k != "" {
				name[k] = true
			}
		}
	}
	for k := range sents {
		sents[k].keys = without(sents[k].keys, name)
		sents[k].norm = idf.norm(sents[k].keys)
	}
	keys := make([][]string, n)
	for i, u := range units {
		keys[i] = without(r.keys(u.Tokens), name)
		a.Labels[i], a.Sentence[i], a.Score[i] = best(keys[i], sents, idf, opt)
	}
	for i := 0; i+1 < n; i++ {
		if !units[i].Question || units[i+1].Segment == units[i].Segment {
			continue
		}
		j := i + 1
		if len(keys[j]) <= opt.ShortAnswer {
			both := append(append([]string(nil), keys[i]...), keys[j]...)
			if l, s, sc := best(both, sents, idf, opt); l != drop {
				a.Labels[i], a.Sentence[i], a.Score[i] = l, s, sc
				a.Labels[j], a.Sentence[j], a.Score[j] = l, s, sc
			} else if a.Labels[j] != drop {
				// "any allergies?" "sulfa": the answer aligns, and its
				// question asked for it
				a.Labels[i], a.Sentence[i] = a.Labels[j], a.Sentence[j]
			}
			continue
		}
		// A longer answer lends its label to a question about the same
		// thing: one sharing a word with the sentence the answer aligned
		// to ("any allergies?" "yes, penicillin gives me a rash"), not a
		// greeting answered with the complaint.
		if a.Labels[j] != drop && sharesKey(keys[i], sents[a.Sentence[j]].keys) {
			a.Labels[i], a.Sentence[i] = a.Labels[j], a.Sentence[j]
		}
	}
	if opt.Neighbours > 0 {
		weak := opt
		weak.MinCosine, weak.SoleKeyCosine = opt.WeakCosine, opt.WeakCosine
		labels := append([]int(nil), a.Labels...)
		for i := range units {
			if labels[i] != drop {
				continue
			}
			l, s, sc := best(keys[i], sents, idf, weak)
			if l == drop {
				continue
			}
			for j := max(0, i-opt.Neighbours); j <= min(n-1, i+opt.Neighbours); j++ {
				if j != i && labels[j] == l {
					a.Labels[i], a.Sentence[i], a.Score[i] = l, s, sc
					break
				}
			}
		}
	}
	for i := range units {
		a.Weights[i] = 1
		if a.Labels[i] != drop || !v.anyClinical(keys[i]) {
			continue
		}
		a.Weights[i] = opt.Unaligned
	}
	return a
}

// best returns the part, sentence and cosine of the note sentence keys
// align to best, or drop.
func best(keys []string, sents []NoteSentence, idf *IDF, opt AlignOptions) (int, int, float64) {
	if len(keys) == 0 {
		return drop, -1, 0
	}
	un := idf.norm(keys)
	set := make(map[string]bool, len(keys))
	for _, k := range keys {
		set[k] = true
	}
	label, at, top := drop, -1, 0.0
	for si, s := range sents {
		shared, common := 0.0, 0
		for _, k := range s.keys {
			if set[k] {
				w := idf.of(k)
				shared += w * w
				common++
			}
		}
		if shared == 0 || math.Sqrt(shared) < opt.MinShared {
			continue
		}
		c := shared / (un * s.norm)
		if common == 1 && c < opt.SoleKeyCosine {
			continue
		}
		if c > top {
			label, at, top = discourse.PartIndex(s.Part), si, c
		}
	}
	if top < opt.MinCosine {
		return drop, at, top
	}
	return label, at, top
}

func sharesKey(a, b []string) bool {
	for _, x := range a {
		for _, y := range b {
			if x == y {
				return true
			}
		}
	}
	return false
}

func without(keys []string, drop map[string]bool) []string {
	if len(drop) == 0 {
		return keys
	}
	out := keys[:0:0]
	for _, k := range keys {
		if !drop[k] {
			out = append(out, k)
		}
	}
	return out
}
