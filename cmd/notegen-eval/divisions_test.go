package main

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestSplitDivisionsMatchesSectionsPy compares the split with the output of
// ../shared/eval/sections.py eval_texts on the same notes (expected values
// were printed by that script): first section per division kept, later
// sections absorbed, bare "exam" header, case-sensitive IMPRESSION.
func TestSplitDivisionsMatchesSectionsPy(t *testing.T) {
	t.Parallel()
	note := "CHIEF COMPLAINT\n\nKnee pain.\n\nHISTORY OF PRESENT ILLNESS\n\nHe fell.\n\nPHYSICAL EXAM\nKnee swollen.\n" +
		"RESULTS: x-ray normal\nAssessment: sprain\nPLAN\nIce.\nIMPRESSION later\nchief complaint again"
	require.Equal(t, map[string]string{
		"subjective":          "CHIEF COMPLAINT__lf1____lf1__Knee pain.__lf1____lf1__HISTORY OF PRESENT ILLNESS__lf1____lf1__He fell.__lf1____lf1__",
		"objective_exam":      "PHYSICAL EXAM__lf1__Knee swollen.__lf1__",
		"objective_results":   "RESULTS: x-ray normal__lf1__",
		"assessment_and_plan": "Assessment: sprain__lf1__PLAN__lf1__Ice.__lf1__IMPRESSION later__lf1__chief complaint again",
	}, splitDivisions(note))
	require.Equal(t, map[string]string{
		"subjective":          "just text__lf1__",
		"objective_exam":      "exam__lf1__more",
		"objective_results":   "#####EMPTY#####",
		"assessment_and_plan": "#####EMPTY#####",
	}, splitDivisions("just text\nexam\nmore"))
}

func TestDivisionRouge1(t *testing.T) {
	t.Parallel()
	ref := "HISTORY OF PRESENT ILLNESS\nKnee pain.\nPHYSICAL EXAM\nSwollen knee."
	got := divisionRouge1(ref, "HISTORY OF PRESENT ILLNESS\nKnee pain.\nPLAN\nIce.")
	require.InDelta(t, 1.0, got["subjective"], 1e-9)
	require.InDelta(t, 0.0, got["objective_exam"], 1e-9, "a division missing from the candidate scores 0")
	require.InDelta(t, 1.0, got["objective_results"], 1e-9, "missing from both: the markers match, as in ACI-BENCH")
	require.InDelta(t, 0.0, got["assessment_and_plan"], 1e-9)
}
