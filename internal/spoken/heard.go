package spoken

import (
	"slices"
	"strings"
	"unicode"

	"github.com/notegen/notegen/internal/lexicon"
)

// Stated returns the numbers a note sentence states, as keys (see
// Number.Key): each number, and a ratio's parts too ("130/85" states 130
// and 85). A list's enumerator at the start of a line ("1. Hypertension.")
// is the note's layout, not a number it states.
func (r *Reader) Stated(sentence string) []string {
	toks := r.lex.Tokenize(sentence)
	var out []string
	for _, n := range r.Numbers(toks) {
		if enumerator(sentence, toks, n) {
			continue
		}
		out = append(out, n.Key)
		if n.IsRatio() {
			out = append(out, strings.Split(n.Key, "/")...)
		}
	}
	return out
}

// enumerator reports whether n is a list item's number: one or two digits
// opening a line, then "." or ")" and a space.
func enumerator(text string, toks []lexicon.Token, n Number) bool {
	t := toks[n.First]
	if t.Kind != lexicon.Number || n.End != n.First+1 || len(t.Text) > 2 || n.First+1 >= len(toks) {
		return false
	}
	mark := toks[n.First+1]
	if mark.Start != t.End || (mark.Norm != "." && mark.Norm != ")") {
		return false
	}
	rs := []rune(text)
	if mark.End >= len(rs) || !unicode.IsSpace(rs[mark.End]) {
		return false
	}
	for k := t.Start - 1; k >= 0 && rs[k] != '\n'; k-- {
		if !unicode.IsSpace(rs[k]) {
			return false
		}
	}
	return true
}

// Heard is what an encounter said in numbers, read once so that many note
// sentences can be checked against it.
type Heard struct {
	seq  []string // keys in the order said, a ratio followed by its parts
	have map[string]bool
}

// Hear reads the numbers said in texts (an encounter's segments), each
// apart: a number never runs from one speaker's turn into the next. What
// was heard holds every number read (a ratio with its parts), the reading
// as one number of hundreds said in pairs the grammar left unsettled
// ("two fifty"), and a decimal whose point a speech recogniser wrote as a
// full stop ("ninety eight . two" is heard as 98 and 2, and as 98.2).
func (r *Reader) Hear(texts ...string) *Heard {
	h := &Heard{have: map[string]bool{}}
	for _, text := range texts {
		reads := r.scan(r.lex.Tokenize(text))
		for k, rd := range reads {
			h.add(rd.Key)
			if rd.IsRatio() {
				for _, p := range strings.Split(rd.Key, "/") {
					h.add(p)
				}
			}
			if rd.alt != "" {
				h.have[rd.alt] = true
			}
			if k+1 < len(reads) && reads[k+1].stopBefore {
				h.have[rd.Key+"."+reads[k+1].Key] = true
			}
		}
	}
	return h
}

func (h *Heard) add(key string) {
	h.seq = append(h.seq, key)
	h.have[key] = true
}

// Said reports whether the number key (see Number.Key) was said: exactly
// ("20" is not "2", "130/85" is not "130/80"), or for a ratio as its parts
// one after the other, in order ("3/6" as "three ... six", never "six ...
// three").
func (h *Heard) Said(key string) bool {
	if h.have[key] {
		return true
	}
	parts := strings.Split(key, "/")
	if len(parts) < 2 {
		return false
	}
	for i := 0; i+len(parts) <= len(h.seq); i++ {
		if slices.Equal(h.seq[i:i+len(parts)], parts) {
			return true
		}
	}
	return false
}

// Unsaid lists the keys that were not said.
func (h *Heard) Unsaid(keys []string) []string {
	var out []string
	for _, k := range keys {
		if !h.Said(k) {
			out = append(out, k)
		}
	}
	return out
}
