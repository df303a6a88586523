// Command notegen-eval-facts measures the structured facts extracted from
// ACI-BENCH dialogues against the clinicians' notes:
//
//	go run ./cmd/notegen-eval-facts --data ../shared/data/aci-bench --split valid
//
// It prints medication recall (the share of medications named in both the
// dialogue and the note that the facts list, with the note's dose when the
// dialogue said it) and number fidelity (numbers in facts that the dialogue
// never said; the target is zero). --evidence also writes each note with the
// built-in writer and measures evidence coverage and support, per cited span
// on its own and per citation (a question and its direct answer joined), and
// counts answers cited against their sentence; --misses lists what fails,
// --show ID prints one note with its evidence. --dump writes the facts as one text per
// encounter (CSV: encounter_id, dialogue, facts) for ../shared/eval/fidelity.py.
package main

import (
	"encoding/csv"
	"errors"
	"flag"
	"fmt"
	"github.com/notegen/notegen/internal/clinical"
	"io"
	"os"

	"github.com/notegen/notegen/internal/acibench"
	"github.com/notegen/notegen/internal/facts"
	"github.com/notegen/notegen/internal/transcript"
)

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "notegen-eval-facts:", err)
		os.Exit(1)
	}
}

func run(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("notegen-eval-facts", flag.ContinueOnError)
	data := fs.String("data", "../shared/data/aci-bench", "directory with the ACI-BENCH CSV files")
	split := fs.String("split", "valid", "split to read: train or valid")
	dump := fs.String("dump", "", "write each encounter's facts as text to this CSV file")
	verbose := fs.Bool("v", false, "list every missed medication and unsaid number")
	withEvidence := fs.Bool("evidence", false, "also write each note with the built-in writer and measure its evidence coverage and support")
	misses := fs.Bool("misses", false, "with --evidence, list every cited span that does not support its sentence on its own")
	show := fs.String("show", "", "with --evidence, print this encounter's note with its evidence")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *split != "train" && *split != "valid" {
		return errors.New("--split must be train or valid")
	}
	rows, err := readSplit(*data, *split)
	if err != nil {
		return err
	}
	var total Score
	var dumpRows [][]string
	for _, r := range rows {
		segs := transcript.Split(r.dialogue, nil)
		f := facts.From(clinical.Read(segs, clinical.Options{Lang: "en"}))
		s := ScoreEncounter(f, r.dialogue, r.note, "en")
		total.Add(s)
		if *verbose {
			for _, m := range s.Missed {
				fmt.Fprintf(stdout, "%s missed: %s\n", r.id, m)
			}
			for _, n := range s.Unsaid {
				fmt.Fprintf(stdout, "%s unsaid number: %s\n", r.id, n)
			}
		}
		dumpRows = append(dumpRows, []string{r.id, r.dialogue, Text(f)})
	}
	fmt.Fprintf(stdout, "split %s: %d encounters\n", *split, len(rows))
	fmt.Fprintf(stdout, "medication recall: %d/%d = %.1f%% (named in dialogue and note; dose checked when said: %d of them, %d with the right dose)\n",
		total.MedsFound, total.MedsGold, pct(total.MedsFound, total.MedsGold), total.DosesGold, total.DosesFound)
	fmt.Fprintf(stdout, "facts: %d problems, %d medications, %d allergies, %d vitals, %d orders\n",
		total.Problems, total.Medications, total.Allergies, total.Vitals, total.Orders)
	fmt.Fprintf(stdout, "numbers in facts: %d, not said in the dialogue: %d\n", total.Numbers, len(total.Unsaid))
	if *withEvidence {
		if err := measureEvidence(rows, *show, *misses, stdout); err != nil {
			return err
		}
	}
	if *dump != "" {
		if err := writeCSV(*dump, dumpRows); err != nil {
			return err
		}
	}
	return nil
}

func pct(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return 100 * float64(a) / float64(b)
}

type row struct{ id, dialogue, note string }

// readSplit reads <dir>/<split>.csv with the repository's one ACI-BENCH
// reader, which refuses the held-out test splits.
func readSplit(dir, split string) ([]row, error) {
	encounters, err := acibench.Load(dir, split)
	if err != nil {
		return nil, err
	}
	out := make([]row, len(encounters))
	for i, e := range encounters {
		out[i] = row{id: e.ID, dialogue: e.Dialogue, note: e.Note}
	}
	return out, nil
}

func writeCSV(path string, rows [][]string) error {
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("create dump: %w", err)
	}
	w := csv.NewWriter(f)
	_ = w.Write([]string{"encounter_id", "dialogue", "note"})
	_ = w.WriteAll(rows)
	if err := w.Error(); err != nil {
		f.Close()
		return fmt.Errorf("write dump: %w", err)
	}
	return f.Close()
}
