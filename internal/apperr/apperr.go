// Package apperr defines the error codes every notegen component speaks.
//
// Domain code returns *Error values carrying a Code, a message that is safe
// to show to the client, an optional request field, and an optional cause
// that is only ever logged. The HTTP adapter owns the single table that maps
// a Code to a status; nothing else decides statuses.
package apperr

import (
	"errors"
	"fmt"
	"time"
)

// Code is a machine-readable error code of the wire contract.
type Code string

// The codes of the wire contract's Errors table.
const (
	Authentication  Code = "authentication_error"
	Authorization   Code = "authorization_error"
	AccountInactive Code = "account_inactive"
	BadRequest      Code = "bad_request"
	Validation      Code = "validation_error"
	InvalidField    Code = "invalid_field"
	NotFound        Code = "not_found"
	Conflict        Code = "conflict"
	PayloadTooLarge Code = "payload_too_large"
	PaymentRequired Code = "payment_required"
	RateLimited     Code = "rate_limited"
	Internal        Code = "internal_error"
	Unavailable     Code = "unavailable"
)

// Error is an error the client may see. Message and Field are shown to the
// client; Cause is for the log only and must never reach a response.
type Error struct {
	Code    Code
	Message string
	Field   string
	// RetryAfter, when positive, tells the client when to try again.
	RetryAfter time.Duration
	Cause      error
}

// Error implements error with the client message and, if any, the cause.
func (e *Error) Error() string {
	if e.Cause != nil {
		return fmt.Sprintf("%s: %s: %v", e.Code, e.Message, e.Cause)
	}
	return fmt.Sprintf("%s: %s", e.Code, e.Message)
}

// Unwrap returns the cause so errors.Is and errors.As see through an Error.
func (e *Error) Unwrap() error { return e.Cause }

// New returns an Error with a code and a client message.
func New(code Code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// Field returns an Error about one request field.
func Field(code Code, field, format string, args ...any) *Error {
	return &Error{Code: code, Field: field, Message: fmt.Sprintf(format, args...)}
}

// Invalid returns a validation_error about one request field.
func Invalid(field, format string, args ...any) *Error {
	return Field(Validation, field, format, args...)
}

// From returns the *Error inside err. Anything that is not an *Error is an
// internal error whose message hides the cause.
func From(err error) *Error {
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	return &Error{Code: Internal, Message: "Internal server error", Cause: err}
}

// CodeOf returns the code of err, Internal for errors without one, and ""
// for nil.
func CodeOf(err error) Code {
	if err == nil {
		return ""
	}
	return From(err).Code
}
