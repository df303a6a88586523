package notewriter

import (
	"regexp"
	"strings"
)

// speaker says who uttered a turn; dictations and untagged text are
// attributed to the clinician because that is who dictates.
type speaker int

const (
	speakerClinician speaker = iota
	speakerPatient
)

// turn is one uninterrupted utterance.
type turn struct {
	speaker speaker
	text    string
}

// speakerTag matches "[doctor]", "[patient_guest]", "Doctor:", "Médecin :",
// "Pt:" and similar labels at the start of a line.
var speakerTag = regexp.MustCompile(`(?i)^\s*(?:\[([a-zéè_ ]+)\]|([a-zéè]+(?: [a-zéè]+)?)\s*:)\s*`)

var clinicianLabels = map[string]bool{
	"doctor": true, "dr": true, "physician": true, "clinician": true, "provider": true, "nurse": true,
	"médecin": true, "medecin": true, "docteur": true, "infirmière": true, "infirmier": true, "md": true,
}

var patientLabels = map[string]bool{
	"patient": true, "patient_guest": true, "pt": true, "patiente": true, "guest": true,
	"mother": true, "father": true, "parent": true, "mère": true, "père": true, "family": true,
}

// splitTurns segments a transcript into speaker turns. Untagged lines
// continue the previous turn, so a dictation becomes one clinician turn and
// wrapped lines of a conversation stay with their speaker.
func splitTurns(transcript string) (turns []turn, tagged bool) {
	current := -1
	for _, line := range strings.Split(transcript, "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		if who, rest, ok := parseSpeaker(line); ok {
			tagged = true
			turns = append(turns, turn{speaker: who, text: rest})
			current = len(turns) - 1
			continue
		}
		if current < 0 {
			turns = append(turns, turn{speaker: speakerClinician, text: line})
			current = 0
			continue
		}
		turns[current].text += " " + line
	}
	return turns, tagged
}

func parseSpeaker(line string) (speaker, string, bool) {
	m := speakerTag.FindStringSubmatchIndex(line)
	if m == nil {
		return 0, "", false
	}
	label := ""
	if m[2] >= 0 {
		label = line[m[2]:m[3]]
	} else {
		label = line[m[4]:m[5]]
	}
	label = strings.ToLower(strings.TrimSpace(label))
	rest := line[m[1]:]
	switch {
	case clinicianLabels[label]:
		return speakerClinician, rest, true
	case patientLabels[label] || strings.HasPrefix(label, "patient"):
		return speakerPatient, rest, true
	}
	return 0, "", false
}

// splitSentences cuts a turn into sentences on terminal punctuation. ASR
// output often has none, so long unpunctuated stretches are also cut before
// discourse markers ("okay so", "alright") that start a new thought.
func splitSentences(text string, lex *lexicon) []string {
	var out []string
	start := 0
	for i := 0; i < len(text); i++ {
		c := text[i]
		if c != '.' && c != '?' && c != '!' && c != ';' {
			continue
		}
		// Keep decimals such as "98.6" and "1.5 mg" whole.
		if c == '.' && i > 0 && i+1 < len(text) && isDigit(text[i-1]) && isDigit(text[i+1]) {
			continue
		}
		if s := strings.TrimSpace(text[start : i+1]); s != "" {
			out = append(out, s)
		}
		start = i + 1
	}
	if s := strings.TrimSpace(text[start:]); s != "" {
		out = append(out, s)
	}
	var split []string
	for _, s := range out {
		split = append(split, splitOnMarkers(s, lex)...)
	}
	return split
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// splitOnMarkers cuts an over-long sentence before discourse markers. Short
// sentences are left alone: "okay so how are you" is one thought.
func splitOnMarkers(sentence string, lex *lexicon) []string {
	const longSentenceWords = 25
	words := strings.Fields(sentence)
	if len(words) <= longSentenceWords {
		return []string{sentence}
	}
	var out []string
	begin := 0
	for i := 1; i < len(words); i++ {
		if i-begin < 4 {
			continue
		}
		if lex.startsThought(words, i) {
			out = append(out, strings.Join(words[begin:i], " "))
			begin = i
		}
	}
	return append(out, strings.Join(words[begin:], " "))
}
