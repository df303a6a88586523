package orderbench

import "math"

// assign returns a one-to-one assignment of rows to columns of score that
// maximises the total score (what scipy's linear_sum_assignment with
// maximize=True returns to the official scorer): rowOf[c] is the row given
// column c, or -1. Every row gets a column when there are at least as many
// columns, and the other way round. Among assignments of equal total it
// may choose another than scipy does; the README says what that changes.
func assign(score [][]float64, cols int) (colOf []int) {
	rows := len(score)
	colOf = make([]int, rows)
	for i := range colOf {
		colOf[i] = -1
	}
	if rows == 0 || cols == 0 {
		return colOf
	}
	if rows > cols {
		// the algorithm below wants no more rows than columns
		t := make([][]float64, cols)
		for c := range t {
			t[c] = make([]float64, rows)
			for r := range rows {
				t[c][r] = score[r][c]
			}
		}
		for c, r := range assign(t, rows) {
			if r >= 0 {
				colOf[r] = c
			}
		}
		return colOf
	}
	// Hungarian algorithm (Kuhn-Munkres with potentials) on the cost
	// -score, 1-based with a virtual column 0, O(rows² · cols).
	u := make([]float64, rows+1)
	v := make([]float64, cols+1)
	p := make([]int, cols+1) // p[j]: row matched to column j, 0 for none
	way := make([]int, cols+1)
	for i := 1; i <= rows; i++ {
		p[0] = i
		j0 := 0
		minv := make([]float64, cols+1)
		used := make([]bool, cols+1)
		for j := range minv {
			minv[j] = math.Inf(1)
		}
		for {
			used[j0] = true
			i0, delta, j1 := p[j0], math.Inf(1), 0
			for j := 1; j <= cols; j++ {
				if used[j] {
					continue
				}
				cur := -score[i0-1][j-1] - u[i0] - v[j]
				if cur < minv[j] {
					minv[j], way[j] = cur, j0
				}
				if minv[j] < delta {
					delta, j1 = minv[j], j
				}
			}
			for j := 0; j <= cols; j++ {
				if used[j] {
					u[p[j]] += delta
					v[j] -= delta
				} else {
					minv[j] -= delta
				}
			}
			j0 = j1
			if p[j0] == 0 {
				break
			}
		}
		for j0 != 0 {
			j1 := way[j0]
			p[j0] = p[j1]
			j0 = j1
		}
	}
	for j := 1; j <= cols; j++ {
		if p[j] > 0 {
			colOf[p[j]-1] = j - 1
		}
	}
	return colOf
}
