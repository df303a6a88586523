package recognizer

// This file holds our own cgo declarations for the part of the sherpa-onnx C API
// (libsherpa-onnx-c-api.so, version 1.13.8 as fetched by scripts/fetch-libs.sh)
// that the recognizer uses. They are written from sherpa-onnx's
// sherpa-onnx/c-api/c-api.h rather than copied, and stop at the last field we set.
//
// Why prefixes are enough: sherpa-onnx only ever appends fields to its config
// structs, and its C API treats every zero field as "use the default". We
// therefore allocate each config as a zeroed block far larger than the real
// struct (configBlockSize) and fill only the leading fields declared here, so
// the library reads zeros, i.e. defaults, for everything we do not declare.
// TestConfigLayout checks the layout against the library's own debug print.

/*
#cgo CFLAGS: -O2
#cgo LDFLAGS: -L${SRCDIR}/../../lib -lsherpa-onnx-c-api -lonnxruntime
#include <stdlib.h>
#include "capi.h"
*/
import "C"

import (
	"unsafe"
)

// configBlockSize is the size of the zeroed block each config is built in; the
// real 1.13.8 structs are about 1 KiB, so the library never reads past it.
const configBlockSize = 16 << 10

// Compile-time guarantees that our prefixes fit in the block.
var (
	_ [configBlockSize - unsafe.Sizeof(C.OnlineRecognizerPrefix{})]byte
	_ [configBlockSize - unsafe.Sizeof(C.OfflineRecognizerPrefix{})]byte
)

// Version reports the version of the loaded sherpa-onnx library, so operators
// can tell from the logs which native engine is running.
func Version() string {
	return C.GoString(C.SherpaOnnxGetVersionStr())
}

// cstrings owns the C strings referenced from a config block; sherpa-onnx copies
// them while creating a recognizer, so they are freed right after.
type cstrings []*C.char

func (cs *cstrings) add(s string) *C.char {
	if s == "" {
		return nil
	}
	p := C.CString(s)
	*cs = append(*cs, p)
	return p
}

func (cs cstrings) free() {
	for _, p := range cs {
		C.free(unsafe.Pointer(p))
	}
}

// goStrings copies n C strings from arr, which sherpa-onnx owns.
func goStrings(arr **C.char, n int) []string {
	if arr == nil || n <= 0 {
		return nil
	}
	out := make([]string, n)
	for i, p := range unsafe.Slice(arr, n) {
		out[i] = C.GoString(p)
	}
	return out
}

// resultOf copies a recognition result, which sherpa-onnx owns, from the
// fields the online and offline result structs share.
func resultOf(text *C.char, tokens **C.char, timestamps *C.float, count C.int32_t) Result {
	n := int(count)
	return Result{Text: C.GoString(text), Tokens: goStrings(tokens, n), Timestamps: goFloats(timestamps, n)}
}

// goFloats copies n floats from p, which sherpa-onnx owns.
func goFloats(p *C.float, n int) []float32 {
	if p == nil || n <= 0 {
		return nil
	}
	out := make([]float32, n)
	for i, v := range unsafe.Slice(p, n) {
		out[i] = float32(v)
	}
	return out
}
