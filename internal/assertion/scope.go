package assertion

// Where a trigger's scope ends: a window of words, closed early by a new
// clause, a sentence boundary or a terminating term (ConText's scope rules).

import "github.com/notegen/notegen/internal/lexicon"

// covers reports whether trigger ms[mi]'s scope holds the target. A
// zero-width target at the end of toks stands for a concept the sentence
// leaves implicit, as an answer does ("I used to."): a forward scope that
// reaches the end holds it, whatever the window.
func (r *rules) covers(toks []lexicon.Token, ms []match, owner []int, mi int, target [2]int) bool {
	newClause, subordinate, resumes := r.newClause, r.subordinate, r.resumes
	m := ms[mi]
	limit := m.rule.scope
	if limit == 0 {
		limit = defaultWindow
	}
	implicit := target[0] == target[1] && target[0] == len(toks)
	joins := func(k int) bool { return owner[k] >= 0 && ms[owner[k]].rule.cat == list }
	stops := func(k int) bool {
		o := owner[k]
		if o < 0 || o == mi {
			return false
		}
		oc := ms[o].rule.cat
		if oc == terminate || oc == pseudo {
			return ms[o].rule.ends.has(m.rule.cat)
		}
		if oc == hypothetical && m.rule.cat == hypothetical {
			// a condition's clause goes on through the instruction inside
			// it: "if you're not better, call us back, and we might need
			// an x-ray" keeps the x-ray under the "if"
			return false
		}
		return oc.feature() == m.rule.cat.feature()
	}
	if m.rule.dir&forward != 0 && target[0] >= m.end {
		from := m.end
		if m.closeEnd > 0 {
			// the gap of "ne ... pas" holds the verb the trigger negates:
			// a concept there is in scope, and nothing there ends it
			if target[0] < m.closeStart {
				return true
			}
			from = m.closeEnd
		}
		words := 0
		complement := -1 // the subject of the clause a verb of opinion introduces
		if m.rule.raises {
			complement = from
			if complement < len(toks) && toks[complement].Norm == "that" {
				complement++
			}
		}
		for k := from; k < len(toks); k++ {
			if k == target[0] {
				return words < limit
			}
			if t := toks[k]; t.Kind == lexicon.Punct {
				if isBoundary(t.Norm) {
					return false
				}
				if t.Norm == "," {
					// a time said at the sentence's opening dates all of it
					// ("L'hiver passé, elle a fait une pneumonie")
					// (past what only sets the scene: "And once in Poland,
					// five years ago, she had a kidney infection")
					dating := m.rule.cat == historical && (m.start == 0 || r.beforeSubject(toks, m.start) && r.timeIn(toks, m.start, m.end))
					// "Mon collègue de bureau, il a la mononucléose": the
					// pronoun after the comma takes up the relative the
					// sentence opened on, whose clause goes on
					resumed := m.rule.cat == experiencer && resumes(toks, m.start, k)
					if m.rule.phrase || (m.rule.cat == negated || m.rule.cat == possible || m.rule.cat == experiencer || m.rule.cat == historical && !dating) &&
						newClause(toks, k+1) && !resumed {
						// "not in remission, and the sertraline is causing
						// weight gain": a clause with its own subject
						// is out of the negation's reach, and out of a
						// history's ("given your smoking history, I'd
						// like a chest x-ray")
						return false
					}
					words = 0
				}
				continue
			}
			if k == complement {
				// the clause's subject is the opinion's, not a word of
				// the scope's window
				continue
			}
			if stops(k) {
				return false
			}
			if joins(k) {
				if m.rule.phrase {
					return false
				}
				words = 0
				continue
			}
			if leans(toks[k]) {
				continue
			}
			if words++; words > limit && !implicit {
				return false
			}
		}
		return implicit
	}
	if m.rule.dir&backward != 0 && target[1] <= m.start && !implicit {
		if m.closeEnd > 0 && m.closeStart-m.end >= gapObjectWords {
			// "we'll stop the clenil, and you won't need the blue
			// salbutamol any more": a gap that holds its own object is
			// what the trigger is about, not what came before
			return false
		}
		words, joined := 0, false
		for k := m.start - 1; k >= 0; k-- {
			if k == target[1]-1 {
				return words < limit
			}
			if subordinate(toks, k) {
				// "check uric acid once the flare has settled": the
				// trigger is the subordinate clause's
				return false
			}
			if t := toks[k]; t.Kind == lexicon.Punct {
				if isBoundary(t.Norm) {
					return false
				}
				if t.Norm == "," {
					if words >= ownPhraseWords && !joined && (m.rule.cat == negated || m.rule.cat == possible) {
						// "douleur thoracique pariétale, syndrome
						// coronarien aigu écarté": the words between the
						// comma and the trigger are the phrase it denies;
						// a list goes on ("fever, chills and night sweats
						// were denied"), and a past told after a comma
						// still dates what came before ("de l'asthme
						// enfant, mais ça a disparu")
						return false
					}
					words = 0
				}
				continue
			}
			if stops(k) {
				return false
			}
			if joins(k) {
				words, joined = 0, true
				continue
			}
			if leans(toks[k]) {
				continue
			}
			if words++; words > limit {
				return false
			}
		}
	}
	return false
}

// ownPhraseWords is how many words between a comma and a backward trigger
// make a phrase of its own, which the trigger is about.
const ownPhraseWords = 3

// newClause reports whether a clause with its own subject opens at token
// k, after a comma: a word that joins clauses, then a determiner or a
// subject ("and the sertraline", "et le traitement"), or a subject or a
// word that opens a proposal on its own ("because of your father's heart
// attack, let's check ...").
func (r *rules) newClause(toks []lexicon.Token, k int) bool {
	subjects := r.lex.List("clause_subjects")
	if k < len(toks) && subjects.Has(toks[k].Norm) && toks[k].Norm != "the" {
		// a pronoun set off by commas takes up the subject before it ("Ma
		// mère, elle, a eu un cancer du sein"): the same clause goes on
		return k+1 >= len(toks) || toks[k+1].Norm != ","
	}
	return k+1 < len(toks) && r.lex.List("list_joins").Has(toks[k].Norm) && subjects.Has(toks[k+1].Norm)
}

// openingWords is the most words of a subject a sentence opens on and a
// pronoun after a comma takes up ("Mon collègue de bureau, il ...").
const openingWords = 5

// gapObjectWords is how many words in the gap of a two-part trigger make
// an object of its own ("won't need [the blue salbutamol] any more").
const gapObjectWords = 2

// beforeSubject reports whether no subject has been said before token at:
// the words before it only set the scene ("And once in Poland, ...").
func (r *rules) beforeSubject(toks []lexicon.Token, at int) bool {
	for k := range at {
		if n := toks[k].Norm; r.lex.List("subject_pronouns").Has(n) || r.lex.List("third_pronouns").Has(n) || r.lex.List("first_person").Has(n) {
			return false
		}
	}
	return true
}

// timeIn reports whether tokens [first, end) say a time: a number or a
// unit of time ("five years ago", "in 2019", "last year").
func (r *rules) timeIn(toks []lexicon.Token, first, end int) bool {
	units := r.lex.List("time_units")
	for k := first; k < end; k++ {
		if toks[k].Kind == lexicon.Number || units.Has(toks[k].Norm) {
			return true
		}
		if e, _ := units.Match(toks, k); e != nil {
			return true
		}
	}
	return false
}

// resumes reports whether the trigger at token start opens its sentence,
// within openingWords words before the comma at token comma, and a
// third-person pronoun after the comma takes it up as the subject ("My
// coworker, he has mono"): a subject set out before its clause.
func (r *rules) resumes(toks []lexicon.Token, start, comma int) bool {
	if comma+1 >= len(toks) || comma-start > openingWords {
		return false
	}
	if next := toks[comma+1].Norm; !r.lex.List("third_pronouns").Has(next) && !r.lex.List("resuming_pronouns").Has(next) {
		// ("Et votre père, c'était bien un infarctus ?": the
		// demonstrative takes it up too)
		return false
	}
	for k := 0; k < start; k++ {
		// (past determiners, possessives and a conjunction: "And your
		// father, ...")
		if toks[k].Kind == lexicon.Punct || !r.lex.List("determiners").Has(toks[k].Norm) && !r.lex.List("own_possessives").Has(toks[k].Norm) &&
			!r.lex.List("conjunctions").Has(toks[k].Norm) {
			return false
		}
	}
	for k := start; k < comma; k++ {
		if toks[k].Kind == lexicon.Punct {
			return false
		}
	}
	return true
}

// subordinate reports whether a subordinate clause opens at token k.
func (r *rules) subordinate(toks []lexicon.Token, k int) bool {
	list := r.lex.List("subordinators")
	e, n := list.Match(toks, k)
	if e == nil {
		return false
	}
	// "pneumonia once when I was a kid": a word that opens a clause
	// followed by one that does is an adverb ("once", "ever since")
	next, _ := list.Match(toks, k+n)
	return next == nil
}

// leans reports whether a token is an elided word ("d'", "l'", "qu'"),
// which counts as one word with the word it leans on.
func leans(t lexicon.Token) bool {
	return len(t.Norm) > 1 && t.Norm[len(t.Norm)-1] == '\''
}

// isBoundary reports whether a punctuation mark ends every scope: the end
// of a sentence, or a semicolon between two clauses.
func isBoundary(p string) bool {
	return p == "." || p == "?" || p == "!" || p == "…" || p == ";"
}
