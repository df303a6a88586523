package facts

import (
	"strings"
	"unicode"

	"github.com/notegen/notegen/internal/transcript"
)

// token is one word, number or punctuation mark of a segment. start and end
// are code-point offsets into the segment's text; norm is lower case without
// diacritics, which is what lexicons match.
type token struct {
	seg      int // index into doc.segs
	sent     int // sentence number across the whole document
	start    int
	end      int
	text     string
	norm     string
	punct    bool
	boundary bool // ends a sentence
}

// doc is the tokenised transcript with its lexicon.
type doc struct {
	segs []transcript.Segment
	toks []token
	lex  *lexicon
	// sentFirst and sentLast are the first and last token of each sentence,
	// so that finding a token's sentence costs nothing on a long one
	sentFirst, sentLast []int
	runes               map[int][]rune // segment text as code points, by index, made on demand
}

func analyse(segs []transcript.Segment, lx *lexicon) *doc {
	d := &doc{segs: segs, lex: lx}
	sent := 0
	for si, s := range segs {
		for _, t := range tokenize(s.Text, lx.elisions) {
			t.seg = si
			t.sent = sent
			d.toks = append(d.toks, t)
			if t.boundary {
				sent++
			}
		}
		sent++ // a new turn is a new sentence
	}
	d.sentFirst = make([]int, sent+1)
	d.sentLast = make([]int, sent+1)
	for i := len(d.toks) - 1; i >= 0; i-- {
		d.sentFirst[d.toks[i].sent] = i
	}
	for i, t := range d.toks {
		d.sentLast[t.sent] = i
	}
	d.runes = map[int][]rune{}
	return d
}

// tokenize splits text into words, numbers ("120/80", "2.5", "38,5") and
// punctuation. Hyphens split words ("quatre-vingt-quinze", "x-ray") so that
// lexicons see each part; French elisions ("d'ibuprofène") split after the
// apostrophe.
func tokenize(text string, elisions map[string]bool) []token {
	rs := []rune(text)
	var out []token
	i := 0
	for i < len(rs) {
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
				// a separator between digits stays in the number
				if (rs[j] == '.' || rs[j] == ',' || rs[j] == '/') && j+1 < len(rs) && unicode.IsDigit(rs[j+1]) {
					j += 2
					continue
				}
				break
			}
			out = append(out, mkToken(rs, i, j))
			i = j
		case unicode.IsLetter(r):
			j := i + 1
			for j < len(rs) && (unicode.IsLetter(rs[j]) || rs[j] == '\'' || rs[j] == '’') {
				j++
			}
			word := rs[i:j]
			// French elision: "d'ibuprofène" is "d'" then "ibuprofène"
			if k := indexApos(word); k > 0 && k < len(word)-1 && elisions[fold(string(word[:k+1]))] {
				out = append(out, mkToken(rs, i, i+k+1))
				out = append(out, mkToken(rs, i+k+1, j))
			} else {
				out = append(out, mkToken(rs, i, j))
			}
			i = j
		default:
			t := mkToken(rs, i, i+1)
			t.punct = true
			t.boundary = r == '.' || r == '?' || r == '!' || r == ';' || r == '\n'
			out = append(out, t)
			i++
		}
	}
	return out
}

func indexApos(w []rune) int {
	for k, r := range w {
		if r == '\'' || r == '’' {
			return k
		}
	}
	return -1
}

func mkToken(rs []rune, i, j int) token {
	s := string(rs[i:j])
	return token{start: i, end: j, text: s, norm: fold(s)}
}

// fold lower-cases and strips the diacritics of Latin letters, so that
// "Médecin", "medecin" and "MÉDECIN" match one lexicon entry.
func fold(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		switch r {
		case 'à', 'â', 'ä', 'á', 'ã':
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
		case '’':
			r = '\''
		case 'œ':
			b.WriteString("oe")
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// span covers tokens i..j (inclusive), which must be in one segment.
func (d *doc) span(i, j int) Span {
	return Span{Segment: d.segs[d.toks[i].seg].ID, Start: d.toks[i].start, End: d.toks[j].end}
}

// textOf is the segment text covered by tokens i..j.
func (d *doc) textOf(i, j int) string {
	seg := d.toks[i].seg
	rs, ok := d.runes[seg]
	if !ok {
		rs = []rune(d.segs[seg].Text)
		d.runes[seg] = rs
	}
	return string(rs[d.toks[i].start:d.toks[j].end])
}

// sentenceBounds returns the first and last token index of i's sentence.
func (d *doc) sentenceBounds(i int) (int, int) {
	s := d.toks[i].sent
	return d.sentFirst[s], d.sentLast[s]
}

// match returns the length in tokens of the longest phrase of set starting
// at token i, and the phrase's canonical form; 0 when none.
func (d *doc) match(set phraseSet, i int) (int, string) {
	if i >= len(d.toks) || !set.first[d.toks[i].norm] {
		return 0, ""
	}
	for n := set.maxLen; n >= 1; n-- {
		if i+n > len(d.toks) {
			continue
		}
		var b strings.Builder
		ok := true
		for k := i; k < i+n; k++ {
			t := d.toks[k]
			if t.punct || (k > i && t.seg != d.toks[i].seg) {
				ok = false
				break
			}
			if k > i {
				b.WriteByte(' ')
			}
			b.WriteString(t.norm)
		}
		if !ok {
			continue
		}
		if canon, found := set.m[b.String()]; found {
			return n, canon
		}
	}
	return 0, ""
}

// phraseSet maps folded phrases (words joined by one space) to a canonical
// name.
type phraseSet struct {
	m      map[string]string
	first  map[string]bool // the first word of every phrase: most tokens start none
	maxLen int
}

func newPhraseSet() phraseSet { return phraseSet{m: map[string]string{}, first: map[string]bool{}} }

// add registers every phrase of a "|"-separated list under canon; an empty
// canon means each phrase is its own canonical form.
func (p *phraseSet) add(canon string, phrases ...string) {
	for _, ph := range phrases {
		key := strings.Join(strings.FieldsFunc(fold(ph), func(r rune) bool { return r == ' ' || r == '-' }), " ")
		if key == "" {
			continue
		}
		c := canon
		if c == "" {
			c = strings.TrimSpace(ph)
		}
		p.m[key] = c
		first, _, _ := strings.Cut(key, " ")
		p.first[first] = true
		if n := strings.Count(key, " ") + 1; n > p.maxLen {
			p.maxLen = n
		}
	}
}

func (p phraseSet) has(norm string) bool { _, ok := p.m[norm]; return ok }
