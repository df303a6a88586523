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
	note := writeConversation(t, "en", visit)
	require.NotContains(t, strings.ToLower(note.Text), "numbness", note.Text)

	numb := writeConversation(t, "en", "[doctor] any other symptoms ?\n[patient] my feet feel numb at night .\n")
	require.Contains(t, numb.Text, "Endorses numbness", numb.Text)
}

// TestDecimalWithoutItsZeroIsNotTenTimesLarger: "a . five centimeter" is
// 0.5 cm with its point transcribed as a full stop; the note must not
// turn it into a sentence starting "5 cm".
func TestDecimalWithoutItsZeroIsNotTenTimesLarger(t *testing.T) {
	t.Parallel()
	visit := "[doctor] so i reviewed the ct scan of your abdomen and it does show a . five centimeter kidney stone located in the proximal right ureter .\n" +
		"[patient] okay .\n"
	note := writeConversation(t, "en", visit)
	require.Contains(t, note.Text, "a point five centimeter kidney stone", note.Text)
	require.NotContains(t, note.Text, "5 cm", note.Text)
}

// TestSmallDecimalsStayDecimals: a value under ten cut by a transcribed
// full stop is a decimal too; "two . five milligrams" written as "2." and
// "5 mg" doubled the dose.
func TestSmallDecimalsStayDecimals(t *testing.T) {
	t.Parallel()
	for said, want := range map[string]string{
		"i want you to take norvasc two . five milligrams daily .":                 "norvasc two point five milligrams daily",
		"your hemoglobin a1c was seven . one you know which is better .":           "seven point one",
		"she was diagnosed with a four . four centimeter left upper lobe nodule .": "a four point four centimeter left upper lobe nodule",
	} {
		note := writeConversation(t, "en", "[doctor] "+said+"\n[patient] okay .\n")
		require.Contains(t, note.Text, want, note.Text)
	}
	walk := writeConversation(t, "en", "[patient] i walk two miles . two days ago it got worse .\n")
	require.NotContains(t, walk.Text, "point", "a stop after a word is a sentence's end")
}

// TestAnswersKeepTheirPolarity: "i have not" is a no although it opens
// with "i have", and a "no" followed by an exception ("nope, just
// penicillin"; "no, just a headache") does not deny what the exception
// names. Each was charted the other way round.
func TestAnswersKeepTheirPolarity(t *testing.T) {
	t.Parallel()
	for visit, want := range map[string][]string{
		"[doctor] have you had any fever or chills ?\n[patient] uh , i have not .\n":                                                           {"Denies fever and chills"},
		"[doctor] are you having any nausea or vomiting\n[patient] no just really just kind of a a headache just generally do n't feel well\n": {"Endorses headaches"},
		"[doctor] any allergies to medications ?\n[patient] nope , just penicillin .\n":                                                        nil,
	} {
		note := writeConversation(t, "en", visit)
		for _, w := range want {
			require.Contains(t, note.Text, w, note.Text)
		}
		require.NotContains(t, note.Text, "Endorses fever", note.Text)
		require.NotContains(t, note.Text, "Denies headache", note.Text)
		require.NotContains(t, note.Text, "Denies allergies", note.Text)
	}
}

// TestUnpunctuatedHaveYouExperiencedIsAQuestion: speech-to-text without
// punctuation asks "have you experienced any numbness" mid-sentence; it is
// a question, not the clinician stating numbness.
func TestUnpunctuatedHaveYouExperiencedIsAQuestion(t *testing.T) {
	t.Parallel()
	visit := "[doctor] and so with your shoulder have you experienced any numbness in your arm or in your fingers\n[patient] no numbness or tingling\n"
	note := writeConversation(t, "en", visit)
	require.NotContains(t, note.Text, "Endorses numbness", note.Text)
	require.Contains(t, note.Text, "Denies numbness", note.Text)
}
