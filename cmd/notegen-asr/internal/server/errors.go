package server

import (
	"encoding/json"
	"net/http"
)

// apiError is the OpenAI error body, so OpenAI clients (and notegen's speech
// provider) surface our messages the same way as the hosted API's.
type apiError struct {
	Message string  `json:"message"`
	Type    string  `json:"type"`
	Param   *string `json:"param"`
	Code    *string `json:"code"`
}

// Error types used in responses, as in the OpenAI API.
const (
	typeInvalidRequest = "invalid_request_error"
	typeServer         = "server_error"
	typeRateLimit      = "rate_limit_error"
	typeTimeout        = "timeout_error"
)

// writeError writes an OpenAI-shaped error; empty param and code become null.
func writeError(w http.ResponseWriter, status int, message, typ, param, code string) {
	e := apiError{Message: message, Type: typ}
	if param != "" {
		e.Param = &param
	}
	if code != "" {
		e.Code = &code
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]apiError{"error": e})
}
