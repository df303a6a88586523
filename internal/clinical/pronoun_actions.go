package clinical

// The decisions on a drug said by a pronoun ("stop it", "l'arrêter"): the
// verb, the pronoun and the drug named before it that it stands for.

import (
	"strings"

	"github.com/notegen/notegen/internal/assertion"
	"github.com/notegen/notegen/internal/discourse"
	"github.com/notegen/notegen/internal/lexicon"
	"github.com/notegen/notegen/internal/transcript"
)

// pronounReach is how many units back the drug a pronoun stands for may
// have been named ("your bendroflumethiazide raises uric acid, so I'd like
// to stop it").
const pronounReach = 2

// pronounActions finds the clinician's decisions about a drug named just
// before by a pronoun ("stop it", "increase that"): each is evidence for
// the last drug named before it.
func (r *Reading) pronounActions(ms []mention, groups map[string][]mention) map[string][]medEvidence {
	out := map[string][]medEvidence{}
	actions, pronouns, meds := r.Lexicon.List("med_actions"), r.Lexicon.List("object_pronouns"), r.Lexicon.List("medications")
	for ui, u := range r.Units {
		if u.Speaker != transcript.Clinician || r.asks(ui) || u.Part == discourse.Drop && !r.goesOnFrom(ui) {
			// (a short sentence the part model drops goes on from the one
			// before it in the turn: "Pour l'ibuprofène, ... On l'arrête.")
			continue
		}
		toks := u.Tokens
		for i := 0; i < len(toks); i++ {
			e, n := actions.Match(toks, i)
			j := i + n
			p, pn := pronouns.Match(toks, j)
			if split, sn, spn := r.splitAction(toks, i); split != nil {
				// "let's taper it off": the particle after the pronoun
				e, n, j, p, pn = split, sn, i+1, split, spn
			}
			if e != nil && p == nil && i > 0 && r.Lexicon.List("object_clitics").Has(toks[i-1].Norm) {
				// "vous pouvez l'arrêter": French puts the pronoun before
				// its verb
				p, j, pn = e, i-1, 1
				if d, _ := meds.Match(toks, i+n); d != nil {
					continue
				}
			}
			if e == nil || e.Attr("tense") == "past" || p == nil || r.pendingClause(toks, min(i, j)) {
				// "which goes back to normal when you stop it": when it
				// would be stopped, not a decision
				continue
			}
			if d, _ := meds.Match(toks, j+pn); d != nil {
				continue // "arrêtez le paracétamol" names its drug
			}
			if j > i && r.gerundSubject(toks, i, j+pn) {
				// "stopping it puts you at risk of a clot": what would
				// happen, no decision
				continue
			}
			if j > i && pn == 1 && r.Lexicon.List("determiners").Has(toks[j].Norm) && j+1 < len(toks) && toks[j+1].Kind == lexicon.Word &&
				!r.Lexicon.List("stopwords").Has(toks[j+1].Norm) {
				// "ça aide à baisser le sucre", "increase that dose": an
				// article before its noun, no pronoun ("add that to the
				// prescription" is one)
				continue
			}
			if t, _ := r.Lexicon.List("time_units").Match(toks, j+pn); t != nil || j+pn < len(toks) && r.Lexicon.List("later_times").Has(toks[j+pn].Norm) {
				// "starting this week": the word is a time's, no pronoun
				continue
			}
			if j == i+n && strings.HasSuffix(toks[j].Norm, "'") {
				// "arrêtez l'Actifed": an elided word after the verb is an
				// article before a name (an elided pronoun comes before
				// its verb, "l'arrêter")
				continue
			}
			last, ok := lastDrugBefore(ms, groups, ui, i)
			if topic, named := r.drugTopic(ms, groups, ui, i); named {
				// "Pour l'ibuprofène, il faut l'éviter : ..., avec le
				// ramipril, ... On l'arrête.": the pronoun stands for the
				// drug the sentence opened on
				last, ok = topic, true
			}
			if ok && last.Unit == ui && last.Context.Time == assertion.Past {
				// "she was previously on hydroxychloroquine, which was
				// stopped ... within a few weeks of starting it": the
				// sentence tells the drug's past
				continue
			}
			if !ok || ui-last.Unit > pronounReach || last.Unit == ui && r.agentOf(toks, last.End, i) {
				// the drug that does the verb's action is not what its
				// pronoun stands for ("metformin can lower it")
				continue
			}
			if testNamedBetween(ms, last, ui, i) {
				// the pronoun stands for the test named since ("That's fine
				// with the sertraline. If you could drop a urine sample in,
				// we'll send it off to the lab")
				continue
			}
			// the pronoun and its verb together: French puts the pronoun
			// inside the negation ("je ne la prescris pas")
			c := assertion.Of(r.Lexicon, toks, [2]int{min(i, j), max(i+n, j+pn)})
			if e.Attr("action") == ActionStop && c.Assertion == assertion.Present && r.waitsOnCondition(toks, max(i+n, j+pn)) {
				// "hold it if you start vomiting": a rule for a day that
				// may come, no decision today
				c.Assertion = assertion.Hypothetical
			}
			if r.verbNegated(toks, min(i, j)) {
				// (the verb's own negation, which a pseudo-trigger of the
				// findings hides: "je ne la prescris pas")
				c.Assertion = assertion.Absent
			}
			m := mention{Mention: Mention{Unit: ui, First: j, End: j + pn, Context: c}, name: last.name}
			ev := medEvidence{m: m, action: e.Attr("action"), today: c.Assertion != assertion.Absent, referred: true, weak: e.Attr("weak") == "yes"}
			if ev.action == ActionStart && c.Assertion == assertion.Absent && r.verbNegated(toks, min(i, j)) && !r.asks(ui) &&
				onlyDrugSince(ms, last, ui, i) {
				// "We don't start it during an attack", "je ne la prescris
				// pas": what was proposed is taken back
				ev.action, ev.today = actionCancel, true
			}
			if other, planned := r.decidedByOther(toks, i); other {
				// "a dermatologist has to prescribe it" is another's
				// decision yet to come; "your cardiologist started it",
				// one that was made: the drug is taken
				if planned {
					continue
				}
				ev = medEvidence{m: m, referred: true, byOther: true}
			}
			out[last.name] = append(out[last.name], ev)
			i = max(i, j+pn-1)
		}
	}
	return out
}

// onlyDrugSince reports whether last is the only drug named from its
// sentence, or the pronounReach sentences before unit ui, up to token i
// of unit ui: a
// pronoun after two drugs ("Ondansetron
// is an option if cyclizine doesn't work ... We won't start it") may stand
// for either.
func onlyDrugSince(ms []mention, last mention, ui, i int) bool {
	for _, m := range ms {
		if m.kind == Medication && m.name != last.name && m.Unit >= min(last.Unit, ui-pronounReach) && (m.Unit < ui || m.Unit == ui && m.First < i) {
			return false
		}
	}
	return true
}

// splitAction matches at token i a verb of decision whose particle comes
// after an object pronoun ("taper it off"): the entry, how many tokens the
// whole covers, and how many the pronoun does.
func (r *Reading) splitAction(toks []lexicon.Token, i int) (*lexicon.Entry, int, int) {
	// (a pronoun after the verb first: most words are followed by none,
	// and need no look at the verbs)
	p, pn := r.Lexicon.List("object_pronouns").Match(toks, i+1)
	if p == nil || i+1+pn >= len(toks) {
		return nil, 0, 0
	}
	if e, _ := r.Lexicon.List("split_actions").Match([]lexicon.Token{toks[i], toks[i+1+pn]}, 0); e != nil {
		return e, pn + 2, pn
	}
	return nil, 0, 0
}

// testNamedBetween reports whether a test, procedure or referral is named
// in a sentence after the drug mention last's and before token i of unit
// ui: the talk has moved on to it. One named in the drug's own sentence
// is what the drug does ("your bendroflumethiazide raises uric acid, so
// I'd like to stop it"); a habit named after the drug, in any sentence, is
// what the pronoun stands for ("the vaping irritates your airways, so I'd
// stop it").
func testNamedBetween(ms []mention, last mention, ui, i int) bool {
	for _, m := range ms {
		switch m.kind {
		case Lab, Imaging, Procedure, Referral, Habit:
		default:
			continue
		}
		after := m.Unit > last.Unit || m.kind == Habit && m.Unit == last.Unit && m.First >= last.End
		before := m.Unit < ui || m.Unit == ui && m.End <= i
		if after && before {
			return true
		}
	}
	return false
}

// lastDrugBefore is the last drug mention before token i of unit ui.
func lastDrugBefore(ms []mention, groups map[string][]mention, ui, i int) (mention, bool) {
	var best mention
	found := false
	for _, m := range ms {
		if m.kind != Medication || groups[m.name] == nil {
			continue
		}
		if m.Unit < ui || (m.Unit == ui && m.End <= i) {
			best, found = m, true
		}
	}
	return best, found
}

// drugTopic is the drug the clinician's sentence holding token i of unit
// ui, or the one before it in the turn, opens on as its topic, set off by
// a comma ("Pour l'ibuprofène, ...", "As for the aspirin, ..."), if any.
func (r *Reading) drugTopic(ms []mention, groups map[string][]mention, ui, i int) (mention, bool) {
	openers, dets := r.Lexicon.List("topic_prepositions"), r.Lexicon.List("determiners")
	for u := ui; u >= 0 && u >= ui-1 && r.Units[u].Segment == r.Units[ui].Segment; u-- {
		toks := r.Units[u].Tokens
		k := r.pastOpeners(toks, len(toks))
		e, n := openers.Match(toks, k)
		if e == nil {
			continue
		}
		at := k + n
		for at < len(toks) && dets.Has(toks[at].Norm) {
			at++
		}
		for _, m := range ms {
			if m.kind == Medication && groups[m.name] != nil && m.Unit == u && m.First == at && (u < ui || m.End <= i) &&
				m.End < len(toks) && toks[m.End].Norm == "," {
				return m, true
			}
		}
	}
	return mention{}, false
}

// goesOnFrom reports whether unit i is a short sentence (the pronoun, its
// verb and a word or two: "On l'arrête.") that goes on from the unit
// before it in the same turn, which the part model kept.
func (r *Reading) goesOnFrom(i int) bool {
	return lexicon.CountWords(r.Units[i].Tokens) <= shortDecisionWords && i > 0 && r.Units[i-1].Segment == r.Units[i].Segment && r.Units[i-1].Part != discourse.Drop
}

// shortDecisionWords is the most words of a decision said in a sentence
// of its own after the drug's ("On l'arrête.", "Stop it then.").
const shortDecisionWords = 4

// negationReach is how many words before a verb its negation may stand
// ("I'm not going to prescribe it", "je ne la prescris pas").
const negationReach = 3

// verbNegated reports whether a particle of negation stands within
// negationReach words before token at, in the same clause.
func (r *Reading) verbNegated(toks []lexicon.Token, at int) bool {
	particles := r.Lexicon.List("negation_particles")
	for k := at - 1; k >= 0 && k >= at-negationReach && toks[k].Kind != lexicon.Punct; k-- {
		if particles.Has(toks[k].Norm) {
			return true
		}
	}
	return false
}
