package evidence

import (
	"errors"
	"strings"
	"unicode"

	"github.com/notegen/notegen/internal/facts"
	"github.com/notegen/notegen/internal/lexicon"
	"github.com/notegen/notegen/internal/spoken"
	"github.com/notegen/notegen/internal/transcript"
)

// Checker decides whether transcript words support a note sentence: most of
// the sentence's content words are among them (compared on a short prefix,
// so "smoking" meets "smoke" and "fatiguée" meets "fatigue") and every
// number the sentence states was said in them (read by internal/spoken,
// the reader the note writer uses). It is what the server checks a
// language model's citations with and what the evaluation measures.
type Checker struct{}

// NewChecker returns a Checker.
func NewChecker() *Checker { return &Checker{} }

// MinOverlap is the share of a sentence's content words its support must
// contain: "most of them".
const MinOverlap = 0.5

// Supports reports whether support (the cited words) supports sentence.
func (c *Checker) Supports(sentence, support, lang string) bool {
	return c.Overlap(sentence, support) >= MinOverlap && c.NumbersSaid(sentence, support, lang)
}

// Overlap is the share of sentence's content words found in support; a
// sentence with no content words is fully supported. A clinical word is
// found when it or one of its spoken forms was said (see layTerms). A list
// item's label ("• Cardiovascular: ...") is the note's heading, not
// something said, so its words are not counted.
func (c *Checker) Overlap(sentence, support string) float64 {
	words := ContentWords(Claim(sentence))
	if len(words) == 0 {
		return 1
	}
	have := map[string]bool{}
	for _, w := range ContentWords(support) {
		have[lexicon.Stem(w)] = true
	}
	n := 0
	for _, w := range words {
		if s := lexicon.Stem(w); have[s] || saidAs(s, have) {
			n++
		}
	}
	return float64(n) / float64(len(words))
}

// NumbersSaid reports whether every number in sentence is among the
// numbers said in said (spoken numbers read as digits).
func (c *Checker) NumbersSaid(sentence, said, lang string) bool {
	return len(c.Unsaid(sentence, said, lang)) == 0
}

// Unsaid lists the numbers of sentence (see spoken.Reader.Stated) that
// said never states; numbers match exactly ("20" is not "2", "130/85" is
// not "130/80"). A list's enumerator ("1. Hypertension.") is not a number
// the note states; a ratio ("3/6") is said when its parts are, in order
// ("three out of six"); a decimal may be spoken with a detached point
// ("ninety eight . two", as speech-to-text writes it).
func (c *Checker) Unsaid(sentence, said, lang string) []string {
	nums := c.sentenceNumbers(sentence, lang)
	if len(nums) == 0 {
		return nil
	}
	return spoken.For(lang).Hear(said).Unsaid(nums)
}

// sentenceNumbers are the numbers a note sentence states.
func (c *Checker) sentenceNumbers(sentence, lang string) []string {
	return spoken.For(lang).Stated(sentence)
}

// Claim is what sentence states once a list item's label is set aside: the
// writer lays out the review of systems and the exam as "• System: ...",
// and the system's name is the note's structure, said or not.
func Claim(sentence string) string {
	t := strings.TrimSpace(sentence)
	rest, ok := strings.CutPrefix(t, "•")
	if !ok {
		return sentence
	}
	label, body, ok := strings.Cut(rest, ":")
	if !ok || len(strings.Fields(label)) > maxLabelWords {
		return sentence
	}
	return body
}

// maxLabelWords is the longest list label Claim sets aside ("Ears, Nose,
// Mouth and Throat"); a longer text before a colon is a statement.
const maxLabelWords = 6

// ContentWords are the words of text that carry its meaning: lower case,
// three letters or more, without function words and the words a note adds
// to what was said ("patient", "reports").
func ContentWords(text string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(strings.ToLower(text), func(r rune) bool { return !unicode.IsLetter(r) }) {
		if len([]rune(w)) < 3 || stopWords[w] {
			continue
		}
		out = append(out, w)
	}
	return out
}

var stopWords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`the and for with that this from have has had was were are been being not but
		you your yours she her hers him his they them their its our out any all can will would could should
		also about into over some than then there these those what when where which who whom why how very just
		did does doing done get got per other more most such only own same too yes okay well like
		patient patients companion reports reported report states stated notes noted describes described endorses endorsed
		denies denied presents presented complains complaint mentions mentioned says said feels
		les des une un est sont pas que qui dans pour par sur avec aux elle lui ils leur vous nous mais ou donc
		ses son sa cette ces ont été être avoir fait plus très bien aussi comme
		patiente accompagnant selon signale rapporte décrit indique nie dit présente`) {
		m[w] = true
	}
	return m
}()

// Citations groups a sentence's spans the way a reader checks them: a
// question and its direct answer are one citation. The answer is a span at
// the start of the segment right after the question's, when the question
// ends with "?" or the answer opens with a yes or a no ("fever, chills?" /
// "no."): the answer carries the polarity, the question the content, and
// neither supports the sentence without the other. Every other span is a
// citation of its own. The evaluation reports support per span and per
// citation.
func Citations(spans []facts.Span, segs []transcript.Segment) [][]facts.Span {
	var out [][]facts.Span
	for k, sp := range spans {
		if k > 0 && len(out) > 0 {
			group := out[len(out)-1]
			q := group[0]
			if sp.Segment == q.Segment+1 && (len(group) > 1 || answers(q, sp, segs)) {
				out[len(out)-1] = append(group, sp)
				continue
			}
		}
		out = append(out, []facts.Span{sp})
	}
	return out
}

// answers reports whether a is the direct answer to q: a reply that opens
// the next segment, to a question or as a yes or a no.
func answers(q, a facts.Span, segs []transcript.Segment) bool {
	if a.Segment != q.Segment+1 || a.Start != 0 {
		return false
	}
	if strings.HasSuffix(strings.TrimSpace(SpanText(segs, q)), "?") {
		return true
	}
	for _, w := range strings.FieldsFunc(strings.ToLower(SpanText(segs, a)), func(r rune) bool { return !unicode.IsLetter(r) && r != '-' }) {
		if fillers[w] {
			continue
		}
		return polarity[w]
	}
	return false
}

// fillers and polarity are the words an answer opens with, from
// data/answer_words.txt: those skipped, and a yes or a no.
var fillers, polarity = readAnswerWords()

// readAnswerWords reads the "filler:" and "polar:" lines of
// data/answer_words.txt; the file is embedded, so any other line is a
// build defect and panics.
func readAnswerWords() (fillers, polar map[string]bool) {
	err := lexicon.EachLine(dataFiles, "data/answer_words.txt", func(_ int, line string) error {
		kind, words, _ := strings.Cut(line, ":")
		switch kind {
		case "filler":
			fillers = setOf(words)
		case "polar":
			polar = setOf(words)
		default:
			return errors.New("want filler: or polar: words")
		}
		return nil
	})
	if err != nil {
		panic("evidence: " + err.Error())
	}
	return fillers, polar
}

func setOf(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[w] = true
	}
	return m
}
