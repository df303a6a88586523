package notewriter

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestNegationReachesOnlyItsClause: a negation denies the symptom it
// governs, not one mentioned later in another clause of the same sentence.
func TestNegationReachesOnlyItsClause(t *testing.T) {
	t.Parallel()
	cases := []struct {
		lang, said string
		want       map[string]bool // finding -> present
	}{
		{"en", "i have not had any fever", map[string]bool{"fever": false}},
		{"en", "i do not know if it is related but my anxiety has been worse and i have a cough",
			map[string]bool{"anxiety": true, "cough": true}},
		{"en", "no nausea , but i have been vomiting", map[string]bool{"nausea": false, "vomiting": true}},
		{"fr", "je n'ai pas de fièvre", map[string]bool{"fièvre": false}},
		{"fr", "je ne sais pas si c'est lié mais mon anxiété est pire", map[string]bool{"anxiété": true}},
	}
	for _, c := range cases {
		t.Run(c.lang+"/"+c.said, func(t *testing.T) {
			t.Parallel()
			lex := lexiconFor(c.lang)
			a := &analyzer{lex: lex, lang: c.lang, problem: -1, seen: map[string]bool{}, findings: map[string]int{}}
			a.recordFindings(padTokens(c.said), speakerPatient, Span{})
			got := map[string]bool{}
			for _, f := range a.out.findings {
				got[f.name] = f.present
			}
			require.Equal(t, c.want, got)
		})
	}
}
