package clinical

// What the words around a drug say of a decision on it: a list of tests
// it stands in, whose it is, a clause of when or condition it is said in.

import "github.com/notegen/notegen/internal/lexicon"

// listedWithTests reports whether the drug at token first is the next
// item of a list whose item before it is a test ("kidney function, CRP and
// calcium", "a potassium, magnesium"): past a comma or a word that joins
// a list, a test's name ends right before it.
func (r *Reading) listedWithTests(toks []lexicon.Token, first int) bool {
	k := first
	if k > 0 && r.Lexicon.List("determiners").Has(toks[k-1].Norm) {
		k--
	}
	joined := false
	for k > 0 && (toks[k-1].Norm == "," || r.Lexicon.List("list_joins").Has(toks[k-1].Norm)) {
		k--
		joined = true
	}
	return joined && endingAt(toks, k, r.Lexicon.List("labs")) >= 0
}

// possessedByAddressee reports whether the drug at token first is said
// with the possessive of the one spoken to, a few words before it ("votre
// pompe de Ventolin", "your inhaler").
func (r *Reading) possessedByAddressee(toks []lexicon.Token, first int) bool {
	for k := first - 1; k >= 0 && k >= first-possessiveReach; k-- {
		if toks[k].Kind == lexicon.Punct {
			return false
		}
		if r.Lexicon.List("second_possessives").Has(toks[k].Norm) {
			return true
		}
	}
	return false
}

// possessiveReach is how many words before a drug its possessive may
// stand ("votre pompe de Ventolin").
const possessiveReach = 3

// pendingClause reports whether the verb at token i stands in a clause
// that says when or on what condition it would happen ("when you stop
// it", "once you've finished it", "quand vous l'arrêterez"): a pending
// subordinator opens the verb's clause, a few words before it with no
// mark between.
func (r *Reading) pendingClause(toks []lexicon.Token, i int) bool {
	subs := r.Lexicon.List("subordinators")
	for k := i - 1; k >= 0 && k >= i-pendingWords; k-- {
		if toks[k].Kind == lexicon.Punct {
			return false
		}
		if e, n := subs.Match(toks, k); e != nil && k+n <= i {
			return e.Attr("pending") == "yes"
		}
	}
	return false
}

// pendingWords is how many words before a verb the subordinator opening
// its clause may stand ("once you have finished it", "une fois que vous
// l'aurez arrêté").
const pendingWords = 6
