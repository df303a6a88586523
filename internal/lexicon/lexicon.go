// Package lexicon holds each language's words apart from the code that
// reads them: word lists (drugs, symptoms, negation triggers, ...), the
// phrases a note is written with, contractions and elisions, in plain text
// files under data/<lang>/ embedded in the binary. It also tokenises text the
// way the lists are matched, so a term and the transcript are read alike.
//
// A list file holds one entry per line: a canonical term, then its synonyms,
// separated by "|", then optional attributes after ";":
//
//	chest pain | chest pains | pain in my chest ; system=cardiovascular
//
// phrases.txt holds "key = text" lines; contractions.txt holds
// "form => words" lines (one or two tokens on the left); elisions.txt and
// clitics.txt list the elided words that open a word ("l'") and the
// endings that close one ("'s"); "#" starts a comment line. Files under
// data/<lang>/addenda/ add terms to lists after the discourse models were
// trained on them: every reader but the models sees them (Trained). Every language has the same files and keys (a test checks).
package lexicon

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

//go:embed data
var data embed.FS

// Entry is one line of a list: its terms as written (the first is the
// canonical name) and its attributes.
type Entry struct {
	Terms []string
	Attrs map[string]string
}

// Name is the entry's canonical term.
func (e *Entry) Name() string { return e.Terms[0] }

// Attr returns attribute key, or "" when the entry has none.
func (e *Entry) Attr(key string) string { return e.Attrs[key] }

// List is a word list compiled for matching against tokens.
type List struct {
	name     string
	entries  []*Entry
	byPhrase map[string]*Entry // normalised term (norms joined by one space) -> entry
	first    map[string]bool   // the first norm of every term: most tokens start none
	maxLen   int
	spelled  map[string]bool // phrases that are a term spelled out, which a term may take over
}

// Name is the list's file name without extension.
func (l *List) Name() string { return l.name }

// Entries returns the list's entries in file order.
func (l *List) Entries() []*Entry { return l.entries }

// Lookup returns the entry whose term, normalised, is phrase (norms joined
// by single spaces), or nil.
func (l *List) Lookup(phrase string) *Entry { return l.byPhrase[phrase] }

// Has reports whether phrase (normalised) is a term of the list.
func (l *List) Has(phrase string) bool { _, ok := l.byPhrase[phrase]; return ok }

// EndsWord reports whether word ends in one of the list's terms and is
// longer than it by more than lead letters: a list of endings read as
// suffixes ("sending" ends in participle_endings' "ing").
func (l *List) EndsWord(word string, lead int) bool {
	for _, e := range l.entries {
		for _, end := range e.Terms {
			if len(word) > len(end)+lead && strings.HasSuffix(word, end) {
				return true
			}
		}
	}
	return false
}

// Match returns the entry of the longest term that starts at toks[i] and
// how many tokens it covers; nil and 0 when none does. A term never spans
// punctuation.
func (l *List) Match(toks []Token, i int) (*Entry, int) {
	if i >= len(toks) || !l.first[toks[i].Norm] {
		return nil, 0
	}
	// the key is built in a buffer on the stack, and a map lookup by
	// string(key) copies nothing: a sentence's words are matched against
	// every list that has a term starting with them
	var buf [64]byte
	key := buf[:0]
	var best *Entry
	n := 0
	for k, words := i, 0; k < len(toks) && words < l.maxLen; k++ {
		if toks[k].Kind == Punct {
			if toks[k].Norm == "&" && k > i && k+1 < len(toks) && toks[k+1].Kind != Punct {
				// "A&E" is written as its letters: the ampersand joins them
				continue
			}
			if possessive(toks, k) && k > i && k+1 < len(toks) && toks[k+1].Kind != Punct {
				// "Graves' disease" is the term "graves disease": a plural
				// possessive's apostrophe is no break
				continue
			}
			break
		}
		words++
		if k > i {
			key = append(key, ' ')
		}
		key = append(key, toks[k].Norm...)
		if e, ok := l.byPhrase[string(key)]; ok {
			best, n = e, k-i+1
		}
	}
	return best, n
}

// Lexicon is one language's data. It is read-only once loaded and safe for
// concurrent use.
type Lexicon struct {
	// Lang is the language's code, "en" or "fr".
	Lang         string
	lists        map[string]*List
	phrases      map[string]string
	contractions map[string][]string  // one token -> its words
	pairs        map[string][2]string // two tokens -> their words, one each
	pairFirsts   map[string]bool      // the first tokens of pairs
	elisions     map[string]bool
	clitics      []string // endings that are words of their own ("'s")
	vocabulary   map[string]bool
	trained      *Lexicon // the lexicon without its addenda; nil when it has none
}

// Languages are the languages with data.
var Languages = []string{"en", "fr"}

var (
	loadOnce sync.Once
	loaded   map[string]*Lexicon
)

// For returns the lexicon of lang; any language without data reads as
// English. The data is embedded, so a malformed file is a build defect: the
// package's tests load every language, and For panics on one.
func For(lang string) *Lexicon {
	loadOnce.Do(func() {
		loaded = map[string]*Lexicon{}
		for _, l := range Languages {
			x, err := load(data, l)
			if err == nil {
				x, err = withAddenda(data, path.Join("data", l), x)
			}
			if err != nil {
				panic(fmt.Sprintf("lexicon %s: %v", l, err))
			}
			loaded[l] = x
		}
	})
	if x, ok := loaded[lang]; ok {
		return x
	}
	return loaded["en"]
}

// List returns the named list. Asking for a list the language lacks is a
// programming error and panics: every language has the same files.
func (x *Lexicon) List(name string) *List {
	l, ok := x.lists[name]
	if !ok {
		panic(fmt.Sprintf("lexicon %s: no list %q", x.Lang, name))
	}
	return l
}

// Phrase returns the text of a phrase key (phrases.txt); a missing key
// panics, as List does.
func (x *Lexicon) Phrase(key string) string {
	p, ok := x.phrases[key]
	if !ok {
		panic(fmt.Sprintf("lexicon %s: no phrase %q", x.Lang, key))
	}
	return p
}

// Elide returns word as the language writes it before next: elided when
// the language elides it ("se" before "est" is "s'"), else unchanged. A
// rewritten sentence can put such a word before a vowel where the speaker
// said none ("je me suis" becomes "il se est").
func (x *Lexicon) Elide(word, next string) string {
	r, _ := utf8.DecodeRuneInString(next)
	if len(word) < 2 || !strings.ContainsRune("aeiouyàâéèêëîïôûù", unicode.ToLower(r)) {
		return word
	}
	// (French elides the e of "le", "je", "que" and the a of "la" alone)
	lower := strings.ToLower(word)
	if form := word[:len(word)-1] + "'"; (strings.HasSuffix(lower, "e") || lower == "la") && x.elisions[Fold(form)] {
		return form
	}
	return word
}

// Knows reports whether a normalised word is a word of the language's data:
// some term of some list holds it. A sentence of a language the lexicon
// is not holds almost none ("Proszę podać swój adres").
func (x *Lexicon) Knows(word string) bool { return x.vocabulary[word] }

// Acronyms writes the acronyms a recogniser spelled out letter by letter
// as acronyms: "recheck the t s h" is "recheck the TSH". Only runs of
// single letters that join into a word of the language's data are joined.
func (x *Lexicon) Acronyms(s string) string {
	words := strings.Split(s, " ")
	single := func(w string) bool { return len(w) == 1 && unicode.IsLetter(rune(w[0])) }
	changed := false
	for i := 0; i < len(words); i++ {
		j := i
		for j < len(words) && single(words[j]) {
			j++
		}
		if j-i >= 2 {
			joined := strings.ToLower(strings.Join(words[i:j], ""))
			if x.vocabulary[joined] {
				words[i] = strings.ToUpper(joined)
				words = append(words[:i+1], words[j:]...)
				changed = true
			}
		}
	}
	if !changed {
		return s
	}
	return strings.Join(words, " ")
}

// JoinList joins items the language's way: "fever, chills and cough"
// (phrases.txt "and").
func (x *Lexicon) JoinList(items []string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	out := items[0]
	for _, it := range items[1 : len(items)-1] {
		out += ", " + it
	}
	return out + " " + x.Phrase("and") + " " + items[len(items)-1]
}

// possessive reports whether toks[k] is the apostrophe of a plural
// possessive: written right after a word that ends in s.
func possessive(toks []Token, k int) bool {
	return k > 0 && toks[k].Norm == "'" && toks[k-1].Kind == Word && toks[k-1].End == toks[k].Start &&
		strings.HasSuffix(toks[k-1].Norm, "s")
}

// Norms returns the normalised form of a term as lists store it: its word
// and number tokens' norms joined by single spaces.
func (x *Lexicon) Norms(term string) string {
	toks := x.Tokenize(term)
	parts := make([]string, 0, len(toks))
	for _, t := range toks {
		if t.Kind != Punct {
			parts = append(parts, t.Norm)
		}
	}
	return strings.Join(parts, " ")
}

func load(fsys fs.FS, lang string) (*Lexicon, error) {
	dir := path.Join("data", lang)
	x := &Lexicon{Lang: lang, lists: map[string]*List{}, phrases: map[string]string{},
		contractions: map[string][]string{}, pairs: map[string][2]string{}, pairFirsts: map[string]bool{}, elisions: map[string]bool{}}
	// Elisions and contractions first: they decide how every term is read.
	if err := eachLine(fsys, path.Join(dir, "elisions.txt"), func(line string) error {
		x.elisions[Fold(line)] = true
		return nil
	}); err != nil {
		return nil, err
	}
	if err := eachLine(fsys, path.Join(dir, "clitics.txt"), func(line string) error {
		x.clitics = append(x.clitics, Fold(line))
		return nil
	}); err != nil {
		return nil, err
	}
	if err := eachLine(fsys, path.Join(dir, "contractions.txt"), func(line string) error {
		from, to, ok := strings.Cut(line, "=>")
		if !ok {
			return fmt.Errorf("want \"form => words\"")
		}
		left, right := strings.Fields(Fold(from)), strings.Fields(Fold(to))
		switch {
		case len(left) == 1 && len(right) >= 1:
			x.contractions[left[0]] = right
		case len(left) == 2 && len(right) == 2:
			x.pairs[left[0]+" "+left[1]] = [2]string{right[0], right[1]}
			x.pairFirsts[left[0]] = true
		default:
			return fmt.Errorf("a contraction is one token to words, or two tokens to two words")
		}
		return nil
	}); err != nil {
		return nil, err
	}
	if err := eachLine(fsys, path.Join(dir, "phrases.txt"), func(line string) error {
		k, v, ok := strings.Cut(line, "=")
		if !ok || strings.TrimSpace(k) == "" {
			return fmt.Errorf("want \"key = text\"")
		}
		x.phrases[strings.TrimSpace(k)] = strings.TrimSpace(v)
		return nil
	}); err != nil {
		return nil, err
	}
	files, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", dir, err)
	}
	for _, f := range files {
		name := strings.TrimSuffix(f.Name(), ".txt")
		if f.IsDir() || name == f.Name() || name == "phrases" || name == "contractions" || name == "elisions" || name == "clitics" {
			continue
		}
		l := &List{name: name, byPhrase: map[string]*Entry{}, first: map[string]bool{}, spelled: map[string]bool{}}
		if err := eachLine(fsys, path.Join(dir, f.Name()), func(line string) error {
			return x.addEntry(l, line)
		}); err != nil {
			return nil, err
		}
		x.lists[name] = l
	}
	x.vocabulary = map[string]bool{}
	for _, l := range x.lists {
		for _, e := range l.entries {
			for _, t := range e.Terms {
				for _, w := range strings.Fields(x.Norms(t)) {
					x.vocabulary[w] = true
				}
			}
		}
	}
	for _, words := range x.contractions {
		for _, w := range words {
			x.vocabulary[w] = true
		}
	}
	return x, nil
}

// addEntry parses "term | synonym ; key=value" into l.
func (x *Lexicon) addEntry(l *List, line string) error {
	fields := strings.Split(line, ";")
	e := &Entry{}
	for _, t := range strings.Split(fields[0], "|") {
		if t = strings.TrimSpace(t); t != "" {
			e.Terms = append(e.Terms, t)
		}
	}
	if len(e.Terms) == 0 {
		return fmt.Errorf("an entry needs a term")
	}
	for _, a := range fields[1:] {
		k, v, ok := strings.Cut(a, "=")
		if !ok || strings.TrimSpace(k) == "" {
			return fmt.Errorf("attribute %q: want key=value", strings.TrimSpace(a))
		}
		if e.Attrs == nil {
			e.Attrs = map[string]string{}
		}
		e.Attrs[strings.TrimSpace(k)] = strings.TrimSpace(v)
	}
	for _, t := range e.Terms {
		key := x.Norms(t)
		if key == "" {
			return fmt.Errorf("term %q has no words", t)
		}
		if prev, dup := l.byPhrase[key]; dup && prev != e && !l.spelled[key] {
			return fmt.Errorf("term %q is also an entry of %q", t, prev.Name())
		}
		l.index(key, e)
		delete(l.spelled, key)
		if spelled := spelledOut(key); spelled != "" && l.byPhrase[spelled] == nil {
			// a recogniser writes an acronym said letter by letter as
			// letters: "t s h", "c t scan"
			l.index(spelled, e)
			l.spelled[spelled] = true
		}
	}
	l.entries = append(l.entries, e)
	return nil
}

// index makes key a phrase of e in l.
func (l *List) index(key string, e *Entry) {
	l.byPhrase[key] = e
	first, _, _ := strings.Cut(key, " ")
	l.first[first] = true
	l.maxLen = max(l.maxLen, strings.Count(key, " ")+1)
}

// spelledOut is a one-word term of two to five letters written letter by
// letter ("tsh" is "t s h"), or "" for any other term.
func spelledOut(key string) string {
	if len(key) < 2 || len(key) > 5 {
		return ""
	}
	letters := make([]string, 0, len(key))
	for _, c := range key {
		if c < 'a' || c > 'z' {
			return ""
		}
		letters = append(letters, string(c))
	}
	return strings.Join(letters, " ")
}

// eachLine calls fn with every line of a data file (EachLine); a missing
// file is an empty one: a language need not have every list.
func eachLine(fsys fs.FS, name string, fn func(string) error) error {
	if _, err := fs.Stat(fsys, name); errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	return EachLine(fsys, name, func(_ int, line string) error { return fn(line) })
}

// ListNames returns the names of the language's lists, sorted.
func (x *Lexicon) ListNames() []string {
	names := make([]string, 0, len(x.lists))
	for n := range x.lists {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// PhraseKeys returns the language's phrase keys, sorted.
func (x *Lexicon) PhraseKeys() []string {
	keys := make([]string, 0, len(x.phrases))
	for k := range x.phrases {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
