package main

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"
	"unicode"

	"github.com/notegen/notegen/internal/discourse"
	"github.com/notegen/notegen/internal/lexicon"
	"github.com/notegen/notegen/internal/transcript"
)

// modelNames are the models trained for each task: the English one reads
// words and abstract features, the universal one abstract features only.
var modelNames = []string{"en", discourse.Universal}

// scoringSwapped are ACI-BENCH gate encounters whose [doctor] and
// [patient] tags are the wrong way round, as cmd/notegen-eval lists them
// (checked by reading each one). They are used for scoring only: role
// accuracy is reported against the tags and with these put right.
var scoringSwapped = map[string]bool{"D2N082": true}

// Train prepares the data, trains every model, scores them and returns
// the files to write. Progress goes to logw.
func Train(dataDir string, opt Options, logw io.Writer) (*Result, error) {
	start := time.Now()
	log := func(format string, args ...any) {
		fmt.Fprintf(logw, "%6.1fs  %s\n", time.Since(start).Seconds(), fmt.Sprintf(format, args...))
	}
	ps, st, err := Prepare(dataDir, opt, log)
	if err != nil {
		return nil, err
	}
	en := lexicon.For("en").Trained() // the lists without their addenda: retraining folds those in first
	have := map[string]bool{}
	for _, n := range en.ListNames() {
		have[n] = true
	}
	for _, n := range FeatureLists {
		if have[n] {
			st.Lists = append(st.Lists, n)
		}
	}
	var roleLists []string
	for _, n := range RoleFeatureLists {
		if have[n] {
			roleLists = append(roleLists, n)
		}
	}
	t := &trainer{st: st, opt: opt, x: en, q: discourse.NewQuestioner(st.Question, en), log: log,
		specs: map[string]discourse.FeatureSpec{
			"en":                {Lists: st.Lists, Lexical: true},
			discourse.Universal: {Lists: st.Lists},
		},
		roleSpecs: map[string]discourse.FeatureSpec{
			"en":                {Lists: roleLists, Lexical: true},
			discourse.Universal: {Lists: roleLists},
		}}
	t.train, t.dev, t.gate = split(ps)
	t.tune = append(slices.Clone(t.train), t.dev...)
	st.QuestionScores = map[string]QuestionScores{
		"dev":  scoreQuestions(st.QuestionDev, t.dev, en),
		"gate": scoreQuestions(st.Question, t.gate, en),
	}
	if err := t.fixSwappedTags(); err != nil {
		return nil, err
	}
	if err := t.roleModels(); err != nil {
		return nil, err
	}
	// The part model reads who speaks: the true roles, swapped tags put
	// right.
	for _, p := range ps {
		for i := range p.Units {
			if r := p.Roles[p.Units[i].Segment]; r >= 0 {
				p.Units[i].Speaker = discourse.Roles[r]
			}
		}
		st.Units += len(p.Units)
	}
	if err := t.partModels(); err != nil {
		return nil, err
	}
	return st.files()
}

// trainer is one training run: the data's slices, the language, and what
// has been made.
type trainer struct {
	st                     *Stage
	opt                    Options
	x                      *lexicon.Lexicon
	q                      discourse.Questioner
	specs, roleSpecs       map[string]discourse.FeatureSpec
	train, dev, gate, tune []*Prepared
	log                    func(string, ...any)
}

// fixSwappedTags puts right the tuning encounters whose clinician and
// patient tags are the wrong way round: they would teach the role model
// the opposite. Each fold of the tuning data is read by a model of the
// other four, one that did not learn its tags.
func (t *trainer) fixSwappedTags() error {
	for fold := uint32(0); fold < folds; fold++ {
		var rest, these []*Prepared
		for _, p := range t.tune {
			if p.Enc.fold() == fold {
				these = append(these, p)
			} else {
				rest = append(rest, p)
			}
		}
		m, err := trainRoles(rest, t.x, t.q, t.roleSpecs["en"], t.opt.Role, t.opt.MinCount)
		if err != nil {
			return err
		}
		for _, p := range these {
			if p.Enc.Source.Kind == MTS || !swapped(m, p, t.x, t.q) {
				continue
			}
			for i, r := range p.Roles {
				if r == 0 || r == 1 {
					p.Roles[i] = 1 - r
				}
			}
			p.Swapped = true
			t.st.SwappedTags = append(t.st.SwappedTags, p.Enc.Source.Path+" "+p.Enc.ID)
		}
	}
	t.log("role tags found swapped in %d tuning encounters", len(t.st.SwappedTags))
	return nil
}

// roleModels trains the role models: on the training part of the tuning
// data to choose, on the dev slice, the strength of turn-taking for turns
// (a transcript's lines) and for utterances (a speech provider's timed
// segments, several in a row from one speaker; made for scoring by
// cutting each turn of the punctuated conversations at its sentences)
// and whether to adapt the shares of roles to each transcript; then on
// all of it, scored on the gate files.
func (t *trainer) roleModels() error {
	st := t.st
	st.Roles, st.RoleDevScores, st.RoleDevUtterances = map[string]*discourse.RoleModel{}, map[string]*Confusion{}, map[string]*Confusion{}
	st.RoleDevLines = map[string]*Confusion{}
	st.RoleGateScores, st.RoleStrength = map[string]map[string]*Confusion{}, map[string]float64{}
	devUtterances := timed(utterances(t.dev, t.x))
	devLines := recogniserLines(t.dev, t.x)
	for _, name := range modelNames {
		m, err := trainRoles(t.train, t.x, t.q, t.roleSpecs[name], t.opt.Role, t.opt.MinCount)
		if err != nil {
			return err
		}
		best := -1.0
		var strength float64
		var adapt bool
		for _, a := range []bool{false, true} {
			m.Adapt = a
			for _, s := range t.opt.Strengths {
				m.Strength = s
				if acc := scoreRoles(m, t.dev, t.x, t.q).Accuracy(); acc > best {
					best, strength, adapt = acc, s, a
				}
			}
		}
		m.Strength, m.Adapt = strength, adapt
		m.UtteranceStrength = tuneStrength(t.opt.Strengths, func(s float64) float64 {
			m.UtteranceStrength = s
			return scoreRoles(m, devUtterances, t.x, t.q).Accuracy()
		})
		st.RoleStrength[name] = strength
		st.RoleDevScores[name] = scoreRoles(m, t.dev, t.x, t.q)
		st.RoleDevUtterances[name] = scoreRoles(m, devUtterances, t.x, t.q)
		st.RoleDevLines[name] = scoreRoles(m, devLines, t.x, t.q)
		final, err := trainRoles(t.tune, t.x, t.q, t.roleSpecs[name], t.opt.Role, t.opt.MinCount)
		if err != nil {
			return err
		}
		final.Decoding.Strength, final.Adapt, final.UtteranceStrength = strength, adapt, m.UtteranceStrength
		st.Roles[name] = final
		st.RoleGateScores[name] = scoreRolesByFile(final, t.gate, t.x, t.q)
		for k, c := range scoreRolesByFile(final, timed(utterances(t.gate, t.x)), t.x, t.q) {
			st.RoleGateScores[name][k+" utterances"] = c
		}
		for k, c := range scoreRolesByFile(final, recogniserLines(t.gate, t.x), t.x, t.q) {
			st.RoleGateScores[name][k+" lines"] = c
		}
		t.log("role model %s: strength %.1f (utterances %.1f), adapt %v, dev accuracy %.1f%% (utterances %.1f%%, recogniser lines %.1f%%)", name, strength,
			m.UtteranceStrength, adapt, st.RoleDevScores[name].Accuracy(), st.RoleDevUtterances[name].Accuracy(), st.RoleDevLines[name].Accuracy())
	}
	return nil
}

// partModels trains the part models: on the training part of the tuning
// data to choose the Viterbi strength on the dev slice and score it, then
// on all of it, scored on the gate files.
func (t *trainer) partModels() error {
	st := t.st
	st.Parts, st.PartDevScores, st.PartGateScores = map[string]*discourse.PartModel{}, map[string]map[string]*Confusion{}, map[string]map[string]*Confusion{}
	st.Strength = map[string]float64{}
	for _, name := range modelNames {
		m, err := trainParts(t.train, t.x, t.specs[name], t.opt)
		if err != nil {
			return err
		}
		if fixed, ok := t.opt.PartStrengths[name]; ok {
			m.Strength = fixed
		} else {
			m.Strength = tuneStrength(t.opt.Strengths, func(s float64) float64 {
				m.Strength = s
				return meanAccuracy(scoreParts(m, t.dev, t.x))
			})
		}
		st.Strength[name] = m.Strength
		st.PartDevScores[name] = scoreParts(m, t.dev, t.x)
		final, err := trainParts(t.tune, t.x, t.specs[name], t.opt)
		if err != nil {
			return err
		}
		final.Strength = m.Strength
		st.Parts[name] = final
		st.PartGateScores[name] = scoreParts(final, t.gate, t.x)
		for _, k := range kindOrder {
			d, g := st.PartDevScores[name][k], st.PartGateScores[name][k]
			t.log("part model %s, %s: accuracy tune %.1f gate %.1f, macro F1 tune %.1f gate %.1f", name, k, d.Accuracy(), g.Accuracy(), d.MacroF1(), g.MacroF1())
		}
	}
	return nil
}

// meanAccuracy averages the accuracy of each kind of data, so that the
// many short MTS-Dialog conversations do not outweigh the full visits.
func meanAccuracy(cs map[string]*Confusion) float64 {
	sum, n := 0.0, 0
	for _, k := range kindOrder {
		if c, ok := cs[k]; ok {
			sum += c.Accuracy()
			n++
		}
	}
	return sum / float64(max(n, 1))
}

var kindOrder = []string{string(ACI), string(ACISpeech), string(MTS)}

// gateFiles are the gate files in the order of Sources.
func gateFiles() []string {
	var out []string
	for _, s := range Sources {
		if s.Use == Gate && s.Kind != ACIMetadata {
			out = append(out, s.Path)
			if s.Kind == ACI {
				out = append(out, s.Path+" corrected")
			}
		}
	}
	return out
}

// scoreRolesByFile scores roles per gate file, and ACI-BENCH's with the
// scoring-only corrections of swapped tags (" corrected").
func scoreRolesByFile(m *discourse.RoleModel, ps []*Prepared, x *lexicon.Lexicon, q discourse.Questioner) map[string]*Confusion {
	out := map[string]*Confusion{}
	for _, p := range ps {
		got := inferRoles(m, p, x, q)
		add := func(name string, truth []int) {
			c, ok := out[name]
			if !ok {
				c = NewConfusion(roleLabels)
				out[name] = c
			}
			for i, r := range got {
				if truth[i] >= 0 {
					c.Add(truth[i], r)
				}
			}
		}
		add(p.Enc.Source.Path, p.Roles)
		if p.Enc.Source.Kind == ACI {
			truth := slices.Clone(p.Roles)
			if scoringSwapped[p.Enc.ID] {
				for i, r := range truth {
					if r == 0 || r == 1 {
						truth[i] = 1 - r
					}
				}
			}
			add(p.Enc.Source.Path+" corrected", truth)
		}
	}
	return out
}

// files serialises the models, their decodings and the manifest.
func (st *Stage) files() (*Result, error) {
	files := map[string][]byte{}
	dec := map[string]discourse.Decoding{}
	add := func(name string, m interface{ MarshalBinary() ([]byte, error) }, d discourse.Decoding) error {
		b, err := m.MarshalBinary()
		if err != nil {
			return fmt.Errorf("store %s: %w", name, err)
		}
		files[name] = b
		dec[name] = d
		return nil
	}
	for _, name := range modelNames {
		if err := add(discourse.ModelFile("part", name), st.Parts[name].Model, st.Parts[name].Decoding); err != nil {
			return nil, err
		}
		if err := add(discourse.ModelFile("role", name), st.Roles[name].Model, st.Roles[name].Decoding); err != nil {
			return nil, err
		}
		if err := add(discourse.ModelFile("change", name), st.Roles[name].Change.Model, st.Roles[name].Change.Decoding); err != nil {
			return nil, err
		}
	}
	if err := add(discourse.ModelFile("question", "en"), st.Question.Model, st.Question.Decoding); err != nil {
		return nil, err
	}
	if err := add(discourse.ModelFile("boundary", "en"), st.Boundary.Model, st.Boundary.Decoding); err != nil {
		return nil, err
	}
	raw, err := json.MarshalIndent(dec, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("store decodings: %w", err)
	}
	files[discourse.DecodingFile] = append(raw, '\n')
	files["MANIFEST.md"] = []byte(st.manifest(files))
	return &Result{Files: files, Stage: st}, nil
}

// utterances returns the punctuated encounters of ps with each turn cut
// into one segment per sentence, as a speech provider's utterances come.
func utterances(ps []*Prepared, x *lexicon.Lexicon) []*Prepared {
	var out []*Prepared
	for _, p := range ps {
		var segs []transcript.Segment
		var roles []int
		cut := false
		for i, s := range p.Enc.Segs {
			toks := x.Tokenize(s.Text)
			sents := x.Sentences(toks)
			if len(sents) < 2 {
				segs = append(segs, s)
				roles = append(roles, p.Roles[i])
				continue
			}
			cut = true
			for _, r := range sents {
				u := s
				u.Text = string([]rune(s.Text)[toks[r[0]].Start:toks[r[1]-1].End])
				segs = append(segs, u)
				roles = append(roles, p.Roles[i])
			}
		}
		if !cut {
			continue
		}
		enc := *p.Enc
		enc.Segs = segs
		out = append(out, &Prepared{Enc: &enc, Roles: roles, Swapped: p.Swapped, utterances: true})
	}
	return out
}

// recogniserLines returns the utterances of ps as a speech recogniser's
// text pasted one utterance a line arrives: lower case, without
// punctuation and without times. Such lines say neither where a question
// ends nor who speaks, which the models must then read from the words.
func recogniserLines(ps []*Prepared, x *lexicon.Lexicon) []*Prepared {
	us := utterances(ps, x)
	out := make([]*Prepared, len(us))
	for i, p := range us {
		enc := *p.Enc
		enc.Segs = slices.Clone(p.Enc.Segs)
		for k := range enc.Segs {
			enc.Segs[k].Text = unpunctuated(enc.Segs[k].Text)
		}
		q := *p
		q.Enc = &enc
		out[i] = &q
	}
	return out
}

// unpunctuated is s in lower case with its punctuation taken out: an
// apostrophe inside a word stays ("i'm"), any other mark becomes a space.
func unpunctuated(s string) string {
	rs := []rune(strings.ToLower(s))
	for i, r := range rs {
		inWord := i > 0 && i+1 < len(rs) && unicode.IsLetter(rs[i-1]) && unicode.IsLetter(rs[i+1])
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && !unicode.IsSpace(r) && !((r == '\'' || r == '’') && inWord) {
			rs[i] = ' '
		}
	}
	return strings.Join(strings.Fields(string(rs)), " ")
}

// withUtterances is ps and their utterances.
func withUtterances(ps []*Prepared, x *lexicon.Lexicon) []*Prepared {
	return append(slices.Clone(ps), utterances(ps, x)...)
}

// timed gives every segment of ps a time, as a speech provider's
// utterances have.
func timed(ps []*Prepared) []*Prepared {
	out := make([]*Prepared, len(ps))
	for i, p := range ps {
		enc := *p.Enc
		enc.Segs = slices.Clone(p.Enc.Segs)
		for k := range enc.Segs {
			at := float64(k)
			enc.Segs[k].Start, enc.Segs[k].End = &at, &at
		}
		q := *p
		q.Enc = &enc
		out[i] = &q
	}
	return out
}
