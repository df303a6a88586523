package upload

import "strings"

// Extensions are the audio file extensions of the wire contract. They are
// a rule of the request (what a client may say its audio is), so the job's
// validation and the audio sniffing read the one list here.
var Extensions = []string{"mp3", "mp4", "mp2", "m4a", "aac", "wav", "flac", "pcm", "ogg", "opus", "webm"}

// NormalizeExtension lower-cases an extension and drops a leading dot; it
// reports false for an extension the contract does not accept.
func NormalizeExtension(ext string) (string, bool) {
	ext = strings.ToLower(strings.TrimPrefix(strings.TrimSpace(ext), "."))
	for _, e := range Extensions {
		if e == ext {
			return ext, true
		}
	}
	return ext, false
}
