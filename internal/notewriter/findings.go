package notewriter

// Findings for the review of systems: symptoms the patient reports or
// denies, with the scope of a negation.

import "strings"

func (a *analyzer) recordFindings(padded string, who speaker, src Span) {
	if a.phase != phaseHistory {
		return
	}
	for _, s := range a.lex.symptoms {
		if at := cueIndex(padded, s.cue); at >= 0 {
			a.addFinding(finding{name: s.name, system: s.system, present: !a.negatedAt(padded, at), sources: []Span{src}})
		}
	}
}

// negationScope is how many words before a symptom a negation reaches:
// "no fever" and "I have not had any fever" deny it, "I do not know if it
// is related but my anxiety is worse" does not deny anxiety.
const negationScope = 5

// negatedAt reports whether a negation cue falls within negationScope words
// before the byte offset at, in the same clause.
func (a *analyzer) negatedAt(padded string, at int) bool {
	words := strings.Fields(padded[:at])
	start := max(0, len(words)-negationScope)
	for k := len(words) - 1; k >= start; k-- {
		// A clause boundary ends the negation's reach.
		if w := words[k]; w == "," || w == "but" || w == "mais" || w == "." || w == ";" {
			start = k + 1
			break
		}
	}
	window := " " + strings.Join(words[start:], " ") + " "
	return hasCue(window, a.lex.negations)
}

// cueIndex is the byte offset of the first place cue starts a word of
// padded, or -1.
func cueIndex(padded, cue string) int {
	for from := 0; ; {
		i := strings.Index(padded[from:], cue)
		if i < 0 {
			return -1
		}
		at := from + i
		if at > 0 && (padded[at-1] == ' ' || padded[at-1] == '\'') {
			return at
		}
		from = at + 1
	}
}

// addFinding keeps the first statement about a symptom: the answer to the
// direct question is more reliable than a later passing mention.
func (a *analyzer) addFinding(f finding) {
	if _, ok := a.findings[f.name]; ok {
		return
	}
	a.findings[f.name] = len(a.out.findings)
	a.out.findings = append(a.out.findings, f)
}

func (a *analyzer) hasSymptom(padded string) bool {
	for _, s := range a.lex.symptoms {
		if cueAt(padded, s.cue) {
			return true
		}
	}
	return false
}
