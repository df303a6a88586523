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

// clinicianShareOfThirdPerson is the share of the clinician's personal
// pronouns, third and second person, that must be the third person: a
// clinician who speaks to the patient says "you", one who speaks to a
// companion "she". In the training conversations it stays under 0.35,
// dictation included (0.27 in the one whose answers' share is 0.37).
const clinicianShareOfThirdPerson = 0.2

// companionPronouns is how many third-person pronouns the answers must
// hold at least before their share is trusted: a short conversation's few
// pronouns say little.
const companionPronouns = 4

// companion is the evidence that a turn is a companion's: they speak of
// the patient in the third person ("he has been coughing") or name them as
// their relative ("my son"), and rarely of themselves.
func (c roleCues) companion(padded string) float64 {
	relatives := c.relatives(padded)
	third, first, _ := c.persons(padded)
	// A companion names the patient once ("my son"); several relatives
	// named are a family's story, told by the patient as often.
	e := 2*math.Min(float64(relatives), 1) + 0.8*math.Min(float64(third), 4) - 0.6*math.Min(float64(first), 4)
	if c.ownBody(padded) {
		e -= ownBodyEvidence
	}
	return e
}

// ownBodyEvidence is what "my ear hurts" says against a companion: one
// speaks of one's own body, a parent of "her ear".
const ownBodyEvidence = 1.5

// ownBody reports whether a turn names a part of the speaker's body ("my
// knee", "my left knee", "mon genou").
func (c roleCues) ownBody(padded string) bool {
	words := strings.Fields(padded)
	for i, w := range words {
		if !c.possessive[w] {
			continue
		}
		for _, next := range words[i+1 : min(i+3, len(words))] {
			if c.bodyParts[next] {
				return true
			}
		}
	}
	return false
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
// French impersonal "il faut", "il y a"), its first-person words but for
// the "my" of a relative ("my son"), which is a companion's, and its
// second-person words.
func (c roleCues) persons(padded string) (third, first, second int) {
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
		case c.secondPerson[w]:
			second++
		}
	}
	return third, first, second
}

// companionPresent reads, after a first decoding as a two-party visit,
// whether the patient is spoken of in the third person on both sides: in
// the answers (the companion's "she has had a fever") and in the
// clinician's turns ("is she eating?", "her lungs are clear"). A patient
// telling of their family does the first, a clinician dictating the
// second; only a companion brings both. If so it returns the prior to
// decode again with: a companion answers the clinician as often as the
// answers that lean their way outnumber those that lean the patient's, and
// a turn with no evidence either way may be theirs.
func (c roleCues) companionPresent(padded []string, evidence []turnEvidence, roles []Role) (companionPrior, bool) {
	var answers, clinician struct{ third, other int }
	leanCompanion, leanPatient := 0, 0
	for i, r := range roles {
		third, first, second := c.persons(padded[i])
		if r == RoleClinician {
			clinician.third += third
			clinician.other += second
			continue
		}
		answers.third += third
		answers.other += first
		switch {
		case evidence[i].companion > 0:
			leanCompanion++
		case evidence[i].companion < 0:
			leanPatient++
		}
	}
	if answers.third < companionPronouns ||
		float64(answers.third) < companionShareOfThirdPerson*float64(answers.third+answers.other) ||
		float64(clinician.third) < clinicianShareOfThirdPerson*float64(clinician.third+clinician.other) {
		return companionPrior{}, false
	}
	share := float64(leanCompanion+1) / float64(leanCompanion+leanPatient+2)
	return companionPrior{share: min(max(share, 0.1), 0.9), threshold: 0}, true
}
