package orderbench

// Pair is a gold order and the predicted order paired with it; either is
// nil for an order left unpaired. Score is the pairing score of the two
// descriptions (0 for an unpaired order).
type Pair struct {
	Gold, Pred *Order
	Score      float64
}

// pairingScore is the official pairing score of two normalized
// descriptions: 1 when they are equal, else the share of the gold
// description's words (each occurrence counted) found among the predicted
// description's words. It is recall-like on purpose: a long prediction
// that contains the gold words pairs as well as an exact one.
func pairingScore(gold, pred string) float64 {
	if gold == pred {
		return 1
	}
	g, p := words(gold), words(pred)
	if len(g) == 0 {
		return 0
	}
	in := make(map[string]bool, len(p))
	for _, w := range p {
		in[w] = true
	}
	found := 0
	for _, w := range g {
		if in[w] {
			found++
		}
	}
	return float64(found) / float64(len(g))
}

// Match pairs an encounter's predicted orders with its gold ones as the
// official scorer does: orders without a description or of another type
// are dropped; the assignment maximises the total pairing score of the
// descriptions; a pair scoring 0 is no pair. The pairs come first (in gold
// order), then the unpaired gold orders, then the unpaired predictions.
func Match(gold, pred []Order) []Pair {
	g, p := kept(gold), kept(pred)
	score := make([][]float64, len(g))
	for i := range g {
		score[i] = make([]float64, len(p))
		for j := range p {
			score[i][j] = pairingScore(normalize(g[i].Description), normalize(p[j].Description))
		}
	}
	colOf := assign(score, len(p))
	var pairs, lonely []Pair
	predUsed := make([]bool, len(p))
	for i, j := range colOf {
		if j >= 0 && score[i][j] > 0 {
			pairs = append(pairs, Pair{Gold: &g[i], Pred: &p[j], Score: score[i][j]})
			predUsed[j] = true
			continue
		}
		lonely = append(lonely, Pair{Gold: &g[i]})
	}
	pairs = append(pairs, lonely...)
	for j := range p {
		if !predUsed[j] {
			pairs = append(pairs, Pair{Pred: &p[j]})
		}
	}
	return pairs
}

// kept copies the orders the official scorer keeps.
func kept(orders []Order) []Order {
	var out []Order
	for _, o := range orders {
		if valid(o) {
			out = append(out, o)
		}
	}
	return out
}
