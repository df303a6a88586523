package notewriter

// Section routing: the phase of the encounter the clinician is in, and the
// category (and so the section) a kept sentence belongs to.

import "strings"

// advancePhase moves forward: an encounter rarely returns from the plan to
// the examination, and a late mention of "exam" is usually a plan.
func (a *analyzer) advancePhase(padded string) {
	// The one way back: an examination announced, or dictated, after the
	// plan was discussed.
	if a.phase == phasePlan && (hasCue(padded, a.lex.examReturns) || a.lex.exam.announces(padded)) && !hasCue(padded, a.lex.examLater) {
		a.phase = phaseExam
		return
	}
	// After the examination, the first treatment decision starts the plan
	// even when nobody announces it ("so what i want you to do is continue
	// your bumex").
	if (a.phase == phaseExam || a.phase == phaseResults) && hasCue(padded, a.lex.planStarts) {
		a.phase = phasePlan
		return
	}
	for _, ph := range []phase{phasePlan, phaseResults, phaseExam} {
		// Results are reviewed after an examination; before it, a test is
		// part of the history ("did you get your x-ray ?").
		// Looking at the vital signs is part of the examination ("i
		// looked at your vitals").
		if ph == phaseResults && (a.phase != phaseExam || hasCue(padded, a.lex.categoryCues[catVitals]) || hasCue(padded, a.lex.vitalsCues)) {
			continue
		}
		if ph > a.phase && (hasWord(padded, a.lex.phaseCues[ph]) || (ph == phaseExam && a.lex.exam.announces(padded))) {
			a.phase = ph
			return
		}
	}
}

func (a *analyzer) classify(padded string, who speaker) category {
	lex := a.lex
	cues := lex.categoryCues
	if hasCue(padded, cues[catRisk]) {
		return catRisk
	}
	if hasCue(padded, cues[catAllergies]) {
		return catAllergies
	}
	// Once the plan has begun, a blood pressure with a number is a target
	// or an instruction ("weigh yourself daily and call me if you gain 3
	// pounds"), not a measurement taken today.
	if who == speakerClinician && a.phase != phasePlan && hasCue(padded, cues[catVitals]) && hasDigitWord(normalizeNumbers(padded, &lex.numbers)) {
		return catVitals
	}
	switch a.phase {
	case phasePlan:
		if who != speakerClinician {
			return catNone
		}
		for _, c := range []category{catConsent, catAnesthesia, catComplications, catDisposition, catEducation} {
			if hasCue(padded, cues[c]) {
				return c
			}
		}
		if hasCue(padded, cues[catResults]) && !hasCue(padded, lex.planCues) {
			return catResults
		}
		if hasCue(padded, lex.planCues) {
			return catPlan
		}
		return catAssessment
	case phaseExam, phaseResults:
		if who != speakerClinician {
			return catNone
		}
		if hasCue(padded, lex.resultTests) && !hasCue(padded, lex.examAsides) {
			return catResults
		}
		for _, c := range []category{catComparison, catTechnique} {
			if hasCue(padded, cues[c]) {
				return c
			}
		}
		if a.phase == phaseResults {
			// Advice given while going over results ("avoid fatty foods",
			// "we might need to repeat that") is not a result.
			if hasCue(padded, lex.planCues) && !hasCue(padded, lex.resultTests) {
				return catNone
			}
			if (hasCue(padded, lex.resultCues) || hasDigitWord(padded)) && !hasCue(padded, lex.examAsides) {
				return catResults
			}
			return catNone
		}
		if hasCue(padded, lex.examAsides) || !hasCue(padded, lex.examCues) {
			return catNone
		}
		// Advice given while examining ("continue the scar gel twice
		// daily") names no body system a finding would: it is the plan.
		if hasCue(padded, lex.planCues) && examSystem(padded, lex) == "" {
			return catPlan
		}
		return catExam
	}
	// "Anna is a 44-year-old female with ... who presents for" opens the
	// history whatever tests it names.
	if isIntro(padded, lex) {
		return catHPI
	}
	symptom := a.hasSymptom(padded)
	for _, c := range []category{catResults, catFamily, catMedications, catSocial, catSurgicalHistory, catPastHistory} {
		// The patient telling of a test is the history of the illness
		// ("he ordered a cat scan and said I had a kidney stone").
		if c == catResults && who != speakerClinician {
			continue
		}
		// A symptom makes the sentence history of the illness even when it
		// mentions work or an inhaler.
		if symptom && (c == catSocial || c == catMedications) {
			continue
		}
		if hasCue(padded, cues[c]) {
			if c == catPastHistory && strings.Contains(padded, " year old ") {
				break
			}
			return c
		}
	}
	return catHPI
}

// stripLeads removes, repeatedly, any of leads from the start of padded:
// "on exam , i do appreciate a murmur" -> "a murmur".
// A lead that is the subject of a copula stays: "your physical exam is
// pretty normal" keeps what is normal.
func stripLeads(padded string, leads []string, copulas map[string]bool) string {
	for changed := true; changed; {
		changed = false
		for _, l := range leads {
			if !strings.HasPrefix(padded, " "+l+" ") {
				continue
			}
			rest := padded[len(l)+1:]
			if next, _ := nextWord(rest); copulas[next] {
				continue
			}
			padded, changed = rest, true
		}
	}
	return padded
}

// examSystem is the body system a finding is about, or "" when unclear.
func examSystem(padded string, lex *lexicon) string {
	for _, s := range lex.examSystems {
		if cueAt(padded, s[0]) {
			return s[1]
		}
	}
	return ""
}

// hasWord reports whether one of cues occurs in padded as whole words. The
// phase cues are words, not stems: "the plan" must not match "the plantar
// aspects of the foot".
func hasWord(padded string, cues []string) bool {
	for _, c := range cues {
		for from := 0; ; {
			i := strings.Index(padded[from:], c)
			if i < 0 {
				break
			}
			at, end := from+i, from+i+len(c)
			if at > 0 && (padded[at-1] == ' ' || padded[at-1] == '\'') && (end == len(padded) || !wordByte(padded[end])) {
				return true
			}
			from = at + 1
		}
	}
	return false
}

// wordByte reports whether b continues a word: a letter, a digit, or a
// byte of a multi-byte letter.
func wordByte(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b >= 0x80 || b == '-'
}
