package notewriter

import (
	"regexp"
	"strings"
	"unicode"
)

// speaker says who uttered a turn; dictations and untagged text are
// attributed to the clinician because that is who dictates.
type speaker int

const (
	speakerClinician speaker = iota
	speakerPatient
	// speakerOther is anyone else in the room: a partner, a parent, a
	// nurse. What they say is about the patient but is not the patient's.
	speakerOther
)

// turn is one uninterrupted utterance.
type turn struct {
	speaker speaker
	text    string
	// pieces map text back to the transcript: wrapped lines are joined
	// with a space, so one turn may come from several places.
	pieces []piece
}

// piece says that text[at:at+n] is transcript[src:src+n].
type piece struct{ at, src, n int }

// source returns the transcript byte offset of turn-text offset off.
func (t turn) source(off int) int {
	for k := len(t.pieces) - 1; k >= 0; k-- {
		p := t.pieces[k]
		if off >= p.at {
			return p.src + min(off-p.at, p.n)
		}
	}
	return 0
}

// speakerTag matches "[doctor]", "[patient_guest]", "Doctor:", "Médecin :",
// "Pt:" and similar labels at the start of a line.
var speakerTag = regexp.MustCompile(`(?i)^\s*(?:\[([a-zéè_ ]+)\]|([a-zéè]+(?: [a-zéè]+)?)\s*:)\s*`)

var clinicianLabels = map[string]bool{
	"doctor": true, "dr": true, "physician": true, "clinician": true, "provider": true,
	"médecin": true, "medecin": true, "docteur": true, "md": true,
}

var patientLabels = map[string]bool{"patient": true, "pt": true, "patiente": true}

var otherLabels = map[string]bool{
	"patient_guest": true, "guest": true, "mother": true, "father": true, "parent": true, "mère": true, "père": true,
	"family": true, "nurse": true, "infirmière": true, "infirmier": true, "partner": true, "wife": true,
	"husband": true, "conjoint": true, "conjointe": true, "fille": true, "fils": true, "daughter": true, "son": true,
	"accompagnant": true, "accompagnante": true, "proche": true, "interpreter": true, "interprète": true,
}

// splitTurns segments a transcript into speaker turns. Untagged lines
// continue the previous turn, so a dictation becomes one clinician turn and
// wrapped lines of a conversation stay with their speaker.
func splitTurns(transcript string) (turns []turn, tagged bool) {
	current := -1
	for _, l := range sourceLines(transcript) {
		line, lineStart := l.text, l.start
		if who, cut, ok := parseSpeaker(line); ok {
			tagged = true
			rest := line[cut:]
			turns = append(turns, turn{speaker: who, text: rest, pieces: []piece{{0, lineStart + cut, len(rest)}}})
			current = len(turns) - 1
			continue
		}
		if current < 0 {
			turns = append(turns, turn{speaker: speakerClinician, text: line, pieces: []piece{{0, lineStart, len(line)}}})
			current = 0
			continue
		}
		t := &turns[current]
		t.text += " "
		t.pieces = append(t.pieces, piece{len(t.text), lineStart, len(line)})
		t.text += line
	}
	return turns, tagged
}

// inferTurns reads an unlabelled conversation (speech-to-text output) as
// one turn per line and infers each line's speaker with InferRoles.
func inferTurns(transcript, lang string) []turn {
	var turns []turn
	var texts []string
	for _, l := range sourceLines(transcript) {
		turns = append(turns, turn{text: l.text, pieces: []piece{{0, l.start, len(l.text)}}})
		texts = append(texts, l.text)
	}
	for i, r := range InferRoles(texts, lang) {
		turns[i].speaker = map[Role]speaker{RoleClinician: speakerClinician, RolePatient: speakerPatient, RoleOther: speakerOther}[r]
	}
	return turns
}

// sourceLine is one non-blank line of a transcript without its surrounding
// space, and the byte offset in the transcript where it starts (provenance
// points back there).
type sourceLine struct {
	text  string
	start int
}

// sourceLines splits a transcript into its non-blank lines.
func sourceLines(transcript string) []sourceLine {
	var lines []sourceLine
	offset := 0
	for _, raw := range strings.SplitAfter(transcript, "\n") {
		start := offset
		offset += len(raw)
		trimmedLeft := strings.TrimLeftFunc(raw, unicode.IsSpace)
		start += len(raw) - len(trimmedLeft)
		if line := strings.TrimRightFunc(trimmedLeft, unicode.IsSpace); line != "" {
			lines = append(lines, sourceLine{text: line, start: start})
		}
	}
	return lines
}

// parseSpeaker reads a speaker label; cut is where the utterance starts.
func parseSpeaker(line string) (who speaker, cut int, ok bool) {
	m := speakerTag.FindStringSubmatchIndex(line)
	if m == nil {
		return 0, 0, false
	}
	label := ""
	if m[2] >= 0 {
		label = line[m[2]:m[3]]
	} else {
		label = line[m[4]:m[5]]
	}
	label = strings.ToLower(strings.TrimSpace(label))
	switch {
	case clinicianLabels[label]:
		return speakerClinician, m[1], true
	case otherLabels[label]:
		return speakerOther, m[1], true
	case patientLabels[label] || strings.HasPrefix(label, "patient"):
		return speakerPatient, m[1], true
	}
	return 0, 0, false
}

// sentence is a piece of a turn with its byte offsets in the turn's text.
type sentence struct {
	text       string
	start, end int
}

// splitSentences cuts a turn into sentences on terminal punctuation. ASR
// output often has none, so long unpunctuated stretches are also cut before
// discourse markers ("okay so", "alright") that start a new thought.
func splitSentences(text string, lex *lexicon) []sentence {
	var out []sentence
	add := func(from, to int) {
		for from < to && isSpaceByte(text[from]) {
			from++
		}
		for to > from && isSpaceByte(text[to-1]) {
			to--
		}
		if from < to {
			out = append(out, splitOnMarkers(text, from, to, lex)...)
		}
	}
	start := 0
	for i := 0; i < len(text); i++ {
		c := text[i]
		if c != '.' && c != '?' && c != '!' && c != ';' {
			continue
		}
		// Keep decimals such as "98.6" and "1.5 mg" whole, and the ones
		// speech-to-text cuts with a full stop ("ninety eight . two").
		if c == '.' && i > 0 && i+1 < len(text) && isDigit(text[i-1]) && isDigit(text[i+1]) {
			continue
		}
		if c == '.' && spokenDecimal(text, i, lex) {
			continue
		}
		add(start, i+1)
		start = i + 1
	}
	add(start, len(text))
	return out
}

func isSpaceByte(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// splitOnMarkers cuts an over-long sentence text[from:to] before
// discourse markers. Short sentences are left alone: "okay so how are you"
// is one thought.
func splitOnMarkers(text string, from, to int, lex *lexicon) []sentence {
	const longSentenceWords, veryLongSentenceWords = 25, 40
	var starts, ends []int
	for i := from; i < to; {
		for i < to && isSpaceByte(text[i]) {
			i++
		}
		if i >= to {
			break
		}
		j := i
		for j < to && !isSpaceByte(text[j]) {
			j++
		}
		starts, ends = append(starts, i), append(ends, j)
		i = j
	}
	if len(starts) <= longSentenceWords {
		return []sentence{{text[from:to], from, to}}
	}
	words := make([]string, len(starts))
	for k := range starts {
		words[k] = text[starts[k]:ends[k]]
	}
	var out []sentence
	begin := 0
	// Speech-to-text without punctuation runs a whole turn into one
	// sentence; past veryLongSentenceWords a clause opener also starts a
	// new sentence ("... trace edema so i am looking at your results").
	veryLong := len(words) > veryLongSentenceWords
	for i := 1; i < len(words); i++ {
		if i-begin < 4 {
			continue
		}
		if lex.startsThought(words, i) || (veryLong && i-begin >= 6 && lex.opensClause(words, i)) {
			out = append(out, sentence{text[starts[begin]:ends[i-1]], starts[begin], ends[i-1]})
			begin = i
		}
	}
	return append(out, sentence{text[starts[begin]:to], starts[begin], to})
}

// spokenDecimal reports whether the full stop at text[i] sits inside a
// number, between a number and a single digit followed by a word: "ninety
// eight . two your pulse" is 98.2 (the clinicians' notes say so), not "98."
// and a sentence "two your pulse".
func spokenDecimal(text string, i int, lex *lexicon) bool {
	before := strings.Fields(text[:i])
	after := strings.Fields(text[i+1:])
	if len(before) == 0 || len(after) < 2 {
		return false
	}
	digit, ok := lex.numbers.units[strings.ToLower(after[0])]
	if !ok && !(len(after[0]) == 1 && isDigit(after[0][0])) {
		return false
	}
	if ok && digit > 9 {
		return false
	}
	if lex.numbers.isNumberWord(strings.ToLower(after[1])) || isNumeral(after[1]) {
		return false
	}
	// "a . five centimeter stone": an article ends no sentence, so the
	// stop is the point of a decimal whose zero was not said (0.5 cm).
	if prev := strings.ToLower(before[len(before)-1]); !lex.numbers.french && (prev == "a" || prev == "an") {
		return true
	}
	// The words before must end in a number: read it back from its words.
	// A value under ten is a decimal too ("seven . one" is an A1c of 7.1,
	// "two . five milligrams" a dose of 2.5 mg): every such stop between
	// numbers in the ACI-BENCH train and valid dialogues is a decimal.
	k := len(before)
	for k > 0 && (lex.numbers.isNumberWord(strings.ToLower(before[k-1])) || strings.ToLower(before[k-1]) == "a") {
		k--
	}
	if k == len(before) {
		return isNumeral(before[k-1])
	}
	words := make([]string, 0, len(before)-k)
	for _, w := range before[k:] {
		words = append(words, strings.ToLower(w))
	}
	// "a hundred" is a number, "a four" an article and a number.
	if _, used := lex.numbers.cardinal(words); used == len(words) {
		return true
	}
	if len(words) < 2 || words[0] != "a" {
		return false
	}
	_, used := lex.numbers.cardinal(words[1:])
	return used == len(words)-1
}
