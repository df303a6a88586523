package evidence

import (
	"embed"
	"errors"
	"strings"

	"github.com/notegen/notegen/internal/lexicon"
)

// layTerms are the spoken forms of the clinical words a note writes, from
// data/lay_terms.txt (which says what belongs there), keyed by stem.
var layTerms = compileLay(mustReadLay())

// dataFiles are the word lists of this package.
//
//go:embed data/*.txt
var dataFiles embed.FS

// mustReadLay reads "term | form | form" lines. The file is embedded, so a
// malformed line is a build defect and panics.
func mustReadLay() map[string][]string {
	m := map[string][]string{}
	err := lexicon.EachLine(dataFiles, "data/lay_terms.txt", func(_ int, line string) error {
		term, forms, ok := strings.Cut(line, "|")
		if !ok {
			return errors.New("want a term and its spoken forms")
		}
		for _, form := range strings.Split(forms, "|") {
			m[strings.TrimSpace(term)] = append(m[strings.TrimSpace(term)], strings.TrimSpace(form))
		}
		return nil
	})
	if err != nil {
		panic("evidence: " + err.Error())
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
				stems = append(stems, lexicon.Stem(w))
			}
			if len(stems) != len(strings.Fields(form)) {
				panic("evidence: the spoken form " + form + " has a word the checker never compares")
			}
			out[lexicon.Stem(term)] = append(out[lexicon.Stem(term)], stems)
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
