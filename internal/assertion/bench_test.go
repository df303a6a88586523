package assertion_test

import (
	"testing"

	"github.com/notegen/notegen/internal/assertion"
	"github.com/notegen/notegen/internal/lexicon"
)

// BenchmarkOf reads one concept of a long, trigger-rich sentence: a
// sentence costs microseconds.
func BenchmarkOf(b *testing.B) {
	for _, tc := range []struct{ lang, text string }{
		{"en", "She denies chest pain, palpitations, dizziness or syncope but reports some shortness of breath on exertion, and her mother had a [heart attack] in 2019 so we'll rule out angina if it gets worse."},
		{"fr", "Pas de douleur thoracique ni de palpitations, mais un essoufflement à l'effort ; sa mère a fait un [infarctus] en 2019, on va éliminer un angor si ça s'aggrave."},
	} {
		x := lexicon.For(tc.lang)
		toks, target, err := marked(x, tc.text)
		if err != nil {
			b.Fatal(err)
		}
		assertion.Of(x, toks, target) // compile the rules outside the loop
		b.Run(tc.lang, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				assertion.Of(x, toks, target)
			}
		})
	}
}

// BenchmarkAnswered reads a question and its answer.
func BenchmarkAnswered(b *testing.B) {
	x := lexicon.For("en")
	q, target, err := marked(x, "Do you [smoke] at all these days?")
	if err != nil {
		b.Fatal(err)
	}
	a := x.Tokenize("Um, no, I quit about five years ago.")
	b.ReportAllocs()
	for b.Loop() {
		assertion.Answered(x, q, target, a)
	}
}
