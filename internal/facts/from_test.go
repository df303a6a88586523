package facts_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/clinical"
	"github.com/notegen/notegen/internal/discourse"
	"github.com/notegen/notegen/internal/facts"
	"github.com/notegen/notegen/internal/transcript"
)

func factsOf(t *testing.T, text string) facts.Facts {
	t.Helper()
	segs := transcript.Split(text, discourse.InferRoles("en"))
	return facts.From(clinical.Read(segs, clinical.Options{Lang: "en"}))
}

func status(f facts.Facts, text string) string {
	for _, p := range f.Problems {
		if p.Text == text {
			return p.Status
		}
	}
	return ""
}

// TestProblemsAreWhatThePatientHas: a denied symptom, a relative's
// condition and a past habit are no problems; a history of a chronic
// condition is an active problem, an illness that went away a resolved
// one, a condition the x-ray excluded a ruled-out one; a diagnosis is
// named as the clinician said it ("a sprained ankle").
func TestProblemsAreWhatThePatientHas(t *testing.T) {
	t.Parallel()
	f := factsOf(t, `Doctor: Any chest pain?
Patient: No.
Doctor: Any family history?
Patient: My father had a heart attack.
Patient: I have a history of high blood pressure, and I had pneumonia last year but it cleared up.
Doctor: Do you smoke?
Patient: I quit ten years ago.
Doctor: Your x-ray shows no fracture.
Doctor: So it sounds like a sprained ankle.`)
	require.Empty(t, status(f, "chest pain"), "a denied symptom is no problem")
	require.Empty(t, status(f, "myocardial infarction"), "the father's heart attack is family history")
	require.Equal(t, facts.StatusActive, status(f, "hypertension"))
	require.Equal(t, facts.StatusResolved, status(f, "pneumonia"))
	require.Equal(t, facts.StatusRuledOut, status(f, "fracture"))
	// a diagnosis is written as said, with its place
	require.Equal(t, facts.StatusActive, status(f, "sprained ankle"))
	for _, p := range f.Problems {
		require.NotContains(t, p.Text, "smok", "a habit given up is no problem")
		require.NotEmpty(t, p.Spans, p.Text)
	}
}

// TestMedicationsAndOrdersCarryActionsAndReasons: a drug prescribed today
// is a start with its reason, a drug only asked about is no medication,
// a test ordered is an order with its reason and its spans.
func TestMedicationsAndOrdersCarryActionsAndReasons(t *testing.T) {
	t.Parallel()
	f := factsOf(t, `Doctor: Have you ever taken Augmentin?
Patient: No, never.
Patient: I take amlodipine five milligrams every morning.
Doctor: It sounds like a urinary tract infection.
Doctor: I'm going to start nitrofurantoin one hundred milligrams twice a day and send a urine culture.`)
	byName := map[string]facts.Medication{}
	for _, m := range f.Medications {
		byName[m.Name] = m
	}
	require.NotContains(t, byName, "augmentin", "a drug only asked about is none of the patient's")
	require.Equal(t, facts.ActionContinue, byName["amlodipine"].Action)
	require.Nil(t, byName["amlodipine"].Reason, "no reason was said")
	nitro := byName["nitrofurantoin"]
	require.Equal(t, facts.ActionStart, nitro.Action)
	require.Equal(t, "100 mg", *nitro.Dose)
	require.Equal(t, "twice daily", *nitro.Frequency)
	require.Equal(t, "urinary tract infection", *nitro.Reason)
	require.Len(t, f.Orders, 1)
	require.Equal(t, facts.OrderLab, f.Orders[0].Kind)
	require.Equal(t, "urine culture", f.Orders[0].Text)
	require.Equal(t, "urinary tract infection", *f.Orders[0].Reason)
	require.NotEmpty(t, f.Orders[0].Spans)
}

// A prescription written today, a refill included, is prescribed; a drug
// only kept is not.
func TestARefillIsPrescribed(t *testing.T) {
	t.Parallel()
	f := factsOf(t, `Doctor: I'll send in a refill of your omeprazole 20 milligrams once a day.
Patient: Thanks.
Doctor: Keep taking your metformin, and I'm starting lisinopril 10 milligrams daily.`)
	byName := map[string]facts.Medication{}
	for _, m := range f.Medications {
		byName[m.Name] = m
	}
	require.Equal(t, facts.ActionContinue, byName["omeprazole"].Action)
	require.True(t, byName["omeprazole"].Prescribed)
	require.False(t, byName["metformin"].Prescribed)
	require.True(t, byName["lisinopril"].Prescribed)
}
