package main

import (
	"regexp"
	"sort"
	"strings"

	"github.com/notegen/notegen/internal/rouge"
)

// ACI-BENCH scores a note per division as well as whole. This file follows
// ../shared/eval/sections.py (itself a re-implementation of ACI-BENCH's
// section tagger, CC BY 4.0) so that the figures printed here are the ones
// score.py prints; TestDivisionsMatchScorePy holds the two together.

// divisions are ACI-BENCH's four note divisions, in scoring order.
var divisions = []string{"subjective", "objective_exam", "objective_results", "assessment_and_plan"}

const (
	emptyDivision = "#####EMPTY#####"
	lineFeed      = "__lf1__"
)

// divisionHeaders lists, in ACI-BENCH's order, the header patterns of each
// division; the order decides ties on a line.
var divisionHeaders = []struct {
	division string
	headers  []string
}{
	{"subjective", []string{"cc :", "chief complaint :", "reason for visit :", "CHIEF COMPLAINT"}},
	{"subjective", []string{"history :", "history of present illness :", "history of present illness", "hpi :", "hpi",
		"hpi notes :", "interval history :", "interval hx :", "subjective :", "HISTORY OF PRESENT ILLNESS"}},
	{"subjective", []string{"ros :", "review of system :", "review of systems :"}},
	{"subjective", []string{"SOCIAL HISTORY", "PAST HISTORY"}},
	{"objective_exam", []string{"physical exam :", "physical examination :", "pe :", "physical findings :",
		"examination :", "exam :", "PHYSICAL EXAMINATION", "PHYSICAL EXAM"}},
	{"objective_exam", []string{"VITALS REVIEWED"}},
	{"objective_results", []string{"results :", "findings :", "RESULTS"}},
	{"assessment_and_plan", []string{"assessment :", "a:"}},
	{"assessment_and_plan", []string{"plan :", "plan of care :", "p:", "medical decision-making plan :", "summary plan"}},
	{"assessment_and_plan", []string{"ap :", "a / p :", "assessment and plan :", "assessment & plan :",
		"disposition / plan :", "ASSESSMENT AND PLAN"}},
}

type divisionRule struct {
	division string
	rx       *regexp.Regexp
}

var (
	divisionRules = compileDivisionRules()
	// impressionRule is case-sensitive on purpose, as in ACI-BENCH.
	impressionRule = regexp.MustCompile(`^\s*IMPRESSION`)
)

func headerPattern(h string) string {
	parts := strings.Split(h, " ")
	for i, p := range parts {
		parts[i] = regexp.QuoteMeta(p)
	}
	return strings.Join(parts, `\s*`)
}

func compileDivisionRules() []divisionRule {
	rules := make([]divisionRule, 0, len(divisionHeaders))
	for _, g := range divisionHeaders {
		var prefix, bare []string
		for _, h := range g.headers {
			prefix = append(prefix, headerPattern(h))
			if strings.HasSuffix(h, ":") {
				bare = append(bare, headerPattern(h[:len(h)-1]))
			}
		}
		text := `\s*(?:` + strings.Join(prefix, "|") + `).*`
		if len(bare) > 0 {
			text = `(?:` + text + `|\s*(?:` + strings.Join(bare, "|") + `)\s*$)`
		}
		rules = append(rules, divisionRule{g.division, regexp.MustCompile(`(?i)^` + text)})
	}
	return rules
}

func lineDivision(line string) string {
	for _, r := range divisionRules {
		if r.rx.MatchString(line) {
			return r.division
		}
	}
	if impressionRule.MatchString(line) {
		return "assessment_and_plan"
	}
	return ""
}

// splitDivisions returns each division's text as ACI-BENCH scores it: the
// first section of each division, running to the next kept division, with
// line breaks written as a token; a missing division is a fixed marker.
func splitDivisions(text string) map[string]string {
	text = strings.ReplaceAll(text, lineFeed, "\n")
	type start struct {
		division string
		at       int
	}
	var starts []start
	offset := 0
	for i, line := range strings.Split(text, "\n") {
		d := lineDivision(line)
		if i == 0 {
			starts = append(starts, start{d, 0})
		} else if d != "" {
			starts = append(starts, start{d, offset})
		}
		offset += len(line) + 1
	}
	if starts[0].division == "" {
		starts[0].division = "subjective"
	}
	var kept []start
	seen := map[string]bool{}
	for _, s := range starts {
		if !seen[s.division] {
			seen[s.division] = true
			kept = append(kept, s)
		}
	}
	sort.SliceStable(kept, func(i, j int) bool { return kept[i].at < kept[j].at })
	out := make(map[string]string, len(divisions))
	for _, d := range divisions {
		out[d] = emptyDivision
	}
	for i, s := range kept {
		end := len(text)
		if i+1 < len(kept) {
			end = kept[i+1].at
		}
		out[s.division] = strings.ReplaceAll(text[s.at:end], "\n", lineFeed)
	}
	return out
}

// divisionRouge1 is ROUGE-1 F1 per division of one note pair.
func divisionRouge1(reference, candidate string) map[string]float64 {
	r, c := splitDivisions(reference), splitDivisions(candidate)
	out := make(map[string]float64, len(divisions))
	for _, d := range divisions {
		out[d] = rouge.NGram(rouge.Tokenize(r[d]), rouge.Tokenize(c[d]), 1).F1
	}
	return out
}
