package audio

import (
	"bytes"
	"context"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/audio/audiotest"
)

func wav(rate, seconds int) []byte { return audiotest.WAV(float64(seconds), rate) }

func TestSniff(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct {
		ext  string
		head []byte
		want bool
	}{
		"wav":            {"wav", wav(8000, 1)[:64], true},
		"wav named mp3":  {"mp3", wav(8000, 1)[:64], false},
		"mp3 with id3":   {"mp3", []byte("ID3\x04\x00rest"), true},
		"mp3 frame":      {"mp3", []byte{0xFF, 0xFB, 0x90, 0x00}, true},
		"flac":           {"flac", []byte("fLaC\x00\x00"), true},
		"ogg":            {"ogg", []byte("OggS\x00\x02"), true},
		"opus in ogg":    {"opus", []byte("OggS\x00\x02"), true},
		"m4a":            {"m4a", []byte("\x00\x00\x00\x20ftypM4A "), true},
		"webm":           {"webm", []byte{0x1A, 0x45, 0xDF, 0xA3, 0x01}, true},
		"aac adts":       {"aac", []byte{0xFF, 0xF1, 0x50, 0x80}, true},
		"text named wav": {"wav", []byte("hello, this is not audio"), false},
		"text named pcm": {"pcm", []byte("hello, this is not audio at all, just words"), false},
		"binary pcm":     {"pcm", []byte{0x01, 0x00, 0xFF, 0x7F, 0x00, 0x80, 0x10, 0x00}, true},
		"html named mp4": {"mp4", []byte("<html><body>"), false},
		"empty":          {"wav", nil, false},
	} {
		require.Equal(t, tc.want, Matches(tc.ext, tc.head), name)
	}
}

func TestNormalize(t *testing.T) {
	t.Parallel()
	if !Available() {
		t.Skip("ffmpeg is not installed")
	}
	dst := filepath.Join(t.TempDir(), "out.wav")
	seconds, err := Normalize(context.Background(), bytes.NewReader(wav(44100, 3)), "wav", dst)
	require.NoError(t, err)
	require.InDelta(t, 3.0, seconds, 0.05)

	_, err = Normalize(context.Background(), bytes.NewReader([]byte("RIFF garbage that is not a wav file")), "wav", filepath.Join(t.TempDir(), "bad.wav"))
	var decodeErr *DecodeError
	require.ErrorAs(t, err, &decodeErr)
}
