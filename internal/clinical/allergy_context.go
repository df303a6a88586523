package clinical

// What the words around a drug say of an allergy to it: stopped for a
// reaction, avoided because of the allergy, or taken.

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
