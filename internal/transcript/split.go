package transcript

import (
	"regexp"
	"strings"
)

// RoleInferrer assigns a role to the segments whose Speaker is Unknown, for
// transcripts whose turns carry no label. It may look at every segment (the
// labelled ones are context) but must only change Unknown ones. The note
// writer provides one; Split works without it and leaves such turns Unknown.
type RoleInferrer func(segs []Segment)

// labelPattern finds a speaker label at the start of a line: "[doctor]",
// "[patient_guest]", "Doctor:", "Dr. Martin:", "Médecin :" (French puts a
// space, often a no-break one, before the colon).
var labelPattern = regexp.MustCompile(`^(?:\[\s*([\p{L}_ .'-]{1,40}?)\s*\]|([\p{L}][\p{L}_.'-]*(?:[ ][\p{L}\d][\p{L}\d_.'-]*){0,2})[ \t\x{00A0}\x{202F}]*:)[ \t\x{00A0}\x{202F}]*`)

// Split cuts a text job's input into turns. A line that starts with a known
// speaker label opens a turn with that label's role; a line without one
// continues the current turn (ACI-BENCH and pasted transcripts wrap long
// turns), so only text before the first label, or a transcript with no label
// at all, makes unlabelled turns: one per non-empty line, Unknown until infer
// (which may be nil) gives them a role. Blank lines are dropped; each line of
// a turn is trimmed and the lines are joined with "\n".
func Split(text string, infer RoleInferrer) []Segment {
	var segs []Segment
	labelled := false
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		if role, rest, ok := ParseLabel(line); ok {
			labelled = true
			segs = append(segs, Segment{ID: len(segs), Speaker: role, Text: rest})
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
	if infer != nil && hasUnknown(segs) {
		infer(segs)
	}
	return segs
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
// knows, and returns the label's role and the rest of the line. A colon after
// a word that is not a known label ("Plan: start metformin") is not a label:
// dictations are full of such headings.
func ParseLabel(line string) (Speaker, string, bool) {
	m := labelPattern.FindStringSubmatchIndex(line)
	if m == nil {
		return "", "", false
	}
	var label string
	if m[2] >= 0 {
		label = line[m[2]:m[3]]
	} else {
		label = line[m[4]:m[5]]
	}
	role, ok := RoleOf(label)
	if !ok {
		return "", "", false
	}
	return role, strings.TrimSpace(line[m[1]:]), true
}

// RoleOf maps a speaker label, English or French, to its role. Labels that
// name a speaker without a role ("Speaker 1", "Locuteur 2") are known but
// Unknown, so that inference can decide.
func RoleOf(label string) (Speaker, bool) {
	l := strings.ToLower(strings.TrimSpace(label))
	l = strings.Join(strings.FieldsFunc(l, func(r rune) bool { return r == ' ' || r == '_' || r == '-' }), " ")
	if role, ok := labels[l]; ok {
		return role, true
	}
	first, rest, _ := strings.Cut(l, " ")
	first = strings.TrimSuffix(first, ".")
	switch {
	case rest != "" && titles[first]:
		// "Dr. Martin", "Docteur Dubois": a clinician named by title.
		return Clinician, true
	case rest != "" && numbered[first] && isDigits(rest):
		return Unknown, true
	}
	return "", false
}

func isDigits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return s != ""
}

// titles introduce a clinician's name.
var titles = map[string]bool{"dr": true, "doctor": true, "docteur": true, "pr": true, "professeur": true, "prof": true}

// numbered labels name a voice, not a role.
var numbered = map[string]bool{"speaker": true, "locuteur": true, "intervenant": true, "voice": true, "voix": true, "spk": true}

// labels is every role label, English and French, lower case with
// underscores and hyphens read as spaces.
var labels = map[string]Speaker{
	// clinicians
	"doctor": Clinician, "dr": Clinician, "dr.": Clinician, "physician": Clinician, "clinician": Clinician,
	"provider": Clinician, "md": Clinician, "np": Clinician, "nurse practitioner": Clinician,
	"physician assistant": Clinician, "surgeon": Clinician, "gp": Clinician,
	"médecin": Clinician, "medecin": Clinician, "docteur": Clinician, "docteure": Clinician,
	"praticien": Clinician, "praticienne": Clinician, "clinicien": Clinician, "clinicienne": Clinician,
	"chirurgien": Clinician, "chirurgienne": Clinician, "soignant": Clinician, "soignante": Clinician,
	// patients
	"patient": Patient, "pt": Patient, "patiente": Patient, "client": Patient, "cliente": Patient,
	// everyone else in the room
	"patient guest": Other, "guest": Other, "nurse": Other, "rn": Other, "medical assistant": Other,
	"assistant": Other, "scribe": Other, "interpreter": Other, "translator": Other,
	"mother": Other, "father": Other, "parent": Other, "mom": Other, "dad": Other, "wife": Other,
	"husband": Other, "son": Other, "daughter": Other, "spouse": Other, "partner": Other,
	"caregiver": Other, "family": Other, "family member": Other, "relative": Other, "companion": Other,
	"sister": Other, "brother": Other, "friend": Other,
	"infirmière": Other, "infirmier": Other, "infirmiere": Other, "interprète": Other, "interprete": Other,
	"traducteur": Other, "traductrice": Other, "mère": Other, "mere": Other, "père": Other, "pere": Other,
	"maman": Other, "papa": Other, "épouse": Other, "epouse": Other, "mari": Other, "conjoint": Other,
	"conjointe": Other, "fils": Other, "fille": Other, "accompagnant": Other, "accompagnante": Other,
	"aidant": Other, "aidante": Other, "proche": Other, "famille": Other, "sœur": Other, "soeur": Other,
	"frère": Other, "frere": Other, "ami": Other, "amie": Other, "secrétaire": Other,
	// voices without a role
	"speaker": Unknown, "unknown": Unknown, "inconnu": Unknown,
}
