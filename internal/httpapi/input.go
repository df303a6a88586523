package httpapi

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/notegen/notegen/internal/apperr"
)

// The contract's input rules are enforced here, once, before a request
// reaches a handler: every string the service reads must be valid UTF-8
// without NUL. SQLite stores such bytes as they come while PostgreSQL refuses
// them mid-transaction, so checking at the edge is what makes both databases
// answer the same 400 and write nothing.

// credentialHeaders may appear once: with two, which one authenticates
// would depend on the reader, so the request is refused instead.
var credentialHeaders = []string{"x-api-key", "Authorization"}

// readHeaders are the request headers some handler reads.
var readHeaders = []string{"x-api-key", "Authorization", "Idempotency-Key", "Content-Type", "Content-Range"}

// validText reports whether s may be stored: valid UTF-8 without NUL.
func validText(s string) bool {
	return utf8.ValidString(s) && !strings.ContainsRune(s, 0)
}

// checkRequestInput applies the input rules to the headers, path values and
// query parameters of a request for route rt.
func checkRequestInput(r *http.Request, rt route) error {
	for _, name := range credentialHeaders {
		if len(r.Header.Values(name)) > 1 {
			return apperr.New(apperr.BadRequest, "Send the %s header once", name)
		}
	}
	for _, name := range readHeaders {
		for _, v := range r.Header.Values(name) {
			if !validText(v) {
				return apperr.New(apperr.BadRequest, "Header %s must be valid UTF-8 without NUL characters", name)
			}
		}
	}
	for _, name := range rt.pathParams {
		if !validText(r.PathValue(name)) {
			return apperr.New(apperr.BadRequest, "Path segment %s must be valid UTF-8 without NUL characters", name)
		}
	}
	for name, values := range r.URL.Query() {
		if !validText(name) {
			return apperr.New(apperr.BadRequest, "Query parameter names must be valid UTF-8 without NUL characters")
		}
		for _, v := range values {
			if !validText(v) {
				return apperr.Invalid(name, "%s must be valid UTF-8 without NUL characters", name)
			}
		}
	}
	return nil
}

// checkJSONText applies the input rules to every string, object key
// included, of a JSON document that has already decoded without error. The
// raw bytes are checked because the decoder silently replaces invalid UTF-8
// with U+FFFD; NUL is checked after decoding because it arrives escaped.
func checkJSONText(data []byte) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	var stack []jsonFrame
	prev := int64(0)
	for {
		tok, err := dec.Token()
		if err != nil {
			// The document decoded before; the only error left is its end.
			return nil
		}
		raw := data[prev:dec.InputOffset()]
		prev = dec.InputOffset()
		switch v := tok.(type) {
		case json.Delim:
			switch v {
			case '{', '[':
				stack = append(stack, jsonFrame{object: v == '{', wantKey: v == '{', path: jsonPath(stack)})
			default:
				stack = stack[:len(stack)-1]
				advance(stack)
			}
		case string:
			isKey := len(stack) > 0 && stack[len(stack)-1].object && stack[len(stack)-1].wantKey
			if !utf8.Valid(raw) || strings.ContainsRune(v, 0) {
				field := jsonPath(stack)
				if isKey || field == "" {
					return apperr.New(apperr.Validation, "Every key and string in the request body must be valid UTF-8 without NUL characters")
				}
				return apperr.Invalid(field, "%s must be valid UTF-8 without NUL characters", field)
			}
			if isKey {
				top := &stack[len(stack)-1]
				top.key, top.wantKey = v, false
				continue
			}
			advance(stack)
		default:
			advance(stack)
		}
	}
}

// jsonFrame is one open object or array while walking a JSON document.
type jsonFrame struct {
	object  bool
	wantKey bool
	key     string
	index   int
	path    string
}

// advance records that a value of the innermost container was read.
func advance(stack []jsonFrame) {
	if len(stack) == 0 {
		return
	}
	top := &stack[len(stack)-1]
	if top.object {
		top.wantKey = true
	} else {
		top.index++
	}
}

// jsonPath names the value about to be read, as the contract names fields:
// "metadata.tags[2]".
func jsonPath(stack []jsonFrame) string {
	if len(stack) == 0 {
		return ""
	}
	top := stack[len(stack)-1]
	if top.object {
		if top.path == "" {
			return top.key
		}
		return top.path + "." + top.key
	}
	return top.path + "[" + strconv.Itoa(top.index) + "]"
}
