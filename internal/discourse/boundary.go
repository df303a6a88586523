package discourse

import (
	"math"
	"sync"

	"github.com/notegen/notegen/internal/learn"
	"github.com/notegen/notegen/internal/lexicon"
)

// SpokenSentenceWords is how many words a segment without punctuation
// must hold for the boundary model to read it: a shorter one ("no i have
// not", "okay any fever") is one reply or one question, and is read
// whole.
const SpokenSentenceWords = 6

// Cuts returns the indexes of the words of toks after which a sentence
// ends, by the model, read left to right: each boundary found resets the
// count of words since the last one that later ones read. A segment
// that already has a sentence-ending mark, or has fewer than
// SpokenSentenceWords words, gets none: written punctuation says where
// sentences end.
func (m *BoundaryModel) Cuts(toks []lexicon.Token, x *lexicon.Lexicon) []int {
	if m == nil || hasTerminal(toks) || lexicon.CountWords(toks) < SpokenSentenceWords {
		return nil
	}
	x = x.Trained()
	// p > threshold, in logits: the same test without the softmax
	odds := math.Log(m.Threshold / (1 - m.Threshold))
	margin := marginOf(m.Model)
	var out []int
	var buckets []uint32
	last := -1 // the token the last sentence ended at
	boundaryFeatures(toks, x, m.Features, func(at int, f *builder) bool {
		if !sentencePiece(toks[last+1:at+1], x) || !sentencePiece(toks[at+1:], x) || unitFollows(toks, at, x) || m.WholeNumbers && numberGoesOn(toks, at, x) {
			return false
		}
		buckets = f.buckets(m.Model.Bits, buckets[:0])
		if margin.Of(buckets) <= odds {
			return false
		}
		out = append(out, at)
		last = at
		return true
	})
	return out
}

// unitFollows reports whether the word after token at is a unit of
// measure: "seventy five | micrograms once a day" cuts a dose in two.
func unitFollows(toks []lexicon.Token, at int, x *lexicon.Lexicon) bool {
	for k := at + 1; k < len(toks); k++ {
		if toks[k].Kind == lexicon.Punct {
			continue
		}
		e, _ := x.List("units").Match(toks, k)
		return e != nil
	}
	return false
}

// numberGoesOn reports whether tokens at and at+1 are both words of a
// number: "heart rate was fifty | eight" cut a number in two, and the
// sentence before the cut said fifty.
func numberGoesOn(toks []lexicon.Token, at int, x *lexicon.Lexicon) bool {
	if at+1 >= len(toks) {
		return false
	}
	isNumber := func(t lexicon.Token) bool { return t.Kind == lexicon.Number || x.List("number_words").Has(t.Norm) }
	return isNumber(toks[at]) && isNumber(toks[at+1])
}

// sentencePiece reports whether toks may stand as a sentence of their
// own: two words or more, or one word that is a whole reply ("no",
// "okay", "thanks"). A cut that would leave one other word alone ("use |
// tylenol for the headaches", "the stomach | bacteria") is the model's
// error, not a sentence.
func sentencePiece(toks []lexicon.Token, x *lexicon.Lexicon) bool {
	n, word := 0, ""
	for _, t := range toks {
		if t.Kind != lexicon.Punct {
			n++
			word = t.Norm
		}
	}
	if n != 1 {
		return n > 1
	}
	for _, l := range []string{"answers", "fillers", "openers", "tags"} {
		if x.List(l).Has(word) {
			return true
		}
	}
	return false
}

// sentences cuts toks into sentences as lexicon.Sentences does, and a
// segment without punctuation where the model says sentences end: each
// cut falls after its word and any marks that follow it (a comma).
func (m *BoundaryModel) sentences(toks []lexicon.Token, x *lexicon.Lexicon) [][2]int {
	cuts := m.Cuts(toks, x)
	if len(cuts) == 0 {
		return x.Sentences(toks)
	}
	out := make([][2]int, 0, len(cuts)+1)
	start := 0
	for _, c := range cuts {
		end := c + 1
		for end < len(toks) && toks[end].Kind == lexicon.Punct {
			end++
		}
		out = append(out, [2]int{start, end})
		start = end
	}
	return append(out, [2]int{start, len(toks)})
}

// margins holds the dense Margin of each boundary model read: made once,
// as the models are loaded once.
var margins sync.Map // *learn.Model -> *learn.Margin

func marginOf(m *learn.Model) *learn.Margin {
	if g, ok := margins.Load(m); ok {
		return g.(*learn.Margin)
	}
	g, _ := margins.LoadOrStore(m, m.Margin())
	return g.(*learn.Margin)
}
