package assertion_test

import (
	"bufio"
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/assertion"
	"github.com/notegen/notegen/internal/lexicon"
)

// labelled is one line of a testdata file: the expected context, or
// unknown for an answer that says nothing of the concept.
type labelled struct {
	line    int
	lang    string
	text    string // the sentence, or the question
	answer  string
	unknown bool
	want    [3]string // assertion, time, subject
}

func readLabelled(t *testing.T, path string, answers bool) []labelled {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	var out []labelled
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		cols := strings.Split(line, "\t")
		l := labelled{line: n, lang: cols[0], text: cols[1]}
		if answers {
			l.answer, cols = cols[2], cols[1:]
		}
		switch {
		case len(cols) == 3 && cols[2] == "unknown":
			l.unknown = true
		case len(cols) == 5:
			l.want = [3]string{cols[2], cols[3], cols[4]}
		default:
			t.Fatalf("%s:%d: want language, text, assertion, time, subject", path, n)
		}
		out = append(out, l)
	}
	require.NoError(t, sc.Err())
	return out
}

// score counts, for every value of a feature, how often it was predicted,
// expected, and both.
type score struct{ predicted, expected, both map[string]int }

func newScore() score {
	return score{map[string]int{}, map[string]int{}, map[string]int{}}
}

func (s score) add(got, want string) {
	s.predicted[got]++
	s.expected[want]++
	if got == want {
		s.both[got]++
	}
}

// table writes precision, recall and F1 of every value.
func (s score) table(b *strings.Builder, feature string) {
	var values []string
	for v := range s.expected {
		values = append(values, v)
	}
	for v := range s.predicted {
		if s.expected[v] == 0 {
			values = append(values, v)
		}
	}
	sort.Strings(values)
	for _, v := range values {
		p, r := ratio(s.both[v], s.predicted[v]), ratio(s.both[v], s.expected[v])
		f := 0.0
		if p+r > 0 {
			f = 2 * p * r / (p + r)
		}
		fmt.Fprintf(b, "%-10s %-13s n=%-4d precision %5.1f%%  recall %5.1f%%  F1 %5.1f%%\n", feature, v, s.expected[v], 100*p, 100*r, 100*f)
	}
}

func ratio(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// measured is what evaluate found on a pair of testdata files.
type measured struct {
	scores map[string]score
	exact  map[string]float64 // by language: share of lines fully right
	report string             // the tables and every miss
}

var features = []string{"assertion", "time", "subject"}

// evaluate measures Of on the sentences file and Answered on the answers
// file.
func evaluate(t *testing.T, sentences, answers string) measured {
	t.Helper()
	scores := map[string]score{}
	for _, f := range features {
		scores[f] = newScore()
	}
	exact, total := map[string]int{}, map[string]int{}
	var misses strings.Builder
	check := func(l labelled, c assertion.Context, ok bool, file string) {
		total[l.lang]++
		if l.unknown || !ok {
			if l.unknown == !ok {
				exact[l.lang]++
			} else {
				fmt.Fprintf(&misses, "%s:%d %s | %s: want %v, got ok=%v %v\n", file, l.line, l.text, l.answer, l.want, ok, c)
			}
			scores["assertion"].add(map[bool]string{true: "unknown", false: string(c.Assertion)}[!ok], map[bool]string{true: "unknown", false: l.want[0]}[l.unknown])
			return
		}
		got := [3]string{string(c.Assertion), string(c.Time), string(c.Subject)}
		for i, f := range features {
			scores[f].add(got[i], l.want[i])
		}
		if got == l.want {
			exact[l.lang]++
			return
		}
		fmt.Fprintf(&misses, "%s:%d %s %s: want %v, got %v %v\n", file, l.line, l.text, l.answer, l.want, got, c.Triggers)
	}
	for _, l := range readLabelled(t, sentences, false) {
		x := lexicon.For(l.lang)
		toks, target, err := marked(x, l.text)
		require.NoError(t, err, "%s:%d", sentences, l.line)
		check(l, assertion.Of(x, toks, target), true, sentences)
	}
	for _, l := range readLabelled(t, answers, true) {
		x := lexicon.For(l.lang)
		q, target, err := marked(x, l.text)
		require.NoError(t, err, "%s:%d", answers, l.line)
		c, ok := assertion.Answered(x, q, target, x.Tokenize(l.answer))
		check(l, c, ok, answers)
	}
	m := measured{scores: scores, exact: map[string]float64{}}
	var b strings.Builder
	for _, f := range features {
		scores[f].table(&b, f)
	}
	for _, lang := range lexicon.Languages {
		m.exact[lang] = ratio(exact[lang], total[lang])
		fmt.Fprintf(&b, "%s: %d of %d fully right (%.1f%%)\n", lang, exact[lang], total[lang], 100*m.exact[lang])
	}
	m.report = b.String() + "\nmisses:\n" + misses.String()
	return m
}

// floors fails the test when a language's share of lines fully right, or
// the precision or recall of a value seen at least five times, is below
// the floor.
func (m measured) floors(t *testing.T, exact, perValue float64) {
	t.Helper()
	for lang, share := range m.exact {
		require.GreaterOrEqual(t, share, exact, "%s: share of lines fully right", lang)
	}
	for _, f := range features {
		s := m.scores[f]
		for v, n := range s.expected {
			if n >= 5 {
				require.GreaterOrEqual(t, ratio(s.both[v], n), perValue, "%s %s recall", f, v)
				require.GreaterOrEqual(t, ratio(s.both[v], s.predicted[v]), perValue, "%s %s precision", f, v)
			}
		}
	}
}

// TestLabelledSet measures Of on testdata/labelled.tsv and Answered on
// testdata/answers.tsv, the sets the trigger lists were tuned on; run with
// -v to see the tables and every miss. The floors guard against
// regressions.
func TestLabelledSet(t *testing.T) {
	t.Parallel()
	m := evaluate(t, "testdata/labelled.tsv", "testdata/answers.tsv")
	t.Logf("\n%s", m.report)
	m.floors(t, 0.9, 0.8)
}

// TestFreshSet measures the sets written after tuning (testdata/fresh.tsv
// and freshanswers.tsv): the better estimate of how the lists do on
// sentences they were not fitted to.
func TestFreshSet(t *testing.T) {
	t.Parallel()
	m := evaluate(t, "testdata/fresh.tsv", "testdata/freshanswers.tsv")
	t.Logf("\n%s", m.report)
	m.floors(t, 0.7, 0.6)
}
