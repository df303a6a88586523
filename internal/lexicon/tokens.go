package lexicon

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Kind is what a token is made of.
type Kind uint8

// The kinds of token.
const (
	Word Kind = iota
	Number
	Punct
)

// Token is one word, number or punctuation mark of a text. Start and End are
// code-point offsets into the text (End exclusive), the unit of every span
// the API returns. Norm is what lexicons match: lower case, Latin diacritics
// removed, and a contraction written out ("don't" is two tokens, "do" and
// "not", that share the span of "don't").
type Token struct {
	Text       string
	Norm       string
	Start, End int
	Kind       Kind
}

// IsWord reports whether the token is a word.
func (t Token) IsWord() bool { return t.Kind == Word }

// Tokenize splits text into tokens with the language's contractions and
// elisions written out. Numbers keep their separators ("120/80", "2.5",
// "38,5"); hyphens split words ("x-ray" is "x" and "ray", as lexicon terms
// are split the same way).
func (x *Lexicon) Tokenize(text string) []Token {
	rs := []rune(text)
	out := make([]Token, 0, len(rs)/4+1)
	for i := 0; i < len(rs); {
		r := rs[i]
		switch {
		case unicode.IsSpace(r):
			i++
		case unicode.IsDigit(r):
			j := i + 1
			for j < len(rs) {
				if unicode.IsDigit(rs[j]) {
					j++
					continue
				}
				if (rs[j] == '.' || rs[j] == ',' || rs[j] == '/') && j+1 < len(rs) && unicode.IsDigit(rs[j+1]) {
					j += 2
					continue
				}
				break
			}
			out = append(out, Token{Text: string(rs[i:j]), Norm: strings.ReplaceAll(string(rs[i:j]), ",", "."), Start: i, End: j, Kind: Number})
			i = j
		case unicode.IsLetter(r):
			j := i + 1
			for j < len(rs) && (unicode.IsLetter(rs[j]) || unicode.IsDigit(rs[j]) || isApostrophe(rs[j]) && j+1 < len(rs) && unicode.IsLetter(rs[j+1])) {
				j++
			}
			if j < len(rs) && isApostrophe(rs[j]) && x.elisions[Fold(string(rs[i:j]))+"'"] {
				// an elided word before a space or the end ("l' iode",
				// a list's "d'") keeps its apostrophe
				j++
			}
			out = x.appendWord(out, rs, i, j)
			i = j
		case isApostrophe(r) && i+1 < len(rs) && unicode.IsLetter(rs[i+1]):
			// a tokeniser's split contraction: "n't", "'s", "'re"
			j := i + 1
			for j < len(rs) && unicode.IsLetter(rs[j]) {
				j++
			}
			out = x.appendWord(out, rs, i, j)
			i = j
		case r == '-' && i > 0 && i+1 < len(rs) && isWordRune(rs[i-1]) && isWordRune(rs[i+1]):
			// a hyphen inside a compound ("x-ray", "55-year-old") joins
			// words that lexicons list apart
			i++
		default:
			out = append(out, Token{Text: string(r), Norm: Fold(string(r)), Start: i, End: i + 1, Kind: Punct})
			i++
		}
	}
	return x.joinPairs(out)
}

// appendWord adds the word rs[i:j], split at an elision ("d'ibuprofène")
// and written out when it is a contraction.
func (x *Lexicon) appendWord(out []Token, rs []rune, i, j int) []Token {
	word := string(rs[i:j])
	norm := Fold(word)
	if k := strings.IndexByte(norm, '\''); k > 0 && k < len(norm)-1 && x.elisions[norm[:k+1]] {
		n := len([]rune(norm[:k+1]))
		out = append(out, Token{Text: string(rs[i : i+n]), Norm: norm[:k+1], Start: i, End: i + n, Kind: Word})
		i += n
		word, norm = string(rs[i:j]), norm[k+1:]
	}
	if parts, ok := x.contractions[norm]; ok {
		for _, p := range parts {
			out = append(out, Token{Text: word, Norm: p, Start: i, End: j, Kind: Word})
		}
		return out
	}
	for _, c := range x.clitics {
		// "throat's" is "throat" and "'s": the word is what lexicons know
		stem, ok := strings.CutSuffix(norm, c)
		if !ok || stem == "" || strings.ContainsRune(stem, '\'') {
			continue
		}
		n := len([]rune(stem))
		out = append(out, Token{Text: string(rs[i : i+n]), Norm: stem, Start: i, End: i + n, Kind: Word})
		clitic := Token{Text: string(rs[i+n : j]), Norm: c, Start: i + n, End: j, Kind: Word}
		if parts, ok := x.contractions[c]; ok && len(parts) == 1 {
			clitic.Norm = parts[0]
		}
		return append(out, clitic)
	}
	return append(out, Token{Text: word, Norm: norm, Start: i, End: j, Kind: Word})
}

// joinPairs writes out two-token contractions of tokenised text ("gon na",
// "ca n't"): each token keeps its own span.
func (x *Lexicon) joinPairs(toks []Token) []Token {
	if len(x.pairs) == 0 {
		return toks
	}
	for i := 0; i+1 < len(toks); i++ {
		if toks[i].Kind != Word || toks[i+1].Kind != Word {
			continue
		}
		first := Fold(toks[i].Text)
		if !x.pairFirsts[first] {
			continue
		}
		if p, ok := x.pairs[first+" "+Fold(toks[i+1].Text)]; ok {
			toks[i].Norm, toks[i+1].Norm = p[0], p[1]
			i++
		}
	}
	return toks
}

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

func isApostrophe(r rune) bool { return r == '\'' || r == '’' }

// Fold lower-cases s and removes the diacritics of Latin letters, so that
// "Médecin", "medecin" and "MÉDECIN" are one lexicon entry; a typographic
// apostrophe becomes a straight one.
func Fold(s string) string {
	// most words are ASCII: lower case them without the rune loop, and
	// return a word already folded as it is
	ascii, upper := true, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= utf8.RuneSelf {
			ascii = false
			break
		}
		upper = upper || 'A' <= c && c <= 'Z'
	}
	if ascii {
		if !upper {
			return s
		}
		return strings.ToLower(s)
	}
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range strings.ToLower(s) {
		switch r {
		case 'à', 'â', 'ä', 'á', 'ã', 'å':
			r = 'a'
		case 'é', 'è', 'ê', 'ë':
			r = 'e'
		case 'î', 'ï', 'í', 'ì':
			r = 'i'
		case 'ô', 'ö', 'ó', 'ò', 'õ':
			r = 'o'
		case 'û', 'ü', 'ù', 'ú':
			r = 'u'
		case 'ç':
			r = 'c'
		case 'ñ':
			r = 'n'
		case 'ÿ':
			r = 'y'
		case '’', '‘':
			r = '\''
		case 'œ':
			b.WriteString("oe")
			continue
		case 'æ':
			b.WriteString("ae")
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// Sentences cuts tokens into sentences, as [first, end) token ranges: after
// a full stop, question or exclamation mark (or several), except the full
// stop of an abbreviation ("Dr. Smith"). Text without such marks, as speech
// recognisers write it, is one sentence.
func (x *Lexicon) Sentences(toks []Token) [][2]int {
	abbrev := x.List("abbreviations")
	var out [][2]int
	start := 0
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if t.Kind != Punct || !isTerminal(t.Norm) {
			continue
		}
		if t.Norm == "." && i > 0 && toks[i-1].Kind == Word && toks[i-1].End == t.Start && abbrev.Has(toks[i-1].Norm) {
			continue
		}
		for i+1 < len(toks) && toks[i+1].Kind == Punct && (isTerminal(toks[i+1].Norm) || isCloser(toks[i+1].Norm)) {
			i++
		}
		if hasContent(toks[start : i+1]) {
			out = append(out, [2]int{start, i + 1})
		} else if len(out) > 0 {
			out[len(out)-1][1] = i + 1
		}
		start = i + 1
	}
	if start < len(toks) {
		if hasContent(toks[start:]) || len(out) == 0 {
			out = append(out, [2]int{start, len(toks)})
		} else {
			out[len(out)-1][1] = len(toks)
		}
	}
	return out
}

// marks are the punctuation marks spoken_punctuation.txt names.
var marks = map[string]string{"period": ".", "comma": ",", "colon": ":", "semicolon": ";", "question": "?"}

func isTerminal(p string) bool { return p == "." || p == "?" || p == "!" || p == "…" }

func isCloser(p string) bool { return p == "\"" || p == ")" || p == "»" || p == "'" }

func hasContent(toks []Token) bool {
	for _, t := range toks {
		if t.Kind != Punct {
			return true
		}
	}
	return false
}

// Dictated reads a dictation's spoken punctuation ("period", "new
// paragraph", "virgule", "à la ligne") as the marks it stands for: each
// command becomes one punctuation token over the command's words, so that
// sentences end where the clinician said they do and no command is written
// in a note. A list's item markers ("number one") are left out, and a
// retraction ("scratch that") takes back what was said since the last
// mark. A decimal point or comma said between two numbers ("deux
// virgule cinq") belongs to the number and stays.
func (x *Lexicon) Dictated(toks []Token) []Token {
	commands, numbers := x.List("spoken_punctuation"), x.List("numbers")
	isNumber := func(i int) bool {
		if i < 0 || i >= len(toks) {
			return false
		}
		if toks[i].Kind == Number {
			return true
		}
		e, _ := numbers.Match(toks, i)
		return e != nil
	}
	out := make([]Token, 0, len(toks))
	for i := 0; i < len(toks); i++ {
		e, n := commands.Match(toks, i)
		if e == nil {
			out = append(out, toks[i])
			continue
		}
		if e.Attr("decimal") == "yes" && isNumber(i-1) && isNumber(i+n) {
			out = append(out, toks[i])
			continue
		}
		switch e.Attr("mark") {
		case "bracket":
		case "item":
			// "Number one, benign positional vertigo": the marker and
			// the mark said after it number the list, the note's lines
			// do that
			if i+n < len(toks) && (toks[i+n].Norm == "," || toks[i+n].Norm == ":") {
				n++
			}
		case "retract":
			// "sleep hygiene reviewed, scratch that, handout given": the
			// words since the last mark are taken back, with the mark
			// said after the command; a correction that repeats the word
			// its words start with ("in two weeks scratch that in one
			// week") takes back only from that word
			for len(out) > 0 && out[len(out)-1].Kind == Punct && out[len(out)-1].Norm == "," {
				out = out[:len(out)-1]
			}
			if i+n < len(toks) && toks[i+n].Norm == "," {
				n++
			}
			out = retracted(out, correction(toks[i+n:], commands))
		case "paragraph", "end":
			out = append(out, Token{Text: ".", Norm: ".", Start: toks[i].Start, End: toks[i+n-1].End, Kind: Punct})
		default:
			mark := marks[e.Attr("mark")]
			out = append(out, Token{Text: mark, Norm: mark, Start: toks[i].Start, End: toks[i+n-1].End, Kind: Punct})
		}
		i += n - 1
	}
	return out
}

// correctionWords is the most words of a correction read to align it
// with the words it replaces.
const correctionWords = 6

// correction is the words a retraction's correction says, from the start
// of next up to a mark or a spoken command.
func correction(next []Token, commands *List) []Token {
	end := 0
	for end < len(next) && end < correctionWords && next[end].Kind != Punct {
		if e, _ := commands.Match(next, end); e != nil {
			break
		}
		end++
	}
	return next[:end]
}

// retracted is out with the words a retraction takes back: from the last
// word since the last mark that the correction (corr) starts with ("in
// two weeks scratch that in one week"), or from where the correction
// replaces the words that end like it ("repeat TSH in eight weeks
// correction six weeks": "eight weeks"), or else all of them.
func retracted(out, corr []Token) []Token {
	start := len(out)
	for start > 0 && out[start-1].Kind != Punct {
		start--
	}
	if len(corr) > 0 && corr[0].Kind == Word {
		for k := len(out) - 1; k >= start; k-- {
			if out[k].Norm == corr[0].Norm {
				return out[:k]
			}
		}
	}
	for j := 1; j < len(corr); j++ {
		// "forty milligrams correction twenty milligrams once daily": a
		// word of the correction found among the words taken back aligns
		// them ("milligrams"), and the correction replaces from its start
		if corr[j].Kind != Word {
			continue
		}
		for k := len(out) - 1; k >= start; k-- {
			if out[k].Norm == corr[j].Norm && k-j >= start {
				return out[:k-j]
			}
		}
	}
	if len(corr) > 1 {
		last := corr[len(corr)-1].Norm
		for k := len(out) - 1; k >= start; k-- {
			if out[k].Norm == last && k-(len(corr)-1) >= start {
				return out[:k-(len(corr)-1)]
			}
		}
	}
	return out[:start]
}

// Requests reports whether a sentence opens (after spoken openers such as
// "okay, so") with a request that asks as a question does ("tell me about
// the pain", "dites-moi"): charted, like a question, only through its
// answer.
func (x *Lexicon) Requests(toks []Token) bool {
	requests, openers := x.List("requests"), x.List("openers")
	k := 0
	for k < len(toks) {
		if e, n := openers.Match(toks, k); e != nil {
			k += n
			continue
		}
		if toks[k].Kind == Punct {
			k++
			continue
		}
		break
	}
	e, _ := requests.Match(toks, k)
	return e != nil
}

// TagAt returns where a closing request for agreement starts (the comma of
// "..., okay?", "..., right?", "..., d'accord ?"), or -1 when the sentence
// ends with none.
func (x *Lexicon) TagAt(toks []Token) int {
	end := tagEnd(toks)
	tags := x.List("tags")
	for start := max(1, end-5); start < end; start++ {
		if e, n := tags.Match(toks, start); e != nil && start+n == end && toks[start-1].Norm == "," {
			return start - 1
		}
	}
	return -1
}

// BareTagAt returns where a request for agreement said without its comma
// starts ("order the a1c for the future okay?", as speech is transcribed),
// or -1: a tag the lexicon marks bare, after a sentence of a few words,
// and not after a word that it complements ("have been okay?" asks how
// they have been).
func (x *Lexicon) BareTagAt(toks []Token) int {
	end := tagEnd(toks)
	tags := x.List("tags")
	for start := max(1, end-5); start < end; start++ {
		e, n := tags.Match(toks, start)
		if e != nil && start+n == end && e.Attr("bare") == "yes" && toks[start-1].Kind == Word &&
			wordsIn(toks[:start]) >= bareTagAfter && !x.List("tag_predicates").Has(toks[start-1].Norm) {
			return start
		}
	}
	return -1
}

// tagEnd is where a sentence's words end, before its closing marks.
func tagEnd(toks []Token) int {
	end := len(toks)
	for end > 0 && toks[end-1].Kind == Punct && toks[end-1].Norm != "," {
		end--
	}
	return end
}

// bareTagAfter is how many words a sentence needs before a tag said
// without a comma for the tag to be one ("is that okay?" asks); after a
// word that "okay" can complement ("have been okay?") it is none.
const bareTagAfter = 4

// wordsIn counts the word tokens of toks.
func wordsIn(toks []Token) int {
	n := 0
	for _, t := range toks {
		if t.Kind == Word {
			n++
		}
	}
	return n
}

// CountWords is how many of toks are not marks: words and numbers.
func CountWords(toks []Token) int {
	n := 0
	for _, t := range toks {
		if t.Kind != Punct {
			n++
		}
	}
	return n
}
