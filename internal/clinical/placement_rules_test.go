package clinical_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/clinical"
	"github.com/notegen/notegen/internal/discourse"
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
