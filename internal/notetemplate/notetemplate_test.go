package notetemplate

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestEveryTemplateHasTitlesAndSectionsInBothLanguages(t *testing.T) {
	t.Parallel()
	require.Len(t, IDs(), 14)
	for _, id := range IDs() {
		t.Run(id, func(t *testing.T) {
			t.Parallel()
			tmpl, ok := Lookup(id)
			require.True(t, ok)
			require.Equal(t, id, tmpl.ID())
			require.NotEqual(t, tmpl.Title(English), tmpl.Title(French), "French title must be translated")
			for _, lang := range []Lang{English, French} {
				for _, style := range []Style{SOAP, ProblemBased} {
					sections := tmpl.Sections(lang, style)
					require.NotEmpty(t, sections)
					seen := map[string]bool{}
					for _, s := range sections {
						require.NotEmpty(t, s.Heading, "section %s has no heading in %s", s.Key, lang)
						require.False(t, seen[s.Key], "duplicate section %s", s.Key)
						seen[s.Key] = true
					}
				}
			}
		})
	}
}

func TestSectionsByStyle(t *testing.T) {
	t.Parallel()
	tmpl, ok := Lookup(PrimaryCare)
	require.True(t, ok)
	keys := func(ss []Section) []string {
		var out []string
		for _, s := range ss {
			out = append(out, s.Key)
		}
		return out
	}
	soap := keys(tmpl.Sections(English, SOAP))
	require.Contains(t, soap, KeyAssessment)
	require.Contains(t, soap, KeyPlan)
	require.NotContains(t, soap, KeyAssessmentAndPlan)
	problem := tmpl.Sections(French, ProblemBased)
	require.Contains(t, keys(problem), KeyAssessmentAndPlan)
	require.NotContains(t, keys(problem), KeyPlan)
	require.Equal(t, "Évaluation et plan", problem[len(problem)-1].Heading)
	require.Equal(t, soap[:len(soap)-2], keys(problem)[:len(problem)-1], "only assessment and plan change")
}

func TestLocalisedHeadingsAndOverrides(t *testing.T) {
	t.Parallel()
	cases := []struct {
		template, key string
		lang          Lang
		want          string
	}{
		{ER, KeyChiefComplaint, English, "Chief Complaint"},
		{ER, KeyChiefComplaint, French, "Motif de consultation"},
		{Nursing, KeyHPI, English, "Subjective Data"},
		{Nursing, KeyHPI, French, "Données subjectives"},
		{Radiology, KeyImpression, French, "Impression"},
		{Radiology, KeyFindings, French, "Constatations"},
	}
	for _, c := range cases {
		tmpl, ok := Lookup(c.template)
		require.True(t, ok)
		found := ""
		for _, s := range tmpl.Sections(c.lang, SOAP) {
			if s.Key == c.key {
				found = s.Heading
			}
		}
		require.Equal(t, c.want, found, "%s/%s/%s", c.template, c.key, c.lang)
	}
}

func TestLookupAndParsing(t *testing.T) {
	t.Parallel()
	_, ok := Lookup("dermatology")
	require.False(t, ok)
	lang, err := ParseLang("")
	require.NoError(t, err)
	require.Equal(t, English, lang)
	_, err = ParseLang("de")
	require.Error(t, err)
	style, err := ParseStyle("")
	require.NoError(t, err)
	require.Equal(t, SOAP, style)
	_, err = ParseStyle("narrative")
	require.Error(t, err)
	h, ok := Heading(KeyRadiologyTest, English)
	require.False(t, ok)
	require.Empty(t, h)
}

// KeyRadiologyTest is not a real key; Heading must reject it.
const KeyRadiologyTest = "notAKey"
