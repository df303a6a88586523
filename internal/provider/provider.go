// Package provider holds the engines a note job uses: speech-to-text and
// note writing. Each sits behind a small interface; the implementations are
// OpenAI-compatible HTTP clients (which cover OpenAI, Groq, vLLM,
// faster-whisper and whisper.cpp servers and notegen-asr), the built-in
// writer, and the sandbox, which never calls anything.
package provider

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/notegen/notegen/internal/evidence"
	"github.com/notegen/notegen/internal/notewriter"
	"github.com/notegen/notegen/internal/transcript"
)

// Transcript is what speech-to-text returns.
type Transcript struct {
	Text   string
	Tokens int64
	// Segments are the timed utterances, when the provider returned them
	// (verbose_json); nil otherwise.
	Segments []transcript.Timed
}

// Transcriber turns audio into text.
type Transcriber interface {
	// Transcribe reads 16 kHz mono WAV audio; lang is "en" or "fr".
	Transcribe(ctx context.Context, wav io.Reader, lang string) (Transcript, error)
}

// NoteRequest is everything a note writer needs to know about a job; it is
// the built-in writer's input, so every writer takes the same description.
type NoteRequest = notewriter.Input

// Note is a written note.
type Note struct {
	Title  string
	Text   string
	Tokens int64
	// Sections are the note sentence by sentence with the transcript spans
	// each was written from, when the writer knows them (the built-in
	// writer and the sandbox); nil when only the text is known.
	Sections []notewriter.Section
	// Cited is the note as a language model wrote it with citations, not
	// yet verified; nil when the model gave none.
	Cited []evidence.CitedSection
}

// NoteWriter writes notes.
type NoteWriter interface {
	Write(ctx context.Context, req NoteRequest) (Note, error)
}

// Error is a provider failure. Transient failures (timeouts, 429, 5xx,
// refused connections) are worth retrying; the others end the job.
type Error struct {
	Provider  string
	Transient bool
	// RetryAfter is the provider's own hint, if it gave one.
	RetryAfter time.Duration
	// Message is safe to show to the client: it never holds patient data.
	Message string
	Cause   error
}

func (e *Error) Error() string {
	if e.Cause != nil {
		return fmt.Sprintf("%s: %s: %v", e.Provider, e.Message, e.Cause)
	}
	return e.Provider + ": " + e.Message
}

// Unwrap exposes the cause.
func (e *Error) Unwrap() error { return e.Cause }

// IsTransient reports whether err is worth retrying.
func IsTransient(err error) bool {
	var pe *Error
	if errors.As(err, &pe) {
		return pe.Transient
	}
	return false
}
