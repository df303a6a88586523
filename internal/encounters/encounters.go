// Package encounters holds the project's own test encounters (testdata/):
// conversations and dictations in many styles, each with what its note,
// facts and FHIR bundle must and must not say (testdata/README.md gives the
// format). Load reads them; the package's test runs every one through the
// same path a job takes and checks every expectation.
package encounters

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/notegen/notegen/internal/lexicon"
)

// Encounter is one test encounter and its expectations.
type Encounter struct {
	Name          string
	Title         string
	Lang          string
	Template      string
	RecordingType string
	Style         string
	Transcript    string
	Expectations  []Expectation
}

// Expectation is one line of an .expect file: Form names what is checked
// ("section has", "problem active", "fhir no", ...), Key what it is
// checked on (a section key, a drug's name, a resource type; "" for forms
// without one), and Texts the alternatives of the text it checks for.
type Expectation struct {
	Line  int
	Form  string
	Key   []string
	Texts []string
	Raw   string
}

// Load reads every encounter of dir, in name order.
func Load(dir string) ([]Encounter, error) {
	names, err := filepath.Glob(filepath.Join(dir, "*.txt"))
	if err != nil {
		return nil, fmt.Errorf("list encounters: %w", err)
	}
	sort.Strings(names)
	var out []Encounter
	for _, name := range names {
		e, err := load(strings.TrimSuffix(name, ".txt"))
		if err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no encounters in %s: %w", dir, fs.ErrNotExist)
	}
	return out, nil
}

func load(base string) (Encounter, error) {
	e := Encounter{Name: filepath.Base(base)}
	raw, err := os.ReadFile(base + ".txt")
	if err != nil {
		return e, fmt.Errorf("read encounter: %w", err)
	}
	head, body, ok := strings.Cut(string(raw), "\n\n")
	if !ok {
		return e, fmt.Errorf("%s.txt: want header lines, a blank line, then the transcript", base)
	}
	for _, line := range strings.Split(head, "\n") {
		k, v, ok := strings.Cut(strings.TrimPrefix(line, "# "), ":")
		if !ok {
			return e, fmt.Errorf("%s.txt: header line %q", base, line)
		}
		v = strings.TrimSpace(v)
		switch strings.TrimSpace(k) {
		case "title":
			e.Title = v
		case "lang":
			e.Lang = v
		case "template":
			e.Template = v
		case "recording_type":
			e.RecordingType = v
		case "style":
			e.Style = v
		}
	}
	e.Transcript = body
	err = lexicon.EachLine(os.DirFS(filepath.Dir(base)), filepath.Base(base)+".expect", func(n int, line string) error {
		x, err := parse(line)
		if err != nil {
			return err
		}
		x.Line = n
		e.Expectations = append(e.Expectations, x)
		return nil
	})
	if err != nil {
		return e, fmt.Errorf("read expectations: %w", err)
	}
	return e, nil
}

// parse reads "<form words> [<key>]: <texts>".
func parse(line string) (Expectation, error) {
	left, right, ok := strings.Cut(line, ":")
	if !ok {
		return Expectation{}, fmt.Errorf("want \"form: text\" in %q", line)
	}
	x := Expectation{Raw: line, Texts: alternatives(right)}
	words := strings.Fields(left)
	if len(words) == 0 {
		return Expectation{}, fmt.Errorf("no form in %q", line)
	}
	switch words[0] {
	case "section":
		// section <key> has|lacks
		if len(words) != 3 {
			return Expectation{}, fmt.Errorf("want \"section <key> has|lacks\" in %q", line)
		}
		x.Form, x.Key = "section "+words[2], []string{words[1]}
	case "fhir":
		// fhir <Type> [status] | fhir no <Type>
		switch {
		case len(words) == 3 && words[1] == "no":
			x.Form, x.Key = "fhir no", []string{words[2]}
		case len(words) == 2:
			x.Form, x.Key = "fhir", []string{words[1]}
		case len(words) == 3:
			x.Form, x.Key = "fhir status", []string{words[1], words[2]}
		default:
			return Expectation{}, fmt.Errorf("bad fhir expectation %q", line)
		}
	case "medication-dose", "medication-frequency", "medication-reason", "allergy-reaction", "order-reason":
		x.Form, x.Key = words[0], alternatives(strings.Join(words[1:], " "))
	default:
		x.Form = strings.Join(words, " ")
	}
	return x, nil
}

// alternatives splits "a | b" into its trimmed parts.
func alternatives(s string) []string {
	var out []string
	for _, a := range strings.Split(s, " | ") {
		if a = strings.TrimSpace(a); a != "" {
			out = append(out, a)
		}
	}
	return out
}
