package rouge

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestTokenize(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, in string
		want     []string
	}{
		{"punctuation and case", "Blood-pressure: 120/80 mmHg, OK.", []string{"blood", "pressure", "120", "80", "mmhg", "ok"}},
		{"accents split words like rouge_score", "Fièvre élevée", []string{"fi", "vre", "lev", "e"}},
		{"empty", " ,. ", []string{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			require.Equal(t, c.want, Tokenize(c.in))
		})
	}
}

func TestNGram(t *testing.T) {
	t.Parallel()
	ref := Tokenize("The cat sat on the mat.")
	cand := Tokenize("the cat lay on a mat")
	cases := []struct {
		name         string
		n            int
		wantP, wantR float64
	}{
		// Overlap: the (clipped to 1), cat, on, mat = 4 of 6 both ways.
		{"rouge-1 clips repeated tokens", 1, 4.0 / 6, 4.0 / 6},
		// Only "the cat" is shared among 5 bigrams each.
		{"rouge-2", 2, 1.0 / 5, 1.0 / 5},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			s := NGram(ref, cand, c.n)
			require.InDelta(t, c.wantP, s.Precision, 1e-9)
			require.InDelta(t, c.wantR, s.Recall, 1e-9)
			require.InDelta(t, 2*c.wantP*c.wantR/(c.wantP+c.wantR), s.F1, 1e-9)
		})
	}
	require.Zero(t, NGram(ref, nil, 1).F1, "an empty candidate scores zero")
}

func TestLsum(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, ref, cand string
		wantP, wantR    float64
	}{
		// Each reference line takes the union of its LCS with both candidate
		// lines, so swapped words across lines still all count.
		{"union LCS across lines", "the cat sat\nthe dog ran", "the cat ran\nthe dog sat", 1, 1},
		{"precision against a longer line", "a b", "a b c d", 0.5, 1},
		// Without the union the second reference line would add nothing;
		// token counts stop "a" being credited twice.
		{"tokens consumed once", "a b\na", "a", 1, 1.0 / 3},
		{"empty lines ignored", "a\n\n\nb", "b\n\na", 1, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			s := Lsum(c.ref, c.cand)
			require.InDelta(t, c.wantP, s.Precision, 1e-9)
			require.InDelta(t, c.wantR, s.Recall, 1e-9)
		})
	}
}

func TestComputeIdentical(t *testing.T) {
	t.Parallel()
	note := "CHIEF COMPLAINT\n\nKnee pain.\n\nPLAN\n\nOrder an MRI."
	s := Compute(note, note)
	require.InDelta(t, 1.0, s.Rouge1.F1, 1e-9)
	require.InDelta(t, 1.0, s.Rouge2.F1, 1e-9)
	require.InDelta(t, 1.0, s.RougeLsum.F1, 1e-9)
}
