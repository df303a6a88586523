package orderbench

import (
	"slices"
	"strconv"
)

// PRF is a precision, recall and F1, each in [0, 1].
type PRF struct{ Precision, Recall, F1 float64 }

func prf(p, r float64) PRF {
	f := 0.0
	if p+r > 0 {
		f = 2 * p * r / (p + r)
	}
	return PRF{Precision: p, Recall: r, F1: f}
}

// Result is what Scorer measured. The four field scores and their average
// are the columns of the task's leaderboard (Desc., Reason, Type, Prov.,
// AVG); Match is its Match column.
type Result struct {
	// Description and Reason are the official ROUGE-1 of the field, in
	// which every paired or unpaired order with the field counts once.
	Description, Reason PRF
	// Type is exact match of the order type (the official Strict metric;
	// its ROUGE-1 is the same number for one-word types).
	Type PRF
	// Provenance is the official multi-label score of the turn ids.
	Provenance PRF
	// Match says how many orders were paired: precision is paired over
	// predicted, recall paired over gold.
	Match PRF
	// Average is the mean of the four fields' F1, the leaderboard's AVG.
	Average float64
	// Encounters, Gold, Predicted and Paired count what was scored;
	// Ignored counts predicted orders dropped for a type outside the four
	// or an empty description.
	Encounters, Gold, Predicted, Paired, Ignored int
}

// Scorer accumulates pairs over encounters. The zero value is ready.
type Scorer struct {
	desc, reason, prov overlap
	typ                strict
	res                Result
}

// Add pairs one encounter's orders (see Match), adds them to the scores
// and returns the pairs.
func (s *Scorer) Add(gold, pred []Order) []Pair {
	pairs := Match(gold, pred)
	s.res.Encounters++
	s.res.Ignored += len(pred) - len(kept(pred))
	for _, p := range pairs {
		if p.Gold != nil {
			s.res.Gold++
		}
		if p.Pred != nil {
			s.res.Predicted++
		}
		if p.Gold != nil && p.Pred != nil {
			s.res.Paired++
		}
		s.desc.add(textField(p.Gold, descriptionOf), textField(p.Pred, descriptionOf))
		s.reason.add(textField(p.Gold, reasonOf), textField(p.Pred, reasonOf))
		s.typ.add(normalize(field(p.Gold, typeOf)), normalize(field(p.Pred, typeOf)))
		s.prov.add(labels(p.Gold), labels(p.Pred))
	}
	return pairs
}

// Result returns the scores so far.
func (s *Scorer) Result() Result {
	r := s.res
	r.Description, r.Reason, r.Provenance = s.desc.result(), s.reason.result(), s.prov.result()
	r.Type = s.typ.result()
	r.Match = prf(ratio(r.Paired, r.Predicted), ratio(r.Paired, r.Gold))
	r.Average = (r.Description.F1 + r.Reason.F1 + r.Type.F1 + r.Provenance.F1) / 4
	return r
}

// Evaluate scores pred against gold over gold's encounters; an encounter
// missing from pred has no predicted orders.
func Evaluate(gold, pred Set) Result {
	var s Scorer
	ids := make([]string, 0, len(gold))
	for id := range gold {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for _, id := range ids {
		s.Add(gold[id], pred[id])
	}
	return s.Result()
}

func ratio(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

func descriptionOf(o *Order) string { return o.Description }
func typeOf(o *Order) string        { return o.OrderType }
func reasonOf(o *Order) string {
	if o.Reason == nil {
		return ""
	}
	return *o.Reason
}

func field(o *Order, get func(*Order) string) string {
	if o == nil {
		return ""
	}
	return get(o)
}

// textField is a field's words as the official scorer compares them:
// normalized, split at white space; none for an absent order or field.
func textField(o *Order, get func(*Order) string) []string {
	return words(normalize(field(o, get)))
}

// labels is an order's provenance as words, so that overlap scores it as
// the official multi-label metric does (the same arithmetic on ids).
func labels(o *Order) []string {
	if o == nil {
		return nil
	}
	out := make([]string, len(o.Provenance))
	for i, id := range o.Provenance {
		out[i] = strconv.Itoa(id)
	}
	return out
}

// overlap is the official ROUGE-1 (and, on ids, its multi-label metric),
// which is not the ROUGE of the rouge package: per pair, precision is the
// share of predicted words (each occurrence) found among the gold words and
// recall the reverse; precision is averaged over the pairs with a
// prediction and recall over the pairs with a gold value, so an unpaired
// order, or a reason given where none was expected, counts as 0; a pair
// with neither is skipped. F1 is taken of the two averages.
type overlap struct {
	sumP, sumR float64
	nP, nR     int
}

func (m *overlap) add(gold, pred []string) {
	if len(gold) == 0 && len(pred) == 0 {
		return
	}
	if len(pred) > 0 {
		m.nP++
		m.sumP += float64(countIn(pred, gold)) / float64(len(pred))
	}
	if len(gold) > 0 {
		m.nR++
		m.sumR += float64(countIn(gold, pred)) / float64(len(gold))
	}
}

func (m *overlap) result() PRF { return prf(ratio2(m.sumP, m.nP), ratio2(m.sumR, m.nR)) }

func ratio2(sum float64, n int) float64 {
	if n == 0 {
		return 0
	}
	return sum / float64(n)
}

// countIn counts the items of xs (each occurrence) that occur in ys.
func countIn(xs, ys []string) int {
	n := 0
	for _, x := range xs {
		if slices.Contains(ys, x) {
			n++
		}
	}
	return n
}

// strict is the official Strict metric: a true positive when gold and
// predicted values are equal and not empty; precision over the pairs with
// a prediction, recall over the pairs with a gold value.
type strict struct{ tp, nP, nR int }

func (m *strict) add(gold, pred string) {
	if gold != "" {
		m.nR++
	}
	if pred != "" {
		m.nP++
	}
	if gold != "" && gold == pred {
		m.tp++
	}
}

func (m *strict) result() PRF { return prf(ratio(m.tp, m.nP), ratio(m.tp, m.nR)) }
