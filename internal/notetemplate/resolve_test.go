package notetemplate

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestResolveFallbacks(t *testing.T) {
	t.Parallel()
	r, err := Resolve(Request{Template: "primaryCare"})
	require.NoError(t, err)
	require.Equal(t, English, r.Spoken, "no language is English")
	require.Equal(t, English, r.Output, "no output language is the spoken one")
	require.Equal(t, SOAP, r.Style, "no style is SOAP")
	require.False(t, r.Custom)
	require.Equal(t, r.Template.Sections(English, SOAP), r.Sections)

	r, err = Resolve(Request{Template: "primaryCare", Lang: "fr"})
	require.NoError(t, err)
	require.Equal(t, French, r.Output, "the note is in the language spoken unless told otherwise")

	r, err = Resolve(Request{Template: "primaryCare", Lang: "fr", OutputLanguage: "en", DocumentationStyle: "problemBased"})
	require.NoError(t, err)
	require.Equal(t, French, r.Spoken)
	require.Equal(t, English, r.Output)
	require.Equal(t, r.Template.Sections(English, ProblemBased), r.Sections)

	r, err = Resolve(Request{Template: "primaryCare", CustomTemplate: " \n\n"})
	require.NoError(t, err)
	require.False(t, r.Custom, "a custom template naming no heading keeps the template's")

	r, err = Resolve(Request{Template: "primaryCare", CustomTemplate: "Summary\nPlan:"})
	require.NoError(t, err)
	require.True(t, r.Custom)
	require.Equal(t, []Section{{Key: "custom:summary", Heading: "Summary"}, {Key: KeyPlan, Heading: "Plan"}}, r.Sections)

	for name, bad := range map[string]Request{
		"template":        {Template: "nope"},
		"language":        {Template: "primaryCare", Lang: "de"},
		"output language": {Template: "primaryCare", OutputLanguage: "de"},
		"style":           {Template: "primaryCare", DocumentationStyle: "narrative"},
	} {
		_, err := Resolve(bad)
		require.Error(t, err, name)
	}
}

func TestCustomHeadingKeys(t *testing.T) {
	t.Parallel()
	got := parseCustomHeadings("## Motif:\n- Subjectif\n\nASSESSMENT AND PLAN:\nVitals\nSomething else")
	var keys, headings []string
	for _, s := range got {
		keys = append(keys, s.Key)
		headings = append(headings, s.Heading)
	}
	require.Equal(t, []string{"Motif", "Subjectif", "ASSESSMENT AND PLAN", "Vitals", "Something else"}, headings)
	require.Equal(t, []string{"chiefComplaint", "historyOfPresentIllness", "assessmentAndPlan", "vitalSigns", "custom:something else"}, keys)
}
