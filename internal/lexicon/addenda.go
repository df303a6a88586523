package lexicon

import (
	"fmt"
	"io/fs"
	"maps"
	"path"
	"strings"
)

// addendaDir holds, per language, the terms added to a list after the
// discourse models were trained. The models turn list matches into
// features; a term added to a feature list without retraining would give
// them features they never saw, and retraining for one term reshuffles
// which sentence goes to which part of the note. So the models read the
// lexicon as it was trained (Trained) and every other reader reads it with
// the addenda; retraining folds the addenda into their lists.
const addendaDir = "addenda"

// Trained returns the lexicon without its addenda: the lists the discourse
// models were trained on. It is x itself when the language has no addenda.
func (x *Lexicon) Trained() *Lexicon {
	if x.trained == nil {
		return x
	}
	return x.trained
}

// withAddenda returns base with the addenda files of dir applied, or base
// itself when there are none. An addenda file is named after the list it
// adds to and holds entry lines: a line whose first term is an entry's
// canonical name adds its other terms to that entry; any other line is a
// new entry.
func withAddenda(fsys fs.FS, dir string, base *Lexicon) (*Lexicon, error) {
	files, err := fs.ReadDir(fsys, path.Join(dir, addendaDir))
	if err != nil {
		return base, nil //nolint:nilerr // no addenda directory: the lexicon is as trained
	}
	x := *base
	x.trained = base
	x.lists = maps.Clone(base.lists)
	x.vocabulary = maps.Clone(base.vocabulary)
	for _, f := range files {
		name, ok := strings.CutSuffix(f.Name(), ".txt")
		if f.IsDir() || !ok {
			continue
		}
		trained, ok := base.lists[name]
		if !ok {
			return nil, fmt.Errorf("%s/%s: no list %q to add to", addendaDir, f.Name(), name)
		}
		l := trained.clone()
		if err := eachLine(fsys, path.Join(dir, addendaDir, f.Name()), func(line string) error {
			return x.addTo(l, line)
		}); err != nil {
			return nil, fmt.Errorf("%s/%s: %w", addendaDir, f.Name(), err)
		}
		x.lists[name] = l
		for _, e := range l.entries {
			for _, t := range e.Terms {
				for _, w := range strings.Fields(x.Norms(t)) {
					x.vocabulary[w] = true
				}
			}
		}
	}
	return &x, nil
}

// addTo applies one addenda line to l: more terms for the entry it names,
// or a new entry.
func (x *Lexicon) addTo(l *List, line string) error {
	terms, attrs, _ := strings.Cut(line, ";")
	first, more, _ := strings.Cut(terms, "|")
	i := l.entryNamed(strings.TrimSpace(first))
	if i < 0 {
		return x.addEntry(l, line)
	}
	if strings.TrimSpace(attrs) != "" {
		return fmt.Errorf("%q extends an entry: its attributes are the entry's", strings.TrimSpace(first))
	}
	old := l.entries[i]
	e := &Entry{Terms: append([]string(nil), old.Terms...), Attrs: old.Attrs}
	for key, owner := range l.byPhrase {
		if owner == old {
			l.byPhrase[key] = e
		}
	}
	l.entries[i] = e
	for _, t := range strings.Split(more, "|") {
		t = strings.TrimSpace(t)
		if t == "" {
			continue
		}
		key := x.Norms(t)
		if key == "" {
			return fmt.Errorf("term %q has no words", t)
		}
		if prev, dup := l.byPhrase[key]; dup && !l.spelled[key] {
			return fmt.Errorf("term %q is already an entry of %q", t, prev.Name())
		}
		e.Terms = append(e.Terms, t)
		l.index(key, e)
		delete(l.spelled, key)
	}
	return nil
}

// entryNamed is the index of the entry whose canonical name is name, or -1.
func (l *List) entryNamed(name string) int {
	for i, e := range l.entries {
		if strings.EqualFold(e.Name(), name) {
			return i
		}
	}
	return -1
}

// clone copies l so that adding to the copy leaves l as it was.
func (l *List) clone() *List {
	return &List{name: l.name, entries: append([]*Entry(nil), l.entries...), byPhrase: maps.Clone(l.byPhrase),
		first: maps.Clone(l.first), maxLen: l.maxLen, spelled: maps.Clone(l.spelled)}
}
