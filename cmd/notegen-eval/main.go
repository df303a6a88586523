// Command notegen-eval scores the built-in note writer on an ACI-BENCH split
// with ROUGE-1, ROUGE-2 and ROUGE-Lsum F1, next to two baselines computed in
// the same run: the raw transcript as the note, and the doctor's turns alone.
package main

import (
	"context"
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
	flag.Parse()
	if *show != "" {
		if err := showNote(*dataDir, *split, *show); err != nil {
			fmt.Fprintln(os.Stderr, "notegen-eval:", err)
			os.Exit(1)
		}
		return
	}
	if err := run(*dataDir, *split); err != nil {
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

func run(dataDir, split string) error {
	encounters, err := loadSplit(dataDir, split)
	if err != nil {
		return err
	}
	systems := []struct {
		name  string
		write func(dialogue string) (string, error)
	}{
		{"writer", writerFor(notewriter.New(), *style, *template)},
		{"transcript", plain(transcriptOnly)},
		{"doctor turns", plain(doctorTurns)},
	}
	fmt.Printf("split=%s encounters=%d\n", split, len(encounters))
	fmt.Printf("%-14s %8s %8s %10s\n", "system", "ROUGE-1", "ROUGE-2", "ROUGE-Lsum")
	for _, s := range systems {
		var sum rouge.Scores
		for _, e := range encounters {
			candidate, err := s.write(e.Dialogue)
			if err != nil {
				return fmt.Errorf("%s on %s: %w", s.name, e.ID, err)
			}
			sc := rouge.Compute(e.Note, candidate)
			sum.Rouge1.F1 += sc.Rouge1.F1
			sum.Rouge2.F1 += sc.Rouge2.F1
			sum.RougeLsum.F1 += sc.RougeLsum.F1
		}
		n := float64(len(encounters))
		fmt.Printf("%-14s %8.2f %8.2f %10.2f\n", s.name, 100*sum.Rouge1.F1/n, 100*sum.Rouge2.F1/n, 100*sum.RougeLsum.F1/n)
	}
	return nil
}

// showNote prints one encounter's note next to the reference, for error
// analysis on the training split.
func showNote(dataDir, split, id string) error {
	encounters, err := loadSplit(dataDir, split)
	if err != nil {
		return err
	}
	for _, e := range encounters {
		if e.ID != id {
			continue
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
	return fmt.Errorf("encounter %q not in split %s", id, split)
}
