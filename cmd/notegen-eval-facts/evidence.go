package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/notegen/notegen/internal/evidence"
	"github.com/notegen/notegen/internal/facts"
	"github.com/notegen/notegen/internal/notewriter"
	"github.com/notegen/notegen/internal/transcript"
)

// evidenceScore counts what --evidence measures over the built-in writer's
// notes: how many sentences cite the transcript (coverage), and how many of
// the cited spans support their sentence by the server's own rule (most of
// the sentence's content words, every number exactly).
type evidenceScore struct {
	sentences, covered int
	// sentencesSupported counts covered sentences whose spans together
	// support them; spans and spansSupported count each span on its own.
	sentencesSupported, spans, spansSupported int
	flagged                                   int
}

// measureEvidence writes each encounter's note as the service does
// (primaryCare, conversation, English) and scores its evidence; show names
// an encounter whose note is printed with its evidence.
func measureEvidence(rows []row, show string, stdout io.Writer) error {
	w := notewriter.New()
	b := evidence.NewBuilder()
	check := b.Checker()
	var sc evidenceScore
	for _, r := range rows {
		note, err := w.Write(context.Background(), notewriter.Input{Transcript: r.dialogue, Template: "primaryCare",
			VisitType: "followUp", RecordingType: "conversation", Lang: "en"})
		if err != nil {
			return fmt.Errorf("encounter %s: %w", r.id, err)
		}
		segs := transcript.Split(r.dialogue, nil)
		d := b.Written(note.Sections, r.dialogue, segs, "en")
		sc.flagged += b.FlagUnsaid(&d, segs, "en")
		for _, ev := range d.Evidence {
			sc.sentences++
			if len(ev.Spans) == 0 {
				continue
			}
			sc.covered++
			var cited []string
			for _, sp := range ev.Spans {
				text := spanText(segs, sp)
				cited = append(cited, text)
				sc.spans++
				if check.Supports(ev.Sentence, text, "en") {
					sc.spansSupported++
				}
			}
			if check.Supports(ev.Sentence, strings.Join(cited, " "), "en") {
				sc.sentencesSupported++
			}
		}
		if r.id == show {
			printEvidence(stdout, r.id, d, segs)
		}
	}
	fmt.Fprintf(stdout, "evidence coverage: %d/%d = %.1f%% of note sentences (placeholders aside) cite the transcript\n",
		sc.covered, sc.sentences, pct(sc.covered, sc.sentences))
	fmt.Fprintf(stdout, "evidence support: %d/%d = %.1f%% of cited sentences are supported by their spans together; %d/%d = %.1f%% of spans on their own\n",
		sc.sentencesSupported, sc.covered, pct(sc.sentencesSupported, sc.covered), sc.spansSupported, sc.spans, pct(sc.spansSupported, sc.spans))
	fmt.Fprintf(stdout, "sentences flagged for a number never said: %d\n", sc.flagged)
	return nil
}

func spanText(segs []transcript.Segment, sp facts.Span) string {
	if sp.Segment < 0 || sp.Segment >= len(segs) {
		return ""
	}
	s, err := segs[sp.Segment].Slice(sp.Start, sp.End)
	if err != nil {
		return ""
	}
	return s
}

func printEvidence(stdout io.Writer, id string, d evidence.Detail, segs []transcript.Segment) {
	fmt.Fprintf(stdout, "== encounter %s, note with its evidence\n", id)
	section := ""
	for _, ev := range d.Evidence {
		if ev.Section != section {
			section = ev.Section
			fmt.Fprintf(stdout, "[%s]\n", section)
		}
		fmt.Fprintf(stdout, "  %s\n", ev.Sentence)
		if len(ev.Spans) == 0 {
			fmt.Fprintln(stdout, "      (no support)")
		}
		for _, sp := range ev.Spans {
			fmt.Fprintf(stdout, "      > %q (%s, segment %d)\n", spanText(segs, sp), segs[sp.Segment].Speaker, sp.Segment)
		}
	}
}
