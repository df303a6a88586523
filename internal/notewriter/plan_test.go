package notewriter_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/notewriter"
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

// An operation told as history, in a sentence the history holds, is
// written in the past medical history of a template without a surgical
// history (the emergency note).
func TestAnOperationToldIsPastHistory(t *testing.T) {
	t.Parallel()
	note, err := notewriter.New().Write(context.Background(), notewriter.Input{Template: "er", Lang: "en", RecordingType: "conversation",
		Transcript: `Doctor: What's brought her in today?
Husband: She says the pain in the stomach started yesterday, first around the belly button, and now it is on the right side.
Doctor: Any sickness or vomiting?
Husband: She vomited one time this morning. She cannot eat anything.
Doctor: Has she been unwell before, any operations?
Husband: She had a caesarean section three years ago, with our son.
Doctor: Does she take any regular medicines?
Husband: Only vitamin D.
Doctor: I think the most likely thing is appendicitis. I've referred her to the surgical team.`})
	require.NoError(t, err)
	require.Contains(t, strings.ToLower(sectionOf(t, note.Text, "PAST MEDICAL HISTORY")), "caesarean section")
}
