package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/notegen/notegen/internal/evidence"
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
	// citations joins a question and its direct answer (see
	// evidence.Citations); every other span is a citation of its own.
	citations, citationsSupported int
	// contradicted counts citations whose answer says the opposite of
	// their sentence (a "yes" cited for "Denies ...").
	contradicted int
	flagged      int
}

// measureEvidence writes each encounter's note as the service does
// (primaryCare, conversation, English) and scores its evidence; show names
// an encounter whose note is printed with its evidence.
func measureEvidence(rows []row, show string, misses bool, stdout io.Writer) error {
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
		segs := note.Reading.Segments
		d := b.Written(note.Sections, note.Reading)
		sc.flagged += b.FlagUnsaid(&d, segs, "en")
		for _, ev := range d.Evidence {
			sc.sentences++
			if len(ev.Spans) == 0 {
				if misses {
					fmt.Fprintf(stdout, "%s sentence without spans: %q\n", r.id, ev.Sentence)
				}
				continue
			}
			sc.covered++
			var cited []string
			for _, sp := range ev.Spans {
				text := evidence.SpanText(segs, sp)
				cited = append(cited, text)
				sc.spans++
				if check.Supports(ev.Sentence, text, "en") {
					sc.spansSupported++
				} else if misses {
					fmt.Fprintf(stdout, "%s unsupported span: %q <- %q (segment %d %d-%d)\n", r.id, ev.Sentence, text, sp.Segment, sp.Start, sp.End)
				}
			}
			if check.Supports(ev.Sentence, strings.Join(cited, " "), "en") {
				sc.sentencesSupported++
			}
			for _, c := range evidence.Citations(ev.Spans, segs) {
				var said []string
				for _, sp := range c {
					said = append(said, evidence.SpanText(segs, sp))
				}
				sc.citations++
				if evidence.Contradicts(ev.Sentence, c, segs) {
					sc.contradicted++
					if misses {
						fmt.Fprintf(stdout, "%s answer against its sentence: %q <- %q\n", r.id, ev.Sentence, said)
					}
				}
				if check.Supports(ev.Sentence, strings.Join(said, " "), "en") {
					sc.citationsSupported++
				} else if misses {
					fmt.Fprintf(stdout, "%s unsupported citation: %q <- %q\n", r.id, ev.Sentence, said)
				}
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
	fmt.Fprintf(stdout, "evidence support per citation (a question and its direct answer joined): %d/%d = %.1f%%\n",
		sc.citationsSupported, sc.citations, pct(sc.citationsSupported, sc.citations))
	fmt.Fprintf(stdout, "citations whose answer says the opposite of their sentence: %d\n", sc.contradicted)
	fmt.Fprintf(stdout, "sentences flagged for a number never said: %d\n", sc.flagged)
	return nil
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
			fmt.Fprintf(stdout, "      > %q (%s, segment %d)\n", evidence.SpanText(segs, sp), segs[sp.Segment].Speaker, sp.Segment)
		}
	}
}
