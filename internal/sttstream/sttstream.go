// Package sttstream turns live PCM audio into text while it is spoken: the
// words of the current utterance as they are recognised (partials) and each
// utterance, once final, with its start and end times (segments).
//
// Two implementations sit behind one Session interface, so the stream
// endpoint does not care which provider it has: Realtime speaks OpenAI's
// Realtime transcription protocol over a WebSocket (NOTEGEN_STT_STREAM_URL,
// served by notegen-asr at /v1/realtime), and Utterances cuts the audio with a
// small voice-activity detector and sends each utterance, as it ends, through
// the batch speech-to-text provider (POST /v1/audio/transcriptions).
package sttstream

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// Segment is one final utterance; times are from the start of the stream.
type Segment struct {
	Start, End time.Duration
	Text       string
}

// Event is what a session reports: exactly one of Partial (the words of the
// current utterance so far) or Segment (a final utterance) is set.
type Event struct {
	Partial string
	Segment *Segment
}

// Session is one live transcription. Write and Close are called from one
// goroutine; Events is read from another.
type Session interface {
	// Write feeds raw PCM, 16-bit signed little-endian mono at the
	// session's sample rate. It may block while the provider catches up
	// (back-pressure); an odd trailing byte is kept for the next call.
	Write(pcm []byte) error
	// Events delivers partials and segments in order; it is closed after
	// Close has delivered the last segment.
	Events() <-chan Event
	// Close ends the audio, waits (within ctx) for the last utterance to be
	// transcribed and releases the session. It returns the first provider
	// error the session met, if any.
	Close(ctx context.Context) error
}

// Options describe the audio of one session.
type Options struct {
	SampleRate int    // 8000 to 48000; 0 means 16000
	Language   string // "en", "fr", ...; empty lets the provider decide
}

func (o Options) normalize() (Options, error) {
	if o.SampleRate == 0 {
		o.SampleRate = 16000
	}
	if o.SampleRate < 8000 || o.SampleRate > 48000 {
		return o, fmt.Errorf("sttstream: sample rate %d is outside 8000-48000 Hz", o.SampleRate)
	}
	return o, nil
}

// Opener starts sessions: *Realtime or *Utterances.
type Opener interface {
	Open(ctx context.Context, opts Options) (Session, error)
}

// ErrClosed is returned by Write after Close or after the provider's
// connection ended.
var ErrClosed = errors.New("sttstream: session closed")

// eventBuffer is how many events may wait for a slow reader of Events before
// the session stops taking audio: memory stays bounded either way.
const eventBuffer = 256

// samplesToDuration converts a sample count at rate into a duration.
func samplesToDuration(n int64, rate int) time.Duration {
	return time.Duration(n * int64(time.Second) / int64(rate))
}
