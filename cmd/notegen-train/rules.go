package main

import (
	"embed"
	"fmt"
	"strings"

	"github.com/notegen/notegen/internal/discourse"
	"github.com/notegen/notegen/internal/lexicon"
)

// The labelling rules are data, read by the training command only: which
// part a reference note's heading stands for, the subheadings inside a
// section, the cue stems that cut a mixed section, and the endings taken
// off before words are compared. The engine never reads them.
//
//go:embed labels/*.txt
var ruleFiles embed.FS

// Pseudo-parts of a heading, resolved sentence by sentence.
const (
	assessmentPlan = "assessment_plan"
	familySocial   = "family_social"
	skipPart       = "skip"
)

// Rules are the labelling rules.
type Rules struct {
	headings    map[string]string // folded heading -> part or pseudo-part
	subheadings map[string]string // section + ">" + folded subheading -> part
	planCues    map[string]bool
	familyCues  map[string]bool
	suffixes    []string
	stop        *lexicon.List
	x           *lexicon.Lexicon
}

func loadRules(x *lexicon.Lexicon) (*Rules, error) {
	r := &Rules{stop: x.List("stopwords"), x: x}
	var err error
	if r.headings, err = readMapping("labels/headings.txt"); err != nil {
		return nil, err
	}
	if r.subheadings, err = readScopedMapping("labels/subheadings.txt"); err != nil {
		return nil, err
	}
	cues, err := readMapping("labels/cues.txt")
	if err != nil {
		return nil, err
	}
	r.planCues, r.familyCues = map[string]bool{}, map[string]bool{}
	for cue, kind := range cues {
		// a cue is compared with keys, which are cut to stemLength
		if rs := []rune(cue); len(rs) > stemLength {
			cue = string(rs[:stemLength])
		}
		switch kind {
		case "plan":
			r.planCues[cue] = true
		case "family":
			r.familyCues[cue] = true
		default:
			return nil, fmt.Errorf("labels/cues.txt: unknown cue kind %q", kind)
		}
	}
	err = eachLine("labels/suffixes.txt", func(line string) error {
		r.suffixes = append(r.suffixes, line)
		return nil
	})
	// the longest ending first, so "ies" is tried before "s"
	for i := 1; i < len(r.suffixes); i++ {
		for j := i; j > 0 && len(r.suffixes[j]) > len(r.suffixes[j-1]); j-- {
			r.suffixes[j], r.suffixes[j-1] = r.suffixes[j-1], r.suffixes[j]
		}
	}
	return r, err
}

// readMapping reads "target = a | b | c" lines into a -> target, keys
// folded.
func readMapping(name string) (map[string]string, error) {
	out := map[string]string{}
	err := eachLine(name, func(line string) error {
		target, keys, ok := strings.Cut(line, "=")
		if !ok {
			return fmt.Errorf("want \"part = heading | ...\"")
		}
		target = strings.TrimSpace(target)
		if discourse.PartIndex(discourse.Part(target)) < 0 && target != assessmentPlan && target != familySocial &&
			target != skipPart && target != "plan" && target != "family" {
			return fmt.Errorf("unknown part %q", target)
		}
		for _, k := range strings.Split(keys, "|") {
			if k = lexicon.Fold(strings.TrimSpace(k)); k != "" {
				out[k] = target
			}
		}
		return nil
	})
	return out, err
}

// readScopedMapping reads "section > target = a | b" lines into
// "section>a" -> target.
func readScopedMapping(name string) (map[string]string, error) {
	out := map[string]string{}
	err := eachLine(name, func(line string) error {
		section, rest, ok := strings.Cut(line, ">")
		if !ok {
			return fmt.Errorf("want \"section > part = subheading | ...\"")
		}
		target, keys, ok := strings.Cut(rest, "=")
		if !ok {
			return fmt.Errorf("want \"section > part = subheading | ...\"")
		}
		target = strings.TrimSpace(target)
		if discourse.PartIndex(discourse.Part(target)) < 0 && target != skipPart {
			return fmt.Errorf("unknown part %q", target)
		}
		for _, k := range strings.Split(keys, "|") {
			if k = lexicon.Fold(strings.TrimSpace(k)); k != "" {
				out[strings.TrimSpace(section)+">"+k] = target
			}
		}
		return nil
	})
	return out, err
}

// eachLine reads a rules file's lines (lexicon.EachLine).
func eachLine(name string, fn func(string) error) error {
	return lexicon.EachLine(ruleFiles, name, func(_ int, line string) error { return fn(line) })
}

// stemLength is how many letters of a word's stem are compared.
const stemLength = 6

// key returns the form a word is compared by: stopwords have none.
func (r *Rules) key(t lexicon.Token) string {
	switch t.Kind {
	case lexicon.Number:
		return t.Norm
	case lexicon.Punct:
		return ""
	}
	w := t.Norm
	if len(w) < 2 || r.stop.Has(w) {
		return ""
	}
	for _, s := range r.suffixes {
		if strings.HasSuffix(w, s) && len([]rune(w))-len([]rune(s)) >= 3 {
			w = strings.TrimSuffix(w, s)
			break
		}
	}
	if rs := []rune(w); len(rs) > stemLength {
		w = string(rs[:stemLength])
	}
	return w
}

// keys returns the distinct keys of toks, in order.
func (r *Rules) keys(toks []lexicon.Token) []string {
	var out []string
	seen := map[string]bool{}
	for _, t := range toks {
		if k := r.key(t); k != "" && !seen[k] {
			seen[k] = true
			out = append(out, k)
		}
	}
	return out
}

// hasCue reports whether a key starts with one of cues.
func hasCue(keys []string, cues map[string]bool) bool {
	for _, k := range keys {
		for n := 3; n <= len(k); n++ {
			if cues[k[:n]] {
				return true
			}
		}
	}
	return false
}
