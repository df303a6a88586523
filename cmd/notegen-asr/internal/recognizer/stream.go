package recognizer

/*
#include <stdlib.h>
#include "capi.h"
*/
import "C"

import (
	"errors"
	"unsafe"
)

// ErrNotStreaming is returned by NewStream for offline models, which can only
// recognise a whole segment at once.
var ErrNotStreaming = errors.New("recognizer: the model is not a streaming model")

// Stream is one live recognition over a streaming model: audio goes in as it
// arrives, the current utterance's text can be read at any time, and the
// endpoint rules say when the utterance is over. A Stream is not safe for
// concurrent use; each live session owns one.
type Stream struct {
	r *Recognizer
	s *C.SherpaOnnxOnlineStream
}

// NewStream starts a live recognition; Close frees it.
func (r *Recognizer) NewStream() (*Stream, error) {
	if r.online == nil {
		return nil, ErrNotStreaming
	}
	return &Stream{r: r, s: C.SherpaOnnxCreateOnlineStream(r.online)}, nil
}

// Accept feeds samples in [-1, 1] at sampleRate (sherpa-onnx resamples to
// the model's rate) and decodes as far as the audio allows.
func (s *Stream) Accept(samples []float32, sampleRate int) {
	if len(samples) == 0 {
		return
	}
	C.SherpaOnnxOnlineStreamAcceptWaveform(s.s, C.int32_t(sampleRate), (*C.float)(unsafe.Pointer(&samples[0])), C.int32_t(len(samples)))
	s.decode()
}

// Flush feeds the tail padding the encoder looks ahead into, so the last
// word of an utterance the client ends by hand is not lost. sampleRate must
// be the rate of the earlier Accept calls: sherpa-onnx aborts the process
// when a stream's rate changes.
func (s *Stream) Flush(sampleRate int) {
	pad := make([]float32, sampleRate*66/100)
	s.Accept(pad, sampleRate)
}

func (s *Stream) decode() {
	for C.SherpaOnnxIsOnlineStreamReady(s.r.online, s.s) == 1 {
		C.SherpaOnnxDecodeOnlineStream(s.r.online, s.s)
	}
}

// Result is the current utterance's recognition so far.
func (s *Stream) Result() Result {
	res := C.SherpaOnnxGetOnlineStreamResult(s.r.online, s.s)
	defer C.SherpaOnnxDestroyOnlineRecognizerResult(res)
	return resultOf(res.text, (**C.char)(unsafe.Pointer(res.tokens_arr)), res.timestamps, res.count)
}

// IsEndpoint reports whether the endpoint rules say the utterance is over.
func (s *Stream) IsEndpoint() bool {
	return C.SherpaOnnxOnlineStreamIsEndpoint(s.r.online, s.s) == 1
}

// Reset starts the next utterance: the text is cleared, the audio position
// goes on.
func (s *Stream) Reset() {
	C.SherpaOnnxOnlineStreamReset(s.r.online, s.s)
}

// Close frees the native stream; it must not be used afterwards.
func (s *Stream) Close() {
	if s.s != nil {
		C.SherpaOnnxDestroyOnlineStream(s.s)
		s.s = nil
	}
}
