// Package notetemplate is the single definition of notegen's note templates:
// their identifiers, localised titles and ordered sections. The sandbox
// sample-note generator, the language-model prompt builder and the built-in
// note writer all read it, so a section added here shows up everywhere.
package notetemplate

import (
	"fmt"
	"sort"
	"strings"
)

// Lang is an output language code.
type Lang string

// Supported output languages.
const (
	English Lang = "en"
	French  Lang = "fr"
)

// ParseLang maps a wire language code to a Lang, defaulting to English for
// an empty code and failing on anything unsupported.
func ParseLang(code string) (Lang, error) {
	switch strings.ToLower(strings.TrimSpace(code)) {
	case "", "en":
		return English, nil
	case "fr":
		return French, nil
	}
	return "", fmt.Errorf("unsupported language %q", code)
}

// Style is a documentation style: how assessment and plan are laid out.
type Style string

// Supported documentation styles.
const (
	// SOAP keeps assessment and plan as two sections.
	SOAP Style = "soap"
	// ProblemBased merges assessment and plan into one section written
	// problem by problem.
	ProblemBased Style = "problemBased"
)

// ParseStyle maps a wire documentation style to a Style (empty means SOAP).
func ParseStyle(code string) (Style, error) {
	switch strings.TrimSpace(code) {
	case "", string(SOAP):
		return SOAP, nil
	case string(ProblemBased):
		return ProblemBased, nil
	}
	return "", fmt.Errorf("unsupported documentation style %q", code)
}

// Section is one heading of a note, in the order it appears.
type Section struct {
	// Key is stable across languages and templates (see the Key constants),
	// so code can route content to a section without parsing headings.
	Key string
	// Heading is the localised heading, in title case.
	Heading string
}

// Template describes one note template. The zero value is not useful; get
// templates from Lookup.
type Template struct {
	id       string
	title    localized
	sections []sectionDef
}

type localized struct{ en, fr string }

func (l localized) in(lang Lang) string {
	if lang == French {
		return l.fr
	}
	return l.en
}

// sectionDef is a section as a template declares it; heading overrides the
// default heading of the key when a template names the same content its own
// way (a nurse's "Subjective" is the history of present illness).
type sectionDef struct {
	key     string
	heading *localized
}

// ID returns the template identifier used on the wire, e.g. "primaryCare".
func (t Template) ID() string { return t.id }

// Title returns the note title in lang.
func (t Template) Title(lang Lang) string { return t.title.in(lang) }

// Sections returns the template's ordered sections with headings in lang.
// With ProblemBased, adjacent assessment and plan sections are replaced by
// a single assessment-and-plan section, where the writer groups by problem.
func (t Template) Sections(lang Lang, style Style) []Section {
	out := make([]Section, 0, len(t.sections))
	for i := 0; i < len(t.sections); i++ {
		def := t.sections[i]
		if style == ProblemBased && def.key == KeyAssessment && i+1 < len(t.sections) && t.sections[i+1].key == KeyPlan {
			out = append(out, Section{Key: KeyAssessmentAndPlan, Heading: defaultHeadings[KeyAssessmentAndPlan].in(lang)})
			i++
			continue
		}
		heading := defaultHeadings[def.key]
		if def.heading != nil {
			heading = *def.heading
		}
		out = append(out, Section{Key: def.key, Heading: heading.in(lang)})
	}
	return out
}

// HasSection reports whether the template declares a section with key in
// the given style.
func (t Template) HasSection(key string, style Style) bool {
	for _, s := range t.Sections(English, style) {
		if s.Key == key {
			return true
		}
	}
	return false
}

// Lookup returns the template with the given wire identifier.
func Lookup(id string) (Template, bool) {
	for _, t := range catalog {
		if t.id == id {
			return t, true
		}
	}
	return Template{}, false
}

// IDs returns every template identifier, sorted.
func IDs() []string {
	ids := make([]string, 0, len(catalog))
	for _, t := range catalog {
		ids = append(ids, t.id)
	}
	sort.Strings(ids)
	return ids
}

// Heading returns the default localised heading of a section key, and false
// for an unknown key.
func Heading(key string, lang Lang) (string, bool) {
	h, ok := defaultHeadings[key]
	if !ok {
		return "", false
	}
	return h.in(lang), true
}
