package discourse

import (
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"sync"

	"github.com/notegen/notegen/internal/learn"
)

// The trained models are embedded: cmd/notegen-train writes them, with
// models/MANIFEST.md saying from which data and how. A language without a
// model of its own ("part_fr.bin") reads with the universal one, which
// knows no words.

//go:embed models
var modelFiles embed.FS

// Universal names the models of abstract features, used for languages
// without their own.
const Universal = "universal"

// Decoding is how a model is applied, stored beside its weights in
// models/decoding.json: the features it reads and, for sequence models,
// the label transitions and how strongly Viterbi weighs them.
type Decoding struct {
	Features    FeatureSpec
	Transitions learn.Transitions `json:",omitempty"`
	Strength    float64           `json:",omitempty"`
	// UtteranceStrength replaces Strength for a speech provider's timed
	// utterances, where one speaker often says several in a row.
	UtteranceStrength float64 `json:",omitempty"`
	// Threshold is the probability above which a binary model says yes.
	Threshold float64 `json:",omitempty"`
	// Prior is each label's share of the training examples; when Adapt
	// is set, inference re-estimates the shares of the sequence at hand
	// and weighs the model's probabilities by how they changed.
	Prior []float64 `json:",omitempty"`
	Adapt bool      `json:",omitempty"`
}

// PartModel labels units with the part of the note they belong to.
type PartModel struct {
	Model *learn.Model
	Decoding
}

// RoleModel says who speaks the segments no label named.
type RoleModel struct {
	Model *learn.Model
	// Change, when set, says where the speaker changes.
	Change *ChangeModel
	Decoding
}

// QuestionModel says whether a unit without punctuation asks.
type QuestionModel struct {
	Model *learn.Model
	Decoding
}

// BoundaryModel says where the sentences of a segment without
// punctuation end.
type BoundaryModel struct {
	Model *learn.Model
	Decoding
	// WholeNumbers keeps a spoken number in one sentence ("heart rate was
	// fifty | eight" said fifty): set for the embedded model the service
	// reads with. Training cuts its corpora as the models were trained,
	// without it, so that the models stay what training makes.
	WholeNumbers bool
}

// ModelFile is the file name of a task's model for a language ("part",
// "en" -> "part_en.bin").
func ModelFile(task, lang string) string { return task + "_" + lang + ".bin" }

// DecodingFile holds every model's Decoding, by model file name.
const DecodingFile = "decoding.json"

var (
	loadOnce sync.Once
	loaded   map[string]*learn.Model
	decoding map[string]Decoding
)

// embedded loads the embedded models once. They are part of the build, so
// one that does not load is a build defect: the package's tests load every
// one, and this panics on it as lexicon.For does.
func embedded() (map[string]*learn.Model, map[string]Decoding) {
	loadOnce.Do(func() {
		var err error
		loaded, decoding, err = Load(modelFiles, "models")
		if err != nil {
			panic(fmt.Sprintf("discourse: %v", err))
		}
	})
	return loaded, decoding
}

// Load reads every model of dir in fsys and their decodings.
func Load(fsys fs.FS, dir string) (map[string]*learn.Model, map[string]Decoding, error) {
	raw, err := fs.ReadFile(fsys, path.Join(dir, DecodingFile))
	if err != nil {
		return nil, nil, fmt.Errorf("read model decodings: %w", err)
	}
	dec := map[string]Decoding{}
	if err := json.Unmarshal(raw, &dec); err != nil {
		return nil, nil, fmt.Errorf("read %s: %w", DecodingFile, err)
	}
	models := map[string]*learn.Model{}
	for name := range dec {
		data, err := fs.ReadFile(fsys, path.Join(dir, name))
		if err != nil {
			return nil, nil, fmt.Errorf("read model: %w", err)
		}
		m := &learn.Model{}
		if err := m.UnmarshalBinary(data); err != nil {
			return nil, nil, fmt.Errorf("%s: %w", name, err)
		}
		models[name] = m
	}
	return models, dec, nil
}

// pick returns the model of task for lang, or the universal one.
func pick(task, lang string) (*learn.Model, Decoding) {
	models, dec := embedded()
	for _, l := range []string{lang, Universal} {
		name := ModelFile(task, l)
		if m, ok := models[name]; ok {
			return m, dec[name]
		}
	}
	return nil, Decoding{}
}

// PartModelFor returns the embedded part model for lang.
func PartModelFor(lang string) *PartModel {
	m, d := pick("part", lang)
	if m == nil {
		panic("discourse: no part model embedded")
	}
	return &PartModel{Model: m, Decoding: d}
}

// RoleModelFor returns the embedded role model for lang.
func RoleModelFor(lang string) *RoleModel {
	m, d := pick("role", lang)
	if m == nil {
		panic("discourse: no role model embedded")
	}
	out := &RoleModel{Model: m, Decoding: d}
	if c, cd := pick("change", lang); c != nil {
		out.Change = &ChangeModel{Model: c, Decoding: cd}
	}
	return out
}

// QuestionModelFor returns the embedded question model for lang, or nil
// for a language without one (there is no universal question model: a
// question is said in words).
func QuestionModelFor(lang string) *QuestionModel {
	models, dec := embedded()
	name := ModelFile("question", lang)
	if m, ok := models[name]; ok {
		return &QuestionModel{Model: m, Decoding: dec[name]}
	}
	return nil
}

// BoundaryModelFor returns the embedded boundary model for lang, or nil
// for a language without one, whose unpunctuated segments stay one unit
// each (where a sentence ends is said in words, as a question is).
func BoundaryModelFor(lang string) *BoundaryModel {
	models, dec := embedded()
	name := ModelFile("boundary", lang)
	if m, ok := models[name]; ok {
		return &BoundaryModel{Model: m, Decoding: dec[name], WholeNumbers: true}
	}
	return nil
}
