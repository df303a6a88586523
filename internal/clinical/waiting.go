package clinical

// Orders and decisions that wait on the patient's course: said under a
// condition of the course, put off or only talked over, they are no order
// or decision of today; a return precaution's findings are not had.

import "github.com/notegen/notegen/internal/lexicon"

// hedgeWords is the most words of a condition that only hedges ("if
// possible", "si besoin").
const hedgeWords = 2

// waitsOnCondition reports whether the clause after token end sets a
// condition on the patient's course or results ("if the PSA is elevated",
// "if symptoms do not improve", "si la fièvre persiste"): a word of
// condition, then, before the sentence ends, a finding or a word of
// clinical_conditions. A courtesy ("if that's okay with you") sets none.
func (r *Reading) waitsOnCondition(toks []lexicon.Token, end int) bool {
	x := r.Lexicon
	for k := end; k < len(toks) && k <= end+conditionReach; k++ {
		if toks[k].Kind == lexicon.Punct && toks[k].Norm != "," {
			return false
		}
		_, n := x.List("conditional_openers").Match(toks, k)
		if n == 0 {
			continue
		}
		stop := k + n
		for stop < len(toks) && (toks[stop].Kind != lexicon.Punct || toks[stop].Norm == ",") {
			if toks[stop].Norm == "," && stop-(k+n) <= hedgeWords {
				// "demain matin si possible, pour confirmer la
				// pneumopathie": a hedge of a word or two, no condition
				// of the course
				return false
			}
			stop++
		}
		return r.namesCourse(toks[k+n : stop])
	}
	return false
}

// opensOnCondition reports whether the sentence opens, before token at,
// on a clause of when or on what condition that names the patient's
// course ("Once this flare has completely settled, I'd like to start
// allopurinol", "If the PSA is high, we'll refer you"): what it decides
// waits on that course. One of time alone ("When you get home, take the
// first dose") waits on nothing clinical.
func (r *Reading) opensOnCondition(toks []lexicon.Token, at int) bool {
	x := r.Lexicon
	k := r.pastOpeners(toks, at)
	e, n := x.List("subordinators").Match(toks, k)
	if e == nil || e.Attr("pending") != "yes" {
		return false
	}
	stop := k + n
	for stop < at && toks[stop].Norm != "," && toks[stop].Kind != lexicon.Punct {
		stop++
	}
	if stop >= at {
		return false
	}
	return r.namesCourse(toks[k+n : stop])
}

// namesCourse reports whether a clause names the patient's course or
// results: a finding, a test, or a word of clinical_conditions ("if
// symptoms do not improve", "once the flare has settled").
func (r *Reading) namesCourse(toks []lexicon.Token) bool {
	return r.namesAny(toks, "clinical_conditions", "conditions", "symptoms", "labs", "imaging")
}

// conditionReach is how many words after an order its condition may open.
const conditionReach = 6

// returnPrecaution reports whether the finding at tokens [first, end) of
// unit ui is one of a return precaution: a word of condition before it and
// a word of coming back or seeking care after it, in one sentence ("if you
// see redness spreading, red streaks, pus, a fever ... come back right away
// or go to the ER"), however long the list between them.
func (r *Reading) returnPrecaution(ui, first, end int) bool {
	return r.matchBehind(ui, first, precautionReach, r.Lexicon.List("conditional_openers")) &&
		r.matchAhead(ui, end, precautionReach, r.Lexicon.List("care_services"))
}

// precautionReach is how many words a return precaution's list may run
// on either side of one of its findings.
const precautionReach = 24

// deferredAfter reports whether the sentence goes on, after the test or
// referral of m, to put it off (deferrals: "we agreed to defer it").
func (r *Reading) deferredAfter(m mention) bool {
	return r.matchAhead(m.Unit, m.End, deferralReach, r.Lexicon.List("deferrals"))
}

// deferralReach is how many words after a test its putting off may come.
const deferralReach = 20

// matchAhead reports whether a term of list starts within reach words from
// token k of unit ui on, in the same sentence. An unpunctuated or dictated
// turn is cut into several units; the sentence runs on through them.
func (r *Reading) matchAhead(ui, k, reach int, list *lexicon.List) bool {
	return r.matchAlong(ui, k, reach, 1, list)
}

// matchBehind is matchAhead going back from the token before k.
func (r *Reading) matchBehind(ui, k, reach int, list *lexicon.List) bool {
	return r.matchAlong(ui, k-1, reach, -1, list)
}

// matchAlong walks the sentence from token k of unit ui by step (1 ahead,
// -1 back), through the units of its turn, for at most reach words, and
// reports whether a term of list starts on the way.
func (r *Reading) matchAlong(ui, k, reach, step int, list *lexicon.List) bool {
	seg := r.Units[ui].Segment
	for seen := 0; seen < reach; seen++ {
		for k < 0 || k >= len(r.Units[ui].Tokens) {
			if ui += step; ui < 0 || ui >= len(r.Units) || r.Units[ui].Segment != seg {
				return false
			}
			if k = 0; step < 0 {
				k = len(r.Units[ui].Tokens) - 1
			}
		}
		toks := r.Units[ui].Tokens
		if endsSentence(toks[k]) {
			return false
		}
		if e, _ := list.Match(toks, k); e != nil {
			return true
		}
		k += step
	}
	return false
}

// discussedBefore reports whether the sentence, before token at, says what
// follows was only talked over (discussion_words: "we discussed").
func (r *Reading) discussedBefore(toks []lexicon.Token, at int) bool {
	k, _ := find(toks[:at], r.Lexicon.List("discussion_words"))
	return k >= 0
}
