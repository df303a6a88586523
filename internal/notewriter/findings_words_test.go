package notewriter

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestNumbersAreNotNumbness: a symptom's cue is a word, not the start of
// another ("numb" in "numbers", "numbing"): talk of blood pressure numbers
// is no neurological finding, and saying one's feet are numb is.
func TestNumbersAreNotNumbness(t *testing.T) {
	t.Parallel()
	visit := "[doctor] how have your blood pressure numbers been at home ?\n[patient] the top numbers are usually one thirty .\n" +
		"[doctor] okay , and any numbing medicine at the dentist lately ?\n[patient] no .\n"
	note := write(t, Input{Transcript: visit, Template: "primaryCare", RecordingType: "conversation", Lang: "en"})
	require.NotContains(t, strings.ToLower(note.Text), "numbness", note.Text)

	numb := write(t, Input{Transcript: "[doctor] any other symptoms ?\n[patient] my feet feel numb at night .\n", Template: "primaryCare",
		RecordingType: "conversation", Lang: "en"})
	require.Contains(t, numb.Text, "Endorses numbness", numb.Text)
}
