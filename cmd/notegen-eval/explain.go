package main

import (
	"context"
	"fmt"
	"io"
	"sort"

	"github.com/notegen/notegen/internal/discourse"
	"github.com/notegen/notegen/internal/notewriter"
)

// explain prints why each sentence of an encounter's note went where it
// went: every unit with its speaker, the discourse model's part and its
// three likeliest parts, then the note's sentences with the rule or unit
// each was written from, and the reading's findings.
func explain(w io.Writer, dataDir, split, id string) error {
	e, err := findEncounter(dataDir, split, id)
	if err != nil {
		return err
	}
	note, err := notewriter.New().Write(context.Background(), notewriter.Input{Transcript: e.Dialogue, Template: *template,
		RecordingType: "conversation", Lang: "en", DocumentationStyle: *style})
	if err != nil {
		return err
	}
	r := note.Reading
	fmt.Fprintf(w, "== units of %s (speaker, part and the model's likeliest parts)\n", id)
	for i, u := range r.Units {
		fmt.Fprintf(w, "%4d %-9s %-18s %-44s %s\n", i, u.Speaker, u.Part, top(u.Probs, 3), r.UnitText(i))
		for _, c := range discourse.Explain(r.Units, i, r.Lexicon) {
			fmt.Fprintf(w, "%76s %+.2f %s\n", "", c.Weight, c.Feature)
		}
	}
	fmt.Fprintln(w, "\n== note, each sentence with why it is there")
	for _, s := range note.Sections {
		fmt.Fprintf(w, "%s\n", s.Heading)
		for _, sent := range s.Sentences {
			fmt.Fprintf(w, "  %-80s [%s]\n", sent.Text, sent.Why)
		}
	}
	fmt.Fprintln(w, "\n== findings")
	for _, f := range r.Findings {
		fmt.Fprintf(w, "  %-10s %-28q %s/%s/%s diagnosis=%v action=%s ordered=%v reason=%q said=%q\n", f.Kind, f.Name,
			f.Assertion, f.Time, f.Subject, f.Diagnosis, f.Action, f.Ordered, f.Reason, f.Said)
	}
	return nil
}

// top names the n likeliest parts with their probabilities.
func top(probs []float64, n int) string {
	idx := make([]int, len(probs))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return probs[idx[a]] > probs[idx[b]] })
	out := ""
	for k := 0; k < n && k < len(idx); k++ {
		out += fmt.Sprintf("%s=%.2f ", discourse.Parts[idx[k]], probs[idx[k]])
	}
	return out
}
