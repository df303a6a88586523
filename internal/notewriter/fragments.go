package notewriter

// Trailing fragments: speech trails off ("he is so tired , and he
// feels", "she added two medications but"), and a note must not.

// fragmentRules say which words cannot end a written sentence.
type fragmentRules struct {
	// ends never end a sentence: articles, possessive determiners,
	// conjunctions and subject pronouns ("... and the", "... but").
	ends map[string]bool
	// subjects and bareVerbs make an elliptical clause at the end of a
	// sentence ("because he thinks he is", "so that is"): a subject and a
	// verb waiting for what it never got.
	subjects, bareVerbs map[string]bool
	// assents acknowledge what was said ("okay", "all right"); a sentence
	// does not end with one unless it is what something is ("he is
	// doing okay"), after one of predicates.
	assents    [][]string
	predicates map[string]bool
	// clauseStarts open the clause an elliptical end is cut back to, with
	// the comma.
	clauseStarts map[string]bool
	// copulas cannot end a sentence after any subject ("and her blood
	// pressure is") unless a completer opens its clause ("where the
	// lesion was").
	copulas map[string]bool
	// completers before a subject make its bare verb complete: a
	// comparison or a relative clause ("worse than it was", "the injury
	// that he had", "an incident like she had").
	completers map[string]bool
}

// minFragmentWords is the fewest words left after a trailing fragment is
// cut for the rest to stand as a sentence; fewer, and the sentence is
// dropped.
const minFragmentWords = 3

// cutTrailingFragment ends a sentence at its last complete clause: it
// drops the words no sentence ends with and an elliptical last clause
// ("reports body aches because he thinks he is" -> "reports body aches").
// It returns nil when nothing worth a sentence is left.
func cutTrailingFragment(words []string, rules fragmentRules) []string {
	whole := len(words)
	for whole > 0 && isPunct(words[whole-1]) {
		whole--
	}
	n := trimAssents(words[:whole], rules)
	for n > 0 && (isPunct(words[n-1]) || rules.ends[words[n-1]]) {
		n--
	}
	if n >= 2 && (rules.bareVerbs[words[n-1]] && rules.subjects[words[n-2]] && !rules.completers[wordAt(words, n-3)] ||
		rules.copulas[words[n-1]] && !completedCopula(words[:n-1], rules)) {
		cut := -1
		for i := n - 3; i > 0; i-- {
			if words[i] == "," || rules.clauseStarts[words[i]] {
				cut = i
				break
			}
		}
		if cut < 0 {
			return nil
		}
		n = cut
		for n > 0 && (isPunct(words[n-1]) || rules.ends[words[n-1]]) {
			n--
		}
	}
	if n == whole {
		return words
	}
	if n < minFragmentWords {
		return nil
	}
	return words[:n]
}

func isPunct(w string) bool {
	return w == "," || w == "." || w == "?" || w == "!" || w == ";" || w == ":"
}

// maxCopulaSubjectWords is how far back a completer is looked for before
// a copula that ends a sentence: "where the lesion was".
const maxCopulaSubjectWords = 4

// completedCopula reports that the clause a final copula ends is opened by
// a completer ("the area where the lesion was", "as it was").
func completedCopula(before []string, rules fragmentRules) bool {
	for k := len(before) - 1; k >= 0 && k >= len(before)-maxCopulaSubjectWords; k-- {
		if rules.completers[before[k]] {
			return true
		}
		if isPunct(before[k]) || rules.clauseStarts[before[k]] {
			return false
		}
	}
	return false
}

// trimAssents is the length of words without the acknowledgements that
// end them ("a week okay all right" -> "a week").
func trimAssents(words []string, rules fragmentRules) int {
	n := len(words)
	for trimmed := true; trimmed; {
		trimmed = false
		for n > 0 && isPunct(words[n-1]) {
			n--
		}
		for _, a := range rules.assents {
			at := n - len(a)
			if at > 0 && matchAt(words[:n], at, a) && !rules.predicates[words[at-1]] {
				n, trimmed = at, true
				break
			}
		}
	}
	return n
}
