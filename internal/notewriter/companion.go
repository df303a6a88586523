package notewriter

import (
	"math"
	"strings"
)

// A companion (a parent answering for a child, a partner for a patient
// who cannot) speaks of the patient in the third person: "he's been
// coughing since tuesday", "i gave him some tylenol". A patient speaks of
// others in the third person only now and then (a relative's history, what
// another doctor said), so one such turn is weak evidence while a
// conversation whose answers do so throughout has a companion in it.

// companionShareOfThirdPerson is the share of the answers' personal
// pronouns that must be the third person before a conversation is read as
// having a companion. In the training conversations, all between a
// clinician and a patient, the answers' share stays under 0.4 (a patient
// telling of a daughter and her friends reaches 0.37).
const companionShareOfThirdPerson = 0.45

// companionPronouns is how many third-person pronouns the answers must
// hold at least before their share is trusted: a short conversation's few
// pronouns say little.
const companionPronouns = 4

// companion is the evidence that a turn is a companion's: they speak of
// the patient in the third person ("he has been coughing") or name them as
// their relative ("my son"), and rarely of themselves.
func (c roleCues) companion(padded string) float64 {
	relatives := c.relatives(padded)
	third, first := c.persons(padded)
	return 2*float64(relatives) + 0.8*math.Min(float64(third), 4) - 0.6*math.Min(float64(first), 4)
}

// relatives counts the companion cues in a turn ("my son").
func (c roleCues) relatives(padded string) int {
	n := 0
	for _, cue := range c.other {
		if strings.Contains(padded, " "+cue+" ") {
			n++
		}
	}
	return n
}

// persons counts a turn's third-person pronouns (of a person, not the
// French impersonal "il faut", "il y a") and its first-person words, but
// for the "my" of a relative ("my son"), which is a companion's.
func (c roleCues) persons(padded string) (third, first int) {
	words := strings.Fields(padded)
	for i, w := range words {
		switch {
		case c.thirdPerson[w]:
			if i+1 < len(words) && c.impersonal[w+" "+words[i+1]] {
				continue
			}
			third++
		case c.firstPerson[w]:
			if i+1 < len(words) && c.relative[w+" "+words[i+1]] {
				continue
			}
			first++
		}
	}
	return third, first
}

// companionPresent reads, after a first decoding as a two-party visit,
// whether the turns not given to the clinician speak mostly of someone in
// the third person. If so it returns the prior to decode again with: a
// companion answers the clinician as often as the answers that lean their
// way (more third than first person) outnumber those that lean the
// patient's, and a turn with no evidence either way may be theirs.
func (c roleCues) companionPresent(padded []string, evidence []turnEvidence, roles []Role) (companionPrior, bool) {
	third, first := 0, 0
	leanCompanion, leanPatient := 0, 0
	for i, r := range roles {
		if r == RoleClinician {
			continue
		}
		t, f := c.persons(padded[i])
		third += t
		first += f
		switch {
		case evidence[i].companion > 0:
			leanCompanion++
		case evidence[i].companion < 0:
			leanPatient++
		}
	}
	if third < companionPronouns || float64(third) < companionShareOfThirdPerson*float64(third+first) {
		return companionPrior{}, false
	}
	share := float64(leanCompanion+1) / float64(leanCompanion+leanPatient+2)
	return companionPrior{share: min(max(share, 0.1), 0.9), threshold: 0}, true
}
