package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/notegen/notegen/internal/discourse"
	"github.com/notegen/notegen/internal/learn"
	"github.com/notegen/notegen/internal/lexicon"
	"github.com/notegen/notegen/internal/transcript"
)

// ---- boundary model ----

var boundaryLabels = []string{"none", "boundary"}

// noteKind is the kind of data of the reference notes' lines.
const noteKind = "note"

// BoundaryLists are the lexicon lists the boundary model reads: the
// words that open and close spoken sentences in any language
// (conjunctions, openers, question openers, replies, fillers) and a few
// classes of what sentences are about. A list the lexicon lacks is
// skipped, as for FeatureLists.
var BoundaryLists = []string{
	"question_openers", "openers", "conjunctions", "fillers", "answers", "requests", "determiners", "modals",
	"adverbs", "object_pronouns", "second_person", "time_units", "frequencies", "symptoms", "body_parts",
	"medications",
}

// boundaryThresholds are the probabilities above which a boundary is
// said, tried on the dev slice.
var boundaryThresholds = []float64{0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7}

// spokenTurn is a punctuated turn as a recogniser would write it: its
// words alone, and the indexes of those after which a sentence ended
// before the punctuation was taken out (not the last word: a turn's end
// is always one).
type spokenTurn struct {
	kind  string
	words []lexicon.Token
	ends  []bool
}

// spokenTurns returns the punctuated turns of the encounters that are not
// recogniser text, with their punctuation taken out.
func spokenTurns(ps []*Prepared, x *lexicon.Lexicon) []spokenTurn {
	var out []spokenTurn
	for _, p := range ps {
		if p.speech() {
			continue
		}
		for _, seg := range p.Enc.Segs {
			for _, turn := range turnsOf(seg.Text, x) {
				if !punctuated(turn) {
					continue
				}
				if t, ok := spokenTurnOf(turn, x, p.kindName()); ok {
					out = append(out, t)
				}
			}
		}
	}
	return out
}

// noteTurns returns the lines of the encounters' reference notes (ACI-BENCH's
// notes, MTS-Dialog's section texts) that hold punctuated sentences, as
// spokenTurns returns turns: a clinician dictating, or summing up the
// exam and the plan to the patient, speaks as notes are written.
func noteTurns(ps []*Prepared, x *lexicon.Lexicon) []spokenTurn {
	var out []spokenTurn
	seen := map[string]bool{}
	for _, p := range ps {
		if seen[p.Enc.Group+p.Enc.Note] {
			continue
		}
		seen[p.Enc.Group+p.Enc.Note] = true
		for _, line := range strings.Split(p.Enc.Note, "\n") {
			turn := x.Tokenize(line)
			if !punctuated(turn) {
				continue
			}
			if t, ok := spokenTurnOf(turn, x, noteKind); ok {
				out = append(out, t)
			}
		}
	}
	return out
}

// spokenTurnOf is a punctuated turn's words and sentence ends.
func spokenTurnOf(turn []lexicon.Token, x *lexicon.Lexicon, kind string) (spokenTurn, bool) {
	t := spokenTurn{kind: kind}
	for _, s := range x.Sentences(turn) {
		for _, tok := range turn[s[0]:s[1]] {
			if tok.Kind != lexicon.Punct {
				t.words = append(t.words, tok)
				t.ends = append(t.ends, false)
			}
		}
		if n := len(t.ends); n > 0 {
			t.ends[n-1] = true
		}
	}
	if n := len(t.ends); n > 0 {
		t.ends[n-1] = false
		return t, true
	}
	return t, false
}

// turnsOf returns the tokens of each turn of a segment: MTS-Dialog's
// back-translated conversations hold all their turns on one line, a
// sentence that opens with a speaker label ("Patient: ...") starting
// each. The labels are left out.
func turnsOf(text string, x *lexicon.Lexicon) [][]lexicon.Token {
	toks := x.Tokenize(text)
	rs := []rune(text)
	var out [][]lexicon.Token
	start, skip := 0, 0
	for _, s := range x.Sentences(toks) {
		at := toks[s[0]].Start
		_, _, rest, ok := transcript.ParseLabel(string(rs[at:]))
		if !ok {
			continue
		}
		if s[0] > start+skip {
			out = append(out, toks[start+skip:s[0]])
		}
		labelEnd := len(rs) - len([]rune(rest))
		start, skip = s[0], 0
		for start+skip < len(toks) && toks[start+skip].Start < labelEnd {
			skip++
		}
	}
	if start+skip < len(toks) {
		out = append(out, toks[start+skip:])
	}
	return out
}

// boundaryExamples are every gap between two words of the turns that the
// model would read, labelled with whether a sentence ended there; the
// features read the true boundaries before each gap.
func boundaryExamples(turns []spokenTurn, x *lexicon.Lexicon, spec discourse.FeatureSpec) []learn.Example {
	var out []learn.Example
	for _, t := range turns {
		if len(t.words) < discourse.SpokenSentenceWords {
			continue
		}
		discourse.BoundaryFeatures(t.words, x, spec, func(at int, features []string) bool {
			out = append(out, learn.Example{Features: slices.Clone(features), Label: b2i(t.ends[at])})
			return t.ends[at]
		})
	}
	return out
}

func trainBoundaries(turns []spokenTurn, x *lexicon.Lexicon, spec discourse.FeatureSpec, opt Options) (*discourse.BoundaryModel, error) {
	m, err := learn.Train(withoutRare(boundaryExamples(turns, x, spec), opt.MinCount), boundaryLabels, opt.Boundary)
	if err != nil {
		return nil, fmt.Errorf("train boundary model: %w", err)
	}
	return &discourse.BoundaryModel{Model: m, Decoding: discourse.Decoding{Features: spec, Threshold: 0.5}}, nil
}

// scoreBoundaries counts the boundaries the model puts in each turn, as
// discourse.Units would (none in a turn too short to read), against
// those the punctuation said, per kind of data and over all the
// conversations ("all").
func scoreBoundaries(m *discourse.BoundaryModel, turns []spokenTurn, x *lexicon.Lexicon) map[string]*Confusion {
	out := map[string]*Confusion{"all": NewConfusion(boundaryLabels)}
	for _, t := range turns {
		c, ok := out[t.kind]
		if !ok {
			c = NewConfusion(boundaryLabels)
			out[t.kind] = c
		}
		got := make([]bool, len(t.words))
		for _, k := range m.Cuts(t.words, x) {
			got[k] = true
		}
		for k := 0; k+1 < len(t.words); k++ {
			c.Add(b2i(t.ends[k]), b2i(got[k]))
			if t.kind != noteKind {
				out["all"].Add(b2i(t.ends[k]), b2i(got[k]))
			}
		}
	}
	return out
}

// tuneBoundaryThreshold picks the threshold whose boundaries have the
// best F-score (recall weighted opt.BoundaryBeta times precision) on the
// dev slice's conversations, averaged over the kinds of data so that
// MTS-Dialog's many short conversations do not outweigh the visits (the
// notes' lines, which train the model, do not choose it).
func tuneBoundaryThreshold(m *discourse.BoundaryModel, dev []spokenTurn, x *lexicon.Lexicon, beta float64) float64 {
	best, top := boundaryThresholds[0], -1.0
	for _, t := range boundaryThresholds {
		m.Threshold = t
		scores := scoreBoundaries(m, dev, x)
		sum, n := 0.0, 0
		for _, k := range kindOrder {
			if c, ok := scores[k]; ok {
				sum += c.FBeta(1, beta)
				n++
			}
		}
		if f := sum / float64(max(n, 1)); f > top {
			best, top = t, f
		}
	}
	m.Threshold = best
	return best
}

// trainBoundaryModels trains the boundary model on the training part of
// the tuning data, chooses its threshold on the dev slice and scores it
// there, then trains it on all the tuning data with that threshold and
// scores it on the gate files.
func trainBoundaryModels(st *Stage, train, dev, gate []*Prepared, x *lexicon.Lexicon) error {
	have := map[string]bool{}
	for _, n := range x.ListNames() {
		have[n] = true
	}
	for _, n := range BoundaryLists {
		if have[n] {
			st.BoundaryLists = append(st.BoundaryLists, n)
		}
	}
	spec := discourse.FeatureSpec{Lists: st.BoundaryLists, Lexical: true}
	trainTurns := append(spokenTurns(train, x), noteTurns(train, x)...)
	devTurns := append(spokenTurns(dev, x), noteTurns(dev, x)...)
	var err error
	if st.BoundaryDev, err = trainBoundaries(trainTurns, x, spec, st.Options); err != nil {
		return err
	}
	threshold := tuneBoundaryThreshold(st.BoundaryDev, devTurns, x, st.Options.BoundaryBeta)
	if st.Boundary, err = trainBoundaries(append(trainTurns, devTurns...), x, spec, st.Options); err != nil {
		return err
	}
	st.Boundary.Threshold = threshold
	st.BoundaryScores = map[string]map[string]*Confusion{
		"dev":  scoreBoundaries(st.BoundaryDev, devTurns, x),
		"gate": scoreBoundaries(st.Boundary, append(spokenTurns(gate, x), noteTurns(gate, x)...), x),
	}
	return nil
}
