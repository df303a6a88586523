package httpapi

import (
	"log/slog"
	"net/http"
	"strconv"

	"github.com/notegen/notegen"
	"github.com/notegen/notegen/internal/apperr"
	"github.com/notegen/notegen/internal/logging"
)

// statusOf is the one table from error code to HTTP status.
var statusOf = map[apperr.Code]int{
	apperr.Authentication:  http.StatusUnauthorized,
	apperr.Authorization:   http.StatusForbidden,
	apperr.AccountInactive: http.StatusForbidden,
	apperr.BadRequest:      http.StatusBadRequest,
	apperr.Validation:      http.StatusBadRequest,
	apperr.InvalidField:    http.StatusBadRequest,
	apperr.NotFound:        http.StatusNotFound,
	apperr.Conflict:        http.StatusConflict,
	apperr.PayloadTooLarge: http.StatusRequestEntityTooLarge,
	apperr.PaymentRequired: http.StatusPaymentRequired,
	apperr.RateLimited:     http.StatusTooManyRequests,
	apperr.Internal:        http.StatusInternalServerError,
	apperr.Unavailable:     http.StatusServiceUnavailable,
}

// StatusOf is the HTTP status the API answers err with, for the console's
// pages, which answer as the API would.
func StatusOf(err error) int {
	if status, ok := statusOf[apperr.From(err).Code]; ok {
		return status
	}
	return http.StatusInternalServerError
}

// writeError answers with the contract's error body. The cause of an error
// goes to the log only.
func (s *Server) writeError(w http.ResponseWriter, r *http.Request, err error) {
	e := apperr.From(err)
	status, ok := statusOf[e.Code]
	if !ok {
		status = http.StatusInternalServerError
	}
	ctx := r.Context()
	if status >= 500 {
		s.log.ErrorContext(ctx, "request failed", "code", e.Code, "error", err.Error())
	} else if e.Cause != nil {
		s.log.DebugContext(ctx, "request refused", "code", e.Code, "error", err.Error())
	}
	if e.RetryAfter > 0 {
		w.Header().Set("Retry-After", strconv.Itoa(int((e.RetryAfter+999_999_999)/1_000_000_000)))
	}
	writeJSON(w, s.log, status, notegen.ErrorBody{
		Message: e.Message,
		Error:   notegen.ErrorDetail{Code: string(e.Code), Message: e.Message, Field: e.Field, RequestID: logging.RequestID(ctx)},
	})
}

// logWriteFailure notes a response that could not be written: the client
// has usually gone away, which is no server error.
func logWriteFailure(log *slog.Logger, r *http.Request, err error) {
	log.DebugContext(r.Context(), "response not written", "error", err.Error())
}
