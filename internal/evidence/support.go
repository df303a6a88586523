package evidence

import (
	"regexp"
	"strings"
	"unicode"

	"github.com/notegen/notegen/internal/facts"
)

// Checker decides whether transcript words support a note sentence: most of
// the sentence's content words are among them (compared on a short prefix,
// so "smoking" meets "smoke" and "fatiguée" meets "fatigue") and every
// number the sentence states was said in them. It is what the server checks
// a language model's citations with and what the evaluation measures.
type Checker struct {
	x *facts.Extractor
}

// NewChecker returns a Checker sharing the facts extractor's number reading.
func NewChecker(x *facts.Extractor) *Checker { return &Checker{x: x} }

// MinOverlap is the share of a sentence's content words its support must
// contain: "most of them".
const MinOverlap = 0.5

// Supports reports whether support (the cited words) supports sentence.
func (c *Checker) Supports(sentence, support, lang string) bool {
	return c.Overlap(sentence, support) >= MinOverlap && c.NumbersSaid(sentence, support, lang)
}

// Overlap is the share of sentence's content words found in support; a
// sentence with no content words is fully supported.
func (c *Checker) Overlap(sentence, support string) float64 {
	words := ContentWords(sentence)
	if len(words) == 0 {
		return 1
	}
	have := map[string]bool{}
	for _, w := range ContentWords(support) {
		have[stem(w)] = true
	}
	n := 0
	for _, w := range words {
		if have[stem(w)] {
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

// Unsaid lists the numbers of sentence that said never states. A list's
// enumerator ("1. Hypertension.") is not a number the note states; a ratio
// or decimal ("3/6", "98.2") is said when its parts are ("three out of
// six", "ninety eight . two", as speech-to-text writes it).
func (c *Checker) Unsaid(sentence, said, lang string) []string {
	sentence = enumerator.ReplaceAllString(sentence, "")
	nums := c.x.Numbers(sentence, lang)
	if len(nums) == 0 {
		return nil
	}
	have := map[string]bool{}
	for _, n := range c.x.Numbers(said, lang) {
		have[n] = true
	}
	var out []string
	for _, n := range nums {
		if !have[n] && !partsSaid(n, have) {
			out = append(out, n)
		}
	}
	return out
}

// enumerator is a list item's number at the start of a line.
var enumerator = regexp.MustCompile(`(?m)^\s*\d{1,2}[.)]\s+`)

func partsSaid(n string, have map[string]bool) bool {
	parts := strings.FieldsFunc(n, func(r rune) bool { return r == '/' || r == '.' })
	if len(parts) < 2 {
		return false
	}
	for _, p := range parts {
		if !have[p] {
			return false
		}
	}
	return true
}

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

// stem compares words on their first five letters: enough to tell words
// apart, short enough to ignore inflection in both languages.
func stem(w string) string {
	r := []rune(w)
	if len(r) > 5 {
		r = r[:5]
	}
	return string(r)
}

var stopWords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`the and for with that this from have has had was were are been being not but
		you your yours she her hers him his they them their its our out any all can will would could should
		also about into over some than then there these those what when where which who whom why how very just
		did does doing done get got per other more most such only own same too yes okay well like
		patient patients reports reported report states stated notes noted describes described endorses endorsed
		denies denied presents presented complains complaint mentions mentioned says said feels
		les des une un est sont pas que qui dans pour par sur avec aux elle lui ils leur vous nous mais ou donc
		ses son sa cette ces ont été être avoir fait plus très bien aussi comme
		patiente signale rapporte décrit indique nie dit présente`) {
		m[w] = true
	}
	return m
}()
