package clinical

// Drugs told for when they are needed: allowed with their dose, as needed,
// given as a symptom calls for them; a supposition's words that still
// prescribe.

import (
	"github.com/notegen/notegen/internal/assertion"
	"github.com/notegen/notegen/internal/lexicon"
	"github.com/notegen/notegen/internal/transcript"
)

// allowedWithItsDose reports whether the clinician tells the patient or
// the carer they may take or give drug m ("you can add", "vous pouvez
// ajouter": a second-person subject and a word of permission just before
// it) and says its dose and how often right after it.
func (r *Reading) allowedWithItsDose(m mention) bool {
	u := r.Units[m.Unit]
	if u.Speaker != transcript.Clinician || r.asks(m.Unit) || !r.dosedHere(u.Tokens, m) {
		return false
	}
	x := r.Lexicon
	for k := max(m.First-permissionReach, 1); k < m.First; k++ {
		if x.List("permissions").Has(u.Tokens[k].Norm) && x.List("second_person").Has(u.Tokens[k-1].Norm) {
			e, at := closest(u.Tokens, m.First, m.End, x.List("frequencies"), x.List("medications"))
			return e != nil && at >= m.End
		}
	}
	return false
}

// permissionReach is how many words before a drug the permission to give
// it may be ("you can add children's ibuprofen").
const permissionReach = 6

// asNeededOnly reports whether every hypothetical trigger of c is a
// frequency ("as needed", "si besoin").
func (r *Reading) asNeededOnly(c assertion.Context) bool {
	freq := r.Lexicon.List("frequencies")
	for _, t := range c.Triggers {
		if t.Category == string(assertion.Hypothetical) && !freq.Has(r.Lexicon.Norms(t.Term)) {
			return false
		}
	}
	return true
}

// givenForSymptoms reports whether the clinician tells, of drug m, to go
// on giving or taking it when a symptom calls for it: the drug is the
// object of a verb of continuing, after the comma that closes a
// condition, and a symptom is named before it ("for the fever, or if
// she is uncomfortable, keep giving her Tylenol"; "pour la fièvre, ou
// s'il est grognon, continuez le Doliprane").
func (r *Reading) givenForSymptoms(m Mention) bool {
	u := r.Units[m.Unit]
	if u.Speaker != transcript.Clinician || r.asks(m.Unit) {
		return false
	}
	comma := -1
	for k := m.First - 1; k >= 0; k-- {
		if u.Tokens[k].Norm == "," {
			comma = k
			break
		}
	}
	if comma < 0 {
		return false
	}
	verb, at := r.nearest(u.Tokens, m.First, m.End, r.Lexicon.List("med_actions"), actionWindow)
	if verb == nil || at < comma || at > m.First {
		return false
	}
	if verb.Attr("action") != ActionContinue && !(verb.Attr("action") == ActionStart && r.opensForSymptom(u.Tokens)) {
		// ("if the rash spreads, start the hydrocortisone cream": a drug
		// only to be started if something happens is no prescription;
		// "for fever or if he's uncomfortable, you can give
		// acetaminophen" is one, for a symptom he has)
		return false
	}
	// an instruction to the patient or the carer ("keep giving her", "you
	// can give him"), not the clinician's plan under a condition ("if the
	// cough goes on, we might start an inhaler")
	for k := comma + 1; k < at; k++ {
		if w := u.Tokens[k].Norm; r.Lexicon.List("plan_subjects").Has(w) || r.Lexicon.List("modals").Has(w) && !r.Lexicon.List("permissions").Has(w) {
			return false
		}
	}
	symptoms := r.Lexicon.List("symptoms")
	for k := 0; k < comma; k++ {
		if e, _ := symptoms.Match(u.Tokens, k); e != nil {
			return true
		}
	}
	return false
}

// opensForSymptom reports whether a sentence opens with what a drug is for
// and a symptom ("for fever or pain, ...", "pour la fièvre, ...").
func (r *Reading) opensForSymptom(toks []lexicon.Token) bool {
	e, n := r.Lexicon.List("purpose_cues").Match(toks, 0)
	if e == nil || e.Attr("loose") == "" {
		return false
	}
	symptoms := r.Lexicon.List("symptoms")
	for k := n; k < len(toks) && k <= n+2; k++ {
		if s, _ := symptoms.Match(toks, k); s != nil {
			return true
		}
		if !r.Lexicon.List("determiners").Has(toks[k].Norm) && !r.Lexicon.List("definite_articles").Has(toks[k].Norm) {
			return false
		}
	}
	return false
}
