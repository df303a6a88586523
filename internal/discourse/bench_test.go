package discourse_test

import (
	"strings"
	"testing"
	"unicode"

	"github.com/notegen/notegen/internal/acibench"
	"github.com/notegen/notegen/internal/discourse"
	"github.com/notegen/notegen/internal/lexicon"
	"github.com/notegen/notegen/internal/transcript"
)

// BenchmarkLabelOneHour labels the units of about an hour of speech
// (acibench.OneHour): a small share of the 50 ms the note writer has for
// a one-hour transcript.
func BenchmarkLabelOneHour(b *testing.B) {
	text, words := acibench.OneHour(b)
	en := lexicon.For("en")
	units := discourse.Units(transcript.Split(text, nil), en)
	discourse.Label(units, en) // load the models outside the timing
	b.ResetTimer()
	for b.Loop() {
		discourse.Label(units, en)
	}
	b.ReportMetric(float64(words), "words")
	b.ReportMetric(float64(len(units)), "units")
}

// BenchmarkInferRolesOneHour infers the roles of an hour of unlabelled
// turns.
func BenchmarkInferRolesOneHour(b *testing.B) {
	text, _ := acibench.OneHour(b)
	segs := transcript.Split(text, nil)
	infer := discourse.InferRoles("en")
	unknown := make([]transcript.Segment, len(segs))
	b.ResetTimer()
	for b.Loop() {
		b.StopTimer()
		for i, s := range segs {
			s.Speaker = transcript.Unknown
			unknown[i] = s
		}
		b.StartTimer()
		infer(unknown)
	}
}

// unpunctuated returns an hour of speech as a recogniser writes it: the
// turns of acibench.OneHour lower-cased, their punctuation taken out.
func unpunctuated(b *testing.B) []transcript.Segment {
	text, _ := acibench.OneHour(b)
	segs := transcript.Split(text, nil)
	for i, s := range segs {
		segs[i].Text = strings.Join(strings.FieldsFunc(strings.ToLower(s.Text), func(r rune) bool {
			return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '\''
		}), " ")
	}
	return segs
}

// BenchmarkBoundariesOneHour finds the sentences of an hour of speech
// without punctuation (every turn of any length read by the boundary
// model): a few of the 50 ms the note writer has for a one-hour
// transcript.
func BenchmarkBoundariesOneHour(b *testing.B) {
	segs := unpunctuated(b)
	en := lexicon.For("en")
	m := discourse.BoundaryModelFor("en")
	toks := make([][]lexicon.Token, len(segs))
	for i, s := range segs {
		toks[i] = en.Tokenize(s.Text)
	}
	cuts := 0
	for _, t := range toks {
		cuts += len(m.Cuts(t, en))
	}
	b.ResetTimer()
	for b.Loop() {
		for _, t := range toks {
			m.Cuts(t, en)
		}
	}
	b.ReportMetric(float64(len(segs)), "turns")
	b.ReportMetric(float64(cuts), "boundaries")
}

// BenchmarkUnitsOneHourUnpunctuated cuts the same hour into units, as
// the note writer does: tokens, boundaries and questions.
func BenchmarkUnitsOneHourUnpunctuated(b *testing.B) {
	segs := unpunctuated(b)
	en := lexicon.For("en")
	units := discourse.Units(segs, en)
	b.ResetTimer()
	for b.Loop() {
		discourse.Units(segs, en)
	}
	b.ReportMetric(float64(len(segs)), "turns")
	b.ReportMetric(float64(len(units)), "units")
}
