package notewriter

import (
	"sort"
	"strings"
	"unicode/utf8"
)

// Span is a stretch of the transcript a sentence of the note was written
// from, so that a reader (or the transcript-segments endpoint) can show
// what was said behind each line.
type Span struct {
	// Turn is the index of the speaker turn, counting from 0 in the order
	// turns appear in the transcript.
	Turn int `json:"turn"`
	// Start and End are code-point offsets into the transcript, End
	// exclusive.
	Start int `json:"start"`
	End   int `json:"end"`
}

// Sentence is one line of a section and where it came from. Headings,
// placeholders and fixed letter phrases have no sources.
type Sentence struct {
	Text    string `json:"text"`
	Sources []Span `json:"sources,omitempty"`
}

// Section is one section of the written note.
type Section struct {
	// Key is the template's section key (notetemplate.Key...), or
	// "custom:<heading>" for an unmatched custom heading.
	Key       string     `json:"key"`
	Heading   string     `json:"heading"`
	Sentences []Sentence `json:"sentences"`
}

// toCodePoints rewrites every span's byte offsets as code-point offsets
// into transcript, in one pass over the transcript.
func toCodePoints(sections []Section, transcript string) {
	var offsets []int
	for _, s := range sections {
		for _, sent := range s.Sentences {
			for _, sp := range sent.Sources {
				offsets = append(offsets, sp.Start, sp.End)
			}
		}
	}
	if len(offsets) == 0 {
		return
	}
	sort.Ints(offsets)
	runes := make(map[int]int, len(offsets))
	count, pos := 0, 0
	for _, off := range offsets {
		if _, done := runes[off]; done {
			continue
		}
		end := min(off, len(transcript))
		count += utf8.RuneCountInString(transcript[pos:end])
		pos = end
		runes[off] = count
	}
	// Sentences may share a sources slice (a finding in the review of
	// systems and in the history), so each gets its own converted copy.
	for _, s := range sections {
		for i, sent := range s.Sentences {
			if len(sent.Sources) == 0 {
				continue
			}
			converted := make([]Span, len(sent.Sources))
			for k, sp := range sent.Sources {
				converted[k] = Span{Turn: sp.Turn, Start: runes[sp.Start], End: runes[sp.End]}
			}
			s.Sentences[i].Sources = converted
		}
	}
}

// sectionsText lays sections out as the note's plain text: an upper-case
// heading, a blank line, one sentence per line.
func sectionsText(sections []Section) string {
	var b strings.Builder
	for _, s := range sections {
		b.WriteString(strings.ToUpper(s.Heading))
		b.WriteString("\n\n")
		for k, sent := range s.Sentences {
			if k > 0 {
				b.WriteByte('\n')
			}
			b.WriteString(sent.Text)
		}
		b.WriteString("\n\n")
	}
	return strings.TrimRight(b.String(), "\n") + "\n"
}
