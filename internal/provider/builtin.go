package provider

import (
	"context"

	"github.com/notegen/notegen/internal/notewriter"
	"github.com/notegen/notegen/internal/transcript"
)

// Builtin is the offline, deterministic note writer.
type Builtin struct{ w *notewriter.Writer }

// NewBuiltin returns the built-in writer.
func NewBuiltin() *Builtin { return &Builtin{w: notewriter.New()} }

// Write implements NoteWriter.
func (b *Builtin) Write(ctx context.Context, r NoteRequest) (Note, error) {
	note, err := b.w.Write(ctx, r)
	if err != nil {
		return Note{}, &Error{Provider: "built-in writer", Message: "could not write the note", Cause: err}
	}
	return Note{Title: note.Title, Text: note.Text, Tokens: transcript.EstimateTokens(note.Text), Sections: note.Sections}, nil
}
