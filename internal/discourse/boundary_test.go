package discourse_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/discourse"
	"github.com/notegen/notegen/internal/lexicon"
	"github.com/notegen/notegen/internal/transcript"
)

// The turns below were written for these tests, as a speech recogniser
// writes speech (lower case, no punctuation, a whole turn on one line),
// in an American clinic's manner, a British GP's and a dictation's; none
// comes from a data set.

// sentencesOf cuts one clinician's turn into units with cut and returns
// their texts.
func sentencesOf(t *testing.T, text string, cut func([]transcript.Segment, *lexicon.Lexicon) []discourse.Unit) ([]string, []discourse.Unit) {
	t.Helper()
	segs := []transcript.Segment{{Speaker: transcript.Clinician, Text: text}}
	units := cut(segs, lexicon.For("en"))
	var out []string
	words := 0
	for _, u := range units {
		s, err := segs[0].Slice(u.Start, u.End)
		require.NoError(t, err)
		out = append(out, s)
		words += len(strings.Fields(s))
	}
	require.Equal(t, len(strings.Fields(text)), words, "every word is in one unit: %q", out)
	return out, units
}

// Where a turn says the results, the plan or a question after a
// statement, each is a sentence of its own.
func TestBoundariesOfUnambiguousSentences(t *testing.T) {
	t.Parallel()
	for text, want := range map[string][]string{
		"the x-ray shows no fracture your blood pressure today is one thirty over eighty your labs were normal": {
			"the x-ray shows no fracture", "your blood pressure today is one thirty over eighty", "your labs were normal"},
		"so i'm going to order a ct scan of your abdomen and we'll get some blood work as well do you have any questions": {
			"so i'm going to order a ct scan of your abdomen and we'll get some blood work as well", "do you have any questions"},
	} {
		got, _ := sentencesOf(t, text, discourse.Units)
		require.Equal(t, want, got)
	}
}

// A British GP's turn: the assessment and the prescription are sentences
// of their own (how the opening "right well" is cut is left to the
// model).
func TestBoundariesBritishStyle(t *testing.T) {
	t.Parallel()
	got, _ := sentencesOf(t, "right well your chest sounds a bit crackly on the left i think it's a chest infection "+
		"i'll give you a course of amoxicillin three times a day for five days", discourse.Units)
	require.Contains(t, got, "i think it's a chest infection")
	require.Contains(t, got, "i'll give you a course of amoxicillin three times a day for five days")
	require.Contains(t, got[len(got)-3], "your chest sounds a bit crackly on the left")
}

// The question a turn ends with is marked: the unit that asks, not the
// whole turn.
func TestBoundariesMarkTheQuestion(t *testing.T) {
	t.Parallel()
	_, units := sentencesOf(t, "so i'm going to order a ct scan of your abdomen and we'll get some blood work as well do you have any questions", discourse.Units)
	require.Len(t, units, 2)
	require.False(t, units[0].Question)
	require.True(t, units[1].Question)
}

// A dictation said without its punctuation (its headings said, as
// clinicians dictate them) is cut too: the history, the exam and the plan
// do not end in one unit.
func TestBoundariesOfADictationWithoutPunctuation(t *testing.T) {
	t.Parallel()
	got, _ := sentencesOf(t, "this is a fifty two year old male presenting with three days of left ear pain "+
		"on exam the left tympanic membrane is erythematous and bulging assessment acute otitis media "+
		"plan amoxicillin five hundred milligrams three times daily for ten days follow up in two weeks", discourse.DictatedUnits)
	unit := func(s string) int {
		for i, u := range got {
			if strings.Contains(u, s) {
				return i
			}
		}
		t.Fatalf("no unit holds %q: %q", s, got)
		return -1
	}
	history, exam, plan := unit("presenting with three days"), unit("is erythematous and bulging"), unit("amoxicillin five hundred")
	require.Less(t, history, exam, "%q", got)
	require.Less(t, exam, plan, "%q", got)
}

// Written punctuation decides where sentences end: a segment with a full
// stop is cut as lexicon.Sentences cuts it, model or not.
func TestPunctuatedSegmentsAreCutAtTheirMarks(t *testing.T) {
	t.Parallel()
	en := lexicon.For("en")
	segs := []transcript.Segment{{Speaker: transcript.Clinician,
		Text: "Your lungs sound clear and your heart is regular so I will order a CT scan. Any questions"}}
	with := discourse.Units(segs, en)
	without := discourse.UnitsWith(segs, en, discourse.NewQuestioner(nil, en), nil, en.Tokenize)
	require.Len(t, with, 2)
	for i := range with {
		require.Equal(t, without[i].Start, with[i].Start)
		require.Equal(t, without[i].End, with[i].End)
	}
}

// A short reply or question is read whole, and a language without a
// boundary model keeps each unpunctuated segment one unit.
func TestShortSegmentsAndLanguagesWithoutAModel(t *testing.T) {
	t.Parallel()
	for _, text := range []string{"no i have not", "okay any fever or chills"} {
		got, _ := sentencesOf(t, text, discourse.Units)
		require.Equal(t, []string{text}, got)
	}
	fr := lexicon.For("fr")
	require.Nil(t, discourse.BoundaryModelFor("fr"))
	segs := []transcript.Segment{{Speaker: transcript.Clinician,
		Text: "vos poumons sont clairs votre tension est à treize huit je vous prescris de l'amoxicilline pendant sept jours"}}
	require.Len(t, discourse.Units(segs, fr), 1)
}

// The boundary model's features are made in one place for training and
// inference: the features of a gap do not depend on punctuation the
// recogniser left out, and the count of words since the last boundary
// follows the decisions made.
func TestBoundaryFeaturesIgnorePunctuation(t *testing.T) {
	t.Parallel()
	en := lexicon.For("en")
	spec := discourse.BoundaryModelFor("en").Features
	collect := func(text string, cutAfter int) [][]string {
		var out [][]string
		k := 0
		discourse.BoundaryFeatures(en.Tokenize(text), en, spec, func(_ int, f []string) bool {
			out = append(out, append([]string(nil), f...))
			k++
			return k == cutAfter
		})
		return out
	}
	plain := collect("no fracture on the chest film your labs were normal", 0)
	require.Equal(t, plain, collect("No fracture on the chest film. Your labs were normal!", 0))
	require.Len(t, plain, 9, "a gap after every word but the last")
	require.NotEqual(t, plain[7], collect("no fracture on the chest film your labs were normal", 6)[7], "a boundary decided is read after it")
}
