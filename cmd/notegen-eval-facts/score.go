package main

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/notegen/notegen/internal/facts"
	"github.com/notegen/notegen/internal/lexicon"
	"github.com/notegen/notegen/internal/spoken"
)

// Facts are the wire facts this command measures.
type Facts = facts.Facts

// Medication is one medication fact.
type Medication = facts.Medication

// numbersOf are the numbers said or written in text, as keys ("38.5",
// "120/80").
func numbersOf(text, lang string) []string {
	r := spoken.For(lang)
	var out []string
	for _, n := range r.Numbers(r.Lexicon().Tokenize(text)) {
		out = append(out, n.Key)
	}
	return out
}

// fold is how the lexicon reads a word.
func fold(s string) string { return lexicon.Fold(s) }

// Score is what ScoreEncounter measures on one encounter with a reference
// note; Add sums encounters.
type Score struct {
	MedsGold, MedsFound                              int // medications named in dialogue and note; found in facts
	DosesGold, DosesFound                            int // of those, with a dose in the note that the dialogue said; found with that dose
	Numbers                                          int // numbers written in facts
	Unsaid                                           []string
	Missed                                           []string
	Problems, Medications, Allergies, Vitals, Orders int
}

// Add sums o into s.
func (s *Score) Add(o Score) {
	s.MedsGold += o.MedsGold
	s.MedsFound += o.MedsFound
	s.DosesGold += o.DosesGold
	s.DosesFound += o.DosesFound
	s.Numbers += o.Numbers
	s.Unsaid = append(s.Unsaid, o.Unsaid...)
	s.Missed = append(s.Missed, o.Missed...)
	s.Problems += o.Problems
	s.Medications += o.Medications
	s.Allergies += o.Allergies
	s.Vitals += o.Vitals
	s.Orders += o.Orders
}

// noteDose finds "NAME 20 mg" in a note.
var noteDose = regexp.MustCompile(`(?i)^\s*(\d+(?:\.\d+)?)\s*(mg|mcg|milligrams?|micrograms?|units?|ml|g|grams?)\b`)

// noteDoseName finds a word written before a dose in a note: a drug the
// lexicon may not know, which keeps the reference list from being only the
// extractor's own lexicon.
var noteDoseName = regexp.MustCompile(`(?i)\b([a-z][a-z-]{3,})\s+\d+(?:\.\d+)?\s*(?:mg|mcg|milligrams?|micrograms?)\b`)

// drugSuffixes are stems that mark a generic drug name.
var drugSuffixes = []string{"pril", "sartan", "olol", "statin", "dipine", "prazole", "formin", "gliptin", "gliflozin",
	"glutide", "cillin", "mycin", "floxacin", "cycline", "azole", "triptan", "oxetine", "pramine", "tyline", "azepam",
	"zolam", "tidine", "semide", "thiazide", "parin", "xaban", "grel", "mab", "cept", "dronate", "lukast", "terol",
	"sone", "olone", "profen", "coxib", "codone", "morphone", "pentin", "gabalin", "barbital", "amine"}

// ScoreEncounter compares facts f extracted from dialogue with the
// clinician's note. The reference medications are those the note names (by
// the lexicon, by a drug-name stem, or because a dose follows the word) that
// the dialogue names too; each is found when f lists it, and when the note
// gives its dose and the dialogue said that number, only when f has that dose.
func ScoreEncounter(f Facts, dialogue, note, lang string) Score {
	var s Score
	s.Problems, s.Medications, s.Allergies, s.Vitals, s.Orders = len(f.Problems), len(f.Medications), len(f.Allergies), len(f.Vitals), len(f.Orders)
	meds := lexicon.For(lang).List("medications")
	dialogueWords := map[string]bool{}
	for _, w := range strings.FieldsFunc(fold(dialogue), notWordRune) {
		dialogueWords[w] = true
	}
	// reference medications named in the note
	gold := map[string]string{} // name -> note dose ("" when none)
	lowerNote := fold(note)
	for _, w := range strings.FieldsFunc(lowerNote, notWordRune) {
		if !dialogueWords[w] {
			continue
		}
		if meds.Has(w) || hasDrugSuffix(w) {
			gold[w] = ""
		}
	}
	for _, m := range noteDoseName.FindAllStringSubmatch(lowerNote, -1) {
		if w := m[1]; dialogueWords[w] && !commonWord(w) {
			gold[w] = ""
		}
	}
	allergySection := map[string]bool{}
	for _, w := range strings.FieldsFunc(fold(sectionOf(note, "ALLERGIES")), notWordRune) {
		allergySection[w] = true
	}
	for name := range gold {
		if allergyInNote(lowerNote, name) || allergySection[name] {
			delete(gold, name) // an allergen, not a medication
			continue
		}
		for _, loc := range regexp.MustCompile(`\b`+regexp.QuoteMeta(name)+`\b`).FindAllStringIndex(lowerNote, -1) {
			if m := noteDose.FindStringSubmatch(lowerNote[loc[1]:]); m != nil {
				gold[name] = m[1]
				break
			}
		}
	}
	said := map[string]bool{}
	for _, n := range numbersOf(dialogue, lang) {
		said[n] = true
	}
	// a name of several words ("ferrous sulfate") is found by each of its words
	found := map[string]Medication{}
	for _, m := range f.Medications {
		found[fold(m.Name)] = m
		for _, w := range strings.FieldsFunc(fold(m.Name), notWordRune) {
			if _, ok := found[w]; !ok {
				found[w] = m
			}
		}
	}
	for name, dose := range gold {
		s.MedsGold++
		m, ok := found[name]
		if !ok {
			s.Missed = append(s.Missed, name)
			continue
		}
		if dose != "" && said[dose] {
			s.DosesGold++
			got := ""
			if m.Dose != nil {
				got = strings.Fields(*m.Dose)[0]
			}
			if got != dose {
				s.Missed = append(s.Missed, fmt.Sprintf("%s dose %s (got %q)", name, dose, got))
				continue
			}
			s.DosesFound++
		}
		s.MedsFound++
	}
	// number fidelity: every number written in the facts was said
	for _, n := range numbersOf(Text(f), lang) {
		if strings.Contains(n, "/") {
			continue // its parts are checked too
		}
		s.Numbers++
		if !said[n] {
			s.Unsaid = append(s.Unsaid, n)
		}
	}
	return s
}

// sectionOf returns the text under an upper-case heading of a note, up to
// the next heading.
func sectionOf(note, heading string) string {
	var b strings.Builder
	in := false
	for _, line := range strings.Split(note, "\n") {
		l := strings.TrimSpace(line)
		if l != "" && l == strings.ToUpper(l) && strings.ContainsAny(l, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") {
			in = l == heading
			continue
		}
		if in {
			b.WriteString(line + "\n")
		}
	}
	return b.String()
}

// allergyInNote reports whether the note names name as an allergen: in an
// ALLERGIES section or after "allergic to".
func allergyInNote(note, name string) bool {
	for _, loc := range regexp.MustCompile(`\b`+regexp.QuoteMeta(name)+`\b`).FindAllStringIndex(note, -1) {
		before := note[max(0, loc[0]-60):loc[0]]
		if k := strings.LastIndex(before, "allerg"); k >= 0 && !strings.Contains(before[k:], ".") {
			return true
		}
	}
	return false
}

func notWordRune(r rune) bool {
	return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-')
}

func hasDrugSuffix(w string) bool {
	if len(w) < 6 {
		return false
	}
	for _, s := range drugSuffixes {
		if strings.HasSuffix(w, s) && !commonWord(w) {
			return true
		}
	}
	return false
}

// commonWord filters words that end like drugs or precede a dose without
// being one.
func commonWord(w string) bool {
	switch w {
	case "examine", "determine", "routine", "medicine", "feminine", "someone", "everyone", "anyone", "phone",
		"alone", "done", "gone", "none", "bone", "stone", "tone", "zone", "ozone", "cortisone", "taking", "dose",
		"doses", "with", "take", "takes", "from", "daily", "about", "increase", "decrease", "continue", "start",
		"prescribe", "prescribed", "reduce", "twice", "once", "total", "cholesterol", "triglycerides", "vitamin",
		"hemoglobin", "level", "levels", "hdl", "ldl", "non-hdl", "intake", "amine", "famine", "imagine", "marine", "machine", "online", "undermine":
		return true
	}
	return false
}

// Text renders facts as lines of text: what a number check reads.
func Text(f Facts) string {
	var b strings.Builder
	for _, m := range f.Medications {
		b.WriteString(m.Name)
		for _, p := range []*string{m.Dose, m.Route, m.Frequency} {
			if p != nil {
				b.WriteString(" " + *p)
			}
		}
		b.WriteString(" (" + m.Action + ")\n")
	}
	for _, v := range f.Vitals {
		fmt.Fprintf(&b, "%s %s %s\n", v.Kind, v.Value, v.Unit)
	}
	for _, o := range f.Orders {
		fmt.Fprintf(&b, "%s: %s\n", o.Kind, o.Text)
	}
	for _, a := range f.Allergies {
		b.WriteString("allergy " + a.Substance + "\n")
	}
	for _, p := range f.Problems {
		b.WriteString(p.Text + " (" + p.Status + ")\n")
	}
	return b.String()
}
