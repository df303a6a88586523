package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/notegen/notegen/internal/acibench"
	"github.com/notegen/notegen/internal/notewriter"
	"github.com/notegen/notegen/internal/orderbench"
)

// printResult prints the leaderboard's columns (in percent) and the counts
// behind them.
func printResult(w io.Writer, split string, r outcome) {
	fmt.Fprintf(w, "split %s: %d encounters, %d gold orders, %d predicted, %d paired\n",
		split, r.Encounters, r.Gold, r.Predicted, r.Paired)
	fmt.Fprintf(w, "facts not made orders: %d procedures, %d stopped and %d continued medications; predictions ignored by the metric: %d\n",
		r.skipped.procedures, r.skipped.stopped, r.skipped.continued, r.Ignored)
	fmt.Fprintf(w, "%-12s %9s %7s %6s\n", "", "precision", "recall", "F1")
	for _, row := range []struct {
		name string
		v    orderbench.PRF
	}{{"description", r.Description}, {"reason", r.Reason}, {"type", r.Type}, {"provenance", r.Provenance}, {"match", r.Match}} {
		fmt.Fprintf(w, "%-12s %9.1f %7.1f %6.1f\n", row.name, 100*row.v.Precision, 100*row.v.Recall, 100*row.v.F1)
	}
	fmt.Fprintf(w, "average of the four F1 (description, reason, type, provenance): %.1f\n", 100*r.Average)
	fmt.Fprintf(w, "match rate: %d of %d gold orders paired (%.1f%%), %d of %d predictions paired (%.1f%%)\n",
		r.Paired, r.Gold, 100*r.Match.Recall, r.Paired, r.Predicted, 100*r.Match.Precision)
}

// printPairs prints an encounter's gold and predicted orders side by side:
// pairs first, then gold orders missed, then predictions paired with none.
func printPairs(w io.Writer, id string, pairs []orderbench.Pair) {
	fmt.Fprintf(w, "== %s\n", id)
	for _, p := range pairs {
		switch {
		case p.Gold != nil && p.Pred != nil:
			fmt.Fprintf(w, "  paired %.2f  gold %s\n", p.Score, orderLine(p.Gold))
			fmt.Fprintf(w, "               pred %s\n", orderLine(p.Pred))
		case p.Gold != nil:
			fmt.Fprintf(w, "  missed       gold %s\n", orderLine(p.Gold))
		default:
			fmt.Fprintf(w, "  false        pred %s\n", orderLine(p.Pred))
		}
	}
}

func orderLine(o *orderbench.Order) string {
	reason := "-"
	if o.Reason != nil {
		reason = *o.Reason
	}
	return fmt.Sprintf("%-10s %q reason %q turns %v", o.OrderType, o.Description, reason, o.Provenance)
}

// printTurns prints an encounter's turns as the service cuts them, each
// with the id provenance uses.
func printTurns(w io.Writer, encounters []acibench.Encounter, id string) error {
	for _, e := range encounters {
		if e.ID != id {
			continue
		}
		for _, s := range notewriter.Segments(e.Dialogue, "conversation", "en") {
			fmt.Fprintf(w, "%d [%s] %s\n", s.ID, s.Speaker, strings.ReplaceAll(s.Text, "\n", " / "))
		}
		return nil
	}
	return fmt.Errorf("encounter %s not in the split", id)
}
