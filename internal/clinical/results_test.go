package clinical_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/clinical"
	"github.com/notegen/notegen/internal/discourse"
)

// partOf returns the part of the unit whose text contains said.
func partOf(t *testing.T, r *clinical.Reading, said string) discourse.Part {
	t.Helper()
	for _, u := range r.Units {
		if text := []rune(r.Segments[u.Segment].Text); strings.Contains(string(text[u.Start:u.End]), said) {
			return u.Part
		}
	}
	t.Fatalf("no unit says %q", said)
	return ""
}

func TestAResultReadOutIsAResult(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: What brings you in?
Patient: Pain on the right side of my belly since last night.
Doctor: I'm ordering a CT scan of the abdomen.
Doctor: Okay, Mr. Ferreira, your results are back. Your white blood cell count is fifteen point two, which is high. Urine is clean. The CT shows acute appendicitis. The appendix is inflamed, but there's no sign that it has burst. If the ultrasound shows a stone we will treat it too. We will check the urine culture on Monday.`)
	require.Equal(t, discourse.Results, partOf(t, r, "The CT shows acute appendicitis"))
	// a result only supposed, and a test still to come, are no result
	require.NotEqual(t, discourse.Results, partOf(t, r, "If the ultrasound shows"))
	require.NotEqual(t, discourse.Results, partOf(t, r, "We will check the urine culture"))
	require.NotEqual(t, discourse.Results, partOf(t, r, "I'm ordering a CT scan"))

	fr := read(t, "fr", `Médecin : Qu'est-ce qui vous amène ?
Patiente : J'ai mal à la gorge depuis trois jours.
Médecin : Je vais regarder. Les amygdales sont rouges. J'ai fait un test rapide streptocoque, il est revenu positif. Je vous prescris de l'amoxicilline.`)
	require.Equal(t, discourse.Results, partOf(t, fr, "test rapide"))
}

func TestAHeadingSaidAloudAloneIsNoContent(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: So my assessment is hyperlipidemia with statin-associated muscle aches.
Doctor: Here's the plan. Stay off the simvastatin. I'm starting rosuvastatin five milligrams three times a week. Plan: recheck in two weeks.`)
	require.Equal(t, discourse.Drop, partOf(t, r, "Here's the plan"))
	require.NotEqual(t, discourse.Drop, partOf(t, r, "starting rosuvastatin"))
	require.NotEqual(t, discourse.Drop, partOf(t, r, "recheck in two weeks"), "a heading that opens content is no bare heading")
}

func TestAPrescriptionIsAPlanItemWhereverTheModelPutIt(t *testing.T) {
	t.Parallel()
	r := read(t, "en", `Doctor: What's going on with your eye?
Patient: My left eye has been red and goopy since yesterday morning.
Doctor: Let me take a look. The left eye is red with yellow discharge, the cornea is clear.
Patient: Is it contagious?
Doctor: Yes. This looks like bacterial conjunctivitis. I'm prescribing moxifloxacin eye drops, one drop in the left eye three times a day for seven days. Wash your hands often.`)
	require.Equal(t, discourse.Plan, partOf(t, r, "I'm prescribing moxifloxacin"))
}
