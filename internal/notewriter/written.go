package notewriter

// Writing the rewritten pieces back as text: source words as they were
// written, spacing and elisions, capitals and the sentence's end.

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/notegen/notegen/internal/lexicon"
)

// join writes the pieces: runs of source tokens as they were written
// (hyphens, slashes and elisions kept), a contraction written out, and
// replacements in their place.
func join(src []rune, toks []lexicon.Token, ps []piece) string {
	var b strings.Builder
	for i := 0; i < len(ps); i++ {
		p := ps[i]
		text := p.text
		if !p.replaced {
			// extend over consecutive source tokens
			j := i
			for j+1 < len(ps) && !ps[j+1].replaced && ps[j+1].first == ps[j].end {
				j++
			}
			text = sourceText(src, toks, p.first, ps[j].end)
			i = j
		}
		if text == "" {
			continue
		}
		if b.Len() > 0 && !noSpaceBefore(text) && !elided(b.String()) {
			b.WriteByte(' ')
		}
		b.WriteString(text)
	}
	return b.String()
}

// sourceText is tokens [first, end) as said; a contraction (tokens that
// share their span) is written out as its words, and words left out of
// the tokens between them are left out.
func sourceText(src []rune, toks []lexicon.Token, first, end int) string {
	var b strings.Builder
	from := toks[first].Start
	for k := first; k < end; k++ {
		t := toks[k]
		if t.Start < from {
			continue
		}
		if k > first && toks[k-1].End <= t.Start && hasLetter(src[toks[k-1].End:t.Start]) {
			// words between two tokens that are no tokens were taken out
			// (a dictation's "scratch that" and what it takes back)
			b.WriteString(string(src[from:toks[k-1].End]))
			b.WriteByte(' ')
			from = t.Start
		}
		shared := (k+1 < end && toks[k+1].Start == t.Start) || (k > first && toks[k-1].Start == t.Start)
		if !shared {
			// a contraction written split ("has n't", "gon na") is
			// written out as its word
			if t.Kind == lexicon.Word && t.Norm != lexicon.Fold(t.Text) {
				b.WriteString(string(src[from:t.Start]))
				if k > 0 && toks[k-1].End == t.Start && toks[k-1].Start != t.Start {
					// a clitic written out after its host ("she'll" is
					// "she will", not "shewill")
					b.WriteByte(' ')
				}
				if k > 0 && toks[k-1].Start == t.Start {
					// the contraction's later word, its first written
					// apart ("I'd" with "I" written "she")
					b.WriteString(t.Norm)
				} else {
					b.WriteString(matchCase(t.Norm, t.Text))
				}
				from = t.End
			}
			continue
		}
		// write what came before the contraction as said, then its words;
		// a part of it without its first word keeps no capital ("I'd" with
		// "I" written "she" is "she would", not "she Would")
		b.WriteString(string(src[from:t.Start]))
		lead := k == 0 || toks[k-1].Start != t.Start
		group := []string{}
		for k < end && toks[k].Start == t.Start {
			group = append(group, toks[k].Norm)
			k++
		}
		k--
		if words := strings.Join(group, " "); lead {
			b.WriteString(matchCase(words, t.Text))
		} else {
			b.WriteString(words)
		}
		from = t.End
	}
	b.WriteString(string(src[from:toks[end-1].End]))
	return strings.Join(strings.Fields(b.String()), " ")
}

// matchCase capitalises words as said was ("Don't" -> "Do not").
func matchCase(words, said string) string {
	r, _ := utf8.DecodeRuneInString(said)
	if unicode.IsUpper(r) {
		return capitalise(words)
	}
	return words
}

func noSpaceBefore(text string) bool {
	r, _ := utf8.DecodeRuneInString(text)
	return strings.ContainsRune(",.;:!?)%", r)
}

func elided(written string) bool {
	return strings.HasSuffix(written, "'") || strings.HasSuffix(written, "’") || strings.HasSuffix(written, "(")
}

// tidy mends the spacing speech transcripts leave around punctuation
// ("pain , worse") and the punctuation that dropped words leave behind
// (",, ", ", .").
func tidy(s string) string {
	var b strings.Builder
	rs := []rune(s)
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		if r == ' ' && i+1 < len(rs) && strings.ContainsRune(",.;:!?%)", rs[i+1]) {
			continue
		}
		if r == ',' {
			// a comma before other punctuation, or doubled, is dropped
			j := i + 1
			for j < len(rs) && rs[j] == ' ' {
				j++
			}
			if j < len(rs) && strings.ContainsRune(",.;:!?", rs[j]) {
				i = j - 1
				continue
			}
		}
		if r == '(' && i+1 < len(rs) && rs[i+1] == ' ' {
			b.WriteRune(r)
			i++
			continue
		}
		b.WriteRune(r)
	}
	return strings.Join(strings.Fields(b.String()), " ")
}

// finish makes a written sentence: capitalised, ending with one full stop
// (a final question or exclamation mark included), no space before
// punctuation.
func finish(s string) string {
	s = strings.TrimSpace(s)
	s = strings.TrimLeft(s, ",;:-")
	s = strings.TrimSpace(s)
	s = strings.TrimRight(s, ",;:-?! ")
	if s == "" {
		return ""
	}
	if !strings.HasSuffix(s, ".") {
		s += "."
	}
	for strings.HasSuffix(s, "..") {
		s = strings.TrimSuffix(s, ".")
	}
	return capitalise(s)
}

// capitalise upper-cases the first letter.
func capitalise(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 || unicode.IsUpper(r) {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

// lowerFirst lower-cases the first letter ("Frère" second in a list).
func lowerFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 || unicode.IsLower(r) {
		return s
	}
	return string(unicode.ToLower(r)) + s[n:]
}

// fill puts values into a phrase's {slots}.
func fill(phrase string, values map[string]string) string {
	for k, val := range values {
		if before, _, ok := strings.Cut(phrase, "{"+k+"}"); ok && strings.HasSuffix(before, " de ") && startsWithVowel(val) {
			// French elides "de" before a vowel: "Antécédent d'asthme"
			phrase = strings.Replace(phrase, "de {"+k+"}", "d'"+val, 1)
		}
	}
	for k, val := range values {
		phrase = strings.ReplaceAll(phrase, "{"+k+"}", val)
	}
	return strings.Join(strings.Fields(phrase), " ")
}

// hasLetter reports whether rs holds a letter (a gap between two tokens
// holds spaces and hyphens only, unless words were taken out).
func hasLetter(rs []rune) bool {
	for _, c := range rs {
		if unicode.IsLetter(c) {
			return true
		}
	}
	return false
}
