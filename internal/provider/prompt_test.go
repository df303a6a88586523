package provider

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestPromptFollowsTemplateLanguageAndStyle(t *testing.T) {
	t.Parallel()
	base := NoteRequest{Transcript: "[doctor] hello", Template: "radiology", RecordingType: "conversation", Lang: "en"}
	p, err := BuildPrompt(base)
	require.NoError(t, err)
	require.Contains(t, p.System, "IMPRESSION", "the template's sections are the headings")
	require.Contains(t, p.System, "Write the note in English")
	require.Contains(t, p.User, "[doctor] hello")
	require.Contains(t, p.System, "from the doctor-patient conversation transcript below")

	fr := base
	fr.OutputLanguage = "fr"
	p, err = BuildPrompt(fr)
	require.NoError(t, err)
	require.Contains(t, p.System, "Write the note in French")
	require.NotEqual(t, "", p.Title)

	pb := base
	pb.Template, pb.DocumentationStyle = "primaryCare", "problemBased"
	p, err = BuildPrompt(pb)
	require.NoError(t, err)
	require.Contains(t, p.System, "problem-based")

	custom := base
	custom.CustomTemplate, custom.CustomContext = "Summary\nNext steps", "Patient is a pilot"
	p, err = BuildPrompt(custom)
	require.NoError(t, err)
	require.Contains(t, p.System, "SUMMARY\nNEXT STEPS\n", "the custom template's headings, as every writer reads them")
	require.NotContains(t, p.System, "IMPRESSION", "a custom template replaces the template's headings")
	require.True(t, strings.HasPrefix(p.User, "Context from the clinician:\nPatient is a pilot"))

	_, err = BuildPrompt(NoteRequest{Template: "nope", Lang: "en"})
	require.Error(t, err)
}

func TestEndpoint(t *testing.T) {
	t.Parallel()
	for base, want := range map[string]string{
		"https://api.openai.com/v1":                          "https://api.openai.com/v1/audio/transcriptions",
		"http://127.0.0.1:8090":                              "http://127.0.0.1:8090/v1/audio/transcriptions",
		"http://127.0.0.1:8090/v1/":                          "http://127.0.0.1:8090/v1/audio/transcriptions",
		"https://example.com/openai/v1/audio/transcriptions": "https://example.com/openai/v1/audio/transcriptions",
	} {
		require.Equal(t, want, endpoint(base, "/audio/transcriptions"), base)
	}
}
