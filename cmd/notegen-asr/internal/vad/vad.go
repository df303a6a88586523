// Package vad splits long recordings into speech segments with sherpa-onnx's
// Silero voice-activity detector, so an hour of audio is recognised segment by
// segment (bounded memory) and offline models get segments they can handle.
package vad

/*
#cgo LDFLAGS: -L${SRCDIR}/../../lib -lsherpa-onnx-c-api -lonnxruntime
#include <stdlib.h>
#include "capi.h"
*/
import "C"

import (
	"fmt"
	"os"
	"unsafe"
)

// SampleRate is the only input rate the detector is configured for.
const SampleRate = 16000

// configBlockSize is the zeroed block the config is built in (see capi.h).
const configBlockSize = 4 << 10

var _ [configBlockSize - unsafe.Sizeof(C.VadConfigPrefix{})]byte

// Config tunes the detector. Zero values get the defaults from DefaultConfig.
type Config struct {
	Model      string  // path to silero_vad.onnx (v4 or v5)
	Threshold  float32 // speech probability threshold
	MinSilence float32 // seconds of silence that close a segment
	MinSpeech  float32 // shortest segment kept, seconds
	MaxSpeech  float32 // longest segment, seconds; longer speech is split
	Debug      bool
}

// DefaultConfig returns settings that keep segments under Whisper's 30 s
// window while not cutting words at short pauses.
func DefaultConfig(model string) Config {
	return Config{Model: model, Threshold: 0.5, MinSilence: 0.5, MinSpeech: 0.25, MaxSpeech: 20}
}

// Segment is one stretch of speech; Start counts samples from the beginning
// of the input fed since the last Reset.
type Segment struct {
	Start   int
	Samples []float32
}

// Detector is a stateful VAD for one recording at a time; it is not safe for
// concurrent use (use a Pool).
type Detector struct {
	p *C.SherpaOnnxVoiceActivityDetector
}

// New loads the Silero model described by cfg.
func New(cfg Config) (*Detector, error) {
	if _, err := os.Stat(cfg.Model); err != nil {
		return nil, fmt.Errorf("vad model: %w", err)
	}
	block := C.calloc(1, configBlockSize)
	defer C.free(block)
	c := (*C.VadConfigPrefix)(block)
	model, provider := C.CString(cfg.Model), C.CString("cpu")
	defer C.free(unsafe.Pointer(model))
	defer C.free(unsafe.Pointer(provider))
	c.silero_vad.model = model
	c.silero_vad.threshold = C.float(cfg.Threshold)
	c.silero_vad.min_silence_duration = C.float(cfg.MinSilence)
	c.silero_vad.min_speech_duration = C.float(cfg.MinSpeech)
	c.silero_vad.max_speech_duration = C.float(cfg.MaxSpeech)
	c.silero_vad.window_size = 512 // the window Silero v4 and v5 use at 16 kHz
	c.sample_rate = SampleRate
	c.num_threads = 1
	c.provider = provider
	if cfg.Debug {
		c.debug = 1
	}
	// The buffer must hold the longest segment plus the pending window.
	p := C.SherpaOnnxCreateVoiceActivityDetector(block, C.float(2*cfg.MaxSpeech+20))
	if p == nil {
		return nil, fmt.Errorf("sherpa-onnx rejected vad model %s", cfg.Model)
	}
	return &Detector{p: p}, nil
}

// Accept feeds samples (16 kHz mono); any length is fine, the detector
// buffers partial windows itself.
func (d *Detector) Accept(samples []float32) {
	if len(samples) == 0 {
		return
	}
	C.SherpaOnnxVoiceActivityDetectorAcceptWaveform(d.p, (*C.float)(unsafe.Pointer(&samples[0])), C.int32_t(len(samples)))
}

// Flush closes the segment in progress at the end of the input.
func (d *Detector) Flush() { C.SherpaOnnxVoiceActivityDetectorFlush(d.p) }

// Next pops the oldest finished segment, if any.
func (d *Detector) Next() (Segment, bool) {
	if C.SherpaOnnxVoiceActivityDetectorEmpty(d.p) == 1 {
		return Segment{}, false
	}
	s := C.SherpaOnnxVoiceActivityDetectorFront(d.p)
	defer C.SherpaOnnxVoiceActivityDetectorPop(d.p)
	defer C.SherpaOnnxDestroySpeechSegment(s)
	seg := Segment{Start: int(s.start)}
	if s.n > 0 {
		seg.Samples = append([]float32(nil), unsafe.Slice((*float32)(unsafe.Pointer(s.samples)), int(s.n))...)
	}
	return seg, true
}

// Reset clears all state so the detector can process another recording.
func (d *Detector) Reset() { C.SherpaOnnxVoiceActivityDetectorReset(d.p) }

// Close frees the native detector.
func (d *Detector) Close() {
	if d.p != nil {
		C.SherpaOnnxDestroyVoiceActivityDetector(d.p)
		d.p = nil
	}
}

// Pool keeps loaded detectors for reuse, because loading the model for every
// request would cost more than detecting speech in a short clip.
type Pool struct {
	cfg  Config
	free chan *Detector
}

// NewPool returns a pool that keeps at most size idle detectors. It loads one
// detector immediately so a bad model path fails at startup, not per request.
func NewPool(cfg Config, size int) (*Pool, error) {
	p := &Pool{cfg: cfg, free: make(chan *Detector, max(size, 1))}
	d, err := New(cfg)
	if err != nil {
		return nil, err
	}
	p.free <- d
	return p, nil
}

// Get returns a reset detector, loading a new one when none is idle.
func (p *Pool) Get() (*Detector, error) {
	select {
	case d := <-p.free:
		return d, nil
	default:
		return New(p.cfg)
	}
}

// Put resets d and keeps it for reuse, or frees it if the pool is full.
func (p *Pool) Put(d *Detector) {
	d.Reset()
	select {
	case p.free <- d:
	default:
		d.Close()
	}
}

// Close frees every idle detector.
func (p *Pool) Close() {
	for {
		select {
		case d := <-p.free:
			d.Close()
		default:
			return
		}
	}
}
