package notewriter

import "strings"

// examAnnouncement describes, for one language, the families of words a
// clinician uses to announce the physical examination. Listing phrases one
// by one misses most of them ("let's go ahead and we'll do a quick physical
// exam", "i'm gon na take a listen to your heart"); the families are an act
// on the examination noun, or an examining verb said in the first person
// and aimed at the patient.
type examAnnouncement struct {
	// acts take the examination noun as object ("do", "perform", "move on
	// to", "start"); the noun must follow within window words.
	acts phrases
	// nouns name the examination ("exam", "examination", "physical").
	nouns phrases
	// verbs examine by themselves ("examine", "listen to", "take a look").
	verbs phrases
	// speakers are first-person words one of which must come shortly
	// before a verb: "let me listen to your heart" announces, "you can
	// check your blood pressure at home" instructs.
	speakers map[string]bool
	// addressees end the first-person reach: "i want you to check".
	addressees map[string]bool
	// objects are what an examining verb is aimed at ("you", "your");
	// objectsBefore are the pronouns that stand before it ("je vais vous
	// examiner").
	objects, objectsBefore map[string]bool
	// notExamined are objects that make a verb a review of a test ("take
	// a look at your x-ray"), which is not the examination.
	notExamined []string
	// window is how many words an act may be from its noun, and a speaker
	// from its verb.
	window int
}

// announces reports whether padded, said by the clinician, announces the
// physical examination. It allocates only when a verb or an act is present.
func (e *examAnnouncement) announces(padded string) bool {
	if !hasCue(padded, e.verbs.text) && !(hasCue(padded, e.acts.text) && hasCue(padded, e.nouns.text)) {
		return false
	}
	words := strings.FieldsFunc(padded, func(r rune) bool { return r == ' ' || r == ',' || r == '.' || r == '?' || r == '!' })
	for i := range words {
		if n := phraseAt(words, i, e.acts); n > 0 && e.nounWithin(words[i+n:]) {
			return true
		}
		if n := phraseAt(words, i, e.verbs); n > 0 && e.spokenBefore(words[:i]) &&
			((i > 0 && e.objectsBefore[words[i-1]]) || e.aimed(words[i+n:])) {
			return true
		}
	}
	return false
}

// nounWithin reports whether the examination noun comes within the window.
func (e *examAnnouncement) nounWithin(words []string) bool {
	for k := 0; k < len(words) && k < e.window; k++ {
		if n := phraseAt(words, k, e.nouns); n > 0 {
			// "do some blood work" is not the examination, nor is "faire
			// un examen sanguin".
			return !e.aimsAtTest(words[k+n:])
		}
	}
	return false
}

// spokenBefore reports whether a first-person word comes shortly before,
// with nobody else made the subject in between.
func (e *examAnnouncement) spokenBefore(words []string) bool {
	for k := len(words) - 1; k >= 0 && k >= len(words)-e.window; k-- {
		if e.addressees[words[k]] {
			return false
		}
		if e.speakers[words[k]] {
			return true
		}
	}
	return false
}

// aimed reports whether the verb is aimed at the patient or a body part,
// and not at a test.
func (e *examAnnouncement) aimed(words []string) bool {
	return len(words) > 0 && e.objects[words[0]] && !e.aimsAtTest(words)
}

// aimsAtTest reports whether the next few words name a test rather than
// the patient.
func (e *examAnnouncement) aimsAtTest(words []string) bool {
	rest := strings.Join(words[:min(len(words), 4)], " ")
	return hasCue(" "+rest+" ", e.notExamined)
}

// phrases are cue phrases kept both as text, for the quick hasCue test,
// and split into words, for matching at a word position without
// allocating.
type phrases struct {
	text  []string
	words [][]string
}

// phraseList builds phrases from their text.
func phraseList(text ...string) phrases {
	p := phrases{text: text, words: make([][]string, len(text))}
	for i, t := range text {
		p.words[i] = strings.Fields(t)
	}
	return p
}

// phraseAt returns the length in words of the first of p that starts at
// words[i], or 0.
func phraseAt(words []string, i int, p phrases) int {
	for _, want := range p.words {
		if matchAt(words, i, want) {
			return len(want)
		}
	}
	return 0
}
