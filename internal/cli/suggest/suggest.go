// Package suggest finds the word a user most likely meant when a command
// line names a command or flag that does not exist ("did you mean").
package suggest

// Closest returns the candidate nearest to word, or "" when none is near
// enough to be a slip of the fingers: at most one edit for words of up to
// five letters, two for longer ones, where an edit adds, drops or changes
// a letter or swaps two neighbours. Ties go to the earlier candidate.
func Closest(word string, candidates []string) string {
	limit := 1
	if len([]rune(word)) > 5 {
		limit = 2
	}
	best, bestDist := "", limit+1
	for _, c := range candidates {
		if c == word {
			continue
		}
		if d := distance(word, c); d < bestDist {
			best, bestDist = c, d
		}
	}
	return best
}

// distance is the optimal string alignment distance: Levenshtein's, with a
// swap of two neighbouring letters ("sumbit") counted as one edit.
func distance(a, b string) int {
	x, y := []rune(a), []rune(b)
	// d[i][j] is the distance between x[:i] and y[:j].
	d := make([][]int, len(x)+1)
	for i := range d {
		d[i] = make([]int, len(y)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(x); i++ {
		for j := 1; j <= len(y); j++ {
			cost := 1
			if x[i-1] == y[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && x[i-1] == y[j-2] && x[i-2] == y[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(x)][len(y)]
}
