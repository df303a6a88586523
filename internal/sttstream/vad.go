package sttstream

import (
	"encoding/binary"
	"math"
)

// vad is an energy voice-activity detector with an adaptive noise floor and
// a hangover: a frame is speech when it is clearly louder than the recent
// quiet, an utterance starts after a few speech frames in a row (a click is
// not speech) and ends after a stretch of silence (the pause between
// sentences, not between words).
type vad struct {
	frame    int     // samples per 20 ms frame
	floor    float64 // noise floor, dBFS
	run      int     // consecutive speech frames
	silence  int     // consecutive non-speech frames while in speech
	inSpeech bool
}

const (
	vadFrameMS   = 20
	vadOnset     = 3    // 60 ms of speech starts an utterance
	vadHangover  = 35   // 700 ms of silence ends it
	vadMargin    = 12.0 // dB above the noise floor
	vadMinLevel  = -50.0
	vadFloorInit = -60.0
)

func newVAD(rate int) *vad {
	return &vad{frame: rate * vadFrameMS / 1000, floor: vadFloorInit}
}

// level is the RMS level of a frame of PCM16 in dBFS.
func level(pcm []byte) float64 {
	var sum float64
	n := len(pcm) / 2
	for i := range n {
		v := float64(int16(binary.LittleEndian.Uint16(pcm[2*i:])))
		sum += v * v
	}
	rms := math.Sqrt(sum/float64(max(n, 1))) / 32768
	return 20 * math.Log10(max(rms, 1e-9))
}

// vadChange is what one frame did to the detector's state.
type vadChange int

const (
	vadNone vadChange = iota
	vadStart
	vadEnd
)

// step classifies one frame (frame*2 bytes).
func (v *vad) step(pcm []byte) vadChange {
	db := level(pcm)
	speech := db > max(v.floor+vadMargin, vadMinLevel)
	// The floor follows quiet frames quickly down and slowly up, so steady
	// background noise is learned while speech does not raise it much.
	switch {
	case db < v.floor:
		v.floor = db
	case !speech:
		v.floor += 0.05 * (db - v.floor)
	default:
		v.floor += 0.002 * (db - v.floor)
	}
	if !v.inSpeech {
		if speech {
			v.run++
		} else {
			v.run = 0
		}
		if v.run >= vadOnset {
			v.inSpeech, v.silence = true, 0
			return vadStart
		}
		return vadNone
	}
	if speech {
		v.silence = 0
		return vadNone
	}
	v.silence++
	if v.silence >= vadHangover {
		v.inSpeech, v.run = false, 0
		return vadEnd
	}
	return vadNone
}
