package notewriter

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// padTokens lower-cases a sentence and surrounds punctuation and the
// sentence with spaces, so that lexicon cues can be matched as " cue" and
// whole-word replacements as " word ".
func padTokens(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 16)
	b.WriteByte(' ')
	runes := []rune(strings.ToLower(s))
	for i, r := range runes {
		switch r {
		case ',':
			// "1,792" and "38,5" are one number.
			if i > 0 && i+1 < len(runes) && unicode.IsDigit(runes[i-1]) && unicode.IsDigit(runes[i+1]) {
				b.WriteRune(r)
				continue
			}
			b.WriteString(" , ")
		case '?', '!', ';', ':', '"', '(', ')':
			b.WriteString(" ")
			b.WriteRune(r)
			b.WriteString(" ")
		case '.':
			if i > 0 && i+1 < len(runes) && unicode.IsDigit(runes[i-1]) && unicode.IsDigit(runes[i+1]) {
				b.WriteRune(r)
				continue
			}
			b.WriteString(" . ")
		case '’':
			b.WriteByte('\'')
		default:
			if unicode.IsSpace(r) {
				b.WriteByte(' ')
				continue
			}
			b.WriteRune(r)
		}
	}
	b.WriteByte(' ')
	return " " + strings.Join(strings.Fields(b.String()), " ") + " "
}

// replaceWords applies whole-word replacements on a padded sentence. A
// word said twice in a row ("it's it's") shares the space between its
// two matches, so a pair is applied until it no longer matches, a few
// times at most.
func replaceWords(padded string, pairs [][2]string) string {
	for _, p := range pairs {
		for k := 0; k < maxWordRepeats && strings.Contains(padded, p[0]); k++ {
			padded = strings.ReplaceAll(padded, p[0], p[1])
		}
	}
	return padded
}

// maxWordRepeats bounds how often replaceWords reapplies a pair.
const maxWordRepeats = 3

// removeFillers drops hesitation words and discourse fillers, then folds
// stutters ("i , i , i think" -> "i think") and doubled words.
func removeFillers(padded string, lex *lexicon) string {
	for _, f := range lex.fillers {
		if !strings.Contains(padded, f) {
			continue
		}
		// ", uh ," leaves one comma behind, not two.
		padded = strings.ReplaceAll(padded, " , "+f+" , ", " , ")
		needle := " " + f + " "
		for strings.Contains(padded, needle) {
			padded = strings.ReplaceAll(padded, needle, " ")
		}
	}
	words := strings.Fields(padded)
	out := make([]string, 0, len(words))
	for i := 0; i < len(words); i++ {
		w := words[i]
		// "i , i , i" and "the the": skip a word repeated right after
		// itself, with or without a comma in between.
		// A repeated number word may be a correction ("ninety ninety
		// seven"), so it is kept for the number reader to judge.
		if n := len(out); n > 0 && out[n-1] == w && w != "," && !lex.numbers.isNumberWord(w) {
			continue
		}
		if n := len(out); n > 1 && w != "," && out[n-1] == "," && out[n-2] == w {
			out = out[:n-1]
			continue
		}
		if w == "," && (len(out) == 0 || out[len(out)-1] == "," || lex.glue[out[len(out)-1]] || out[len(out)-1] == "with") {
			continue
		}
		// Cut-off words from ASR ("mon-", "ex-") carry nothing.
		if strings.HasSuffix(w, "-") && len(w) > 1 {
			continue
		}
		out = append(out, w)
	}
	for len(out) > 0 && (out[len(out)-1] == "," || out[len(out)-1] == "and" || out[len(out)-1] == "et") {
		out = out[:len(out)-1]
	}
	return " " + strings.Join(out, " ") + " "
}

// trimLeading removes words that only glue a sentence to the previous one.
func trimLeading(padded string, glue map[string]bool) string {
	words := strings.Fields(padded)
	i := 0
	for i < len(words) && (glue[words[i]] || words[i] == ",") {
		i++
	}
	return " " + strings.Join(words[i:], " ") + " "
}

// afterGlue is padded from its first word that is not glue: trimLeading
// without a copy, for a look at how a sentence opens.
func afterGlue(padded string, glue map[string]bool) string {
	rest := padded
	for {
		trimmed := strings.TrimLeft(rest, " ")
		w, _, _ := strings.Cut(trimmed, " ")
		if w == "" || !glue[w] && w != "," {
			return rest
		}
		rest = trimmed[len(w):]
	}
}

// finish turns a padded token string back into a written sentence: no space
// before punctuation, first letter capitalised, "i" as "I", and a full stop.
func finish(padded string, english bool) string {
	words := strings.Fields(padded)
	for len(words) > 0 && (words[len(words)-1] == "." || words[len(words)-1] == "," || words[len(words)-1] == "?" || words[len(words)-1] == "!") {
		words = words[:len(words)-1]
	}
	if len(words) == 0 {
		return ""
	}
	var b strings.Builder
	for i, w := range words {
		if english && w == "i" {
			w = "I"
		}
		if i > 0 && !(w == "," || w == "." || w == ";" || w == ":" || w == "?" || w == "!" || w == "%" || w == ")") {
			if prev := words[i-1]; prev != "(" {
				b.WriteByte(' ')
			}
		}
		b.WriteString(w)
	}
	b.WriteByte('.')
	return capitalize(b.String())
}

func capitalize(s string) string {
	r, size := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError {
		return s
	}
	return string(unicode.ToUpper(r)) + s[size:]
}

func wordCount(padded string) int { return len(strings.Fields(padded)) }

// wordAt is words[i], or "" when i is outside words: the word before the
// first and after the last.
func wordAt(words []string, i int) string {
	if i < 0 || i >= len(words) {
		return ""
	}
	return words[i]
}

// tidy writes a chosen sentence the way a clinician would: without a
// phrase the speaker restarted ("is that is that helping"), a comma
// the transcriber put before an object ("there is , some tenderness") or
// the words it trailed off with ("and he feels").
// It runs on the written text only, after the sentence was judged, so it
// changes no decision about what the note keeps.
func tidy(padded string, lex *lexicon) string {
	words := dropLike(cutAtAssent(collapseRuns(strings.Fields(padded), lex), lex), lex.speech)
	out := make([]string, 0, len(words))
	for _, w := range words {
		if w == "," && len(out) > 0 && lex.noComma[out[len(out)-1]] {
			continue
		}
		out = append(out, w)
	}
	return " " + strings.Join(cutTrailingFragment(out, lex.fragment), " ") + " "
}

// cutAtAssent ends a sentence where the clinician acknowledged an answer
// and went on to the next question in one unpunctuated turn ("a deep
// achy pain okay what makes it worse"): the echo is the fact, the
// acknowledgement and the question are talk. A lone "right" is not an
// acknowledgement here, since it also names a side.
func cutAtAssent(words []string, lex *lexicon) []string {
	for i := 2; i < len(words); i++ {
		for _, tag := range lex.tagQuestions {
			// Split a tag only where its first word is said.
			if first, _, _ := strings.Cut(tag, " "); first != words[i] {
				continue
			}
			t := strings.Fields(tag)
			if tag == "right" || !matchAt(words, i, t) {
				continue
			}
			next := i + len(t)
			for next < len(words) && lex.glue[words[next]] {
				next++
			}
			if next < len(words) && lex.questionWords[words[next]] {
				return words[:i]
			}
		}
	}
	return words
}

// restartedPair is the run folded before a sentence is judged: a pair
// restarted ("you're you're" read "you are you are") would otherwise read
// as a question ("are you"). Longer runs may repeat a phrase in another
// role ("on your physical exam your physical exam is normal") and are left
// to tidy.
const restartedPair = 2

// longestRun is the longest run of words collapseRuns folds when it is said
// twice in a row.
const longestRun = 4

// collapseRuns folds a run of two to four words said twice in a row ("is
// that is that helping", "of the of the"): the speaker restarting, not
// something said twice. Runs with a number are kept, since "one twenty one
// twenty" may be two readings.
func collapseRuns(words []string, lex *lexicon) []string {
	return collapseRunsUpTo(words, longestRun, lex)
}

// collapseRunsUpTo is collapseRuns for runs of at most longest words.
func collapseRunsUpTo(words []string, longest int, lex *lexicon) []string {
	out := make([]string, 0, len(words))
	for i := 0; i < len(words); {
		if n := repeatedRun(words, i, longest, lex); n > 0 {
			i += n
			continue
		}
		out = append(out, words[i])
		i++
	}
	return out
}

// hasRestartedPair reports, without allocating, whether padded says a
// pair of words twice in a row ("you are you are"): the cheap look before
// collapsing it, which most sentences do not need.
func hasRestartedPair(padded string) bool {
	var last [2 * restartedPair]string
	seen := 0
	for rest := padded; ; {
		var w string
		w, rest = nextWord(rest)
		if w == "" {
			return false
		}
		last[seen%len(last)] = w
		seen++
		for n := 2; n <= restartedPair && 2*n <= seen; n++ {
			same := true
			for k := 0; k < n && same; k++ {
				same = last[(seen-1-k)%len(last)] == last[(seen-1-n-k)%len(last)]
			}
			if same {
				return true
			}
		}
	}
}

// repeatedRun is the length of the run starting at i that is said again
// right after it, or 0.
func repeatedRun(words []string, i, longest int, lex *lexicon) int {
	for n := longest; n >= 2; n-- {
		if i+2*n > len(words) {
			continue
		}
		same := true
		for k := 0; k < n && same; k++ {
			w := words[i+k]
			same = w == words[i+n+k] && w != "," && !lex.numbers.isNumberWord(w) && !hasDigitWord(w)
		}
		if same {
			return n
		}
	}
	return 0
}
