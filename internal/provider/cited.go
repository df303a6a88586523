package provider

import (
	"context"
	"fmt"
	"strings"

	"github.com/notegen/notegen/internal/evidence"
	nt "github.com/notegen/notegen/internal/notetemplate"
	"github.com/notegen/notegen/internal/transcript"
)

// CitingWriter is a note writer that can be shown the transcript's segments
// and asked to cite them sentence by sentence. The job verifies every
// citation before it keeps one.
type CitingWriter interface {
	WriteCited(ctx context.Context, req NoteRequest, segs []transcript.Segment) (Note, error)
}

// citedSchema is the JSON schema of the structured answer: sections in
// order, each sentence with the ids of the segments it comes from.
func citedSchema(keys []string) map[string]any {
	return map[string]any{
		"type": "object", "additionalProperties": false, "required": []string{"sections"},
		"properties": map[string]any{"sections": map[string]any{"type": "array", "items": map[string]any{
			"type": "object", "additionalProperties": false, "required": []string{"key", "heading", "sentences"},
			"properties": map[string]any{
				"key":     map[string]any{"type": "string", "enum": keys},
				"heading": map[string]any{"type": "string"},
				"sentences": map[string]any{"type": "array", "items": map[string]any{
					"type": "object", "additionalProperties": false, "required": []string{"text", "segments"},
					"properties": map[string]any{
						"text":     map[string]any{"type": "string"},
						"segments": map[string]any{"type": "array", "items": map[string]any{"type": "integer"}},
					},
				}},
			},
		}}},
	}
}

// WriteCited asks the model for the note as structured output citing
// segment ids (response_format json_schema). An answer that is not the
// schema's JSON but prose is kept as a plain-text note, with no citations:
// the job then finds the evidence itself. Broken JSON is a malformed
// answer, never a note.
func (c *OpenAIChat) WriteCited(ctx context.Context, r NoteRequest, segs []transcript.Segment) (Note, error) {
	prompt, err := BuildPrompt(r)
	if err != nil {
		return Note{}, &Error{Provider: llmName, Message: err.Error()}
	}
	res, err := nt.Resolve(nt.Request{Template: r.Template, Lang: r.Lang, OutputLanguage: r.OutputLanguage,
		DocumentationStyle: r.DocumentationStyle, CustomTemplate: r.CustomTemplate})
	if err != nil {
		return Note{}, &Error{Provider: llmName, Message: err.Error()}
	}
	keys := make([]string, 0, len(res.Sections))
	for _, s := range res.Sections {
		keys = append(keys, s.Key)
	}
	system := prompt.System + "Answer with JSON only, following the given schema: one entry per heading above, in order, " +
		"with its key (" + strings.Join(keys, ", ") + ") and heading; the section's sentences, one statement each; " +
		"and for every sentence the ids of the transcript segments it is taken from (an empty list for \"Not discussed.\").\n"
	var user strings.Builder
	if ctxText := strings.TrimSpace(r.CustomContext); ctxText != "" {
		fmt.Fprintf(&user, "Context from the clinician:\n%s\n\n", ctxText)
	}
	user.WriteString("Transcript segments, one a line as [id speaker] text:\n")
	for _, s := range segs {
		fmt.Fprintf(&user, "[%d %s] %s\n", s.ID, s.Speaker, strings.ReplaceAll(s.Text, "\n", " "))
	}
	text, tokens, err := c.chat(ctx, system, user.String(), map[string]any{
		"response_format": map[string]any{"type": "json_schema", "json_schema": map[string]any{
			"name": "note_with_citations", "strict": true, "schema": citedSchema(keys)}},
	})
	if err != nil {
		return Note{}, err
	}
	sections, err := evidence.ParseCited(text)
	if err != nil {
		return Note{}, &Error{Provider: llmName, Message: "the language model gave a malformed structured answer (no note)", Cause: err}
	}
	if sections == nil {
		return Note{Title: prompt.Title, Text: text, Tokens: tokens}, nil
	}
	return Note{Title: prompt.Title, Text: evidence.Render(sections), Tokens: tokens, Cited: sections}, nil
}
