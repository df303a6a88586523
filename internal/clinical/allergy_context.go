package clinical

// What the words around a drug say of an allergy to it: stopped for a
// reaction, avoided because of the allergy, taken, or said with its
// reaction.

import "github.com/notegen/notegen/internal/lexicon"

// stoppedForReaction reports whether a sentence tells of a drug stopped
// because of a reaction: a verb of stopping, then a word of cause (at
// causeAt), then a reaction ("which was stopped after she developed a
// widespread itchy rash").
func (r *Reading) stoppedForReaction(toks []lexicon.Token, causeAt int) bool {
	if causeAt < 0 {
		return false
	}
	stopped := false
	for k := 0; k < causeAt; k++ {
		if e, _ := r.Lexicon.List("med_actions").Match(toks, k); e != nil && e.Attr("action") == ActionStop {
			stopped = true
		}
	}
	if !stopped {
		return false
	}
	at, _ := find(toks[causeAt:], r.Lexicon.List("reactions"))
	return at >= 0
}

// avoidedForAllergy reports whether the sentence goes on after token end,
// within allergyObjectReach words, to say the drug is avoided because of
// the patient's allergy ("No ibuprofen, because of your allergy", "pas
// d'ibuprofène, à cause de votre allergie").
func (r *Reading) avoidedForAllergy(toks []lexicon.Token, end int) bool {
	x := r.Lexicon
	for k := end; k < len(toks) && k <= end+allergyObjectReach; k++ {
		if endsSentence(toks[k]) {
			return false
		}
		if e, n := x.List("reason_openers").Match(toks, k); e != nil {
			for j := k + n; j < len(toks) && j <= k+n+2; j++ {
				if c, _ := r.cueAt(toks, j, x.List("allergy_cues")); c != nil {
					return true
				}
			}
		}
	}
	return false
}

// takingReach is how many words before a drug the word of taking it may
// end ("je prends de l'atorvastatine", "I take a statin").
const takingReach = 3

// takingBefore reports whether a word of taking ends shortly before token
// i, past articles.
func (r *Reading) takingBefore(toks []lexicon.Token, i int) bool {
	cues := r.Lexicon.List("taking_cues")
	for k := max(0, i-takingReach-2); k < i; k++ {
		if e, n := cues.Match(toks, k); e != nil && k+n <= i && i-(k+n) <= takingReach {
			between := toks[k+n : i]
			if !r.namesAny(between, "allergy_cues") {
				return true
			}
		}
	}
	return false
}

// namedReactions marks as an allergy's reaction one named right after its
// substance anywhere ("with the aspirin wheeze, skip the naproxen", "his
// penicillin rash"): it is the allergy, no symptom of today.
func (r *Reading) namedReactions(allergic map[string]bool, lists ...*lexicon.List) {
	reactions := lists[len(lists)-1]
	for ui, u := range r.Units {
		for i := 0; i < len(u.Tokens); i++ {
			for _, l := range lists[:len(lists)-1] {
				e, n := l.Match(u.Tokens, i)
				if e == nil || !allergic[e.Name()] {
					continue
				}
				at := r.reactionSaidWith(u.Tokens, i+n)
				if _, rn := reactions.Match(u.Tokens, at); rn > 0 {
					for k := at; k < at+rn; k++ {
						r.reactions[[2]int{ui, k}] = true
					}
				}
			}
		}
	}
}

// reactionSaidWith skips from token k the words that join a substance to
// its reaction ("Penicillin, with your tongue swelling"): a comma, a word
// joining drugs, determiners and a body part.
func (r *Reading) reactionSaidWith(toks []lexicon.Token, k int) int {
	x := r.Lexicon
	for j := k; j < len(toks) && j < k+reactionJoinWords; j++ {
		if toks[j].Norm == "," || x.List("determiners").Has(toks[j].Norm) || x.List("drug_joins").Has(toks[j].Norm) {
			continue
		}
		if _, n := r.bodyPartAt(toks, j); n > 0 {
			return j + n
		}
		return j
	}
	return k
}

// reactionJoinWords is the most words between a substance and the
// reaction said with it.
const reactionJoinWords = 4
