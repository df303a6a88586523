package clinical

import (
	"github.com/notegen/notegen/internal/assertion"
	"github.com/notegen/notegen/internal/lexicon"
	"github.com/notegen/notegen/internal/transcript"
)

// courseReach is how many sentences after a course is started its drugs
// may be dosed.
const courseReach = 7

// courseActions starts the drugs of a course the clinician starts as a
// whole ("I'd like you to start the rescue pack today. The prednisolone is
// thirty milligrams ... once a day. And the clarithromycin is five hundred
// milligrams twice a day."): a drug the clinician names and doses in the
// next sentences, with no verb of its own.
func (r *Reading) courseActions(ms []mention) map[string][]medEvidence {
	out := map[string][]medEvidence{}
	actions, courses := r.Lexicon.List("med_actions"), r.Lexicon.List("course_words")
	for ui, u := range r.Units {
		if u.Speaker != transcript.Clinician || u.Question || !r.startsCourse(u.Tokens, actions, courses) {
			continue
		}
		for _, m := range ms {
			v := r.Units[m.Unit]
			if m.kind != Medication || m.Unit <= ui || m.Unit > ui+courseReach || v.Speaker != transcript.Clinician || v.Question ||
				!r.dosed(m.Unit) {
				continue
			}
			if e, _ := r.nearest(v.Tokens, m.First, m.End, actions, actionWindow); e != nil {
				continue // a verb of its own decides
			}
			out[m.name] = append(out[m.name], medEvidence{m: m, action: ActionStart, today: true})
		}
	}
	return out
}

// startsCourse reports whether toks start a course as a whole: a firm verb
// of starting, said as present, with a word for a course just after it.
func (r *Reading) startsCourse(toks []lexicon.Token, actions, courses *lexicon.List) bool {
	for k := range toks {
		e, n := actions.Match(toks, k)
		if e == nil || e.Attr("action") != ActionStart || e.Attr("weak") == "yes" || e.Attr("tense") == "past" {
			continue
		}
		for j := k + n; j < len(toks) && j <= k+n+courseWords; j++ {
			if c, cn := courses.Match(toks, j); c != nil {
				return assertion.Of(r.Lexicon, toks, [2]int{j, j + cn}).Assertion == assertion.Present
			}
		}
	}
	return false
}

// courseWords is how many words after the verb the course may be named
// ("start the rescue pack").
const courseWords = 3

// finishedAfter reports whether the speaker's next sentence, in the same
// turn, says the course of m's drug is over ("They gave me levofloxacin
// ... for seven days. I finished the box ten days ago."): it opens with
// words of a course ended and names no drug of its own.
func (r *Reading) finishedAfter(m mention) bool {
	next := m.Unit + 1
	if next >= len(r.Units) || r.Units[next].Segment != r.Units[m.Unit].Segment {
		return false
	}
	toks := r.Units[next].Tokens
	if at, _ := find(toks, r.Lexicon.List("course_ends")); at < 0 || at > courseEndOpening {
		return false
	}
	meds := r.Lexicon.List("medications")
	for k := range toks {
		if e, _ := meds.Match(toks, k); e != nil && e.Attr("general") != "yes" {
			return false
		}
	}
	return true
}

// courseEndOpening is how many words ("And then", "Well,") may come before
// the words of a course ended.
const courseEndOpening = 3

// hadTimes reports whether the drug of m is said to have been had some
// number of times (past_exposures: "I've had amoxicillin lots of times"):
// a verb of having or taking just before it, a count just after it.
func (r *Reading) hadTimes(m mention) bool {
	toks := r.Units[m.Unit].Tokens
	list := r.Lexicon.List("past_exposures")
	verb := false
	for k := max(m.First-exposureWords, 0); k < m.First; k++ {
		if e, _ := list.Match(toks, k); e != nil && e.Attr("role") == "verb" {
			verb = true
		}
	}
	if !verb {
		return false
	}
	for k := m.End; k < len(toks) && k <= m.End+exposureWords && toks[k].Kind != lexicon.Punct; k++ {
		if e, _ := list.Match(toks, k); e != nil && e.Attr("role") == "count" {
			return true
		}
	}
	return false
}

// exposureWords is how many words may stand between the drug and the verb
// or the count of its courses.
const exposureWords = 3
