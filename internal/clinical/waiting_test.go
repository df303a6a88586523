package clinical_test

// What waits on the patient's course, is put off or only talked over: a
// return precaution's findings, however far from its "if", a test deferred
// in the sentence that names it, and one only discussed (waiting.go).

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/assertion"
	"github.com/notegen/notegen/internal/clinical"
)

// In unpunctuated recogniser text a return precaution runs on through the
// units it is cut into: "if you see ... pus a fever or you can't bend your
// fingers come back" says no fever is had. "The dog bit me" is a bite.
func TestAnUnpunctuatedReturnPrecautionIsHypothetical(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `[patient] um so my dog bit me on the hand like two hours ago
[doctor] okay let me take a look there are two puncture wounds with a little bleeding
[doctor] if you see redness spreading red streaks going up your arm pus a fever or you can't bend your fingers come back right away or go to the er`)
	require.NotEqual(t, assertion.Present, finding(t, r, clinical.Symptom, "fever").Assertion)
	b := finding(t, r, clinical.Condition, "bite")
	require.Equal(t, assertion.Patient, b.Subject)
}

// A test the sentence goes on to put off ("we discussed coronary
// angiography, and given mild ischemia we agreed to defer it") is no order
// of today; in French too.
func TestATestPutOffIsNoOrder(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: We discussed coronary angiography, and given mild ischemia and stable symptoms we agreed to defer it and treat medically.`)
	none(t, r, clinical.Procedure, "cathet")
	r = read(t, "fr", `Médecin : On a parlé de la coronarographie, mais avec des symptômes stables on préfère la reporter.`)
	none(t, r, clinical.Procedure, "coronarographie")
}

// A dictated letter's "We discussed rhythm control, including flecainide as
// a pill in the pocket and catheter ablation ... I would want an
// echocardiogram before considering flecainide, so I have not prescribed
// it today" orders no ablation and gives no flecainide.
func TestWhatWasOnlyDiscussedIsNoOrder(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: We discussed rhythm control, including flecainide as a pill in the pocket and catheter ablation. She would prefer to see how she gets on with rate control first, and in any case I would want an echocardiogram before considering flecainide, so I have not prescribed it today.`)
	none(t, r, clinical.Procedure, "ablation")
	f := finding(t, r, clinical.Medication, "flecainide")
	require.False(t, f.Taken || f.New, "%+v", f)
}
