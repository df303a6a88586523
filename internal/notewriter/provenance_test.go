package notewriter

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestEverySentenceKnowsWhereItCameFrom checks the provenance of a French
// note (accents make byte and code-point offsets differ): each written
// sentence points at transcript text that holds its content, and the plain
// text is the sections laid out.
func TestEverySentenceKnowsWhereItCameFrom(t *testing.T) {
	t.Parallel()
	note := writeConversation(t, "fr", frenchVisit)
	require.Equal(t, sectionsText(note.Sections), note.Text)
	transcript := []rune(frenchVisit)
	turns, _ := splitTurns(frenchVisit)
	said := func(sp Span) string {
		require.True(t, 0 <= sp.Start && sp.Start < sp.End && sp.End <= len(transcript), "span %+v in bounds", sp)
		require.Less(t, sp.Turn, len(turns))
		return string(transcript[sp.Start:sp.End])
	}
	found := map[string]string{}
	for _, s := range note.Sections {
		for _, sent := range s.Sentences {
			for _, sp := range sent.Sources {
				text := said(sp)
				require.Contains(t, turns[sp.Turn].text, text, "a span lies inside its turn")
				for _, probe := range []string{"120/80", "genou droit est enflé", "pénicilline", "metformine"} {
					if strings.Contains(sent.Text, probe) {
						found[probe] = text
					}
				}
			}
		}
	}
	require.Contains(t, found["120/80"], "cent vingt sur quatre-vingts")
	require.Contains(t, found["genou droit est enflé"], "le genou droit est enflé")
	require.Contains(t, found["pénicilline"], "je suis allergique à la pénicilline")
	require.Contains(t, found["metformine"], "continuer la metformine")
}

// TestAnsweredQuestionCitesQuestionAndAnswer: "Denies fever" comes from the
// question and the "no", so both are its sources.
func TestAnsweredQuestionCitesQuestionAndAnswer(t *testing.T) {
	t.Parallel()
	note := writeConversation(t, "en", englishVisit)
	transcript := []rune(englishVisit)
	for _, s := range note.Sections {
		for _, sent := range s.Sentences {
			if !strings.Contains(sent.Text, "Denies fever") {
				continue
			}
			var said []string
			for _, sp := range sent.Sources {
				said = append(said, string(transcript[sp.Start:sp.End]))
			}
			require.Contains(t, said, "any fever or chills ?")
			require.Contains(t, said, "no .")
			return
		}
	}
	t.Fatalf("no denial of fever in:\n%s", note.Text)
}
