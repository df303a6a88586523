package main

import (
	"crypto/sha256"
	"encoding/csv"
	"encoding/hex"
	"fmt"
	"hash/fnv"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/notegen/notegen/internal/transcript"
)

// Use is what a data file is for: tuning data trains the models and
// chooses their options; gate data is only ever scored.
type Use string

// The uses of a data file.
const (
	Tune Use = "tune"
	Gate Use = "gate"
)

// Kind is a data file's shape.
type Kind string

// The kinds of data file.
const (
	// ACI is an ACI-BENCH split: a whole visit's dialogue and its note.
	ACI Kind = "aci"
	// ACISpeech is an ACI-BENCH dialogue as a speech recogniser heard it:
	// lower case, no punctuation, diarised speaker tags.
	ACISpeech Kind = "aci-speech"
	// MTS is MTS-Dialog: a short conversation for one note section.
	MTS Kind = "mts"
	// ACIMetadata gives each ACI-BENCH encounter's patient and doctor
	// names: words that are no evidence of a part when the alignment
	// finds them in a sentence and in the note ("hi, martha").
	ACIMetadata Kind = "aci-metadata"
)

// Source is one data file of the manifest.
type Source struct {
	Path string // relative to the data directory
	Kind Kind
	Use  Use
	// BackTranslatedOnly keeps only the rows whose ID marks a
	// back-translation: train_augmented.csv also holds train.csv's rows
	// verbatim, which train.csv already gives.
	BackTranslatedOnly bool
	Note               string
}

// Sources are the data files, in the order their examples are made (the
// order is part of what makes training reproducible). ACI-BENCH's
// corrected speech transcripts (*_asrcorr, *_humantrans) are not used:
// they are the dialogues of the main files again. ACI-BENCH's first test
// split and MTS-Dialog's second test set are held out and never read.
var Sources = []Source{
	{Path: "aci-bench/train_metadata.csv", Kind: ACIMetadata, Use: Tune, Note: "names, for the alignment"},
	{Path: "aci-bench/test3_metadata.csv", Kind: ACIMetadata, Use: Tune, Note: "names, for the alignment"},
	{Path: "aci-bench/valid_metadata.csv", Kind: ACIMetadata, Use: Gate, Note: "names, for the alignment"},
	{Path: "aci-bench/test2_metadata.csv", Kind: ACIMetadata, Use: Gate, Note: "names, for the alignment"},
	{Path: "aci-bench/train.csv", Kind: ACI, Use: Tune},
	{Path: "aci-bench/test3.csv", Kind: ACI, Use: Tune},
	{Path: "aci-bench/speech/train_virtscribe_asr.csv", Kind: ACISpeech, Use: Tune},
	{Path: "aci-bench/speech/test3_aci_asr.csv", Kind: ACISpeech, Use: Tune},
	{Path: "aci-bench/speech/test3_virtscribe_asr.csv", Kind: ACISpeech, Use: Tune},
	{Path: "mts-dialog/train.csv", Kind: MTS, Use: Tune},
	{Path: "mts-dialog/train_augmented.csv", Kind: MTS, Use: Tune, BackTranslatedOnly: true,
		Note: "back-translated rows only; the others repeat train.csv"},
	{Path: "mts-dialog/test1.csv", Kind: MTS, Use: Tune},
	{Path: "aci-bench/valid.csv", Kind: ACI, Use: Gate},
	{Path: "aci-bench/test2.csv", Kind: ACI, Use: Gate},
	{Path: "aci-bench/speech/valid_aci_asr.csv", Kind: ACISpeech, Use: Gate},
	{Path: "aci-bench/speech/valid_virtscribe_asr.csv", Kind: ACISpeech, Use: Gate},
	{Path: "aci-bench/speech/test2_aci_asr.csv", Kind: ACISpeech, Use: Gate},
	{Path: "aci-bench/speech/test2_virtscribe_asr.csv", Kind: ACISpeech, Use: Gate},
	{Path: "mts-dialog/valid.csv", Kind: MTS, Use: Gate},
}

// Encounter is one conversation with what its note says.
type Encounter struct {
	Source *Source
	ID     string
	// Group keeps the versions of one conversation together when the
	// tuning data is cut into a training part and a dev slice: an
	// ACI-BENCH encounter and its speech version share a note, an
	// MTS-Dialog conversation and its back-translations an ID.
	Group string
	Segs  []transcript.Segment
	// Note is the reference note (ACI-BENCH) or section text (MTS-Dialog);
	// Header is MTS-Dialog's section header.
	Note, Header string
	// Names are the patient's and doctor's names (ACI-BENCH).
	Names []string
}

// FileStat is what the manifest says of a data file.
type FileStat struct {
	Source *Source
	SHA256 string
	Rows   int
}

// inlineTag finds a speaker tag inside a line: the recogniser's versions of
// ACI-BENCH's dictations hold every turn on one line.
var inlineTag = regexp.MustCompile(`\s+(\[(?:doctor|patient|patient_guest)\])`)

// Load reads every source under dir.
func Load(dir string) ([]Encounter, []FileStat, error) {
	var out []Encounter
	var stats []FileStat
	names := map[string][]string{} // encounter_id or id -> names
	for k := range Sources {
		src := &Sources[k]
		raw, err := os.ReadFile(filepath.Join(dir, src.Path))
		if err != nil {
			return nil, nil, fmt.Errorf("read data: %w", err)
		}
		sum := sha256.Sum256(raw)
		rows, err := csv.NewReader(strings.NewReader(string(raw))).ReadAll()
		if err != nil {
			return nil, nil, fmt.Errorf("read %s: %w", src.Path, err)
		}
		if len(rows) < 2 {
			return nil, nil, fmt.Errorf("read %s: no rows", src.Path)
		}
		stats = append(stats, FileStat{Source: src, SHA256: hex.EncodeToString(sum[:]), Rows: len(rows) - 1})
		col := map[string]int{}
		for i, name := range rows[0] {
			col[name] = i
		}
		if src.Kind == ACIMetadata {
			for _, r := range rows[1:] {
				var ns []string
				for _, c := range []string{"doctor_name", "patient_firstname", "patient_familyname"} {
					if i, ok := col[c]; ok {
						ns = append(ns, strings.Fields(r[i])...)
					}
				}
				names[r[col["encounter_id"]]] = ns
				names[r[col["id"]]] = ns
			}
			continue
		}
		for _, r := range rows[1:] {
			e, ok, err := encounterOf(src, r, col)
			if err != nil {
				return nil, nil, fmt.Errorf("read %s: %w", src.Path, err)
			}
			if ok {
				e.Names = names[e.ID]
				out = append(out, e)
			}
		}
	}
	return out, stats, nil
}

func encounterOf(src *Source, r []string, col map[string]int) (Encounter, bool, error) {
	get := func(name string) (string, error) {
		i, ok := col[name]
		if !ok {
			return "", fmt.Errorf("no column %q", name)
		}
		return r[i], nil
	}
	switch src.Kind {
	case ACI, ACISpeech:
		idCol := "encounter_id"
		if src.Kind == ACISpeech {
			idCol = "id"
		}
		id, err := get(idCol)
		if err != nil {
			return Encounter{}, false, err
		}
		dialogue, _ := get("dialogue")
		note, err := get("note")
		if err != nil {
			return Encounter{}, false, err
		}
		dialogue = inlineTag.ReplaceAllString(dialogue, "\n$1")
		return Encounter{Source: src, ID: id, Group: "aci:" + hashOf(note), Segs: transcript.Split(dialogue, nil), Note: note}, true, nil
	case MTS:
		id, err := get("ID")
		if err != nil {
			return Encounter{}, false, err
		}
		number := id
		if i := strings.LastIndexByte(id, ' '); i >= 0 {
			number = id[i+1:]
		} else if src.BackTranslatedOnly {
			return Encounter{}, false, nil
		}
		header, _ := get("section_header")
		text, _ := get("section_text")
		dialogue, err := get("dialogue")
		if err != nil {
			return Encounter{}, false, err
		}
		// train.csv and its back-translations share IDs; test1.csv's
		// are its own.
		group := "mts:" + number
		if !strings.HasPrefix(src.Path, "mts-dialog/train") {
			group = "mts:" + src.Path + ":" + number
		}
		return Encounter{Source: src, ID: id, Group: group, Segs: transcript.Split(dialogue, nil), Note: text, Header: header}, true, nil
	}
	return Encounter{}, false, fmt.Errorf("unknown kind %q", src.Kind)
}

func hashOf(s string) string {
	h := fnv.New64a()
	h.Write([]byte(s))
	return fmt.Sprintf("%016x", h.Sum64())
}

// folds is how many parts the tuning data is cut into, by the hash of
// each encounter's group: one is the dev slice.
const folds = 5

// fold is the part of the tuning data the encounter is in.
func (e *Encounter) fold() uint32 {
	h := fnv.New32a()
	h.Write([]byte(e.Group))
	return h.Sum32() % folds
}

// dev reports whether the encounter is in the tuning data's dev slice.
func (e *Encounter) dev() bool { return e.fold() == 0 }
