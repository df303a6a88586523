package httpapi

import (
	"net/http"
	"strconv"

	"github.com/notegen/notegen/internal/apperr"
	"github.com/notegen/notegen/internal/job"
)

// readBody decodes the request's JSON body into a new Req.
func readBody[Req any](w http.ResponseWriter, r *http.Request) (Req, error) {
	var req Req
	err := decodeJSON(w, r, &req)
	return req, err
}

// readSubmission decodes a job submission's body into a new Req and reads
// its Idempotency-Key, which compares the body byte for byte.
func readSubmission[Req any](w http.ResponseWriter, r *http.Request, endpoint string) (Req, *job.Idempotency, error) {
	var req Req
	raw, err := readJSON(w, r, &req)
	if err != nil {
		return req, nil, err
	}
	idem, err := job.NewIdempotency(r.Header.Get("Idempotency-Key"), endpoint, raw)
	return req, idem, err
}

// answer writes the wire form of a service's result with status, or
// returns the service's error for the server to write.
func answer[T, W any](s *Server, w http.ResponseWriter, status int, v T, err error, wire func(T) W) error {
	if err != nil {
		return err
	}
	return s.json(w, status, wire(v))
}

// answerSecret is answer for a body that holds a secret (a key, a token,
// patient text): no cache may keep it.
func answerSecret[T, W any](s *Server, w http.ResponseWriter, status int, v T, err error, wire func(T) W) error {
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	return s.json(w, status, wire(v))
}

// ownerID is the account owner of a bearer request.
func ownerID(r *http.Request) string { return principal(r.Context()).UserID }

// same is the wire mapping of a value that already is a wire type.
func same[T any](v T) T { return v }

// queryLimit reads the page size of a listing: 0 when absent (the
// service's default), else a number from 1 up; the service caps it at most,
// which the error message names.
func queryLimit(r *http.Request, most int) (int, error) {
	v := r.URL.Query().Get("limit")
	if v == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 {
		return 0, apperr.Invalid("limit", "limit must be between 1 and %d", most)
	}
	return n, nil
}
