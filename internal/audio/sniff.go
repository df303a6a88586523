// Package audio recognises uploaded audio by its content and normalises it
// with ffmpeg to what speech recognisers expect: 16 kHz mono.
package audio

import "bytes"

// family names a container or stream format as sniffed from its first
// bytes; several extensions share one (m4a and mp4 are both ISO media).
type family string

const (
	famWAV     family = "wav"
	famMPEG    family = "mpeg" // MPEG audio frames: mp3, mp2
	famISO     family = "iso"  // ISO base media: mp4, m4a
	famADTS    family = "adts" // raw AAC
	famFLAC    family = "flac"
	famOgg     family = "ogg" // ogg, opus
	famWebM    family = "webm"
	famUnknown family = ""
)

var familiesOf = map[string][]family{
	"wav": {famWAV}, "mp3": {famMPEG}, "mp2": {famMPEG}, "mp4": {famISO}, "m4a": {famISO},
	"aac": {famADTS, famISO}, "flac": {famFLAC}, "ogg": {famOgg}, "opus": {famOgg}, "webm": {famWebM},
}

// SniffLen is how many leading bytes Matches needs.
const SniffLen = 512

// sniff recognises a format from the first bytes of a file.
func sniff(head []byte) family {
	switch {
	case len(head) >= 12 && bytes.Equal(head[:4], []byte("RIFF")) && bytes.Equal(head[8:12], []byte("WAVE")):
		return famWAV
	case bytes.HasPrefix(head, []byte("fLaC")):
		return famFLAC
	case bytes.HasPrefix(head, []byte("OggS")):
		return famOgg
	case bytes.HasPrefix(head, []byte{0x1A, 0x45, 0xDF, 0xA3}):
		return famWebM
	case len(head) >= 8 && bytes.Equal(head[4:8], []byte("ftyp")):
		return famISO
	case bytes.HasPrefix(head, []byte("ID3")):
		return famMPEG
	case len(head) >= 2 && head[0] == 0xFF && head[1]&0xF6 == 0xF0:
		// ADTS sync word with layer bits 00: AAC.
		return famADTS
	case len(head) >= 2 && head[0] == 0xFF && head[1]&0xE0 == 0xE0:
		return famMPEG
	}
	return famUnknown
}

// Matches reports whether the first bytes of a file are audio of the format
// its extension names. Raw PCM has no header to check, but text (which
// would otherwise pass as "PCM") is refused.
func Matches(ext string, head []byte) bool {
	if ext == "pcm" {
		return sniff(head) == famUnknown && !looksLikeText(head)
	}
	got := sniff(head)
	for _, f := range familiesOf[ext] {
		if f == got {
			return true
		}
	}
	return false
}

func looksLikeText(head []byte) bool {
	if len(head) == 0 {
		return false
	}
	printable := 0
	for _, b := range head {
		if b == '\n' || b == '\r' || b == '\t' || (b >= 0x20 && b < 0x7F) {
			printable++
		}
	}
	return printable*100/len(head) > 95
}
