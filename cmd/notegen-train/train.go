package main

import (
	"fmt"
	"math"
	"slices"

	"github.com/notegen/notegen/internal/discourse"
	"github.com/notegen/notegen/internal/learn"
	"github.com/notegen/notegen/internal/lexicon"
	"github.com/notegen/notegen/internal/transcript"
)

// FeatureLists are the lexicon lists whose matches are abstract features:
// classes of words any language has (drugs, symptoms, relatives, the
// pronouns by which one speaks to or of someone), not cue phrases fitted
// to one data set. A list the lexicon does not have yet is skipped (the
// manifest says which were used); retrain when one is added or changed.
var FeatureLists = []string{
	"medications", "conditions", "symptoms", "body_parts", "labs", "imaging", "procedures", "referrals",
	"dose_units", "frequencies", "routes", "vitals", "family_members", "habits", "allergens", "reactions",
	"follow_up", "order_verbs", "med_actions", "vital_units", "sides", "question_openers",
	"second_person", "third_person", "fillers", "modals", "conjunctions", "prepositions", "adverbs", "context",
	"impression_cues", "topic_openers", "exam_leads", "polite_requests", "requests", "headings", "device_commands",
	"identity_questions", "taking_cues", "medication_words", "allergy_cues", "time_units", "exam_terms", "object_pronouns",
}

// RoleFeatureLists are the lists the role models read: who speaks is told
// by the classes of words each speaker uses, not by the sentence's mood
// or its place in the visit, which the part model reads.
var RoleFeatureLists = FeatureLists[:25]

// Options are how the models are trained; the defaults trained the
// embedded ones (the manifest records them).
type Options struct {
	Seed     uint64
	Part     learn.Options
	Role     learn.Options
	Question learn.Options
	Boundary learn.Options
	// Align is how ACI-BENCH's units are aligned to their notes;
	// MTSAlign how MTS-Dialog's are aligned to their section, whose
	// conversation is about that section throughout, so one shared word
	// is enough.
	Align, MTSAlign AlignOptions
	// MinCount is how many training examples a feature must be in to be
	// learned: rarer ones are mostly names and typos, and would fill the
	// stored model.
	MinCount int
	// BoundaryBeta is how many times recall weighs as much as precision
	// when the boundary model's threshold is chosen: a boundary missed
	// leaves the exam and the plan in one unit, which gets one part,
	// while one too many splits a sentence whose halves mostly get the
	// same part (the part model reads the unit before).
	BoundaryBeta float64
	// Strengths are the Viterbi strengths tried on the dev slice.
	Strengths []float64
	// PartStrengths fixes a part model's Viterbi strength instead of
	// trying Strengths on the dev slice. Unit accuracy on the aligned
	// units, which the dev slice measures, is best with no smoothing,
	// while the notes, which need a section's sentences kept together,
	// are best smoothed a little; and the dev slice's choice flipped
	// between 0 and 0.3 with any change of the lists the model reads,
	// moving ROUGE-1 by most of a point each time. So the strength is the
	// one whose notes score best on the tuning splits
	// (scripts/part-strength-curve.sh, curve in the MANIFEST).
	PartStrengths map[string]float64
}

// DefaultOptions are the options of the embedded models.
func DefaultOptions() Options {
	const seed = 25
	learned := learn.Options{Bits: 18, Epochs: 6, Rate: 0.1, L2: 1e-6, Prune: 0.1, Seed: seed}
	return Options{
		Seed:         seed,
		Part:         learned,
		Role:         learned,
		Question:     learned,
		Boundary:     learned,
		Align:        AlignOptions{MinCosine: 0.25, MinShared: 2.5, SoleKeyCosine: 0.5, ShortAnswer: 2, Neighbours: 2, WeakCosine: 0.1, Unaligned: 0.3},
		MTSAlign:     AlignOptions{MinCosine: 0.1, MinShared: 2.5, SoleKeyCosine: 0.1, ShortAnswer: 2, Unaligned: 0},
		MinCount:     15,
		BoundaryBeta: 2,
		Strengths:    []float64{0, 0.1, 0.2, 0.3, 0.5, 0.7, 1, 1.5, 2, 3},
		// ROUGE-1 of the notes, mean of train and test3, by the en part
		// model's strength (scripts/part-strength-curve.sh): 0 53.28,
		// 0.1 53.35, 0.2 53.52, 0.3 53.51, 0.5 53.51, 0.7 53.26; 0.3 is
		// the middle of the plateau.
		PartStrengths: map[string]float64{"en": 0.3},
	}
}

// WithSeed returns o with every learner's seed (the order it visits the
// examples in) set to seed; the dev slice stays the same.
func (o Options) WithSeed(seed uint64) Options {
	o.Part.Seed, o.Role.Seed, o.Question.Seed, o.Boundary.Seed = seed, seed, seed, seed
	return o
}

// Prepared is an encounter cut into units, with its labels.
type Prepared struct {
	Enc *Encounter
	// Roles are the segments' true roles (an index of discourse.Roles,
	// -1 for none), with the tags of an encounter found swapped put right.
	Roles   []int
	Swapped bool
	// utterances is set for an encounter whose turns were cut into
	// utterances (see utterances).
	utterances bool
	Units      []discourse.Unit
	Align      Alignment
	Sents      []NoteSentence
}

func (p *Prepared) tune() bool { return p.Enc.Source.Use == Tune }

// speech reports whether the encounter is recogniser text.
func (p *Prepared) speech() bool { return p.Enc.Source.Kind == ACISpeech }

// kindName names the slice of data an encounter is scored in.
func (p *Prepared) kindName() string { return string(p.Enc.Source.Kind) }

func rolesOf(segs []transcript.Segment) []int {
	out := make([]int, len(segs))
	for i, s := range segs {
		out[i] = slices.Index(discourse.Roles, s.Speaker)
	}
	return out
}

// unlabelled is segs with every role taken away, as an unlabelled
// transcript arrives.
func unlabelled(segs []transcript.Segment) []transcript.Segment {
	out := slices.Clone(segs)
	for i := range out {
		out[i].Speaker, out[i].Voice = transcript.Unknown, ""
	}
	return out
}

// split returns the tuning encounters outside the dev slice (train), the
// dev slice, and the gate encounters.
func split(all []*Prepared) (train, dev, gate []*Prepared) {
	for _, p := range all {
		switch {
		case !p.tune():
			gate = append(gate, p)
		case p.Enc.dev():
			dev = append(dev, p)
		default:
			train = append(train, p)
		}
	}
	return train, dev, gate
}

// ---- question model ----

var questionLabels = []string{"statement", "question"}

// questionExamples are the punctuated encounters' sentences and turns with
// their punctuation ignored (the features hold none): a sentence asks when
// it ends with a question mark, a turn of several sentences when its last
// does, as a turn without punctuation is one unit.
func questionExamples(ps []*Prepared, x *lexicon.Lexicon) []learn.Example {
	var out []learn.Example
	for _, p := range ps {
		if p.speech() {
			continue
		}
		for _, seg := range p.Enc.Segs {
			toks := x.Tokenize(seg.Text)
			if !punctuated(toks) {
				continue
			}
			sents := x.Sentences(toks)
			for _, s := range sents {
				out = append(out, questionExample(toks[s[0]:s[1]]))
			}
			if len(sents) > 1 {
				out = append(out, questionExample(toks))
			}
		}
	}
	return out
}

func questionExample(toks []lexicon.Token) learn.Example {
	label := 0
	if endsWithQuestion(toks) {
		label = 1
	}
	return learn.Example{Features: discourse.QuestionFeatures(toks), Label: label}
}

// punctuated reports whether a turn has terminal punctuation: only such
// turns say whether they ask (a third of ACI-BENCH's dialogues, and its
// recogniser text, have none).
func punctuated(toks []lexicon.Token) bool {
	for _, t := range toks {
		if t.Kind == lexicon.Punct && (t.Norm == "." || t.Norm == "?" || t.Norm == "!") {
			return true
		}
	}
	return false
}

func endsWithQuestion(toks []lexicon.Token) bool {
	for i := len(toks) - 1; i >= 0; i-- {
		t := toks[i]
		if t.Kind != lexicon.Punct {
			return false
		}
		if t.Norm == "?" {
			return true
		}
	}
	return false
}

// QuestionScores are the question model's and the openers list's answers
// on whole turns and on sentences, punctuation removed.
type QuestionScores struct {
	ModelTurns, OpenersTurns, ModelSentences, OpenersSentences *Confusion
}

func scoreQuestions(m *discourse.QuestionModel, ps []*Prepared, x *lexicon.Lexicon) QuestionScores {
	s := QuestionScores{NewConfusion(questionLabels), NewConfusion(questionLabels), NewConfusion(questionLabels), NewConfusion(questionLabels)}
	model, openers := discourse.NewQuestioner(m, x), discourse.NewQuestioner(nil, x)
	add := func(toks []lexicon.Token, mc, oc *Confusion) {
		truth := 0
		if endsWithQuestion(toks) {
			truth = 1
		}
		mc.Add(truth, b2i(model.Asks(toks)))
		oc.Add(truth, b2i(openers.Asks(toks)))
	}
	for _, p := range ps {
		if p.speech() {
			continue
		}
		for _, seg := range p.Enc.Segs {
			toks := x.Tokenize(seg.Text)
			if !punctuated(toks) {
				continue
			}
			add(toks, s.ModelTurns, s.OpenersTurns)
			for _, sent := range x.Sentences(toks) {
				add(toks[sent[0]:sent[1]], s.ModelSentences, s.OpenersSentences)
			}
		}
	}
	return s
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// tuneThreshold picks the probability above which the model says a unit
// asks, best for accuracy on whole turns of the dev slice.
func tuneThreshold(m *discourse.QuestionModel, dev []*Prepared, x *lexicon.Lexicon) float64 {
	bestT, bestAcc := 0.5, -1.0
	for _, t := range []float64{0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7} {
		m.Threshold = t
		if acc := scoreQuestions(m, dev, x).ModelTurns.Accuracy(); acc > bestAcc {
			bestT, bestAcc = t, acc
		}
	}
	m.Threshold = bestT
	return bestT
}

// ---- role model ----

var roleLabels = []string{string(transcript.Clinician), string(transcript.Patient), string(transcript.Other)}

func roleExamples(ps []*Prepared, x *lexicon.Lexicon, q discourse.Questioner, spec discourse.FeatureSpec) ([]learn.Example, [][]int) {
	var out []learn.Example
	var seqs [][]int
	for _, p := range ps {
		toks := make([][]lexicon.Token, len(p.Enc.Segs))
		asks := make([]bool, len(toks))
		for i, s := range p.Enc.Segs {
			toks[i] = x.Tokenize(s.Text)
			asks[i] = q.SegmentAsks(toks[i])
		}
		feats := discourse.RoleFeatures(toks, asks, p.utterances, x, spec)
		var seq []int
		for i, f := range feats {
			if r := p.Roles[i]; r >= 0 {
				out = append(out, learn.Example{Features: f, Label: r})
				seq = append(seq, r)
			}
		}
		if !p.utterances {
			seqs = append(seqs, seq)
		}
	}
	return out, seqs
}

// Both learn from turns and their utterances (each turn of a punctuated
// conversation cut at its sentences), as a speech provider's segments
// come; the transitions are counted on turns.
func trainRoles(ps []*Prepared, x *lexicon.Lexicon, q discourse.Questioner, spec discourse.FeatureSpec, opt learn.Options, minCount int) (*discourse.RoleModel, error) {
	ex, seqs := roleExamples(withUtterances(ps, x), x, q, spec)
	m, err := learn.Train(withoutRare(ex, minCount), roleLabels, opt)
	if err != nil {
		return nil, fmt.Errorf("train role model: %w", err)
	}
	prior := make([]float64, len(roleLabels))
	for _, e := range ex {
		prior[e.Label] += 1 / float64(len(ex))
	}
	change, err := learn.Train(withoutRare(changeExamples(withUtterances(ps, x), x, q, spec), minCount), changeLabels, opt)
	if err != nil {
		return nil, fmt.Errorf("train change model: %w", err)
	}
	return &discourse.RoleModel{Model: m, Change: &discourse.ChangeModel{Model: change, Decoding: discourse.Decoding{Features: spec}},
		Decoding: discourse.Decoding{Features: spec, Transitions: learn.CountTransitions(seqs, len(roleLabels)), Strength: 1, Prior: prior}}, nil
}

var changeLabels = []string{"same", "change"}

// changeExamples are every pair of neighbouring segments whose roles are
// known: the second's speaker is the first's, or another.
func changeExamples(ps []*Prepared, x *lexicon.Lexicon, q discourse.Questioner, spec discourse.FeatureSpec) []learn.Example {
	var out []learn.Example
	for _, p := range ps {
		toks := make([][]lexicon.Token, len(p.Enc.Segs))
		asks := make([]bool, len(toks))
		for i, s := range p.Enc.Segs {
			toks[i] = x.Tokenize(s.Text)
			asks[i] = q.SegmentAsks(toks[i])
		}
		for i, f := range discourse.ChangeFeatures(toks, asks, x, spec) {
			if i == 0 || p.Roles[i] < 0 || p.Roles[i-1] < 0 {
				continue
			}
			out = append(out, learn.Example{Features: f, Label: b2i(p.Roles[i] != p.Roles[i-1])})
		}
	}
	return out
}

// inferRoles returns the roles m gives p's segments with their tags removed.
func inferRoles(m *discourse.RoleModel, p *Prepared, x *lexicon.Lexicon, q discourse.Questioner) []int {
	segs := unlabelled(p.Enc.Segs)
	m.Infer(segs, x, q)
	return rolesOf(segs)
}

// scoreRoles counts m's roles against the true ones.
func scoreRoles(m *discourse.RoleModel, ps []*Prepared, x *lexicon.Lexicon, q discourse.Questioner) *Confusion {
	c := NewConfusion(roleLabels)
	for _, p := range ps {
		for i, r := range inferRoles(m, p, x, q) {
			if p.Roles[i] >= 0 {
				c.Add(p.Roles[i], r)
			}
		}
	}
	return c
}

// swapped reports whether an encounter's clinician and patient tags are
// the wrong way round: a model trained on all the tuning data gives most
// of its tagged clinician and patient turns the other one's role. A few
// ACI-BENCH encounters are tagged so ("[patient] hi kyle how are you
// today"); trained as tagged, they teach the model the opposite.
func swapped(m *discourse.RoleModel, p *Prepared, x *lexicon.Lexicon, q discourse.Questioner) bool {
	crossed, both := 0, 0
	for i, r := range inferRoles(m, p, x, q) {
		t := p.Roles[i]
		if t != 0 && t != 1 {
			continue
		}
		both++
		if r == 1-t {
			crossed++
		}
	}
	return both > 0 && 2*crossed > both
}

func tuneStrength(strengths []float64, score func(float64) float64) float64 {
	best, top := strengths[0], -1.0
	for _, s := range strengths {
		if acc := score(s); acc > top {
			best, top = s, acc
		}
	}
	return best
}

// ---- part model ----

var partLabels = func() []string {
	out := make([]string, len(discourse.Parts))
	for i, p := range discourse.Parts {
		out[i] = string(p)
	}
	return out
}()

func partExamples(ps []*Prepared, x *lexicon.Lexicon, spec discourse.FeatureSpec, opt Options) ([]learn.Example, [][]int) {
	var out []learn.Example
	var seqs [][]int
	for _, p := range ps {
		feats := discourse.PartFeatures(p.Units, x, spec)
		for i, f := range feats {
			if p.Align.Weights[i] > 0 {
				out = append(out, learn.Example{Features: f, Label: p.Align.Labels[i], Weight: p.Align.Weights[i]})
			}
		}
		// transitions are counted on whole visits: an MTS-Dialog
		// conversation keeps to one section, and would teach that a
		// history never gives way to an assessment
		if p.Enc.Source.Kind != MTS {
			seqs = append(seqs, p.Align.Labels)
		}
	}
	return out, seqs
}

func trainParts(ps []*Prepared, x *lexicon.Lexicon, spec discourse.FeatureSpec, opt Options) (*discourse.PartModel, error) {
	ex, seqs := partExamples(ps, x, spec, opt)
	m, err := learn.Train(withoutRare(ex, opt.MinCount), partLabels, opt.Part)
	if err != nil {
		return nil, fmt.Errorf("train part model: %w", err)
	}
	visitPrior(m, ps, ex)
	return &discourse.PartModel{Model: m, Decoding: discourse.Decoding{Features: spec,
		Transitions: learn.CountTransitions(seqs, len(partLabels)), Strength: 0}}, nil
}

// scoreParts counts m's parts against the alignment's, one confusion per
// kind of data: "aci" counts the units whose label the alignment is sure
// of (all but the unaligned ones that speak of clinical things), "aci
// all" every unit.
func scoreParts(m *discourse.PartModel, ps []*Prepared, x *lexicon.Lexicon) map[string]*Confusion {
	out := map[string]*Confusion{}
	add := func(kind string, truth, got int) {
		c, ok := out[kind]
		if !ok {
			c = NewConfusion(partLabels)
			out[kind] = c
		}
		c.Add(truth, got)
	}
	for _, p := range ps {
		units := slices.Clone(p.Units)
		m.Label(units, x)
		for i, u := range units {
			got := discourse.PartIndex(u.Part)
			add(p.kindName()+" all", p.Align.Labels[i], got)
			if p.Align.Weights[i] >= 1 {
				add(p.kindName(), p.Align.Labels[i], got)
			}
		}
	}
	return out
}

// withoutRare returns the examples with the features that occur in fewer
// than minCount of them taken out.
func withoutRare(ex []learn.Example, minCount int) []learn.Example {
	count := map[string]int{}
	for _, e := range ex {
		for _, f := range e.Features {
			count[f]++
		}
	}
	out := make([]learn.Example, len(ex))
	for i, e := range ex {
		kept := make([]string, 0, len(e.Features))
		for _, f := range e.Features {
			if count[f] >= minCount {
				kept = append(kept, f)
			}
		}
		out[i] = learn.Example{Features: kept, Label: e.Label, Weight: e.Weight}
	}
	return out
}

// visitPrior moves the model's biases from the parts' shares in the
// training examples to their shares in whole visits: MTS-Dialog's many
// conversations of one section (a third of them a history) teach the
// words of each section, but would also teach that most of a visit is
// history (Saerens et al., 2002, folded into the biases).
func visitPrior(m *learn.Model, ps []*Prepared, ex []learn.Example) {
	k := len(m.Labels)
	all, visits := make([]float64, k), make([]float64, k)
	for _, e := range ex {
		all[e.Label] += e.Weight
	}
	for _, p := range ps {
		if p.Enc.Source.Kind == MTS {
			continue
		}
		for i, l := range p.Align.Labels {
			visits[l] += p.Align.Weights[i]
		}
	}
	sa, sv := 0.0, 0.0
	for l := range all {
		sa += all[l]
		sv += visits[l]
	}
	for l := range m.Bias {
		// add-one, so a part whole visits never show keeps a chance
		a, v := (all[l]+1)/(sa+float64(k)), (visits[l]+1)/(sv+float64(k))
		m.Bias[l] += float32(math.Log(v / a))
	}
}
