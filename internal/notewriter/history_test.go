package notewriter_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/notewriter"
)

// primaryCareNote is the built-in writer's primaryCare note of an English
// transcript recorded as recordingType.
func primaryCareNote(t *testing.T, text, recordingType string) string {
	t.Helper()
	note, err := notewriter.New().Write(context.Background(), notewriter.Input{Transcript: text, Template: "primaryCare",
		Lang: "en", RecordingType: recordingType})
	require.NoError(t, err)
	return note.Text
}

// sectionOf returns the text of the note's section titled title (upper
// case, as the note writes it), up to the next title.
func sectionOf(t *testing.T, note, title string) string {
	t.Helper()
	_, rest, ok := strings.Cut(note, title+"\n")
	require.True(t, ok, "no section %s in\n%s", title, note)
	var lines []string
	for _, line := range strings.Split(strings.TrimSpace(rest), "\n") {
		if line != "" && line == strings.ToUpper(line) && !strings.HasPrefix(line, "•") {
			break
		}
		lines = append(lines, line)
	}
	return strings.Join(lines, "\n")
}

// What the examination did not find ("No lower extremity edema.") is no
// symptom the patient denies: the review of systems and the history's
// denials leave it to the exam; what the patient denied stays.
func TestAnExamFindingIsNoDeniedSymptom(t *testing.T) {
	t.Parallel()
	text := "This is a sixty-seven year old male who presents with chest pressure that started two hours ago.\n" +
		"He denies nausea.\n" +
		"On exam, heart regular rate and rhythm without murmurs. Lungs are clear bilaterally. No lower extremity edema.\n"
	note := primaryCareNote(t, text, "dictation")
	ros := sectionOf(t, note, "REVIEW OF SYSTEMS")
	require.Contains(t, ros, "Denies nausea")
	require.NotContains(t, ros, "swelling", "the exam's finding in the review of systems")
	require.NotContains(t, sectionOf(t, note, "HISTORY OF PRESENT ILLNESS"), "swelling")
	require.Contains(t, sectionOf(t, note, "PHYSICAL EXAMINATION"), "edema")
}

// A symptom said to be over ("some nausea the first week, but that's
// gone") is no symptom the review of systems endorses today.
func TestAResolvedSymptomIsNotEndorsed(t *testing.T) {
	t.Parallel()
	text := "Psychiatrist: Any side effects from the sertraline?\nPatient: Some nausea the first week, but that's gone. I still worry about everything, I feel anxious most days.\n"
	note := primaryCareNote(t, text, "conversation")
	require.NotContains(t, sectionOf(t, note, "REVIEW OF SYSTEMS"), "nausea")
}

// A symptom the patient denies and the exam finds ("denies leg
// swelling", "trace bilateral ankle edema") is denied in the review of
// systems and the history, and found in the exam: the review never
// endorses what the patient denied.
func TestADeniedSymptomTheExamFindsStaysDenied(t *testing.T) {
	t.Parallel()
	text := "This is a seventy year old woman with heart failure who presents with a cough for a week.\n" +
		"She denies chest pain, fever or leg swelling.\n" +
		"On exam, lungs with scattered crackles. Trace bilateral ankle edema.\n"
	note := primaryCareNote(t, text, "dictation")
	ros := sectionOf(t, note, "REVIEW OF SYSTEMS")
	require.NotContains(t, ros, "Endorses leg swelling")
	require.Contains(t, ros, "leg swelling")
	require.Contains(t, sectionOf(t, note, "PHYSICAL EXAMINATION"), "edema")
}

// An interpreter for a patient who speaks relays her in her own first
// person: the note writes her in the third person, as her own words would
// be, and her husband as hers.
func TestAnInterpretersFirstPersonIsWrittenAsThePatients(t *testing.T) {
	t.Parallel()
	note := primaryCareNote(t, `Doctor: What brings you in today?
Patient: (speaks in Dari)
Interpreter: I have been itching for three weeks, mostly my hands and my wrists. My husband is itching too.
Doctor: Is she taking any medicines?
Interpreter: I take an iron tablet, one every day.`, "conversation")
	history := sectionOf(t, note, "HISTORY OF PRESENT ILLNESS")
	require.Contains(t, history, "has been itching for 3 weeks")
	require.Contains(t, history, "husband is itching too")
	require.NotContains(t, history, "I have been")
}

// Alone with the patient, the clinician's "you" is the patient even beside
// another's "she" ("our nurse ... she can give you your flu jab"); with a
// companion who speaks, "you" beside the patient's pronoun is the
// companion.
func TestYouIsTheCaregiverOnlyWhenOneSpeaks(t *testing.T) {
	t.Parallel()
	alone := primaryCareNote(t, `GP: Hello, is that Mrs Khan? How is the asthma?
Patient: Not great, I've been coughing at night for three weeks.
GP: I think your asthma isn't well controlled. I'd like you to restart your brown inhaler, two puffs twice a day.
Patient: Okay.
GP: I'd like you to see our asthma nurse in four weeks. While you're in, she can give you your flu jab.
Patient: Lovely, thank you.`, "conversation")
	require.NotContains(t, alone, "caregiver")
	withMum := primaryCareNote(t, `Doctor: What's brought Lily in today?
Mum: She's had a cough and a fever for two days.
Doctor: Her chest is clear, this is a viral cold. She can have paracetamol, and you can give her plenty of fluids.
Mum: Okay.`, "conversation")
	require.Contains(t, withMum, "caregiver")
}
