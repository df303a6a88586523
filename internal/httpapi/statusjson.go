package httpapi

import (
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/notegen/notegen"
)

// GET /v1/status is the most frequent call, and encoding/json's reflection
// over notegen.JobStatus was one of the larger Go-side costs per request.
// writeJobStatus writes the same bytes as writeJSON by hand; anything the
// fast path does not cover byte for byte (a string that needs escaping, a
// year outside 0-9999) goes through writeJSON. statusjson_test.go compares
// the two.

// statusBuffers holds the buffers status answers are built in.
var statusBuffers = sync.Pool{New: func() any { b := make([]byte, 0, 512); return &b }}

// jsonContentType is the Content-Type of every JSON answer, as one shared
// header value: net/http only reads it.
var jsonContentType = []string{"application/json"}

// writeJobStatus answers 200 with v, as writeJSON would.
func (s *Server) writeJobStatus(w http.ResponseWriter, v notegen.JobStatus) {
	bp := statusBuffers.Get().(*[]byte)
	defer statusBuffers.Put(bp)
	b, ok := appendJobStatus((*bp)[:0], v)
	*bp = b
	if !ok {
		writeJSON(w, s.log, http.StatusOK, v)
		return
	}
	w.Header()["Content-Type"] = jsonContentType
	w.WriteHeader(http.StatusOK)
	if _, err := w.Write(b); err != nil {
		s.log.Debug("response not written", "error", err.Error())
	}
}

// appendJobStatus appends v's JSON and a newline, as newEncoder's Encode
// writes it, and reports false when it cannot do so byte for byte.
func appendJobStatus(b []byte, v notegen.JobStatus) ([]byte, bool) {
	ok := true
	b = append(b, `{"job_id":`...)
	b, ok = appendPlainString(b, v.JobID, ok)
	b = append(b, `,"status":`...)
	b, ok = appendPlainString(b, v.Status, ok)
	b = append(b, `,"message":`...)
	b, ok = appendPlainString(b, v.Message, ok)
	b = append(b, `,"progress":`...)
	b = strconv.AppendInt(b, int64(v.Progress), 10)
	b = append(b, `,"created_at":`...)
	b, ok = appendJSONTime(b, v.CreatedAt, ok)
	b = append(b, `,"updated_at":`...)
	b, ok = appendJSONTime(b, v.UpdatedAt, ok)
	if v.SourceJobID != "" {
		b = append(b, `,"source_job_id":`...)
		b, ok = appendPlainString(b, v.SourceJobID, ok)
	}
	b = append(b, "}\n"...)
	return b, ok
}

// appendPlainString appends s quoted when no byte of it needs escaping
// (printable ASCII other than '"' and '\'), and reports false otherwise.
func appendPlainString(b []byte, s string, ok bool) ([]byte, bool) {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c > 0x7e || c == '"' || c == '\\' {
			return b, false
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"'), ok
}

// appendJSONTime appends t as time.Time's MarshalJSON does (RFC 3339 with
// nanoseconds), which it only does for years 0 to 9999.
func appendJSONTime(b []byte, t time.Time, ok bool) ([]byte, bool) {
	if y := t.Year(); y < 0 || y > 9999 {
		return b, false
	}
	if _, offset := t.Zone(); offset%60 != 0 {
		return b, false
	}
	b = append(b, '"')
	b = t.AppendFormat(b, time.RFC3339Nano)
	return append(b, '"'), ok
}
