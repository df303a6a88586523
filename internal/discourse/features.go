package discourse

import (
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/notegen/notegen/internal/learn"
	"github.com/notegen/notegen/internal/lexicon"
)

// Features are made here and only here, for training (cmd/notegen-train)
// and for inference alike, so that a model never reads a feature it was
// not trained on. Each is an opaque string that learn hashes. Two groups:
//
//   - abstract features, prefixed "A:", name no word of any language: who
//     speaks, whether the unit asks, where it stands in the encounter, its
//     length, whether it holds a number, and which of the lexicon's lists
//     its words match (the lists exist in every language, so a model of
//     these features reads French as it reads English);
//   - lexical features: the words themselves (unigrams and bigrams of the
//     normalised tokens, numbers folded to one class), the first words,
//     and the words of the previous unit and of the previous segment.
//
// A universal model reads the abstract features only; a language's own
// model reads both.

// numberClass stands for every number: "20 mg" and "40 mg" are one
// feature, and the value is no evidence of the part.
const numberClass = "#"

// words returns the unit's normalised words, numbers (in digits, or in
// words when numbers, the lexicon's number_words, is not nil) folded to
// one class, punctuation left out.
func words(toks []lexicon.Token, numbers *lexicon.List) []string {
	out := make([]string, 0, len(toks))
	for _, t := range toks {
		switch {
		case t.Kind == lexicon.Number, t.Kind == lexicon.Word && numbers != nil && numbers.Has(t.Norm):
			out = append(out, numberClass)
		case t.Kind == lexicon.Word:
			out = append(out, t.Norm)
		}
	}
	return out
}

// lengthBucket groups a count of words so that long and short units are
// features without a feature per length.
func lengthBucket(n int) string {
	switch {
	case n <= 3:
		return strconv.Itoa(n)
	case n <= 6:
		return "4-6"
	case n <= 12:
		return "7-12"
	case n <= 25:
		return "13-25"
	}
	return "26+"
}

// listMatcher finds which of a model's lexicon lists a run of tokens
// matches. Lists the language lacks are skipped, so a model trained before
// a list existed still loads.
type listMatcher struct {
	names []string
	lists []*lexicon.List
	// starts maps a token's norm to the lists (a bit each) that have a
	// term starting with it: most tokens start none, and are passed by
	// with one lookup instead of one per list.
	starts map[string]uint64
	// whole maps a norm to the lists that have it as a term of one word,
	// longer to those that have a longer term starting with it: spans
	// matches the latter only.
	whole, longer map[string]uint64
	// numbers are the words that say a number (nil for a lexicon
	// without them).
	numbers *lexicon.List
	// openers are the words a spoken sentence opens with, passed over to
	// find its first word (nil for a lexicon without them).
	openers *lexicon.List
	// context holds the NegEx/ConText triggers (nil without them).
	context *lexicon.List
}

// numberWords is the lexicon list of numbers said in words.
const numberWords = "number_words"

// matchers holds the listMatcher of each lexicon and set of lists: a
// lexicon never changes once loaded.
var matchers sync.Map // matcherKey -> *listMatcher

type matcherKey struct {
	x     *lexicon.Lexicon
	lists string
}

func newListMatcher(x *lexicon.Lexicon, names []string) *listMatcher {
	x = x.Trained() // the lists as the models were trained on them
	key := matcherKey{x, strings.Join(names, "\x00")}
	if m, ok := matchers.Load(key); ok {
		return m.(*listMatcher)
	}
	have := map[string]bool{}
	for _, n := range x.ListNames() {
		have[n] = true
	}
	m := &listMatcher{starts: map[string]uint64{}, whole: map[string]uint64{}, longer: map[string]uint64{}}
	if have[numberWords] {
		m.numbers = x.List(numberWords)
	}
	if have["openers"] {
		m.openers = x.List("openers")
	}
	if have["context"] && slices.Contains(names, "context") {
		m.context = x.List("context")
	}
	for _, n := range names {
		if !have[n] || len(m.lists) == 64 {
			continue
		}
		l := x.List(n)
		bit := uint64(1) << len(m.lists)
		m.names = append(m.names, n)
		m.lists = append(m.lists, l)
		for _, e := range l.Entries() {
			for _, term := range e.Terms {
				first, _, several := strings.Cut(x.Norms(term), " ")
				m.starts[first] |= bit
				if several {
					m.longer[first] |= bit
				} else {
					m.whole[first] |= bit
				}
			}
		}
	}
	actual, _ := matchers.LoadOrStore(key, m)
	return actual.(*listMatcher)
}

// match returns a bit per list (in m.names order) that a term of the list
// occurs in toks.
func (m *listMatcher) match(toks []lexicon.Token) uint64 {
	var found uint64
	for i, t := range toks {
		candidates := m.starts[t.Norm] &^ found
		for k := 0; candidates != 0; k++ {
			bit := uint64(1) << k
			if candidates&bit == 0 {
				continue
			}
			candidates &^= bit
			if e, _ := m.lists[k].Match(toks, i); e != nil {
				found |= bit
			}
		}
	}
	return found
}

// opening returns a bit per list with a term that starts at the unit's
// first word, openers ("okay, so") and punctuation passed over.
func (m *listMatcher) opening(toks []lexicon.Token) uint64 {
	i := 0
	for i < len(toks) {
		if toks[i].Kind == lexicon.Punct {
			i++
			continue
		}
		if m.openers != nil {
			if e, n := m.openers.Match(toks, i); e != nil {
				i += n
				continue
			}
		}
		break
	}
	var found uint64
	if i >= len(toks) {
		return 0
	}
	candidates := m.starts[toks[i].Norm]
	for k := 0; candidates != 0; k++ {
		bit := uint64(1) << k
		if candidates&bit == 0 {
			continue
		}
		candidates &^= bit
		if e, _ := m.lists[k].Match(toks, i); e != nil {
			found |= bit
		}
	}
	return found
}

// contextsOf returns the ConText categories of the triggers in toks, once
// each, pseudo-triggers and terminators left out.
func (m *listMatcher) contextsOf(toks []lexicon.Token) []string {
	if m.context == nil {
		return nil
	}
	var out []string
	for i := 0; i < len(toks); i++ {
		e, n := m.context.Match(toks, i)
		if e == nil {
			continue
		}
		c := e.Attr("category")
		switch c {
		case "pseudo", "terminate", "list", "":
		default:
			if !slices.Contains(out, c) {
				out = append(out, c)
			}
		}
		i += n - 1
	}
	return out
}

// each calls fn with the name of every list set in bits.
func (m *listMatcher) each(bits uint64, fn func(name string)) {
	for k, n := range m.names {
		if k < 64 && bits&(1<<k) != 0 {
			fn(n)
		}
	}
}

// unitInfo is what features read of one unit, computed once per sequence:
// a unit's words are also its successor's context.
type unitInfo struct {
	words  []string
	lists  uint64
	number bool
	// opens holds the lists a term of which the unit's first word (after
	// spoken openers) starts: the mood of the sentence ("eat plain food",
	// "if it gets worse", "you should") in any language.
	opens uint64
	// contexts are the ConText categories of the triggers the unit holds
	// (negated, hypothetical, historical, ...).
	contexts []string
}

func infoOf(toks []lexicon.Token, m *listMatcher) unitInfo {
	in := unitInfo{words: words(toks, m.numbers), lists: m.match(toks), opens: m.opening(toks), contexts: m.contextsOf(toks)}
	for _, w := range in.words {
		if w == numberClass {
			in.number = true
			break
		}
	}
	return in
}

// FeatureSpec says which features a model reads: the lexicon lists whose
// matches are abstract features, and whether it also reads the words.
// It is stored with each model (models/decoding.json), so inference makes
// exactly the features the model was trained on.
type FeatureSpec struct {
	Lists   []string
	Lexical bool
}

// PartFeatures returns the features of every unit for the part model.
func PartFeatures(units []Unit, x *lexicon.Lexicon, spec FeatureSpec) [][]string {
	m := newListMatcher(x, spec.Lists)
	info := make([]unitInfo, len(units))
	for i := range units {
		info[i] = infoOf(units[i].Tokens, m)
	}
	out := make([][]string, len(units))
	var f builder
	prevSegment := -1 // the last unit of the segment before the current one
	for i := range units {
		if i > 0 && units[i-1].Segment != units[i].Segment {
			prevSegment = i - 1
		}
		f.reset()
		partFeatures(&f, units, info, i, prevSegment, m, spec.Lexical)
		out[i] = f.strings()
	}
	return out
}

func partFeatures(f *builder, units []Unit, info []unitInfo, i, prevSegment int, m *listMatcher, lexical bool) {
	u, in := units[i], info[i]
	spk := string(u.Speaker)
	f.add("A:s:", spk)
	f.add("A:pos:", strconv.Itoa(10*i/len(units)))
	f.add("A:len:", lengthBucket(len(in.words)))
	if u.Question {
		f.add("A:q")
		f.add("A:q:", spk)
	}
	if in.number {
		f.add("A:num")
	}
	m.each(in.lists, func(n string) {
		f.add("A:l:", n)
		f.add("A:l:", n, ":", spk)
	})
	m.each(in.opens, func(n string) {
		f.add("A:o:", n)
		f.add("A:o:", n, ":", spk)
	})
	for _, c := range in.contexts {
		f.add("A:c:", c)
		f.add("A:c:", c, ":", spk)
	}
	if i == 0 {
		f.add("A:first")
	} else {
		p, pin := units[i-1], info[i-1]
		turn := "same"
		if p.Segment != u.Segment {
			turn = "new"
		}
		f.add("A:p:", turn, ":", string(p.Speaker))
		if p.Question {
			f.add("A:p:q")
		}
		m.each(pin.lists, func(n string) { f.add("A:p:l:", n) })
	}
	if !lexical {
		return
	}
	f.words("w:", "b:", in.words)
	if len(in.words) > 0 {
		f.add("f:", in.words[0])
		f.add("f:", spk, ":", in.words[0])
		if len(in.words) > 1 {
			f.add("f2:", in.words[0], "_", in.words[1])
		}
	}
	if i > 0 {
		f.prefixed("p:", info[i-1].words)
	}
	if prevSegment >= 0 && prevSegment != i-1 {
		f.prefixed("s:", info[prevSegment].words)
	}
}

// contextWords is how many words of a neighbour are features: enough for
// a question, not a whole paragraph.
const contextWords = 16

// builder makes one unit's features in one buffer, each feature a slice
// of it: labelling an hour's units makes tens of thousands of features,
// and one allocation a unit instead of one a feature keeps it quick.
type builder struct {
	buf  []byte
	ends []int
}

func (b *builder) reset() { b.buf, b.ends = b.buf[:0], b.ends[:0] }

// add adds the feature made of parts.
func (b *builder) add(parts ...string) {
	for _, p := range parts {
		b.buf = append(b.buf, p...)
	}
	b.ends = append(b.ends, len(b.buf))
}

// words adds the unigrams and bigrams of ws.
func (b *builder) words(uni, bi string, ws []string) {
	for k, w := range ws {
		b.add(uni, w)
		if k > 0 {
			b.add(bi, ws[k-1], "_", w)
		}
	}
}

// prefixed adds the first contextWords of ws under prefix.
func (b *builder) prefixed(prefix string, ws []string) {
	for k, w := range ws {
		if k == contextWords {
			break
		}
		b.add(prefix, w)
	}
}

// buckets appends the bucket of each feature (learn.HashBytes) to dst.
func (b *builder) buckets(bits uint8, dst []uint32) []uint32 {
	start := 0
	for _, end := range b.ends {
		dst = append(dst, learn.HashBytes(b.buf[start:end], bits))
		start = end
	}
	return dst
}

// again adds every feature so far once more under prefix.
func (b *builder) again(prefix string) {
	start, n := 0, len(b.ends)
	for _, end := range b.ends[:n] {
		b.buf = append(b.buf, prefix...)
		b.buf = append(b.buf, b.buf[start:end]...)
		b.ends = append(b.ends, len(b.buf))
		start = end
	}
}

// strings returns the features.
func (b *builder) strings() []string { return b.appendTo(make([]string, 0, len(b.ends))) }

// appendTo appends the features to dst.
func (b *builder) appendTo(dst []string) []string {
	all := string(b.buf)
	start := 0
	for _, end := range b.ends {
		dst = append(dst, all[start:end])
		start = end
	}
	return dst
}

// RoleFeatures returns the features of every segment for the role model:
// toks are the segments' tokens and asks says whether each segment asks
// (it ends with a question, or the question model says so). Utterances (a
// speech provider's timed segments, often a sentence each) are read
// unlike turns (a transcript's lines, a speaker's whole say): every
// feature is also given again under the prefix of its kind of segment,
// so that one model learns what both share and what sets them apart
// (Daumé's feature augmentation).
func RoleFeatures(toks [][]lexicon.Token, asks []bool, utterances bool, x *lexicon.Lexicon, spec FeatureSpec) [][]string {
	m := newListMatcher(x, spec.Lists)
	info := make([]unitInfo, len(toks))
	for i := range toks {
		info[i] = infoOf(toks[i], m)
	}
	kind := "t|"
	if utterances {
		kind = "u|"
	}
	out := make([][]string, len(toks))
	var f builder
	for i := range toks {
		in := info[i]
		f.reset()
		f.add("A:pos:", strconv.Itoa(10*i/len(toks)))
		f.add("A:len:", lengthBucket(len(in.words)))
		if asks[i] {
			f.add("A:q")
		}
		if in.number {
			f.add("A:num")
		}
		m.each(in.lists, func(n string) { f.add("A:l:", n) })
		// how a unit opens is its mood: a verb first is an instruction
		// ("take it with water"), a person first a statement
		m.each(in.opens, func(n string) { f.add("A:o:", n) })
		if i == 0 {
			f.add("A:first")
		} else {
			f.add("A:p:len:", lengthBucket(len(info[i-1].words)))
			if asks[i-1] {
				f.add("A:p:q")
			}
			m.each(info[i-1].lists, func(n string) { f.add("A:p:l:", n) })
		}
		if spec.Lexical {
			f.words("w:", "b:", in.words)
			if n := len(in.words); n > 0 {
				f.add("f:", in.words[0])
				f.add("e:", in.words[n-1])
				if n > 1 {
					f.add("f2:", in.words[0], "_", in.words[1])
				}
			}
			if i > 0 {
				f.prefixed("p:", info[i-1].words)
			}
		}
		f.again(kind)
		out[i] = f.strings()
	}
	return out
}

// QuestionFeatures returns the features of the question model for a unit
// without punctuation: its words, how it opens and ends, and its length.
// Who speaks is left out: roles are inferred from these answers before
// they are known.
func QuestionFeatures(toks []lexicon.Token) []string {
	ws := words(toks, nil)
	var f builder
	f.add("len:", lengthBucket(len(ws)))
	f.words("w:", "b:", ws)
	if n := len(ws); n > 0 {
		f.add("f:", ws[0])
		f.add("e:", ws[n-1])
		if n > 1 {
			f.add("f2:", ws[0], "_", ws[1])
			f.add("e2:", ws[n-2], "_", ws[n-1])
		}
		if n > 2 {
			f.add("f3:", ws[0], "_", ws[1], "_", ws[2])
		}
	}
	return f.strings()
}

// ChangeFeatures returns, for every segment but the first (whose
// features are nil), the features of the change model: how the segment
// before ends (a question, a full stop, no mark at all) and how this one
// opens, and their lengths.
func ChangeFeatures(toks [][]lexicon.Token, asks []bool, x *lexicon.Lexicon, spec FeatureSpec) [][]string {
	m := newListMatcher(x, nil)
	ws := make([][]string, len(toks))
	for i := range toks {
		ws[i] = words(toks[i], m.numbers)
	}
	out := make([][]string, len(toks))
	var f builder
	for i := 1; i < len(toks); i++ {
		prev, cur := ws[i-1], ws[i]
		f.reset()
		f.add("A:plen:", lengthBucket(len(prev)))
		f.add("A:len:", lengthBucket(len(cur)))
		f.add("A:pend:", ending(toks[i-1]))
		if asks[i-1] {
			f.add("A:pq")
		}
		if asks[i] {
			f.add("A:q")
		}
		if spec.Lexical {
			if n := len(prev); n > 0 {
				f.add("pe:", prev[n-1])
				if n > 1 {
					f.add("pe2:", prev[n-2], "_", prev[n-1])
				}
			}
			if n := len(cur); n > 0 {
				f.add("f:", cur[0])
				if n > 1 {
					f.add("f2:", cur[0], "_", cur[1])
				}
			}
		}
		out[i] = f.strings()
	}
	return out
}

// ending names the punctuation a segment ends with, "none" for none.
func ending(toks []lexicon.Token) string {
	if n := len(toks); n > 0 && toks[n-1].Kind == lexicon.Punct {
		return toks[n-1].Norm
	}
	return "none"
}
