package clinical_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/clinical"
	"github.com/notegen/notegen/internal/discourse"
	"github.com/notegen/notegen/internal/transcript"
)

// partOf returns the part of the unit whose text starts with prefix.
func partOf(t *testing.T, r *clinical.Reading, prefix string) discourse.Part {
	t.Helper()
	for i, u := range r.Units {
		if strings.HasPrefix(r.UnitText(i), prefix) {
			return u.Part
		}
	}
	t.Fatalf("no unit starts with %q", prefix)
	return ""
}

// "Go to the emergency room if ..." sends the patient somewhere: it is the
// plan's safety net, not a command to a device ("go to the chest x-ray").
func TestGoingToTheEmergencyRoomIsNoDeviceCommand(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: So he has an ear infection.
Doctor: Go to the emergency room if he can't keep the medicine down or is very sleepy and hard to wake.
Mother: Okay.`)
	require.Equal(t, discourse.Plan, partOf(t, r, "Go to the emergency room"))
}

// A dictated heading said as a sentence of its own holds the lines after
// it until the next one; a past operation under the past history is no
// order, whatever the part model made of its line.
func TestADictatedHeadingHoldsTheLinesAfterIt(t *testing.T) {
	t.Parallel()
	text := "History of present illness. Mr. Fields returns for a blood pressure recheck. period.\n" +
		"His home readings average one forty-six over ninety-two comma mostly in the mornings. period.\n" +
		"He reports good adherence to his losartan. period. new paragraph.\n" +
		"Past medical history. Hypertension and gastroesophageal reflux. period.\n" +
		"He had a right inguinal hernia repair in twenty fifteen. period. new paragraph.\n" +
		"Home medications.\n" +
		"Losartan fifty milligrams once daily. period.\n"
	r := clinical.Read(transcript.Split(text, discourse.InferRoles("en")), clinical.Options{Lang: "en", Dictation: true})
	require.Equal(t, discourse.History, partOf(t, r, "His home readings"))
	require.Equal(t, discourse.History, partOf(t, r, "He reports good adherence"))
	require.Equal(t, discourse.PastHistory, partOf(t, r, "He had a right inguinal hernia repair"))
	for _, f := range r.Findings {
		require.False(t, f.Ordered && strings.Contains(f.Name, "hernia"), "the 2015 repair is no order")
	}
}

// "Continue home blood pressure monitoring and low salt diet": the level
// after the joiner qualifies the salt, and no low blood pressure is read.
func TestALevelBeforeANounAfterAJoinerIsNoMeasuresLevel(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: Continue home blood pressure monitoring and low salt diet.`)
	none(t, r, clinical.Condition, "hypotension")
	r = read(t, "en", `Patient: My blood pressure was low this morning.`)
	finding(t, r, clinical.Condition, "hypotension")
}
