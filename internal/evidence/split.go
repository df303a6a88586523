package evidence

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/notegen/notegen/internal/facts"
	"github.com/notegen/notegen/internal/lexicon"
	"github.com/notegen/notegen/internal/transcript"
)

// splitLine cuts one line of a note into its sentences at ". ", "? " and
// "! ", each a substring of line (trimmed), so that a sentence of the
// evidence can be found in the note as written. A period after a title
// ("Dr. Lee") or a list item's number ("1. Asthma."), or before a word in
// lower case or a digit ("600 mg q. 6 h. with food"), ends no sentence.
func splitLine(line string) []string {
	var out []string
	start := 0
	for i := 0; i+1 < len(line); i++ {
		c := line[i]
		if (c != '.' && c != '?' && c != '!') || line[i+1] != ' ' {
			continue
		}
		if c == '.' && (isTitle(line[start:i]) || start == 0 && isEnumerator(line[:i])) {
			continue
		}
		if next, _ := utf8.DecodeRuneInString(strings.TrimLeft(line[i+1:], " ")); unicode.IsLower(next) || unicode.IsDigit(next) {
			continue
		}
		if s := strings.TrimSpace(line[start : i+1]); s != "" {
			out = append(out, s)
		}
		start = i + 1
	}
	if s := strings.TrimSpace(line[start:]); s != "" {
		out = append(out, s)
	}
	return out
}

// isEnumerator reports whether text (a line's start up to a period) is a
// list item's number, as in "1. Hypertension.".
func isEnumerator(text string) bool {
	text = strings.TrimSpace(text)
	if text == "" || len(text) > 2 {
		return false
	}
	for _, c := range text {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// isTitle reports whether text ends with a title or abbreviation whose
// period is not a sentence's end.
func isTitle(text string) bool {
	i := strings.LastIndexAny(text, " (\"")
	switch strings.ToLower(text[i+1:]) {
	case "dr", "mr", "mrs", "ms", "st", "vs", "etc", "e.g", "i.e", "approx":
		return true
	}
	return false
}

// allot gives each sentence of a written line the spans that support it.
// The writer cites a line as a whole, and a line of the review of systems
// or of the exam joins several statements ("Endorses fatigue. Denies
// fever."); each span goes to the sentence it covers the largest share of
// (by content words). A direct answer ("no.") goes with the question it answers, which
// carries the content; a span sharing no word with any sentence goes with
// the span before it, or to the sentences left without spans, so that no
// cited span is dropped.
func allot(parts []string, spans []facts.Span, segs []transcript.Segment) [][]facts.Span {
	out := make([][]facts.Span, len(parts))
	stems := make([][]string, len(parts))
	for p, part := range parts {
		for w := range stemSet(ContentWords(Claim(part))) {
			stems[p] = append(stems[p], w)
		}
	}
	var prev, unplaced []int
	var stray []facts.Span
	for k, sp := range spans {
		said := stemSet(ContentWords(SpanText(segs, sp)))
		best, to := 0.0, []int(nil)
		for p := range parts {
			n := 0
			for _, w := range stems[p] {
				if said[w] || saidAs(w, said) {
					n++
				}
			}
			share := 0.0
			if n > 0 {
				share = float64(n) / float64(len(stems[p]))
			}
			switch {
			case share > best:
				best, to = share, []int{p}
			case share == best && share > 0:
				to = append(to, p)
			}
		}
		if best == 0 {
			if k == 0 || prev == nil {
				stray = append(stray, sp)
				continue
			}
			to = prev
		}
		for _, p := range to {
			out[p] = append(out[p], sp)
		}
		prev = to
	}
	for p := range parts {
		if len(out[p]) == 0 {
			unplaced = append(unplaced, p)
		}
	}
	if len(unplaced) == 0 {
		for p := range parts {
			unplaced = append(unplaced, p)
		}
	}
	for _, sp := range stray {
		for _, p := range unplaced {
			out[p] = append(out[p], sp)
		}
	}
	return out
}

func stemSet(words []string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[lexicon.Stem(w)] = true
	}
	return m
}

// SpanText is the transcript text a span cites, or "" for a span outside
// segs.
func SpanText(segs []transcript.Segment, sp facts.Span) string {
	if sp.Segment < 0 || sp.Segment >= len(segs) {
		return ""
	}
	s, err := segs[sp.Segment].Slice(sp.Start, sp.End)
	if err != nil {
		return ""
	}
	return s
}
