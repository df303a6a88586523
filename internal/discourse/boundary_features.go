package discourse

// Features of the sentence-boundary model: at each word of unpunctuated
// speech, what lies on either side of the gap after it.

import "github.com/notegen/notegen/internal/lexicon"

// spans returns, for each of toks, the lists (a bit each, in m.names
// order) that have a term starting there and that have one ending there.
func (m *listMatcher) spans(toks []lexicon.Token) (starts, ends []uint64) {
	starts, ends = make([]uint64, len(toks)), make([]uint64, len(toks))
	for i, t := range toks {
		single := m.whole[t.Norm]
		starts[i] |= single
		ends[i] |= single
		candidates := m.longer[t.Norm]
		for k := 0; candidates != 0; k++ {
			bit := uint64(1) << k
			if candidates&bit == 0 {
				continue
			}
			candidates &^= bit
			if e, n := m.lists[k].Match(toks, i); e != nil {
				starts[i] |= bit
				ends[i+n-1] |= bit
			}
		}
	}
	return starts, ends
}

// The words a boundary's features read beyond the segment's ends.
const (
	segmentStart = "<s>"
	segmentEnd   = "</s>"
)

// BoundaryFeatures reads a segment's words as a speech recogniser writes
// them, without punctuation (marks in toks are passed over, so that text
// with its punctuation taken out and text that never had any read
// alike). For every word but the last, in order, it calls decide with
// the index of the word in toks and the features of a sentence ending
// after it; decide says whether one does (the model at inference, the
// truth in training), which the features of the words after it read: how
// many words the sentence so far holds. The features are the words
// around the gap and the pairs across it, how far the segment's last
// boundary and its end are, and which of the lexicon's lists end before
// the gap and start after it (a conjunction seldom ends a sentence, a
// question opener often starts one). features is only valid during the
// call.
func BoundaryFeatures(toks []lexicon.Token, x *lexicon.Lexicon, spec FeatureSpec, decide func(at int, features []string) bool) {
	var feats []string
	boundaryFeatures(toks, x, spec, func(at int, f *builder) bool {
		feats = f.appendTo(feats[:0])
		return decide(at, feats)
	})
}

// boundaryFeatures is BoundaryFeatures with each gap's features in the
// builder that made them, which inference hashes as they are: reading an
// hour of speech makes a hundred thousand features.
func boundaryFeatures(toks []lexicon.Token, x *lexicon.Lexicon, spec FeatureSpec, decide func(at int, f *builder) bool) {
	at := make([]int, 0, len(toks))
	ws := make([]lexicon.Token, 0, len(toks))
	for i, t := range toks {
		if t.Kind != lexicon.Punct {
			at = append(at, i)
			ws = append(ws, t)
		}
	}
	n := len(ws)
	if n < 2 {
		return
	}
	m := newListMatcher(x, spec.Lists)
	norm := words(ws, m.numbers)
	starts, ends := m.spans(ws)
	word := func(k int) string {
		switch {
		case k < 0:
			return segmentStart
		case k >= n:
			return segmentEnd
		}
		return norm[k]
	}
	var f builder
	since := 0
	for i := 0; i < n-1; i++ {
		since++
		f.reset()
		f.add("A:since:", lengthBucket(since))
		f.add("A:left:", lengthBucket(n-1-i))
		m.each(ends[i], func(l string) { f.add("A:e:", l) })
		m.each(starts[i+1], func(l string) {
			f.add("A:n:", l)
			f.add("A:n:", l, ":", lengthBucket(since))
		})
		if spec.Lexical {
			p, w, nx, n2 := word(i-1), word(i), word(i+1), word(i+2)
			f.add("w:", w)
			f.add("p:", p)
			f.add("n:", nx)
			f.add("b:", p, "_", w)
			f.add("x:", w, "_", nx)
			f.add("nb:", nx, "_", n2)
		}
		if decide(at[i], &f) {
			since = 0
		}
	}
}
