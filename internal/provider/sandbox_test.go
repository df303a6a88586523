package provider

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// A sandbox note is a sample: its sentences come from no input, so none
// cites the submitted text, however much text there was to cite.
func TestSandboxNoteCitesNothingOfTheInput(t *testing.T) {
	t.Parallel()
	for _, lang := range []string{"en", "fr"} {
		note, err := Sandbox{}.Write(context.Background(), NoteRequest{
			Transcript: "[doctor] What brings you in?\n[patient] Chest pain for two days.\n[doctor] Start aspirin 81 mg daily.",
			Template:   "primaryCare", VisitType: "followUp", RecordingType: "conversation", Lang: lang,
		})
		require.NoError(t, err)
		require.NotEmpty(t, note.Sections, lang)
		require.Equal(t, "chiefComplaint", note.Sections[0].Key, "the template's sections, as a real note has")
		for _, sec := range note.Sections {
			require.Len(t, sec.Sentences, 1, "%s %s", lang, sec.Key)
			sent := sec.Sentences[0]
			require.Contains(t, note.Text, sent.Text)
			require.Empty(t, sent.Spans, "%s %s: %q says nothing the input said", lang, sec.Key, sent.Text)
		}
	}
}

// A sandbox stream's segment says, in the stream's language, that it is
// sample text and how much audio arrived, before the sample itself.
func TestSampleStreamSegmentSaysItIsASample(t *testing.T) {
	t.Parallel()
	en := SampleStreamSegment("en", 2500*time.Millisecond)
	require.True(t, strings.HasPrefix(en, "[Sandbox sample: no speech recognition ran on the 2.5 s of audio received"), en)
	require.True(t, strings.HasSuffix(en, "\n"+SampleTranscript("en", "conversation")), en)
	fr := SampleStreamSegment("fr", 61*time.Second)
	require.True(t, strings.HasPrefix(fr, "[Exemple du bac à sable : aucune reconnaissance vocale sur les 61,0 s d'audio reçues"), fr)
	require.True(t, strings.HasSuffix(fr, "\n"+SampleTranscript("fr", "conversation")), fr)
}
