// Command notegen-train trains the discourse models the note writer reads
// an encounter with (internal/discourse): which part of the note each
// sentence belongs to, who speaks an unlabelled turn, and whether a
// sentence without punctuation asks. It reads the public data sets in
// --data (ACI-BENCH and MTS-Dialog), labels every transcript sentence by
// aligning it to the reference note's sentences, trains on the tuning
// splits, scores on the gate splits, and writes the models with
// MANIFEST.md to --out:
//
//	go run ./cmd/notegen-train --data ../shared/data --out internal/discourse/models
//
// Training is deterministic: the same data and options give the same
// files, byte for byte.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/notegen/notegen/internal/discourse"
	"github.com/notegen/notegen/internal/learn"
	"github.com/notegen/notegen/internal/lexicon"
)

func main() {
	dataDir := flag.String("data", "../shared/data", "directory holding aci-bench/ and mts-dialog/")
	outDir := flag.String("out", "internal/discourse/models", "directory the models and MANIFEST.md are written to")
	show := flag.String("show", "", "print the labels of this encounter (ID as in its file, e.g. D2N001) and exit")
	sample := flag.Int("sample", 0, "print this many randomly chosen tuning units with their labels, for checking the alignment by hand, and exit")
	seed := flag.Uint64("seed", 0, "train with this seed instead of the embedded models' (to measure how much the models and notes vary with it)")
	flag.Parse()
	if err := run(*dataDir, *outDir, *show, *sample, *seed); err != nil {
		fmt.Fprintln(os.Stderr, "notegen-train:", err)
		os.Exit(1)
	}
}

func run(dataDir, outDir, show string, sample int, seed uint64) error {
	start := time.Now()
	opt := DefaultOptions()
	if seed != 0 {
		opt = opt.WithSeed(seed)
	}
	if show != "" || sample > 0 {
		ps, _, err := Prepare(dataDir, opt, nil)
		if err != nil {
			return err
		}
		if show != "" {
			return showLabels(os.Stdout, ps, show)
		}
		printSample(os.Stdout, ps, sample, opt.Seed)
		return nil
	}
	res, err := Train(dataDir, opt, os.Stderr)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(outDir, 0o755); err != nil {
		return fmt.Errorf("create %s: %w", outDir, err)
	}
	names := make([]string, 0, len(res.Files))
	for n := range res.Files {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if err := os.WriteFile(filepath.Join(outDir, n), res.Files[n], 0o644); err != nil {
			return fmt.Errorf("write model: %w", err)
		}
	}
	fmt.Fprintf(os.Stderr, "wrote %s in %s\n", strings.Join(names, ", "), time.Since(start).Round(time.Second))
	return nil
}

// Prepare loads the data, trains the question model (the units of
// recogniser text need it), cuts every encounter into units and labels
// them. log, when not nil, is told what is done.
func Prepare(dataDir string, opt Options, log func(string, ...any)) ([]*Prepared, *Stage, error) {
	if log == nil {
		log = func(string, ...any) {}
	}
	en := lexicon.For("en").Trained() // the lists without their addenda: retraining folds those in first
	rules, err := loadRules(en)
	if err != nil {
		return nil, nil, err
	}
	encs, stats, err := Load(dataDir)
	if err != nil {
		return nil, nil, err
	}
	st := &Stage{Stats: stats, Options: opt}
	ps := make([]*Prepared, len(encs))
	for i := range encs {
		ps[i] = &Prepared{Enc: &encs[i], Roles: rolesOf(encs[i].Segs)}
	}
	train, dev, gate := split(ps)
	log("loaded %d encounters: %d train, %d dev, %d gate", len(ps), len(train), len(dev), len(gate))

	// The question model first: recogniser text is cut into units with it.
	if st.QuestionDev, err = trainQuestions(train, en, opt); err != nil {
		return nil, nil, err
	}
	st.QuestionDev.Threshold = tuneThreshold(st.QuestionDev, dev, en)
	if st.Question, err = trainQuestions(append(slices.Clone(train), dev...), en, opt); err != nil {
		return nil, nil, err
	}
	st.Question.Threshold = st.QuestionDev.Threshold
	q := discourse.NewQuestioner(st.Question, en)
	log("question model trained (threshold %.2f)", st.Question.Threshold)

	// The boundary model next: recogniser text is cut into sentences
	// with it.
	if err := trainBoundaryModels(st, train, dev, gate, en); err != nil {
		return nil, nil, err
	}
	log("boundary model trained (threshold %.2f)", st.Boundary.Threshold)

	for _, p := range ps {
		p.Units = discourse.UnitsWith(p.Enc.Segs, en, q, st.Boundary, en.Tokenize)
		var unknown []string
		p.Sents, unknown = rules.NoteSentences(p.Enc, en)
		st.UnknownHeadings = append(st.UnknownHeadings, unknown...)
	}
	var unitKeys, noteKeys [][]string
	for _, p := range ps {
		if !p.tune() {
			continue
		}
		for _, u := range p.Units {
			unitKeys = append(unitKeys, rules.keys(u.Tokens))
		}
		for _, s := range p.Sents {
			noteKeys = append(noteKeys, s.keys)
		}
	}
	vocab := NewVocabulary(unitKeys, noteKeys)
	for _, p := range ps {
		o := opt.Align
		if p.Enc.Source.Kind == MTS {
			o = opt.MTSAlign
		}
		p.Align = Align(p.Units, p.Sents, p.Enc.Names, rules, vocab, o)
	}
	log("aligned %d encounters' units to their notes", len(ps))
	return ps, st, nil
}

// Stage is what training made and measured.
type Stage struct {
	Options         Options
	Stats           []FileStat
	UnknownHeadings []string

	Question, QuestionDev *discourse.QuestionModel
	QuestionScores        map[string]QuestionScores // "dev", "gate"

	Boundary, BoundaryDev *discourse.BoundaryModel
	BoundaryLists         []string
	// BoundaryScores are the boundary model's, by slice ("dev", "gate")
	// and kind of data ("all" for every kind).
	BoundaryScores map[string]map[string]*Confusion

	Roles                  map[string]*discourse.RoleModel // "en", "universal"
	RoleDevScores          map[string]*Confusion           // model name -> dev
	RoleDevUtterances      map[string]*Confusion           // model name -> dev cut into utterances
	RoleDevLines           map[string]*Confusion           // model name -> dev as a recogniser's lines
	RoleGateScores         map[string]map[string]*Confusion
	SwappedTags            []string
	Parts                  map[string]*discourse.PartModel
	PartDevScores          map[string]map[string]*Confusion // model -> kind -> confusion
	PartGateScores         map[string]map[string]*Confusion
	Lists                  []string
	Units                  int
	RoleStrength, Strength map[string]float64
}

// Result is the files training writes.
type Result struct {
	Files map[string][]byte
	Stage *Stage
}

func trainQuestions(ps []*Prepared, x *lexicon.Lexicon, opt Options) (*discourse.QuestionModel, error) {
	m, err := learn.Train(withoutRare(questionExamples(ps, x), opt.MinCount), questionLabels, opt.Question)
	if err != nil {
		return nil, fmt.Errorf("train question model: %w", err)
	}
	return &discourse.QuestionModel{Model: m, Decoding: discourse.Decoding{Threshold: 0.5}}, nil
}
