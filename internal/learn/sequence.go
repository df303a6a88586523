package learn

import "math"

// Transitions are log-probabilities of one label following another, and of
// a sequence starting with each label, counted from training sequences.
type Transitions struct {
	From  [][]float64
	First []float64
}

// CountTransitions estimates transition log-probabilities from labelled
// sequences with add-one smoothing.
func CountTransitions(sequences [][]int, labels int) Transitions {
	from := make([][]float64, labels)
	for i := range from {
		from[i] = make([]float64, labels)
		for j := range from[i] {
			from[i][j] = 1
		}
	}
	first := make([]float64, labels)
	for i := range first {
		first[i] = 1
	}
	for _, seq := range sequences {
		for i, l := range seq {
			if i == 0 {
				first[l]++
				continue
			}
			from[seq[i-1]][l]++
		}
	}
	return Transitions{From: logNormalise(from), First: logNormalise([][]float64{first})[0]}
}

func logNormalise(rows [][]float64) [][]float64 {
	for _, row := range rows {
		sum := 0.0
		for _, x := range row {
			sum += x
		}
		for j := range row {
			row[j] = math.Log(row[j] / sum)
		}
	}
	return rows
}

// Viterbi returns the most likely labels of a sequence given each item's
// label probabilities and the transitions, weighted by strength (0 ignores
// the transitions, 1 reads them as a hidden Markov model would).
func Viterbi(probs [][]float64, t Transitions, strength float64) []int {
	path, _ := ViterbiScored(probs, t, strength)
	return path
}

// ViterbiScored is Viterbi with the log-score of the path it returns, so
// that a caller can weigh it against another reading of the sequence.
func ViterbiScored(probs [][]float64, t Transitions, strength float64) ([]int, float64) {
	n := len(probs)
	if n == 0 {
		return nil, 0
	}
	k := len(probs[0])
	score := make([][]float64, n)
	back := make([][]int, n)
	for i := range score {
		score[i] = make([]float64, k)
		back[i] = make([]int, k)
	}
	for c := 0; c < k; c++ {
		score[0][c] = math.Log(probs[0][c]+1e-12) + strength*t.First[c]
	}
	for i := 1; i < n; i++ {
		for c := 0; c < k; c++ {
			best, arg := math.Inf(-1), 0
			for p := 0; p < k; p++ {
				if s := score[i-1][p] + strength*t.From[p][c]; s > best {
					best, arg = s, p
				}
			}
			score[i][c] = best + math.Log(probs[i][c]+1e-12)
			back[i][c] = arg
		}
	}
	out := make([]int, n)
	out[n-1] = Argmax(score[n-1])
	for i := n - 1; i > 0; i-- {
		out[i-1] = back[i][out[i]]
	}
	return out, score[n-1][out[n-1]]
}
