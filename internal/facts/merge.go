package facts

// merged gathers the mentions of one kind of fact into one fact per name
// (a problem, a drug, an allergen said several times) and lists the facts in
// the order they were first named.
type merged[T any] struct {
	byName map[string]*T
	order  []string
	spans  func(*T) *[]Span
}

// newMerged starts an empty list; spans gives a fact's spans.
func newMerged[T any](spans func(*T) *[]Span) *merged[T] {
	return &merged[T]{byName: map[string]*T{}, spans: spans}
}

// get returns the fact named name, made by create at its first mention;
// first says whether this was that mention.
func (m *merged[T]) get(name string, create func() T) (fact *T, first bool) {
	if f, ok := m.byName[name]; ok {
		return f, false
	}
	f := create()
	m.byName[name] = &f
	m.order = append(m.order, name)
	return &f, true
}

// list returns the facts in the order they were first named, each with its
// spans in transcript order.
func (m *merged[T]) list() []T {
	out := make([]T, 0, len(m.order))
	for _, name := range m.order {
		f := m.byName[name]
		*m.spans(f) = sortSpans(*m.spans(f))
		out = append(out, *f)
	}
	return out
}
