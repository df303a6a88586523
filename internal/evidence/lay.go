package evidence

import (
	_ "embed"
	"fmt"
	"strings"
)

// layTerms are the spoken forms of the clinical words a note writes, from
// data/lay_terms.txt (which says what belongs there), keyed by stem.
var layTerms = compileLay(mustReadLay(layTermsFile))

//go:embed data/lay_terms.txt
var layTermsFile string

// mustReadLay parses "term | form | form" lines; "#" starts a comment. The
// file is embedded, so a malformed line is a build defect and panics.
func mustReadLay(file string) map[string][]string {
	m := map[string][]string{}
	for i, line := range strings.Split(file, "\n") {
		line, _, _ = strings.Cut(line, "#")
		if strings.TrimSpace(line) == "" {
			continue
		}
		parts := strings.Split(line, "|")
		if len(parts) < 2 {
			panic(fmt.Sprintf("evidence: data/lay_terms.txt line %d: want a term and its spoken forms", i+1))
		}
		term := strings.TrimSpace(parts[0])
		for _, form := range parts[1:] {
			m[term] = append(m[term], strings.TrimSpace(form))
		}
	}
	return m
}

// compileLay keys the spoken forms by the clinical word's stem, each form
// as the stems of its words.
func compileLay(m map[string][]string) map[string][][]string {
	out := make(map[string][][]string, len(m))
	for term, forms := range m {
		for _, form := range forms {
			var stems []string
			for _, w := range ContentWords(form) {
				stems = append(stems, stem(w))
			}
			if len(stems) != len(strings.Fields(form)) {
				panic("evidence: the spoken form " + form + " has a word the checker never compares")
			}
			out[stem(term)] = append(out[stem(term)], stems)
		}
	}
	return out
}

// saidAs reports whether a spoken form of the clinical word whose stem is
// s is among have (stems of the words said).
func saidAs(s string, have map[string]bool) bool {
	for _, form := range layTerms[s] {
		all := true
		for _, w := range form {
			if !have[w] {
				all = false
				break
			}
		}
		if all {
			return true
		}
	}
	return false
}
