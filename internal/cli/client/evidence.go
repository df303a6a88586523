package client

import (
	"context"
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/notegen/notegen"
)

// notesShowCmd prints a note for a clinician to check: with --evidence each
// sentence is followed by the transcript words it was written from, and
// --format fhir writes the FHIR R4 bundle an EHR imports.
func notesShowCmd(fs *flag.FlagSet) runner {
	key := apiKeyFlag(fs)
	withEvidence := fs.Bool("evidence", false, "print each sentence with its cited transcript words")
	format := fs.String("format", "text", "text or fhir")
	output := fs.String("output", "", "write to FILE instead of standard output")
	return func(ctx context.Context, s *session, args []string) error {
		if *format != "text" && *format != "fhir" {
			return usageErr("--format must be text or fhir")
		}
		c, err := jobClient(s, args, key)
		if err != nil {
			return err
		}
		if *format == "fhir" {
			bundle, err := c.FetchNoteFHIR(ctx, args[0])
			if err != nil {
				return err
			}
			return s.write(*output, append(bundle, '\n'))
		}
		if !*withEvidence {
			return printNote(ctx, s, c, args[0])
		}
		return printEvidence(ctx, s, c, args[0], *output)
	}
}

// printEvidence prints the note section by section, each sentence followed
// by the words it cites; --json prints the note with its transcript
// segments so a script can resolve the spans itself.
func printEvidence(ctx context.Context, s *session, c *notegen.Client, id, output string) error {
	n, err := c.FetchNote(ctx, id)
	if err != nil {
		return err
	}
	tr, err := c.FetchTranscript(ctx, id)
	if err != nil {
		return err
	}
	if s.jsonOut {
		return s.printJSON(struct {
			*notegen.Note
			Segments []notegen.Segment `json:"segments"`
		}{n, tr.Segments})
	}
	var b strings.Builder
	if n.NoteTitle != "" {
		fmt.Fprintf(&b, "%s\n\n", n.NoteTitle)
	}
	bySection := map[string][]notegen.Evidence{}
	for _, ev := range n.Evidence {
		bySection[ev.Section] = append(bySection[ev.Section], ev)
	}
	for _, sec := range n.Sections {
		fmt.Fprintf(&b, "%s\n", strings.ToUpper(sec.Title))
		items := bySection[sec.Key]
		if len(items) == 0 {
			fmt.Fprintf(&b, "  %s\n", strings.ReplaceAll(strings.TrimSpace(sec.Text), "\n", "\n  "))
		}
		for _, ev := range items {
			fmt.Fprintf(&b, "  %s\n", ev.Sentence)
			if len(ev.Spans) == 0 {
				b.WriteString("      (no support in the transcript)\n")
			}
			for _, sp := range ev.Spans {
				speaker := ""
				if sp.Segment >= 0 && sp.Segment < len(tr.Segments) {
					speaker = tr.Segments[sp.Segment].Speaker + ", "
				}
				fmt.Fprintf(&b, "      > %q (%ssegment %d)\n", sp.Cited(tr.Segments), speaker, sp.Segment)
			}
		}
		b.WriteString("\n")
	}
	return s.write(output, []byte(b.String()))
}

// write puts data in file, or on standard output when file is empty.
func (s *session) write(file string, data []byte) error {
	if file == "" {
		_, err := s.env.Stdout.Write(data)
		return err
	}
	if err := os.WriteFile(file, data, 0o600); err != nil {
		return fmt.Errorf("write %s: %w", file, err)
	}
	return nil
}
