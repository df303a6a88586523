// Package recognizer binds sherpa-onnx's speech recognizers (streaming and
// offline) through its C API, so the HTTP layer only sees "samples in, text
// with token timestamps out".
package recognizer

/*
#include <stdlib.h>
#include "capi.h"
*/
import "C"

import (
	"errors"
	"fmt"
	"unsafe"
)

// SampleRate is the rate, in Hz, of the samples Recognize expects.
const SampleRate = 16000

// tailPadding is the silence appended to each segment for streaming models:
// their encoder looks ahead, so without it the last word of a segment is lost.
const tailPadding = SampleRate * 66 / 100

// Config selects the model and the native resources it may use.
type Config struct {
	ModelDir   string
	Kind       Kind   // empty: detect from the directory
	NumThreads int    // onnxruntime intra-op threads per decode
	Language   string // default language hint for multilingual models (Whisper)
	Debug      bool   // let sherpa-onnx print its parsed config to stderr
	// Endpoint tunes when a streaming model ends an utterance; the zero
	// value is DefaultEndpoint. Batch recognition ignores it.
	Endpoint Endpoint
}

// Endpoint holds sherpa-onnx's three endpoint rules, in seconds: rule 1 ends
// an utterance after this much silence when nothing was recognised yet, rule
// 2 after this much silence following words, rule 3 at this length whatever
// is heard (so an utterance never grows without bound).
type Endpoint struct {
	Rule1Silence, Rule2Silence, Rule3Length float32
}

// DefaultEndpoint cuts after 0.8 s of silence behind words: a pause between
// sentences in conversation, short enough that a segment is final soon after
// the speaker stops, long enough not to cut inside a sentence.
var DefaultEndpoint = Endpoint{Rule1Silence: 2.4, Rule2Silence: 0.8, Rule3Length: 20}

// Result is the recognition of one segment; Timestamps are seconds from the
// start of the segment, parallel to Tokens, and may be nil.
type Result struct {
	Text       string
	Tokens     []string
	Timestamps []float32
}

// Recognizer is a loaded model. It is safe for concurrent use: every call gets
// its own sherpa-onnx stream, and onnxruntime sessions are thread-safe.
type Recognizer struct {
	spec    Spec
	lang    string
	online  *C.SherpaOnnxOnlineRecognizer
	offline *C.SherpaOnnxOfflineRecognizer
}

// New loads the model described by cfg.
func New(cfg Config) (*Recognizer, error) {
	spec, err := Detect(cfg.ModelDir, cfg.Kind)
	if err != nil {
		return nil, err
	}
	return newFromSpec(spec, cfg)
}

// newFromSpec creates the native recognizer for an already resolved Spec.
func newFromSpec(spec Spec, cfg Config) (*Recognizer, error) {
	threads := max(cfg.NumThreads, 1)
	var cs cstrings
	defer cs.free()
	block := C.calloc(1, configBlockSize)
	defer C.free(block)
	r := &Recognizer{spec: spec, lang: cfg.Language}
	debug := C.int32_t(0)
	if cfg.Debug {
		debug = 1
	}

	if spec.Streaming() {
		c := (*C.OnlineRecognizerPrefix)(block)
		c.feat_config.sample_rate = SampleRate
		c.feat_config.feature_dim = 80
		m := &c.model_config
		m.transducer.encoder = cs.add(spec.Encoder)
		m.transducer.decoder = cs.add(spec.Decoder)
		m.transducer.joiner = cs.add(spec.Joiner)
		m.tokens = cs.add(spec.Tokens)
		m.num_threads = C.int32_t(threads)
		m.provider = cs.add("cpu")
		m.debug = debug
		ep := cfg.Endpoint
		if ep == (Endpoint{}) {
			ep = DefaultEndpoint
		}
		c.decoding_method = cs.add("greedy_search")
		c.enable_endpoint = 1
		c.rule1_min_trailing_silence = C.float(ep.Rule1Silence)
		c.rule2_min_trailing_silence = C.float(ep.Rule2Silence)
		c.rule3_min_utterance_length = C.float(ep.Rule3Length)
		r.online = C.SherpaOnnxCreateOnlineRecognizer(block)
		if r.online == nil {
			return nil, fmt.Errorf("sherpa-onnx rejected %s model in %s", spec.Kind, cfg.ModelDir)
		}
		return r, nil
	}

	c := (*C.OfflineRecognizerPrefix)(block)
	c.feat_config.sample_rate = SampleRate
	c.feat_config.feature_dim = 80
	m := &c.model_config
	m.tokens = cs.add(spec.Tokens)
	m.num_threads = C.int32_t(threads)
	m.provider = cs.add("cpu")
	m.debug = debug
	switch spec.Kind {
	case KindOfflineTransducer, KindNemoTransducer:
		m.transducer.encoder = cs.add(spec.Encoder)
		m.transducer.decoder = cs.add(spec.Decoder)
		m.transducer.joiner = cs.add(spec.Joiner)
		if spec.Kind == KindNemoTransducer {
			m.model_type = cs.add("nemo_transducer")
		}
	case KindNemoCTC:
		m.nemo_ctc.model = cs.add(spec.Model)
	case KindWhisper:
		m.whisper.encoder = cs.add(spec.Encoder)
		m.whisper.decoder = cs.add(spec.Decoder)
		m.whisper.language = cs.add(cfg.Language)
		m.whisper.task = cs.add("transcribe")
		m.whisper.tail_paddings = -1 // sherpa-onnx's own default
	case KindMoonshine:
		m.moonshine.preprocessor = cs.add(spec.Preprocessor)
		m.moonshine.encoder = cs.add(spec.Encoder)
		m.moonshine.uncached_decoder = cs.add(spec.UncachedDecoder)
		m.moonshine.cached_decoder = cs.add(spec.CachedDecoder)
		m.moonshine.merged_decoder = cs.add(spec.MergedDecoder)
	default:
		return nil, fmt.Errorf("model type %s is not supported", spec.Kind)
	}
	r.offline = C.SherpaOnnxCreateOfflineRecognizer(block)
	if r.offline == nil {
		return nil, fmt.Errorf("sherpa-onnx rejected %s model in %s", spec.Kind, cfg.ModelDir)
	}
	return r, nil
}

// Spec describes the files and family of the loaded model.
func (r *Recognizer) Spec() Spec { return r.spec }

// Close frees the native recognizer; it must not be used afterwards.
func (r *Recognizer) Close() {
	if r.online != nil {
		C.SherpaOnnxDestroyOnlineRecognizer(r.online)
		r.online = nil
	}
	if r.offline != nil {
		C.SherpaOnnxDestroyOfflineRecognizer(r.offline)
		r.offline = nil
	}
}

// errEmpty is returned for a zero-length segment, which sherpa-onnx would
// otherwise decode into garbage or an assertion.
var errEmpty = errors.New("recognize: empty segment")

// Recognize transcribes one segment of 16 kHz mono samples in [-1, 1].
// language, when not empty, overrides the default for multilingual models.
func (r *Recognizer) Recognize(samples []float32, language string) (Result, error) {
	if len(samples) == 0 {
		return Result{}, errEmpty
	}
	if r.online != nil {
		return r.recognizeOnline(samples), nil
	}
	return r.recognizeOffline(samples, language), nil
}

func (r *Recognizer) recognizeOnline(samples []float32) Result {
	s := C.SherpaOnnxCreateOnlineStream(r.online)
	defer C.SherpaOnnxDestroyOnlineStream(s)
	C.SherpaOnnxOnlineStreamAcceptWaveform(s, SampleRate, (*C.float)(unsafe.Pointer(&samples[0])), C.int32_t(len(samples)))
	pad := make([]float32, tailPadding)
	C.SherpaOnnxOnlineStreamAcceptWaveform(s, SampleRate, (*C.float)(unsafe.Pointer(&pad[0])), C.int32_t(len(pad)))
	C.SherpaOnnxOnlineStreamInputFinished(s)
	for C.SherpaOnnxIsOnlineStreamReady(r.online, s) == 1 {
		C.SherpaOnnxDecodeOnlineStream(r.online, s)
	}
	res := C.SherpaOnnxGetOnlineStreamResult(r.online, s)
	defer C.SherpaOnnxDestroyOnlineRecognizerResult(res)
	return resultOf(res.text, (**C.char)(unsafe.Pointer(res.tokens_arr)), res.timestamps, res.count)
}

func (r *Recognizer) recognizeOffline(samples []float32, language string) Result {
	s := C.SherpaOnnxCreateOfflineStream(r.offline)
	defer C.SherpaOnnxDestroyOfflineStream(s)
	if language != "" && r.spec.Kind == KindWhisper && language != r.lang {
		k, v := C.CString("language"), C.CString(language)
		C.SherpaOnnxOfflineStreamSetOption(s, k, v)
		C.free(unsafe.Pointer(k))
		C.free(unsafe.Pointer(v))
	}
	C.SherpaOnnxAcceptWaveformOffline(s, SampleRate, (*C.float)(unsafe.Pointer(&samples[0])), C.int32_t(len(samples)))
	C.SherpaOnnxDecodeOfflineStream(r.offline, s)
	res := C.SherpaOnnxGetOfflineStreamResult(s)
	defer C.SherpaOnnxDestroyOfflineRecognizerResult(res)
	return resultOf(res.text, (**C.char)(unsafe.Pointer(res.tokens_arr)), res.timestamps, res.count)
}
