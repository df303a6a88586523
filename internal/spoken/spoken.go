// Package spoken reads the numbers of an encounter, said in words or
// written in digits, with their units: the one reader the note, its facts
// and the check that a note states only numbers that were said all share.
//
// Spoken numbers are a patient-safety matter: "one fifty over ninety" is
// 150/90, never 51/90, and a number in a note is never invented or altered.
// The reader follows each language's number grammar word by word and stops
// where the grammar stops; a run of number words that is not one number
// ("five six days", "twenty thirty minutes") is reported as the numbers
// said, and rewritten as nothing: it stays in words rather than being
// summed into a number nobody said.
//
// The words live in the lexicon's data files
// (internal/lexicon/data/<lang>/{numbers,units}.txt, and frequencies.txt,
// which the clinical reading shares); this package knows only their kinds.
package spoken

import (
	"fmt"
	"strconv"
	"strings"
	"sync"
	"unicode"

	"github.com/notegen/notegen/internal/lexicon"
)

// Number is one number said or written in a text, with its unit.
type Number struct {
	// First and End are the number's token range (End exclusive); UnitEnd
	// ends its unit's tokens, and is End when it has none.
	First, End, UnitEnd int
	// Text is the number as a note writes it, in the language's notation:
	// "150/90", "98.6", "38,5", "250"; digits already written are kept as
	// written ("1,792").
	Text string
	// Key is Text in one notation for comparing numbers: "." as the
	// decimal mark, no thousands marks ("38.5", "1792", "150/90").
	Key string
	// Value is the number's value; for a ratio, its first part's.
	Value float64
	// Unit is the unit as a note writes it ("mg", "%", "mmHg"), or as said
	// when the lexicon gives no written form ("weeks"); "" when none.
	Unit string
	// Spoken is true when the number was said in words.
	Spoken bool
	// Run is true when the number was said back to back with another one
	// the grammar can neither join nor tell apart ("five six days", "ninety
	// ninety seven", "two thirty" as a time), or across a full stop that
	// may be a decimal point ("ninety eight . two"): each is a number said,
	// but writing them in digits, or reading them as one, would guess.
	Run bool
}

// IsRatio reports whether the number is a ratio ("150/90", "3/6").
func (n Number) IsRatio() bool { return strings.Contains(n.Key, "/") }

// Reader reads one language's numbers. It is read-only once built and safe
// for concurrent use.
type Reader struct {
	lex            *lexicon.Lexicon
	numbers, units phrases
	// frequencies are how often a drug is taken ("twice a day", "deux
	// fois par jour"), the clinical reading's list: a count that opens one
	// is part of its wording.
	frequencies *lexicon.List
	// phones are services' telephone numbers said digit by digit ("nine
	// one one"), each with its written number.
	phones *lexicon.List
	words  map[*lexicon.Entry]*word
	unitOf map[*lexicon.Entry]*unit
	// signs are the units whose written form is a sign a text may write
	// after digits ("%").
	signs map[string]*unit
	// decimal is the language's decimal word ("point", "virgule").
	decimal *word
	// elided is true when speech may leave the hundred out between two
	// groups ("one fifty", "nineteen eighty five").
	elided bool
}

// kind is the grammatical class of a number word.
type kind uint8

const (
	kNone kind = iota
	kUnit
	kTens
	kScale
	kArticle
	kDigit
	kDecimal
	kAnd
	kFraction
	kRatio
	kOrdinal
	kYear
	kTime
	kClock
)

var kinds = map[string]kind{
	"unit": kUnit, "tens": kTens, "scale": kScale, "article": kArticle, "digit": kDigit,
	"decimal": kDecimal, "and": kAnd, "fraction": kFraction, "ratio": kRatio, "ordinal": kOrdinal,
	"year": kYear, "time": kTime, "clock": kClock,
}

// word is a numbers.txt entry compiled.
type word struct {
	kind  kind
	value int
	// fraction is a fraction word's value (0.5 for "and a half").
	fraction float64
	// lone: said alone, the word is a number only before a unit ("one").
	lone bool
	// teens: tens after which ten to nineteen may follow ("soixante").
	teens bool
	// alone: a scale that stands for one of itself alone ("cent").
	alone bool
	// mark, eachDigit: a decimal word's written mark and how its digits
	// are said (one a word, or a cardinal).
	mark      string
	eachDigit bool
	// joinsTens: an "and" that joins tens to a unit (else a scale to what
	// follows); values are the units it may bring ("vingt et un").
	joinsTens bool
	values    []int
	name      string
}

// unit is a units.txt entry compiled.
type unit struct {
	written string
	kind    string
	plural  bool
}

// Unit kinds the grammar reads by (units.txt's kind=).
const (
	unitTime     = "time"
	unitForm     = "form"
	unitMass     = "mass"
	unitVolume   = "volume"
	unitPressure = "pressure"
)

var (
	readersOnce sync.Once
	readers     map[string]*Reader
)

// For returns the reader of lang; a language without data reads as
// English, as lexicon.For does. The data is embedded, so a malformed file
// is a build defect: the package's tests compile every language, and For
// panics on one.
func For(lang string) *Reader {
	readersOnce.Do(func() {
		readers = map[string]*Reader{}
		for _, l := range lexicon.Languages {
			r, err := compile(lexicon.For(l))
			if err != nil {
				panic(fmt.Sprintf("spoken: %v", err))
			}
			readers[l] = r
		}
	})
	if r, ok := readers[lang]; ok {
		return r
	}
	return readers["en"]
}

// Lexicon is the lexicon the reader's words come from: tokenise with it.
func (r *Reader) Lexicon() *lexicon.Lexicon { return r.lex }

func compile(lex *lexicon.Lexicon) (*Reader, error) {
	r := &Reader{lex: lex, numbers: newPhrases(lex, lex.List("numbers")), units: newPhrases(lex, lex.List("units")), frequencies: lex.List("frequencies"),
		phones: lex.List("phone_numbers"), words: map[*lexicon.Entry]*word{}, unitOf: map[*lexicon.Entry]*unit{}, signs: map[string]*unit{}}
	for _, e := range r.numbers.list.Entries() {
		w, err := compileWord(e)
		if err != nil {
			return nil, fmt.Errorf("%s numbers %q: %w", lex.Lang, e.Name(), err)
		}
		r.words[e] = w
		switch {
		case w.kind == kDecimal && r.decimal != nil && w.mark != r.decimal.mark:
			return nil, fmt.Errorf("%s numbers: two decimal marks, %q and %q", lex.Lang, r.decimal.name, w.name)
		case w.kind == kDecimal && r.decimal != nil:
			// a second word for the same mark (Québec's "point" beside
			// "virgule") is read; the first is how a decimal is written back
		case w.kind == kDecimal:
			r.decimal = w
		case w.kind == kScale && w.value == 100 && e.Attr("elided") == "yes":
			r.elided = true
		}
	}
	if r.decimal == nil {
		return nil, fmt.Errorf("%s numbers: no decimal word", lex.Lang)
	}
	for _, e := range r.units.list.Entries() {
		if e.Attr("kind") == "" {
			return nil, fmt.Errorf("%s units %q: no kind", lex.Lang, e.Name())
		}
		u := &unit{written: e.Attr("written"), kind: e.Attr("kind"), plural: e.Attr("number") == "plural"}
		r.unitOf[e] = u
		if w := []rune(u.written); len(w) == 1 && unicode.IsPunct(w[0]) || len(w) == 1 && unicode.IsSymbol(w[0]) {
			r.signs[u.written] = u
		}
	}
	return r, nil
}

func compileWord(e *lexicon.Entry) (*word, error) {
	k, ok := kinds[e.Attr("kind")]
	if !ok {
		return nil, fmt.Errorf("unknown kind %q", e.Attr("kind"))
	}
	w := &word{kind: k, name: e.Name(), lone: e.Attr("lone") == "unit", teens: e.Attr("teens") == "yes",
		alone: e.Attr("alone") == "yes", mark: e.Attr("mark"), eachDigit: e.Attr("digits") == "each",
		joinsTens: e.Attr("joins") == "tens"}
	switch k {
	case kUnit, kTens, kScale, kDigit:
		v, err := strconv.Atoi(e.Attr("value"))
		if err != nil {
			return nil, fmt.Errorf("value: %w", err)
		}
		w.value = v
	case kFraction:
		v, err := strconv.ParseFloat(e.Attr("value"), 64)
		if err != nil || v <= 0 || v >= 1 {
			return nil, fmt.Errorf("a fraction's value is between 0 and 1: %q", e.Attr("value"))
		}
		w.fraction = v
	case kDecimal:
		if w.mark == "" || (!w.eachDigit && e.Attr("digits") != "number") {
			return nil, fmt.Errorf("a decimal word needs mark= and digits=each or digits=number")
		}
	case kAnd:
		if !w.joinsTens && e.Attr("joins") != "scale" {
			return nil, fmt.Errorf("an and word joins=scale or joins=tens")
		}
		for _, f := range strings.Fields(e.Attr("values")) {
			v, err := strconv.Atoi(f)
			if err != nil {
				return nil, fmt.Errorf("values: %w", err)
			}
			w.values = append(w.values, v)
		}
	}
	return w, nil
}

// phrases is a list with the first words of its terms of several words:
// a token that starts none is looked up alone, which allocates nothing
// (the reader looks at every token of an hour's transcript several times).
type phrases struct {
	list  *lexicon.List
	multi map[string]bool
}

func newPhrases(lex *lexicon.Lexicon, l *lexicon.List) phrases {
	p := phrases{list: l, multi: map[string]bool{}}
	for _, e := range l.Entries() {
		for _, t := range e.Terms {
			if first, _, several := strings.Cut(lex.Norms(t), " "); several {
				p.multi[first] = true
			}
		}
	}
	return p
}

// match is lexicon.List.Match.
func (p phrases) match(toks []lexicon.Token, i int) (*lexicon.Entry, int) {
	if i >= len(toks) || toks[i].Kind == lexicon.Punct {
		return nil, 0
	}
	if !p.multi[toks[i].Norm] {
		if e := p.list.Lookup(toks[i].Norm); e != nil {
			return e, 1
		}
		return nil, 0
	}
	return p.list.Match(toks, i)
}

// wordAt returns the number word (the longest numbers.txt term) at toks[i]
// and how many tokens it covers.
func (r *Reader) wordAt(toks []lexicon.Token, i int) (*word, int) {
	e, n := r.numbers.match(toks, i)
	if e == nil {
		return nil, 0
	}
	return r.words[e], n
}

// unitAt returns the unit at toks[i] and how many tokens it covers.
func (r *Reader) unitAt(toks []lexicon.Token, i int) (*unit, int) {
	e, n := r.units.match(toks, i)
	if e == nil {
		return nil, 0
	}
	return r.unitOf[e], n
}

// kindAt is the kind of the number word at toks[i], kNone when none.
func (r *Reader) kindAt(toks []lexicon.Token, i int) kind {
	if w, _ := r.wordAt(toks, i); w != nil {
		return w.kind
	}
	return kNone
}
