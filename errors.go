package notegen

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Sentinel errors, one per error kind, for errors.Is. Every error the
// client returns for a failed call matches ErrService, and exactly one of
// the others (or none, for a plain ServiceError such as a conflict).
var (
	ErrService         = errors.New("notegen: service error")
	ErrAuthentication  = errors.New("notegen: authentication error")
	ErrAuthorization   = errors.New("notegen: authorization error")
	ErrBadRequest      = errors.New("notegen: bad request")
	ErrValidation      = errors.New("notegen: validation error")
	ErrInvalidField    = errors.New("notegen: invalid field")
	ErrNotFound        = errors.New("notegen: not found")
	ErrPaymentRequired = errors.New("notegen: payment required")
	ErrNetwork         = errors.New("notegen: network error")
	ErrInternalServer  = errors.New("notegen: internal server error")
)

// Error codes of the wire contract, as found in ServiceError.Code. The
// client adds CodeNetwork for its own transport failures.
const (
	CodeAuthentication  = "authentication_error"
	CodeAuthorization   = "authorization_error"
	CodeAccountInactive = "account_inactive"
	CodeBadRequest      = "bad_request"
	CodeValidation      = "validation_error"
	CodeInvalidField    = "invalid_field"
	CodeNotFound        = "not_found"
	CodeConflict        = "conflict"
	CodePayloadTooLarge = "payload_too_large"
	CodePaymentRequired = "payment_required"
	CodeRateLimited     = "rate_limited"
	CodeInternal        = "internal_error"
	CodeUnavailable     = "unavailable"
	CodeNetwork         = "network_error"
)

// ServiceError is the base of every error kind the client returns. The kind
// types (AuthenticationError, NotFoundError, ...) wrap one, so
// errors.As(err, new(*ServiceError)) finds the details whatever the kind.
// A ServiceError that is not wrapped by a kind type is "any other API
// error", such as a conflict (409) or a rate limit (429).
type ServiceError struct {
	// StatusCode is the HTTP status, 0 when no response arrived.
	StatusCode int
	// Code is the contract's error code, e.g. "validation_error".
	Code string
	// Message is the server's human-readable message.
	Message string
	// Field names the request field at fault, if any.
	Field string
	// RequestID is the server's request id (X-Request-Id), for support.
	RequestID string
	// RetryAfter is the server's Retry-After, if it sent one.
	RetryAfter time.Duration
	// Err is the underlying cause (a transport error, for example), if any.
	Err error

	kind error
}

// Error describes the error with its code, message, field and request id.
func (e *ServiceError) Error() string {
	var b strings.Builder
	b.WriteString("notegen: ")
	if e.StatusCode != 0 {
		b.WriteString(strconv.Itoa(e.StatusCode))
		b.WriteString(" ")
	}
	b.WriteString(e.Code)
	if e.Message != "" {
		b.WriteString(": ")
		b.WriteString(e.Message)
	}
	if e.Field != "" {
		fmt.Fprintf(&b, " (field %s)", e.Field)
	}
	if e.Err != nil {
		fmt.Fprintf(&b, ": %v", e.Err)
	}
	if e.RequestID != "" {
		fmt.Fprintf(&b, " [request %s]", e.RequestID)
	}
	return b.String()
}

// Unwrap returns the underlying cause.
func (e *ServiceError) Unwrap() error { return e.Err }

// Is reports whether target is ErrService or the sentinel of e's kind.
func (e *ServiceError) Is(target error) bool {
	return target == ErrService || (e.kind != nil && target == e.kind)
}

// Kind returns the sentinel of the error's kind (ErrNotFound, ...), or
// ErrService for any other API error.
func (e *ServiceError) Kind() error {
	if e.kind == nil {
		return ErrService
	}
	return e.kind
}

// AuthenticationError: credentials invalid, expired or missing (401), or a
// refresh that failed.
type AuthenticationError struct{ ServiceError }

// AuthorizationError: the caller is not permitted, or the account is
// inactive or cancelled (403).
type AuthorizationError struct{ ServiceError }

// BadRequestError: invalid JSON, a weak new password, reactivating an
// account that is not cancelled, or a body too large (400, 405, 413).
type BadRequestError struct{ ServiceError }

// ValidationError: a field value is invalid (400 validation_error), or the
// client was given an invalid base URL.
type ValidationError struct{ ServiceError }

// InvalidFieldError: no valid field was supplied (400 invalid_field).
type InvalidFieldError struct{ ServiceError }

// NotFoundError: the key, job, user or path does not exist (404).
type NotFoundError struct{ ServiceError }

// PaymentRequiredError: unpaid invoices or exhausted free jobs (402).
type PaymentRequiredError struct{ ServiceError }

// NetworkError: the request did not get an HTTP answer (connection
// failure, timeout, cancelled context). Err holds the cause.
type NetworkError struct{ ServiceError }

// InternalServerError: the server failed (500).
type InternalServerError struct{ ServiceError }

// Unwrap returns the base ServiceError.
func (e *AuthenticationError) Unwrap() error { return &e.ServiceError }

// Unwrap returns the base ServiceError.
func (e *AuthorizationError) Unwrap() error { return &e.ServiceError }

// Unwrap returns the base ServiceError.
func (e *BadRequestError) Unwrap() error { return &e.ServiceError }

// Unwrap returns the base ServiceError.
func (e *ValidationError) Unwrap() error { return &e.ServiceError }

// Unwrap returns the base ServiceError.
func (e *InvalidFieldError) Unwrap() error { return &e.ServiceError }

// Unwrap returns the base ServiceError.
func (e *NotFoundError) Unwrap() error { return &e.ServiceError }

// Unwrap returns the base ServiceError.
func (e *PaymentRequiredError) Unwrap() error { return &e.ServiceError }

// Unwrap returns the base ServiceError.
func (e *NetworkError) Unwrap() error { return &e.ServiceError }

// Unwrap returns the base ServiceError.
func (e *InternalServerError) Unwrap() error { return &e.ServiceError }

// kindOf picks the sentinel for a code, falling back on the status.
func kindOf(status int, code string) error {
	switch code {
	case CodeAuthentication:
		return ErrAuthentication
	case CodeAuthorization, CodeAccountInactive:
		return ErrAuthorization
	case CodeBadRequest, CodePayloadTooLarge:
		return ErrBadRequest
	case CodeValidation:
		return ErrValidation
	case CodeInvalidField:
		return ErrInvalidField
	case CodeNotFound:
		return ErrNotFound
	case CodePaymentRequired:
		return ErrPaymentRequired
	case CodeInternal:
		return ErrInternalServer
	case CodeNetwork:
		return ErrNetwork
	case CodeConflict, CodeRateLimited, CodeUnavailable:
		return nil
	}
	switch status {
	case http.StatusUnauthorized:
		return ErrAuthentication
	case http.StatusForbidden:
		return ErrAuthorization
	case http.StatusBadRequest, http.StatusMethodNotAllowed, http.StatusRequestEntityTooLarge:
		return ErrBadRequest
	case http.StatusNotFound:
		return ErrNotFound
	case http.StatusPaymentRequired:
		return ErrPaymentRequired
	case http.StatusInternalServerError:
		return ErrInternalServer
	}
	return nil
}

// wrapKind returns base wrapped in the type of its kind.
func wrapKind(base ServiceError) error {
	switch base.kind {
	case ErrAuthentication:
		return &AuthenticationError{base}
	case ErrAuthorization:
		return &AuthorizationError{base}
	case ErrBadRequest:
		return &BadRequestError{base}
	case ErrValidation:
		return &ValidationError{base}
	case ErrInvalidField:
		return &InvalidFieldError{base}
	case ErrNotFound:
		return &NotFoundError{base}
	case ErrPaymentRequired:
		return &PaymentRequiredError{base}
	case ErrNetwork:
		return &NetworkError{base}
	case ErrInternalServer:
		return &InternalServerError{base}
	}
	return &base
}

// newError builds the typed error for a code.
func newError(status int, code, msg, field, requestID string, cause error) error {
	return wrapKind(ServiceError{
		StatusCode: status, Code: code, Message: msg, Field: field, RequestID: requestID,
		Err: cause, kind: kindOf(status, code),
	})
}

// networkError wraps a transport failure.
func networkError(msg string, cause error) error {
	return newError(0, CodeNetwork, msg, "", "", cause)
}

// ErrorBody is the contract's error body, the same for every status.
type ErrorBody struct {
	// Message repeats Error.Message, for clients that read only the top.
	Message string      `json:"message"`
	Error   ErrorDetail `json:"error"`
}

// ErrorDetail is the error object inside ErrorBody.
type ErrorDetail struct {
	// Code is one of the Code constants, e.g. CodeValidation.
	Code    string `json:"code"`
	Message string `json:"message"`
	// Field names the request field at fault, if any.
	Field     string `json:"field,omitempty"`
	RequestID string `json:"request_id"`
}

// errorFromResponse turns a non-2xx response into a typed error. A body
// that is not the contract's (from a proxy, say) still gives the status.
func errorFromResponse(resp *http.Response, body []byte) error {
	var eb ErrorBody
	_ = json.Unmarshal(body, &eb)
	code, msg := eb.Error.Code, eb.Error.Message
	if msg == "" {
		msg = eb.Message
	}
	if msg == "" {
		msg = http.StatusText(resp.StatusCode)
	}
	if code == "" {
		code = codeForStatus(resp.StatusCode)
	}
	reqID := eb.Error.RequestID
	if reqID == "" {
		reqID = resp.Header.Get("X-Request-Id")
	}
	err := newError(resp.StatusCode, code, msg, eb.Error.Field, reqID, nil)
	var se *ServiceError
	if errors.As(err, &se) {
		se.RetryAfter = retryAfter(resp.Header, time.Now())
	}
	return err
}

func codeForStatus(status int) string {
	switch status {
	case http.StatusUnauthorized:
		return CodeAuthentication
	case http.StatusForbidden:
		return CodeAuthorization
	case http.StatusNotFound:
		return CodeNotFound
	case http.StatusConflict:
		return CodeConflict
	case http.StatusPaymentRequired:
		return CodePaymentRequired
	case http.StatusRequestEntityTooLarge:
		return CodePayloadTooLarge
	case http.StatusTooManyRequests:
		return CodeRateLimited
	case http.StatusInternalServerError:
		return CodeInternal
	case http.StatusServiceUnavailable, http.StatusBadGateway, http.StatusGatewayTimeout:
		return CodeUnavailable
	}
	if status >= 400 && status < 500 {
		return CodeBadRequest
	}
	return "http_" + strconv.Itoa(status)
}

// retryAfter parses Retry-After as seconds or an HTTP date.
func retryAfter(h http.Header, now time.Time) time.Duration {
	v := strings.TrimSpace(h.Get("Retry-After"))
	if v == "" {
		return 0
	}
	if secs, err := strconv.Atoi(v); err == nil {
		if secs < 0 {
			return 0
		}
		return time.Duration(secs) * time.Second
	}
	if t, err := http.ParseTime(v); err == nil {
		if d := t.Sub(now); d > 0 {
			return d
		}
	}
	return 0
}
