package facts_test

import (
	"testing"
	"unicode/utf8"

	"github.com/notegen/notegen/internal/facts"
	"github.com/notegen/notegen/internal/transcript"
)

// FuzzExtract feeds arbitrary text (a client's input) through segmentation
// and extraction: nothing may panic, and every span must fit its segment.
func FuzzExtract(f *testing.F) {
	for _, seed := range []string{
		"[doctor] blood pressure one fifty over ninety . lisinopril 20 mg daily .",
		"Médecin : tension cent trente sur quatre-vingt-cinq - - quatre-vingt-",
		"Patient: allergic to\n[patient]\n\n: : [",
		"point point and a half hundred thousand a",
		"dix-sept-vingt-et- virgule , 38,5/ 1.2.3 120/",
		"\xff\xfe[doctor]\x00 mg",
	} {
		f.Add(seed, "en")
		f.Add(seed, "fr")
	}
	x := facts.New()
	f.Fuzz(func(t *testing.T, text, lang string) {
		segs := transcript.Split(text, nil)
		got := x.Extract(segs, lang)
		check := func(spans []facts.Span) {
			for _, sp := range spans {
				if sp.Segment < 0 || sp.Segment >= len(segs) {
					t.Fatalf("span names segment %d of %d", sp.Segment, len(segs))
				}
				n := utf8.RuneCountInString(segs[sp.Segment].Text)
				if sp.Start < 0 || sp.End > n || sp.Start >= sp.End {
					t.Fatalf("span [%d,%d) does not fit a segment of %d code points", sp.Start, sp.End, n)
				}
			}
		}
		for _, p := range got.Problems {
			check(p.Spans)
		}
		for _, m := range got.Medications {
			check(m.Spans)
		}
		for _, a := range got.Allergies {
			check(a.Spans)
		}
		for _, v := range got.Vitals {
			check(v.Spans)
		}
		for _, o := range got.Orders {
			check(o.Spans)
		}
	})
}
