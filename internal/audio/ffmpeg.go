package audio

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
)

// SampleRate and the sample format the speech recognisers get.
const (
	SampleRate     = 16000
	bytesPerSecond = SampleRate * 2 // mono, 16-bit
	wavHeaderSize  = 44
)

// ErrNoFFmpeg is returned where ffmpeg is not installed.
var ErrNoFFmpeg = errors.New("ffmpeg is not installed")

// Available reports whether ffmpeg can be run.
func Available() bool {
	_, err := exec.LookPath("ffmpeg")
	return err == nil
}

// DecodeError is audio that ffmpeg could not decode: the client's file is
// at fault, so retrying does not help.
type DecodeError struct{ Detail string }

func (e *DecodeError) Error() string { return "audio could not be decoded: " + e.Detail }

// Normalize decodes src (of the given extension) with ffmpeg into a 16 kHz
// mono 16-bit WAV file at dst and returns the audio's duration in seconds.
func Normalize(ctx context.Context, src io.Reader, ext, dst string) (float64, error) {
	if !Available() {
		return 0, ErrNoFFmpeg
	}
	args := []string{"-hide_banner", "-nostdin", "-loglevel", "error"}
	if ext == "pcm" {
		// Raw PCM carries no header: the contract's PCM is 16-bit little
		// endian, 16 kHz, mono.
		args = append(args, "-f", "s16le", "-ar", "16000", "-ac", "1")
	}
	args = append(args, "-i", "pipe:0", "-vn", "-ac", "1", "-ar", "16000", "-c:a", "pcm_s16le", "-f", "wav", "-y", dst)
	cmd := exec.CommandContext(ctx, "ffmpeg", args...)
	cmd.Stdin = src
	var stderr bytes.Buffer
	cmd.Stderr = &limitedWriter{w: &stderr, left: 4096}
	if err := cmd.Run(); err != nil {
		if ctx.Err() != nil {
			return 0, ctx.Err()
		}
		// ffmpeg's message names no file contents, only the format problem.
		return 0, &DecodeError{Detail: strings.TrimSpace(firstLine(stderr.String()))}
	}
	info, err := os.Stat(dst)
	if err != nil {
		return 0, fmt.Errorf("normalised audio: %w", err)
	}
	if info.Size() <= wavHeaderSize {
		return 0, &DecodeError{Detail: "no audio samples"}
	}
	return float64(info.Size()-wavHeaderSize) / bytesPerSecond, nil
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	if line == "" {
		return "unknown format"
	}
	return line
}

type limitedWriter struct {
	w    io.Writer
	left int
}

func (l *limitedWriter) Write(p []byte) (int, error) {
	n := len(p)
	if l.left > 0 {
		if len(p) > l.left {
			p = p[:l.left]
		}
		l.left -= len(p)
		_, _ = l.w.Write(p)
	}
	return n, nil
}
