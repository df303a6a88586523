package notewriter

import "strings"

// Speech that a written note does not keep: the clinician's "I know that"
// before a fact, a discourse "like", a slip corrected on the spot.

// speechRules are a language's words for these.
type speechRules struct {
	// knownLeads open a clinician's statement of what the chart or an
	// earlier visit says ("i know that you started therapy"): the fact
	// is what follows.
	knownLeads []string
	// leadSubjects may follow a known lead: "i know we tried" states a
	// fact, "i know right where to inject" does not.
	leadSubjects map[string]bool
	// likeAfter are the words after which "like" is a filler ("it is
	// like a deep pain", "to like stretch", "no like murmur").
	likeAfter map[string]bool
	// likeBefore keep "like" as a word: "things like that".
	likeBefore map[string]bool
	// corrections mark a slip the speaker corrects ("penicillin or i am
	// sorry , amoxicillin").
	corrections []string
	// selfOpens open, and selfEnds end, a clinician's remark about
	// themselves or their taste ("i am more of a fall person", "my wife
	// and i like to go there", "fall foliage is the best"): talk, not
	// the patient's history.
	selfOpens, selfEnds []string
	// greetings open the clinician's hello ("hi there carolyn it is nice
	// to see you again"), which the note leaves out with what follows
	// in the same breath.
	greetings []string
	// assistants are the names of dictation assistants: a sentence that
	// speaks to one ("i need to put this dax back to work") is not the
	// patient's.
	assistants []string
	// answers open a patient's sentence with the no that answered the
	// question before ("no i have been seeing him for years"); subjects
	// after it show a statement follows, which the no does not negate.
	answers, subjects map[string]bool
}

// addressesAssistant reports a sentence that names a dictation assistant.
func addressesAssistant(padded string, rules speechRules) bool {
	return hasWord(padded, rules.assistants)
}

// dropAnswerWord drops the "no" that answered the question before a
// statement: "no i have always had skinny ankles" states, and "no fever"
// keeps its no.
func dropAnswerWord(padded string, rules speechRules) string {
	first, rest := nextWord(padded)
	if !rules.answers[first] {
		return padded
	}
	second, afterComma := nextWord(rest)
	switch {
	case second == ",":
		return afterComma
	case rules.subjects[second]:
		return rest
	}
	return padded
}

// greets reports a clinician's sentence that opens with a greeting.
func greets(padded string, rules speechRules) bool {
	for _, g := range rules.greetings {
		if strings.HasPrefix(padded, " "+g+" ") {
			return true
		}
	}
	return false
}

// maxSelfTalkCues is the most clinical cues a remark about the clinician
// may have and still be dropped ("i like to drink wine too" names a
// drink).
const maxSelfTalkCues = 1

// selfTalk reports a clinician's remark about themselves.
func selfTalk(padded string, clinical int, rules speechRules) bool {
	if clinical > maxSelfTalkCues {
		return false
	}
	for _, o := range rules.selfOpens {
		if strings.HasPrefix(padded, " "+o+" ") {
			return true
		}
	}
	body := strings.TrimSuffix(padded, " . ")
	for _, e := range rules.selfEnds {
		if strings.HasSuffix(body, " "+e+" ") {
			return true
		}
	}
	return false
}

// maxCorrectedWords is the most words a correction replaces.
const maxCorrectedWords = 4

// dropKnownLead writes "i know that you enrolled in therapy" as "you
// enrolled in therapy". It runs on a clinician's sentence before the
// person is rewritten.
func dropKnownLead(padded string, rules speechRules) string {
	for _, lead := range rules.knownLeads {
		if !strings.HasPrefix(padded, " "+lead+" ") {
			continue
		}
		rest := padded[len(lead)+1:]
		if words := strings.Fields(rest); len(words) > 2 && rules.leadSubjects[words[0]] {
			return rest
		}
	}
	return padded
}

// dropLike removes a discourse "like" from written words, reusing
// their slice.
func dropLike(words []string, rules speechRules) []string {
	// Filtered in place: a word is written at or before where it was read.
	out := words[:0]
	prev := ""
	for i, w := range words {
		drop := w == "like" && (i == 0 || rules.likeAfter[prev]) && i+1 < len(words) && !rules.likeBefore[words[i+1]]
		prev = w
		if !drop {
			out = append(out, w)
		}
	}
	return out
}

// applyCorrection keeps what the speaker corrected a slip to: "a couple
// weeks , or i am sorry , a couple months" -> "a couple months";
// "penicillin or i am sorry , amoxicillin" -> "amoxicillin". The slip is
// the words from the correction's first word when it was said just
// before, otherwise the one word before.
func applyCorrection(words []string, rules speechRules) []string {
	for _, c := range rules.corrections {
		cue := strings.Fields(c)
		for i := 1; i+len(cue) < len(words); i++ {
			if !matchAt(words, i, cue) {
				continue
			}
			after := i + len(cue)
			for after < len(words) && words[after] == "," {
				after++
			}
			if after >= len(words) {
				break
			}
			end := i
			for end > 0 && words[end-1] == "," {
				end--
			}
			start := max(end-1, 0)
			for k := end - 1; k >= max(end-maxCorrectedWords, 0); k-- {
				if words[k] == words[after] {
					start = k
					break
				}
			}
			out := append(append([]string{}, words[:start]...), words[after:]...)
			return applyCorrection(out, rules)
		}
	}
	return words
}
