package httpapi

import (
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"unicode"

	"github.com/notegen/notegen/internal/apperr"
)

// MaxJSONBody is the contract's limit on JSON request bodies.
const MaxJSONBody = 1 << 20

// decodeJSON reads the request body into dst. An empty body decodes as an
// empty object, so endpoints whose fields are all optional accept it.
// Unknown fields are ignored and null counts as absent (dst uses pointers
// where absence matters), as the contract says.
func decodeJSON(w http.ResponseWriter, r *http.Request, dst any) error {
	_, err := readJSON(w, r, dst)
	return err
}

// readJSON is decodeJSON that also returns the body as received, for
// submissions whose Idempotency-Key compares the request byte for byte.
func readJSON(w http.ResponseWriter, r *http.Request, dst any) ([]byte, error) {
	if r.ContentLength > MaxJSONBody {
		return nil, tooLarge()
	}
	body := http.MaxBytesReader(w, r.Body, MaxJSONBody)
	data, err := io.ReadAll(body)
	if err != nil {
		var maxErr *http.MaxBytesError
		if errors.As(err, &maxErr) {
			return nil, tooLarge()
		}
		return nil, &apperr.Error{Code: apperr.BadRequest, Message: "Could not read the request body", Cause: err}
	}
	raw := data
	if len(strings.TrimSpace(string(data))) == 0 {
		data = []byte("{}")
	}
	dec := json.NewDecoder(strings.NewReader(string(data)))
	if err := dec.Decode(dst); err != nil {
		var typeErr *json.UnmarshalTypeError
		if errors.As(err, &typeErr) {
			field := jsonFieldPath(typeErr.Field)
			if field == "" {
				return nil, apperr.New(apperr.BadRequest, "Request body must be a JSON object")
			}
			return nil, apperr.Invalid(field, "%s must be %s", field, jsonKind(typeErr.Type.Kind().String()))
		}
		return nil, &apperr.Error{Code: apperr.BadRequest, Message: "Invalid JSON in request body", Cause: err}
	}
	if dec.More() {
		return nil, apperr.New(apperr.BadRequest, "Invalid JSON in request body: unexpected data after the object")
	}
	if err := checkJSONText(data); err != nil {
		return nil, err
	}
	return raw, nil
}

func tooLarge() error {
	return apperr.New(apperr.PayloadTooLarge, "Request body is larger than 1 MiB")
}

// jsonKind names a Go kind as the JSON type a client should send.
func jsonKind(kind string) string {
	switch kind {
	case "string":
		return "a string"
	case "bool":
		return "a boolean"
	case "map", "struct":
		return "an object"
	case "slice", "array":
		return "an array"
	case "ptr":
		return "of the documented type"
	default:
		return "a number"
	}
}

// writeJSON writes v with the given status. It is the one JSON encoder of
// every response: HTML escaping is off, so a URL's "&" reaches a shell
// script as "&" and not "\u0026" (contract: "Input rules").
func writeJSON(w http.ResponseWriter, log *slog.Logger, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	if err := newEncoder(w).Encode(v); err != nil {
		log.Debug("response not written", "error", err.Error())
	}
}

// newEncoder returns the service's JSON encoder: no HTML escaping.
func newEncoder(w io.Writer) *json.Encoder {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc
}

// jsonFieldPath drops the Go names of embedded structs from the decoder's
// field path ("Profile.company_name" -> "company_name"); JSON names in this
// API never start with an upper-case letter.
func jsonFieldPath(path string) string {
	var kept []string
	for _, part := range strings.Split(path, ".") {
		if part != "" && !unicode.IsUpper(rune(part[0])) {
			kept = append(kept, part)
		}
	}
	return strings.Join(kept, ".")
}
