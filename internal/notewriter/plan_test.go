package notewriter_test

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// The return is written with its interval where no plan sentence holds
// it: a bare "at the same appointment" in the plan merged into it does not
// write "in 4 weeks".
func TestTheReturnIsWrittenWithItsInterval(t *testing.T) {
	t.Parallel()
	note := primaryCareNote(t, `GP: Your home readings average one fifty-two over ninety-four, so this is high blood pressure.
Patient: Right.
GP: I'd like to start you on amlodipine five milligrams, one tablet once a day.
Patient: Fine.
GP: The nurse will also do a heart tracing, an ECG, at the same appointment as your bloods.
Patient: Okay.
GP: Then I'd like to speak to you again in four weeks, and could you do another week of home readings just before that?
Patient: Yes.`, "conversation")
	require.Contains(t, sectionOf(t, note, "PLAN"), "4 weeks")
}
