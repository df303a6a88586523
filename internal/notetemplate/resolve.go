package notetemplate

import (
	"fmt"
	"strings"
)

// Request is what a note job asks of its note's shape, in the wire
// contract's terms.
type Request struct {
	// Template is a template identifier, e.g. "primaryCare".
	Template string
	// Lang is the language spoken; empty means English.
	Lang string
	// OutputLanguage is the note's language; empty means Lang.
	OutputLanguage string
	// DocumentationStyle is "soap" or "problemBased"; empty means SOAP.
	DocumentationStyle string
	// CustomTemplate, when it names any heading, replaces the template's
	// sections with its own, one per line.
	CustomTemplate string
}

// Resolved is a Request made concrete: the one reading of template,
// languages, style and custom template that the sandbox, the language-model
// prompt and the built-in writer all write from, so the three cannot
// disagree on a fallback.
type Resolved struct {
	Template Template
	// Spoken is the language of the transcript.
	Spoken Lang
	// Output is the language of the note's title and headings.
	Output Lang
	Style  Style
	// Sections are the note's headings in order: the custom template's
	// when it names any, else the template's in Output and Style.
	Sections []Section
	// Custom reports that Sections come from a custom template.
	Custom bool
}

// Resolve reads r. It fails on an unknown template, language or style:
// jobs are validated when submitted, so a failure here is a stored job
// that no longer matches the catalogue.
func Resolve(r Request) (Resolved, error) {
	tmpl, ok := Lookup(r.Template)
	if !ok {
		return Resolved{}, fmt.Errorf("unknown template %q (known: %s)", r.Template, strings.Join(IDs(), ", "))
	}
	spoken, err := ParseLang(r.Lang)
	if err != nil {
		return Resolved{}, fmt.Errorf("spoken language: %w", err)
	}
	out := spoken
	if r.OutputLanguage != "" {
		if out, err = ParseLang(r.OutputLanguage); err != nil {
			return Resolved{}, fmt.Errorf("output language: %w", err)
		}
	}
	style, err := ParseStyle(r.DocumentationStyle)
	if err != nil {
		return Resolved{}, err
	}
	res := Resolved{Template: tmpl, Spoken: spoken, Output: out, Style: style}
	if custom := parseCustomHeadings(r.CustomTemplate); len(custom) > 0 {
		res.Sections, res.Custom = custom, true
	} else {
		res.Sections = tmpl.Sections(out, style)
	}
	return res, nil
}
