package transcript

import (
	"regexp"
	"strings"
	"unicode"

	"github.com/notegen/notegen/internal/lexicon"
)

// RoleInferrer assigns a role to the segments whose Speaker is Unknown, for
// transcripts whose turns carry no label. It may look at every segment (the
// labelled ones are context) but must only change Unknown ones. The note
// writer provides one; Split works without it and leaves such turns Unknown.
type RoleInferrer func(segs []Segment)

// labelPattern finds a speaker label at the start of a line: "[doctor]",
// "[patient_guest]", "Doctor:", "Dr. Martin:", "Médecin :" (French puts a
// space, often a no-break one, before the colon).
var labelPattern = regexp.MustCompile(`^(?:\[\s*([\p{L}\d_ .'-]{1,40}?)\s*\]|([\p{L}][\p{L}\d_.'-]*(?:[ ][\p{L}\d][\p{L}\d_.'-]*){0,2})[ \t\x{00A0}\x{202F}]*:)[ \t\x{00A0}\x{202F}]*`)

// Split cuts a text job's input into turns. A line that starts with a known
// speaker label opens a turn with that label's role; a line without one
// continues the current turn (ACI-BENCH and pasted transcripts wrap long
// turns), so only text before the first label, or a transcript with no label
// at all, makes unlabelled turns: one per non-empty line, Unknown until infer
// (which may be nil) gives them a role. Blank lines are dropped; each line of
// a turn is trimmed and the lines are joined with "\n". When roles are to
// be inferred (infer is not nil) in a transcript with no label at all, a
// line is also cut after a question that more text follows: a recogniser
// cuts its lines by pauses, not by turns, and a question answered on the
// same line is two speakers' words. Training reads its corpora's lines as
// they are (nil).
func Split(text string, infer RoleInferrer) []Segment {
	var segs []Segment
	labelled := false
	lines := strings.Split(text, "\n")
	var names map[string]bool
	if infer != nil {
		// a voice named by a person's name needs inference to get a
		// role; training reads its corpora's labels as they are
		names = nameLabels(lines)
	}
	for _, line := range lines {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		if role, voice, rest, ok := ParseLabel(line); ok {
			labelled = true
			segs = append(segs, Segment{ID: len(segs), Speaker: role, Voice: voice, Text: rest})
			continue
		}
		if name, rest, ok := nameLabel(line); ok && names[name] {
			// "Maria: I've had this cough": a voice named by a person's
			// name; inference gives the voice its role
			labelled = true
			segs = append(segs, Segment{ID: len(segs), Speaker: Unknown, Voice: name, Text: rest})
			continue
		}
		if labelled {
			last := &segs[len(segs)-1]
			if last.Text == "" {
				last.Text = line
			} else {
				last.Text += "\n" + line
			}
			continue
		}
		segs = append(segs, Segment{ID: len(segs), Speaker: Unknown, Text: line})
	}
	if labelled {
		staffLead(segs)
	}
	if !labelled && infer != nil {
		segs = cutAfterQuestions(segs)
	}
	if infer != nil && hasUnknown(segs) {
		infer(segs)
	}
	return segs
}

// staffLead makes the staff the clinician of a conversation no clinician
// speaks in: on a nurse triage line ("Nurse:"/"Parent:") the nurse asks,
// assesses and advises, and her advice is the plan.
func staffLead(segs []Segment) {
	for _, s := range segs {
		if s.Speaker == Clinician {
			return
		}
	}
	for i := range segs {
		if segs[i].Speaker == Other && IsStaff(segs[i].Voice) {
			segs[i].Speaker = Clinician
		}
	}
}

// cutAfterQuestions cuts every segment after each question mark that more
// of the line follows, and numbers the segments again.
func cutAfterQuestions(segs []Segment) []Segment {
	var out []Segment
	for _, s := range segs {
		text := s.Text
		for {
			at := questionEnd(text)
			if at < 0 {
				break
			}
			s.Text = text[:at]
			out = append(out, s)
			text = strings.TrimSpace(text[at:])
		}
		s.Text = text
		out = append(out, s)
	}
	for i := range out {
		out[i].ID = i
	}
	return out
}

// questionEnd is the byte offset just after the first question mark of
// text that a space and more words follow, or -1.
func questionEnd(text string) int {
	for i := 0; i < len(text); i++ {
		if text[i] != '?' {
			continue
		}
		rest := strings.TrimLeft(text[i+1:], " \t\u00a0")
		if len(rest) < len(text[i+1:]) && rest != "" && strings.IndexFunc(rest[:1], unicode.IsLetter) == 0 {
			return i + 1
		}
	}
	return -1
}

// nameLabelLines is how many lines a person's name must open for it to be
// read as a speaker label: a heading ("Plan:", "Impression:") opens one.
const nameLabelLines = 2

// nameLabels returns the labels of lines that name a person the package
// does not know as a label ("Maria:", "John Smith:") and that open at
// least nameLabelLines lines: a transcript whose software labels turns
// by the speakers' names.
func nameLabels(lines []string) map[string]bool {
	count := map[string]int{}
	for _, line := range lines {
		line = strings.TrimSpace(line)
		if _, _, _, ok := ParseLabel(line); ok {
			continue
		}
		if name, _, ok := nameLabel(line); ok {
			count[name]++
		}
	}
	out := map[string]bool{}
	for name, n := range count {
		if n >= nameLabelLines {
			out[name] = true
		}
	}
	return out
}

// nameLabel reports whether line opens with what may be a person's name as
// a label: one to three capitalised words, none a word of any language's
// data (a heading, a term), then a colon.
func nameLabel(line string) (name, rest string, ok bool) {
	m := labelPattern.FindStringSubmatchIndex(line)
	if m == nil || m[4] < 0 {
		return "", "", false
	}
	label := line[m[4]:m[5]]
	for _, w := range strings.Fields(label) {
		r := []rune(w)
		if !unicode.IsUpper(r[0]) || len(r) < 2 {
			return "", "", false
		}
		for _, lang := range lexicon.Languages {
			x := lexicon.For(lang)
			if x.Knows(x.Norms(w)) {
				return "", "", false
			}
		}
	}
	return label, strings.TrimSpace(line[m[1]:]), true
}

func hasUnknown(segs []Segment) bool {
	for _, s := range segs {
		if s.Speaker == Unknown {
			return true
		}
	}
	return false
}

// ParseLabel reports whether line starts with a speaker label this package
// knows, and returns the label's role, the voice it names (for a label
// without a role, such as "Speaker 1") and the rest of the line. A colon
// after a word that is not a known label ("Plan: start metformin") is not a
// label: dictations are full of such headings.
func ParseLabel(line string) (role Speaker, voice, rest string, ok bool) {
	m := labelPattern.FindStringSubmatchIndex(line)
	if m == nil {
		return "", "", "", false
	}
	var label string
	if m[2] >= 0 {
		label = line[m[2]:m[3]]
	} else {
		label = line[m[4]:m[5]]
	}
	role, ok = RoleOf(label)
	if !ok {
		return "", "", "", false
	}
	if role == Unknown || role == Other {
		// a voice without a role is inferred by its name; a companion's
		// label says who they are (a nurse, a parent)
		voice = strings.TrimSpace(label)
	}
	return role, voice, strings.TrimSpace(line[m[1]:]), true
}

// RoleOf maps a speaker label, in any language with data, to its role.
// Labels that name a voice without a role ("Speaker 1", "SPEAKER_00",
// "Locuteur 2") are known but Unknown, so that inference can decide; a
// title before a name ("Dr. Martin") gives the title's role.
func RoleOf(label string) (Speaker, bool) {
	for _, lang := range lexicon.Languages {
		x := lexicon.For(lang)
		norms := x.Norms(label)
		if norms == "" {
			continue
		}
		if e := x.List("speakers").Lookup(norms); e != nil {
			return Speaker(e.Attr("role")), true
		}
		first, rest, named := strings.Cut(norms, " ")
		if !named {
			continue
		}
		if e := x.List("speaker_titles").Lookup(first); e != nil {
			return Speaker(e.Attr("role")), true
		}
		if e := x.List("speakers").Lookup(first); e != nil && Speaker(e.Attr("role")) == Unknown && isVoiceName(rest) {
			return Unknown, true
		}
		// a clinician or staff role said with what kind ("OOH GP", "Triage
		// Nurse", "Duty Doctor"), each word capitalised as a label's are
		// (a sentence's "The doctor:" is none, and a note's "Paternal
		// Grandfather:" heads a family history line): the last word's role
		words := strings.Fields(norms)
		if e := x.List("speakers").Lookup(words[len(words)-1]); e != nil && len(words) <= qualifiedLabelWords &&
			(Speaker(e.Attr("role")) == Clinician || e.Attr("staff") == "yes") && capitalised(label) {
			return Speaker(e.Attr("role")), true
		}
	}
	return "", false
}

// capitalised reports whether label is two or more words, as written,
// each of letters and opening with a capital ("Triage Nurse"; a data set's
// one-word "Gest_family" is no such label).
func capitalised(label string) bool {
	words := strings.Fields(label)
	if len(words) < 2 {
		return false
	}
	for _, w := range words {
		// (letters only: "Here. Doctor:" is the end of a sentence and a
		// label run together)
		if r := []rune(w); !unicode.IsUpper(r[0]) || strings.IndexFunc(w, func(c rune) bool { return !unicode.IsLetter(c) }) >= 0 {
			return false
		}
	}
	return true
}

// qualifiedLabelWords is the most words a label that qualifies a role
// ("Out Of Hours GP") may have.
const qualifiedLabelWords = 4

// IsStaff reports whether a companion's label names someone who works
// where the patient is seen ("Nurse", "RN", "Infirmière"), whose account of
// a dose is the visit's, not the patient's own report.
func IsStaff(label string) bool {
	return speakerAttr(label, "staff")
}

// Relays reports whether a companion's label names someone who speaks for
// another in their own first person ("Interpreter", "Interprète"): their
// "I" and "my mother" are the person interpreted.
func Relays(label string) bool {
	return speakerAttr(label, "relay")
}

// speakerAttr reports whether the speakers entry of label has attribute
// key set to yes, in any language.
func speakerAttr(label, key string) bool {
	for _, lang := range lexicon.Languages {
		x := lexicon.For(lang)
		if e := x.List("speakers").Lookup(x.Norms(label)); e != nil {
			return e.Attr(key) == "yes"
		}
	}
	return false
}

// isVoiceName reports a diarised voice's name after "Speaker": a number or
// one letter ("Speaker 2", "Speaker B").
func isVoiceName(s string) bool {
	if len(s) == 1 && s[0] >= 'a' && s[0] <= 'z' {
		return true
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return s != ""
}
