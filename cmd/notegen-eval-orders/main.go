// Command notegen-eval-orders measures the orders in notegen's facts
// against the hand-made gold orders of ACI-BENCH encounters
// (internal/orderbench), with the MEDIQA-OE 2025 metric:
//
//	go run ./cmd/notegen-eval-orders --split train --data ../shared/data
//
// It writes each annotated encounter's note as the service does, maps the
// facts to the task's orders (see mapping.orders) and prints description,
// reason, type and provenance scores, their average and the match rate;
// -v also prints each encounter's gold and predicted orders side by side,
// --turns ID prints an encounter's turns numbered as provenance counts
// them (for annotating).
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/notegen/notegen/internal/acibench"
	"github.com/notegen/notegen/internal/notewriter"
	"github.com/notegen/notegen/internal/orderbench"
)

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "notegen-eval-orders:", err)
		os.Exit(1)
	}
}

func run(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("notegen-eval-orders", flag.ContinueOnError)
	data := fs.String("data", "../shared/data", "directory holding aci-bench/ (or the aci-bench directory itself)")
	split := fs.String("split", "train", "annotated split to score: "+strings.Join(orderbench.GoldSplits, " or "))
	verbose := fs.Bool("v", false, "print each encounter's gold and predicted orders side by side")
	turnsOf := fs.String("turns", "", "print this encounter's turns, numbered as provenance counts them, instead of scoring")
	continued := fs.Bool("continued", false, "also count medications the clinician continues as medication orders")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if !slices.Contains(orderbench.GoldSplits, *split) {
		return fmt.Errorf("--split must be one of %s (the splits with gold orders)", strings.Join(orderbench.GoldSplits, ", "))
	}
	encounters, err := acibench.Load(dataDir(*data), *split)
	if err != nil {
		return fmt.Errorf("read split: %w", err)
	}
	if *turnsOf != "" {
		return printTurns(stdout, encounters, *turnsOf)
	}
	gold, err := orderbench.Gold(*split)
	if err != nil {
		return err
	}
	res, err := evaluate(encounters, gold, mapping{continued: *continued}, *verbose, stdout)
	if err != nil {
		return err
	}
	printResult(stdout, *split, res)
	return nil
}

// dataDir accepts the folder above aci-bench/ (as --data of the brief's
// shared data) or aci-bench/ itself (as the other evaluation commands take).
func dataDir(dir string) string {
	if st, err := os.Stat(filepath.Join(dir, "aci-bench")); err == nil && st.IsDir() {
		return filepath.Join(dir, "aci-bench")
	}
	return dir
}

// outcome is a run's scores and what the mapping left out.
type outcome struct {
	orderbench.Result
	skipped skipped
}

// evaluate scores every gold encounter, in the split's order; a gold
// encounter missing from the split is an error, since a score over fewer
// encounters than annotated would not be comparable.
func evaluate(encounters []acibench.Encounter, gold orderbench.Set, m mapping, verbose bool, stdout io.Writer) (outcome, error) {
	var out outcome
	var sc orderbench.Scorer
	w := notewriter.New()
	seen := 0
	for _, e := range encounters {
		g, ok := gold[e.ID]
		if !ok {
			continue
		}
		seen++
		rd, err := read(w, e.Dialogue)
		if err != nil {
			return out, fmt.Errorf("encounter %s: %w", e.ID, err)
		}
		pred := m.orders(rd.facts, &out.skipped)
		pairs := sc.Add(g, pred)
		if verbose {
			printPairs(stdout, e.ID, pairs)
		}
	}
	if seen != len(gold) {
		return out, errors.New(missing(encounters, gold))
	}
	out.Result = sc.Result()
	return out, nil
}

func missing(encounters []acibench.Encounter, gold orderbench.Set) string {
	have := map[string]bool{}
	for _, e := range encounters {
		have[e.ID] = true
	}
	var ids []string
	for id := range gold {
		if !have[id] {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	return "gold encounters not in the split: " + strings.Join(ids, ", ")
}
