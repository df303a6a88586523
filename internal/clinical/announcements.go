package clinical

import (
	"strings"

	"github.com/notegen/notegen/internal/assertion"
	"github.com/notegen/notegen/internal/discourse"
	"github.com/notegen/notegen/internal/lexicon"
	"github.com/notegen/notegen/internal/transcript"
)

// dropBareHeadings drops a sentence that only announces a part of the
// visit ("Here's the plan.", "So, the assessment."): a heading said aloud
// with nothing but function words around it names nothing a note holds.
// A heading that opens content ("Plan: start metformin") is read by
// applyHeadings and is not bare.
func (r *Reading) dropBareHeadings() {
	headings, stop := r.Lexicon.List("headings"), r.Lexicon.List("stopwords")
	openers, fillers := r.Lexicon.List("openers"), r.Lexicon.List("fillers")
	for i, u := range r.Units {
		if u.Part == discourse.Drop || u.Question {
			continue
		}
		if onlyAHeading(u.Tokens, headings, stop, openers, fillers) {
			r.Units[i].Part = discourse.Drop
		}
	}
}

// onlyAHeading reports whether toks hold a heading and, besides it, only
// punctuation, function words, openers and fillers.
func onlyAHeading(toks []lexicon.Token, headings, stop, openers, fillers *lexicon.List) bool {
	heading := false
	for k := 0; k < len(toks); k++ {
		t := toks[k]
		if t.Kind == lexicon.Punct {
			continue
		}
		if t.Kind != lexicon.Word {
			return false
		}
		if e, n := headings.Match(toks, k); e != nil {
			heading, k = true, k+n-1
			continue
		}
		matched := false
		for _, l := range []*lexicon.List{openers, fillers} {
			if e, n := l.Match(toks, k); e != nil {
				k, matched = k+n-1, true
				break
			}
		}
		// a clitic ending ("here's") is a function word too
		if !matched && !stop.Has(t.Norm) && !strings.HasPrefix(t.Norm, "'") {
			return false
		}
	}
	return heading
}

// decisionsInPlan reads as the plan the clinician's statements that decide
// today's treatment where the part model put them in the history, the
// complaint or the review of systems ("I'm prescribing moxifloxacin eye
// drops, one drop three times a day"): a drug started, changed or stopped
// at this visit, said with a verb of that action, or a test, referral or
// procedure ordered with a verb of ordering, is a plan item whatever else
// the sentence says. What the patient reports, questions, the past and
// suppositions stay where they are.
func (r *Reading) decisionsInPlan() {
	actions, orders := r.Lexicon.List("med_actions"), r.Lexicon.List("order_verbs")
	for _, f := range r.Findings {
		var verbs *lexicon.List
		switch {
		case f.Kind == Medication && (f.New || f.Action == ActionStop):
			verbs = actions
		case f.Ordered && (f.Kind == Lab || f.Kind == Imaging || f.Kind == Referral || f.Kind == Procedure):
			verbs = orders
		default:
			continue
		}
		for _, m := range f.Mentions {
			u := &r.Units[m.Unit]
			if u.Speaker != transcript.Clinician || u.Question || m.Context.Time == assertion.Past ||
				m.Context.Assertion != assertion.Present {
				continue
			}
			switch u.Part {
			case discourse.History, discourse.Complaint, discourse.Review:
			default:
				continue
			}
			if e, _ := r.nearest(u.Tokens, m.First, m.End, verbs, actionWindow); e != nil && e.Attr("tense") != "past" {
				u.Part = discourse.Plan
			}
		}
	}
}

// introductionReach is how many units from the start a self-introduction
// is looked for: it opens the visit.
const introductionReach = 4

// dropIntroductions drops a clinician's sentence that opens the visit by
// saying who speaks ("It's Dr Hughes from the surgery, you asked for a call
// back about your asthma.", "Hi, I'm Dr. Reyes."): an introduction (an
// introductions.txt phrase) followed by a title of the speaker_titles
// list. What the patient then says of the problem is read as before.
func (r *Reading) dropIntroductions() {
	intros, titles := r.Lexicon.List("introductions"), r.Lexicon.List("speaker_titles")
	dets := r.Lexicon.List("determiners")
	for i := 0; i < len(r.Units) && i < introductionReach; i++ {
		u := &r.Units[i]
		if u.Speaker != transcript.Clinician || u.Question {
			continue
		}
		for k := range u.Tokens {
			e, n := intros.Match(u.Tokens, k)
			if e == nil {
				continue
			}
			j := k + n
			for j < len(u.Tokens) && dets.Has(u.Tokens[j].Norm) {
				j++
			}
			if t, _ := titles.Match(u.Tokens, j); t != nil && t.Attr("role") == string(transcript.Clinician) {
				u.Part = discourse.Drop
				break
			}
		}
	}
}
