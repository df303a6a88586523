// Package transcribe is the recognition pipeline behind the HTTP API: ffmpeg
// decode, voice-activity segmentation, then one sherpa-onnx recognition per
// segment. Only one decoded chunk and one segment are held at a time, so
// memory stays bounded however long the recording is.
package transcribe

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/notegen/notegen/cmd/notegen-asr/internal/decode"
	"github.com/notegen/notegen/cmd/notegen-asr/internal/recognizer"
	"github.com/notegen/notegen/cmd/notegen-asr/internal/vad"
)

// fallbackWindow is the segment length, in samples, used when the VAD is
// disabled: short enough for Whisper's 30 s window.
const fallbackWindow = 20 * decode.SampleRate

// Recognizer is the part of *recognizer.Recognizer the pipeline needs; tests
// and alternative engines can supply their own.
type Recognizer interface {
	Recognize(samples []float32, language string) (recognizer.Result, error)
}

// Engine runs transcriptions. It is safe for concurrent use; the caller
// bounds concurrency.
type Engine struct {
	Recognizer Recognizer
	VAD        *vad.Pool // nil: cut fixed windows instead
	FFmpeg     string
	MaxSeconds float64 // longest accepted recording (0: unlimited)
}

// Request is one file to transcribe.
type Request struct {
	Path     string // uploaded file on disk (ffmpeg needs to seek in mp4/m4a)
	RawPCM   bool   // headerless s16le 16 kHz mono
	Language string // optional ISO-639-1 hint
}

// Segment is one recognised stretch of speech, in seconds from the start.
type Segment struct {
	Start, End float64
	Text       string
}

// Transcript is the result of a Request.
type Transcript struct {
	Text     string
	Duration float64 // seconds of decoded audio
	Segments []Segment
}

// Transcribe decodes, segments and recognises req. ctx is checked between
// segments; a native decode already under way cannot be interrupted, which is
// why segments are kept short.
func (e *Engine) Transcribe(ctx context.Context, req Request) (Transcript, error) {
	var (
		tr      Transcript
		pending []float32 // fallback mode only
		det     *vad.Detector
		err     error
	)
	if e.VAD != nil {
		det, err = e.VAD.Get()
		if err != nil {
			return tr, fmt.Errorf("get vad: %w", err)
		}
		defer e.VAD.Put(det)
	}
	recognize := func(speech span, samples []float32) error {
		if err := context.Cause(ctx); err != nil {
			return err
		}
		res, err := e.Recognizer.Recognize(samples, req.Language)
		if err != nil {
			return fmt.Errorf("recognize segment at %d: %w", speech.start, err)
		}
		text := strings.TrimSpace(res.Text)
		if text == "" {
			return nil
		}
		tr.Segments = append(tr.Segments, Segment{
			Start: float64(speech.start) / decode.SampleRate,
			End:   float64(speech.end) / decode.SampleRate,
			Text:  text,
		})
		return nil
	}
	seg := &segmenter{emit: recognize}
	drain := func() error {
		for {
			s, ok := det.Next()
			if !ok {
				return nil
			}
			if err := seg.speech(span{start: s.Start, end: s.Start + len(s.Samples)}); err != nil {
				return err
			}
		}
	}
	offset := 0 // samples already handed to recognize in fallback mode
	total, err := decode.Stream(ctx, req.Path, decode.Options{
		FFmpeg: e.FFmpeg, RawPCM: req.RawPCM, MaxSeconds: e.MaxSeconds,
	}, func(chunk []float32) error {
		if det != nil {
			seg.audio(chunk)
			det.Accept(chunk)
			return drain()
		}
		pending = append(pending, chunk...)
		if len(pending) >= fallbackWindow {
			if err := recognize(span{offset, offset + fallbackWindow}, pending[:fallbackWindow]); err != nil {
				return err
			}
			offset += fallbackWindow
			pending = append(pending[:0], pending[fallbackWindow:]...)
		}
		return nil
	})
	if err != nil {
		var inErr *decode.InputError
		if errors.As(err, &inErr) {
			return tr, err
		}
		return tr, fmt.Errorf("transcribe: %w", err)
	}
	if det != nil {
		det.Flush()
		if err := drain(); err != nil {
			return tr, fmt.Errorf("transcribe: %w", err)
		}
		if err := seg.flush(); err != nil {
			return tr, fmt.Errorf("transcribe: %w", err)
		}
	} else if len(pending) > 0 {
		if err := recognize(span{offset, offset + len(pending)}, pending); err != nil {
			return tr, fmt.Errorf("transcribe: %w", err)
		}
	}
	tr.Duration = float64(total) / decode.SampleRate
	texts := make([]string, len(tr.Segments))
	for i, s := range tr.Segments {
		texts[i] = s.Text
	}
	tr.Text = strings.Join(texts, " ")
	return tr, nil
}
