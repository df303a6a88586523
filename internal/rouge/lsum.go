package rouge

import (
	"maps"
	"slices"
	"strings"
)

// Lsum computes summary-level ROUGE-L ("rougeLsum"): texts are split into
// lines on "\n", and for each reference line the union of its LCS with every
// candidate line counts as hits, each token consumed at most as many times as
// it occurs on both sides (rouge_score's _summary_level_lcs).
func Lsum(reference, candidate string) Score {
	refLines := tokenizeLines(reference)
	candLines := tokenizeLines(candidate)
	refLen, candLen := 0, 0
	refCounts, candCounts := map[string]int{}, map[string]int{}
	for _, line := range refLines {
		refLen += len(line)
		for _, t := range line {
			refCounts[t]++
		}
	}
	for _, line := range candLines {
		candLen += len(line)
		for _, t := range line {
			candCounts[t]++
		}
	}
	if refLen == 0 || candLen == 0 {
		return Score{}
	}
	hits := 0
	for _, ref := range refLines {
		for _, token := range unionLCS(ref, candLines) {
			if candCounts[token] > 0 && refCounts[token] > 0 {
				hits++
				candCounts[token]--
				refCounts[token]--
			}
		}
	}
	return newScore(float64(hits)/float64(candLen), float64(hits)/float64(refLen))
}

// tokenizeLines drops empty lines before tokenizing, like rouge_score does;
// lines with only punctuation stay as empty token lists, which is harmless.
func tokenizeLines(text string) [][]string {
	var lines [][]string
	for _, line := range strings.Split(text, "\n") {
		if line == "" {
			continue
		}
		lines = append(lines, Tokenize(line))
	}
	return lines
}

// unionLCS returns the reference tokens at the union of the positions that
// take part in the LCS of ref with each candidate line, in reference order.
func unionLCS(ref []string, candLines [][]string) []string {
	positions := map[int]bool{}
	for _, cand := range candLines {
		for _, i := range lcsIndices(ref, cand) {
			positions[i] = true
		}
	}
	sorted := slices.Sorted(maps.Keys(positions))
	out := make([]string, len(sorted))
	for k, i := range sorted {
		out[k] = ref[i]
	}
	return out
}

// lcsIndices backtracks the LCS table the way rouge_score's _backtrack_norec
// does; the tie-breaking matters because it decides which positions of ref
// are chosen when several LCSs exist.
func lcsIndices(ref, cand []string) []int {
	rows, cols := len(ref), len(cand)
	if rows == 0 || cols == 0 {
		return nil
	}
	table := make([][]int, rows+1)
	for i := range table {
		table[i] = make([]int, cols+1)
	}
	for i := 1; i <= rows; i++ {
		for j := 1; j <= cols; j++ {
			if ref[i-1] == cand[j-1] {
				table[i][j] = table[i-1][j-1] + 1
			} else {
				table[i][j] = max(table[i-1][j], table[i][j-1])
			}
		}
	}
	var indices []int
	i, j := rows, cols
	for i > 0 && j > 0 {
		switch {
		case ref[i-1] == cand[j-1]:
			indices = append(indices, i-1)
			i--
			j--
		case table[i][j-1] > table[i-1][j]:
			j--
		default:
			i--
		}
	}
	// Built back to front; callers only use the set, but keep order anyway.
	for a, b := 0, len(indices)-1; a < b; a, b = a+1, b-1 {
		indices[a], indices[b] = indices[b], indices[a]
	}
	return indices
}
