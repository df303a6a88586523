package transcript_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/acibench"
	"github.com/notegen/notegen/internal/transcript"
)

func TestSplitLabels(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		in   string
		want []transcript.Segment
	}{
		{"aci-bench brackets", "[doctor] hi , martha .\n[patient] i'm okay .\n[patient_guest] she is not .",
			[]transcript.Segment{
				{ID: 0, Speaker: transcript.Clinician, Text: "hi , martha ."},
				{ID: 1, Speaker: transcript.Patient, Text: "i'm okay ."},
				{ID: 2, Speaker: transcript.Other, Text: "she is not ."},
			}},
		{"colons english", "Doctor: How are you?\nPatient: Fine.\nNurse: BP is 120/80.\nInterpreter: Elle dit oui.",
			[]transcript.Segment{
				{ID: 0, Speaker: transcript.Clinician, Text: "How are you?"},
				{ID: 1, Speaker: transcript.Patient, Text: "Fine."},
				{ID: 2, Speaker: transcript.Other, Text: "BP is 120/80."},
				{ID: 3, Speaker: transcript.Other, Text: "Elle dit oui."},
			}},
		{"french with spaced and no-break colons", "Médecin : Bonjour.\nPatiente\u00a0: Bonjour docteur.\nInfirmière : Tension à 13/8.\nDr. Martin : Très bien.",
			[]transcript.Segment{
				{ID: 0, Speaker: transcript.Clinician, Text: "Bonjour."},
				{ID: 1, Speaker: transcript.Patient, Text: "Bonjour docteur."},
				{ID: 2, Speaker: transcript.Other, Text: "Tension à 13/8."},
				{ID: 3, Speaker: transcript.Clinician, Text: "Très bien."},
			}},
		{"wrapped turn continues its speaker", "[doctor] hey , dragon ? order an echo .\nlastly , your blood pressure .\n\n[patient] mm-hmm .",
			[]transcript.Segment{
				{ID: 0, Speaker: transcript.Clinician, Text: "hey , dragon ? order an echo .\nlastly , your blood pressure ."},
				{ID: 1, Speaker: transcript.Patient, Text: "mm-hmm ."},
			}},
		{"headings are not labels", "Plan: start metformin.\nAssessment: diabetes.",
			[]transcript.Segment{
				{ID: 0, Speaker: transcript.Unknown, Text: "Plan: start metformin."},
				{ID: 1, Speaker: transcript.Unknown, Text: "Assessment: diabetes."},
			}},
		{"numbered voices are unknown", "Speaker 1: Hello.\nLocuteur 2 : Bonjour.",
			[]transcript.Segment{
				{ID: 0, Speaker: transcript.Unknown, Text: "Hello."},
				{ID: 1, Speaker: transcript.Unknown, Text: "Bonjour."},
			}},
		{"label alone on its line", "[doctor]\nhow is the knee ?",
			[]transcript.Segment{{ID: 0, Speaker: transcript.Clinician, Text: "how is the knee ?"}}},
		{"empty", "  \n\n", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			require.Equal(t, c.want, transcript.Split(c.in, nil))
		})
	}
}

func TestSplitCallsInferrerOnlyForUnknownTurns(t *testing.T) {
	t.Parallel()
	calls := 0
	infer := func(segs []transcript.Segment) {
		calls++
		for i := range segs {
			if segs[i].Speaker == transcript.Unknown {
				segs[i].Speaker = transcript.Patient
			}
		}
	}
	segs := transcript.Split("I have had a cough for two weeks.", infer)
	require.Equal(t, 1, calls)
	require.Equal(t, transcript.Patient, segs[0].Speaker)

	transcript.Split("[doctor] hello\n[patient] hi", infer)
	require.Equal(t, 1, calls, "a fully labelled transcript needs no inference")
}

// TestTextTurnHasNoTimes: a text job's segment has no times (the wire
// writes null), and its label gives the role.
func TestTextTurnHasNoTimes(t *testing.T) {
	t.Parallel()
	require.Equal(t, []transcript.Segment{{ID: 0, Speaker: transcript.Clinician, Text: "hi"}}, transcript.Split("Doctor: hi", nil))
}

func TestSliceCountsCodePoints(t *testing.T) {
	t.Parallel()
	s := transcript.Segment{ID: 1, Text: "fièvre à 38,5"}
	got, err := s.Slice(7, 13)
	require.NoError(t, err)
	require.Equal(t, "à 38,5", got)
	require.Equal(t, 13, s.Len())
	_, err = s.Slice(7, 14)
	require.ErrorContains(t, err, "segment 1")
	_, err = s.Slice(3, 2)
	require.Error(t, err)
}

// TestSplitACIBench checks every train and valid dialogue: every turn gets
// the role of its tag, and no words are lost or invented.
func TestSplitACIBench(t *testing.T) {
	t.Parallel()
	for _, split := range []string{"train", "valid"} {
		for _, e := range acibench.Read(t, split) {
			dialogue := e.Dialogue
			segs := transcript.Split(dialogue, nil)
			require.Equal(t, strings.Count(dialogue, "\n[")+1, len(segs), e.ID)
			var words []string
			for i, s := range segs {
				require.Equal(t, i, s.ID)
				require.NotEqual(t, transcript.Unknown, s.Speaker, e.ID)
				words = append(words, strings.Fields(s.Text)...)
			}
			var want []string
			for _, w := range strings.Fields(dialogue) {
				if !strings.HasPrefix(w, "[doctor]") && !strings.HasPrefix(w, "[patient") {
					want = append(want, w)
				}
			}
			require.Equal(t, want, words, e.ID)
		}
	}
}

func TestFromTimed(t *testing.T) {
	t.Parallel()
	segs := transcript.FromTimed([]transcript.Timed{
		{Start: 0, End: 2.5, Text: " Hello, how are you? "},
		{Start: 2.5, End: 3, Text: "  "},
		{Start: 3.1, End: 6.25, Text: "I've had a cough for two weeks."},
	}, nil)
	at := func(s float64) *float64 { return &s }
	require.Equal(t, []transcript.Segment{
		{ID: 0, Speaker: transcript.Unknown, Start: at(0), End: at(2.5), Text: "Hello, how are you?"},
		{ID: 1, Speaker: transcript.Unknown, Start: at(3.1), End: at(6.25), Text: "I've had a cough for two weeks."},
	}, segs)
	require.Empty(t, transcript.FromTimed(nil, nil))
}
