// Command notegen-eval scores the built-in note writer on an ACI-BENCH split
// with ROUGE-1, ROUGE-2 and ROUGE-Lsum F1 and ROUGE-1 per division (as
// ../shared/eval/score.py does), next to two baselines computed in the same
// run: the raw transcript as the note, and the doctor's turns alone. It
// also scores the writer on the dialogue with its speaker tags removed
// (roles inferred with notewriter.InferRoles, as for speech-to-text output)
// and prints the role accuracy. With --csv it writes the writer's notes
// for score.py, which adds the number-fidelity check.
package main

import (
	"context"
	"encoding/csv"
	"flag"
	"fmt"
	"os"

	"github.com/notegen/notegen/internal/notewriter"
	"github.com/notegen/notegen/internal/rouge"
)

var style, template *string

func main() {
	dataDir := flag.String("data", "../shared/data/aci-bench", "directory holding <split>.csv")
	split := flag.String("split", "valid", "split to score (train or valid)")
	style = flag.String("style", "soap", "documentation style given to the writer (soap or problemBased)")
	template = flag.String("template", "primaryCare", "template given to the writer")
	show := flag.String("show", "", "print the writer's note and the reference for this encounter_id instead of scoring")
	csvOut := flag.String("csv", "", "also write the writer's notes to this CSV file (encounter_id,note) for score.py")
	misattributed := flag.Bool("misattributed", false, "print the turns whose inferred role (tags removed) is wrong instead of scoring")
	explainID := flag.String("explain", "", "print why each sentence of this encounter_id's note went where it went (units, model scores, rules) instead of scoring")
	flag.Parse()
	if *explainID != "" {
		if err := explain(os.Stdout, *dataDir, *split, *explainID); err != nil {
			fmt.Fprintln(os.Stderr, "notegen-eval:", err)
			os.Exit(1)
		}
		return
	}
	if *misattributed {
		encounters, err := loadSplit(*dataDir, *split)
		if err != nil {
			fmt.Fprintln(os.Stderr, "notegen-eval:", err)
			os.Exit(1)
		}
		printMisattributed(os.Stdout, encounters)
		return
	}
	if *show != "" {
		if err := showNote(*dataDir, *split, *show); err != nil {
			fmt.Fprintln(os.Stderr, "notegen-eval:", err)
			os.Exit(1)
		}
		return
	}
	if err := run(*dataDir, *split, *csvOut); err != nil {
		fmt.Fprintln(os.Stderr, "notegen-eval:", err)
		os.Exit(1)
	}
}

func plain(f func(string) string) func(string) (string, error) {
	return func(d string) (string, error) { return f(d), nil }
}

// writerFor runs the built-in writer the way the server does for an
// English primary-care conversation; the title is part of the note.
func writerFor(w *notewriter.Writer, style, template string) func(string) (string, error) {
	return func(dialogue string) (string, error) {
		note, err := w.Write(context.Background(), notewriter.Input{
			Transcript: dialogue, Template: template, RecordingType: "conversation",
			Lang: "en", OutputLanguage: "en", DocumentationStyle: style,
		})
		if err != nil {
			return "", err
		}
		return note.Text, nil
	}
}

func run(dataDir, split, csvOut string) error {
	encounters, err := loadSplit(dataDir, split)
	if err != nil {
		return err
	}
	systems := []struct {
		name  string
		write func(dialogue string) (string, error)
	}{
		{"writer", writerFor(notewriter.New(), *style, *template)},
		{"unlabelled", func(d string) (string, error) {
			text, _, _ := unlabelled(d)
			return writerFor(notewriter.New(), *style, *template)(text)
		}},
		{"transcript", plain(transcriptOnly)},
		{"doctor turns", plain(doctorTurns)},
	}
	fmt.Printf("split=%s encounters=%d\n", split, len(encounters))
	fmt.Printf("%-14s %8s %8s %10s   ROUGE-1 by division: %8s %8s %8s %8s\n", "system", "ROUGE-1", "ROUGE-2", "ROUGE-Lsum",
		"subj", "exam", "results", "A&P")
	for i, s := range systems {
		notes := make([]string, len(encounters))
		for k, e := range encounters {
			candidate, err := s.write(e.Dialogue)
			if err != nil {
				return fmt.Errorf("%s on %s: %w", s.name, e.ID, err)
			}
			notes[k] = candidate
		}
		m := score(encounters, notes)
		fmt.Printf("%-14s %8.2f %8.2f %10.2f   %28.2f %8.2f %8.2f %8.2f\n", s.name, m.rouge1, m.rouge2, m.rougeLsum,
			m.division["subjective"], m.division["objective_exam"], m.division["objective_results"], m.division["assessment_and_plan"])
		if i == 0 && csvOut != "" {
			if err := writeCSV(csvOut, encounters, notes); err != nil {
				return err
			}
		}
	}
	tagged, corrected := roleAccuracy(encounters)
	fmt.Printf("role accuracy with speaker tags removed: %.2f%% against the tags, %.2f%% with swapped tags corrected\n", tagged, corrected)
	return nil
}

// means are a system's scores averaged over the split, in percent.
type means struct {
	rouge1, rouge2, rougeLsum float64
	division                  map[string]float64
}

func score(encounters []encounter, notes []string) means {
	m := means{division: map[string]float64{}}
	for k, e := range encounters {
		sc := rouge.Compute(e.Note, notes[k])
		m.rouge1 += sc.Rouge1.F1
		m.rouge2 += sc.Rouge2.F1
		m.rougeLsum += sc.RougeLsum.F1
		for d, f := range divisionRouge1(e.Note, notes[k]) {
			m.division[d] += f
		}
	}
	n := float64(len(encounters)) / 100
	m.rouge1, m.rouge2, m.rougeLsum = m.rouge1/n, m.rouge2/n, m.rougeLsum/n
	for d := range m.division {
		m.division[d] /= n
	}
	return m
}

// writeCSV writes the notes in the shape score.py reads.
func writeCSV(path string, encounters []encounter, notes []string) error {
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("create %s: %w", path, err)
	}
	w := csv.NewWriter(f)
	rows := [][]string{{"encounter_id", "note"}}
	for k, e := range encounters {
		rows = append(rows, []string{e.ID, notes[k]})
	}
	if err := w.WriteAll(rows); err != nil {
		f.Close()
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("close %s: %w", path, err)
	}
	return nil
}

// showNote prints one encounter's note next to the reference, for error
// analysis on the training split.
func showNote(dataDir, split, id string) error {
	e, err := findEncounter(dataDir, split, id)
	if err != nil {
		return err
	}
	note, err := writerFor(notewriter.New(), *style, *template)(e.Dialogue)
	if err != nil {
		return err
	}
	sc := rouge.Compute(e.Note, note)
	fmt.Printf("%s ROUGE-1 %.2f ROUGE-2 %.2f ROUGE-Lsum %.2f\n\n%s\n==== reference ====\n%s\n", id,
		100*sc.Rouge1.F1, 100*sc.Rouge2.F1, 100*sc.RougeLsum.F1, note, e.Note)
	return nil
}

// findEncounter is the encounter of a split with the given id.
func findEncounter(dataDir, split, id string) (encounter, error) {
	encounters, err := loadSplit(dataDir, split)
	if err != nil {
		return encounter{}, err
	}
	for _, e := range encounters {
		if e.ID == id {
			return e, nil
		}
	}
	return encounter{}, fmt.Errorf("encounter %q not in split %s", id, split)
}
