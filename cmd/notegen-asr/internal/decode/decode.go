// Package decode turns any audio file of the OpenAI transcription contract
// (mp3, mp4, mp2, m4a, aac, wav, flac, pcm, ogg, opus, webm) into 16 kHz mono
// float samples with ffmpeg, streamed in chunks so an hour of audio never sits
// in memory at once.
package decode

import (
	"bufio"
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"os/exec"
	"strings"
)

// SampleRate is the rate of the samples handed to the callback.
const SampleRate = 16000

// InputError means the uploaded file itself is unusable (empty, not audio,
// truncated, too long); the HTTP layer answers it with 400, not 500.
type InputError struct {
	Msg string
}

func (e *InputError) Error() string { return e.Msg }

// Options configures one decode.
type Options struct {
	// FFmpeg is the ffmpeg binary; empty means "ffmpeg" on PATH.
	FFmpeg string
	// RawPCM marks headerless input (the contract's "pcm"): signed 16-bit
	// little-endian, mono, RawRate Hz (16000 when zero).
	RawPCM  bool
	RawRate int
	// MaxSeconds rejects audio longer than this (0: no limit), so a tiny
	// compressed upload cannot expand into days of decoding work.
	MaxSeconds float64
	// ChunkSamples is how many samples each callback gets (last one fewer).
	ChunkSamples int
}

// Stream decodes the file at path and calls fn with consecutive chunks of
// samples in [-1, 1]. It returns the total number of samples decoded. Errors
// caused by the file are *InputError; fn's error is returned as is.
func Stream(ctx context.Context, path string, opt Options, fn func([]float32) error) (int, error) {
	bin := opt.FFmpeg
	if bin == "" {
		bin = "ffmpeg"
	}
	chunk := opt.ChunkSamples
	if chunk <= 0 {
		chunk = SampleRate / 2
	}
	args := []string{"-nostdin", "-hide_banner", "-v", "error", "-xerror"}
	if opt.RawPCM {
		rate := opt.RawRate
		if rate <= 0 {
			rate = SampleRate
		}
		args = append(args, "-f", "s16le", "-ar", fmt.Sprint(rate), "-ac", "1")
	}
	args = append(args, "-i", path, "-map", "0:a:0", "-vn", "-sn", "-dn",
		"-f", "f32le", "-acodec", "pcm_f32le", "-ac", "1", "-ar", fmt.Sprint(SampleRate), "pipe:1")

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	var stderr limitedBuffer
	cmd.Stderr = &stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return 0, fmt.Errorf("ffmpeg stdout: %w", err)
	}
	if err := cmd.Start(); err != nil {
		return 0, fmt.Errorf("start ffmpeg: %w", err)
	}

	total, readErr := readChunks(bufio.NewReaderSize(stdout, 64<<10), chunk, opt.MaxSeconds, fn)
	if readErr != nil {
		cancel() // stop ffmpeg early; its exit status no longer matters
		_ = cmd.Wait()
		return total, readErr
	}
	waitErr := cmd.Wait()
	if ctx.Err() != nil {
		return total, fmt.Errorf("decode: %w", context.Cause(ctx))
	}
	if msg := ffmpegMessage(stderr.String(), path); waitErr != nil || msg != "" {
		var exitErr *exec.ExitError
		if waitErr != nil && !errors.As(waitErr, &exitErr) {
			return total, fmt.Errorf("run ffmpeg: %w", waitErr)
		}
		if msg == "" {
			msg = "decoder failed"
		}
		return total, &InputError{Msg: "file is not decodable audio or is truncated: " + msg}
	}
	if total == 0 {
		return 0, &InputError{Msg: "file contains no audio samples"}
	}
	return total, nil
}

// readChunks converts little-endian float32 bytes into chunks for fn.
func readChunks(r io.Reader, chunk int, maxSeconds float64, fn func([]float32) error) (int, error) {
	buf := make([]byte, chunk*4)
	samples := make([]float32, chunk)
	total := 0
	limit := math.MaxInt
	if maxSeconds > 0 {
		limit = int(maxSeconds * SampleRate)
	}
	for {
		n, err := io.ReadFull(r, buf)
		n -= n % 4
		if n > 0 {
			s := samples[:n/4]
			for i := range s {
				s[i] = math.Float32frombits(binary.LittleEndian.Uint32(buf[4*i:]))
			}
			total += len(s)
			if total > limit {
				return total, &InputError{Msg: fmt.Sprintf("audio is longer than the limit of %.0f seconds", maxSeconds)}
			}
			if ferr := fn(s); ferr != nil {
				return total, ferr
			}
		}
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			return total, nil
		}
		if err != nil {
			return total, fmt.Errorf("read ffmpeg output: %w", err)
		}
	}
}

// ffmpegMessage returns ffmpeg's first error line without the temporary file
// path (which means nothing to the client).
func ffmpegMessage(stderr, path string) string {
	for line := range strings.Lines(stderr) {
		line = strings.TrimSpace(strings.ReplaceAll(line, path, "input"))
		if line != "" {
			return line
		}
	}
	return ""
}

// limitedBuffer keeps the first 4 KiB of ffmpeg's stderr; a broken file can
// make ffmpeg print one line per packet.
type limitedBuffer struct{ bytes.Buffer }

func (b *limitedBuffer) Write(p []byte) (int, error) {
	if room := 4096 - b.Len(); room > 0 {
		b.Buffer.Write(p[:min(len(p), room)])
	}
	return len(p), nil
}
