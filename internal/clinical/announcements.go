package clinical

import (
	"strings"

	"github.com/notegen/notegen/internal/discourse"
	"github.com/notegen/notegen/internal/lexicon"
)

// dropBareHeadings drops a sentence that only announces a part of the
// visit ("Here's the plan.", "So, the assessment."): a heading said aloud
// with nothing but function words around it names nothing a note holds.
// A heading that opens content ("Plan: start metformin") is read by
// applyHeadings and is not bare.
func (r *Reading) dropBareHeadings() {
	headings, stop := r.Lexicon.List("headings"), r.Lexicon.List("stopwords")
	openers, fillers := r.Lexicon.List("openers"), r.Lexicon.List("fillers")
	for i, u := range r.Units {
		if u.Part == discourse.Drop || u.Question {
			continue
		}
		if onlyAHeading(u.Tokens, headings, stop, openers, fillers) {
			r.Units[i].Part = discourse.Drop
		}
	}
}

// onlyAHeading reports whether toks hold a heading and, besides it, only
// punctuation, function words, openers and fillers.
func onlyAHeading(toks []lexicon.Token, headings, stop, openers, fillers *lexicon.List) bool {
	heading := false
	for k := 0; k < len(toks); k++ {
		t := toks[k]
		if t.Kind == lexicon.Punct {
			continue
		}
		if t.Kind != lexicon.Word {
			return false
		}
		if e, n := headings.Match(toks, k); e != nil {
			heading, k = true, k+n-1
			continue
		}
		matched := false
		for _, l := range []*lexicon.List{openers, fillers} {
			if e, n := l.Match(toks, k); e != nil {
				k, matched = k+n-1, true
				break
			}
		}
		// a clitic ending ("here's") is a function word too
		if !matched && !stop.Has(t.Norm) && !strings.HasPrefix(t.Norm, "'") {
			return false
		}
	}
	return heading
}
