package client

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/notegen/notegen"
)

// Exit codes of the client commands.
const (
	exitFailure    = 1 // any other service error (conflict, rate limit, server error)
	exitUsage      = 2 // the command line could not be understood
	exitAuth       = 3 // not logged in, bad credentials, expired session
	exitForbidden  = 4 // not permitted, account inactive or cancelled
	exitValidation = 5 // invalid request: bad value, missing field, bad JSON
	exitNotFound   = 6 // no such key, job or account
	exitPayment    = 7 // payment required
	exitNetwork    = 8 // the service could not be reached or timed out
)

const exitCodesHelp = `Exit codes:
  0 success            1 other service error   2 usage error
  3 authentication     4 not permitted          5 invalid request
  6 not found          7 payment required       8 network failure
With --json a failure prints {"error":{"code","message","field","request_id","exit_code"}}
on standard output.
`

// codeNames name the exit codes in a JSON error object when the service
// gave no code of its own (a local failure).
var codeNames = map[int]string{
	exitFailure: "error", exitUsage: "usage_error", exitAuth: notegen.CodeAuthentication,
	exitForbidden: notegen.CodeAuthorization, exitValidation: notegen.CodeValidation,
	exitNotFound: notegen.CodeNotFound, exitPayment: notegen.CodePaymentRequired, exitNetwork: notegen.CodeNetwork,
}

// cmdError is a failed client command: its exit status and the message a
// person reads, written without the SDK's "notegen: " prefix because the
// CLI prints its own.
type cmdError struct {
	code int
	msg  string
	err  error
	// shown says the failure was already written out (help, JSON).
	shown bool
}

func (e *cmdError) Error() string { return e.msg }
func (e *cmdError) Unwrap() error { return e.err }

// ExitCode is the process exit status for the error.
func (e *cmdError) ExitCode() int { return e.code }

// Reported says whether the failure was already written out, so the
// caller prints nothing more.
func (e *cmdError) Reported() bool { return e.shown }

func exitErr(code int, err error) error {
	return &cmdError{code: code, msg: err.Error(), err: err}
}

// usageErr is a command-line mistake: exit status 2.
func usageErr(format string, args ...any) error {
	return &cmdError{code: exitUsage, msg: "usage: " + fmt.Sprintf(format, args...), err: errUsage}
}

// errUsage marks usage errors for errors.Is.
var errUsage = errors.New("usage")

// reported marks err as already written out.
func reported(err error) error {
	var ce *cmdError
	if errors.As(err, &ce) {
		c := *ce
		c.shown = true
		return &c
	}
	return &cmdError{code: exitFailure, msg: err.Error(), err: err, shown: true}
}

// classify gives an error its exit code and a message without the SDK's
// package prefix.
func classify(err error) error {
	var ce *cmdError
	if errors.As(err, &ce) {
		return err
	}
	var se *notegen.ServiceError
	if !errors.As(err, &se) {
		return &cmdError{code: exitFailure, msg: strings.TrimPrefix(err.Error(), "notegen: "), err: err}
	}
	code := exitFailure
	switch {
	case errors.Is(err, notegen.ErrAuthentication):
		code = exitAuth
	case errors.Is(err, notegen.ErrAuthorization):
		code = exitForbidden
	case errors.Is(err, notegen.ErrValidation), errors.Is(err, notegen.ErrInvalidField), errors.Is(err, notegen.ErrBadRequest):
		code = exitValidation
	case errors.Is(err, notegen.ErrNotFound):
		code = exitNotFound
	case errors.Is(err, notegen.ErrPaymentRequired):
		code = exitPayment
	case errors.Is(err, notegen.ErrNetwork):
		code = exitNetwork
	}
	return &cmdError{code: code, msg: serviceMessage(err, se), err: err}
}

// serviceMessage words an SDK error for a terminal: what the caller added,
// the status and code, the server's message, the field and the request id
// to quote to support.
func serviceMessage(err error, se *notegen.ServiceError) string {
	var b strings.Builder
	if context, _, ok := strings.Cut(err.Error(), se.Error()); ok {
		b.WriteString(context)
	}
	if se.StatusCode != 0 {
		b.WriteString(strconv.Itoa(se.StatusCode) + " ")
	}
	b.WriteString(se.Code)
	if se.Message != "" {
		b.WriteString(": " + se.Message)
	}
	if se.Field != "" {
		b.WriteString(" (field " + se.Field + ")")
	}
	if se.Err != nil {
		b.WriteString(": " + se.Err.Error())
	}
	if se.RequestID != "" {
		b.WriteString(" [request " + se.RequestID + "]")
	}
	return b.String()
}

// jsonError is the object a failure prints with --json.
type jsonError struct {
	Code      string `json:"code"`
	Message   string `json:"message"`
	Field     string `json:"field"`
	RequestID string `json:"request_id"`
	Status    int    `json:"status,omitempty"`
	ExitCode  int    `json:"exit_code"`
}

// writeJSONError writes err as {"error":{...}} and returns it classified.
func writeJSONError(w io.Writer, err error) error {
	var ce *cmdError
	errors.As(err, &ce)
	out := jsonError{Code: codeNames[ce.code], Message: ce.msg, ExitCode: ce.code}
	var se *notegen.ServiceError
	if errors.As(err, &se) {
		out.Code, out.Field, out.RequestID, out.Status = se.Code, se.Field, se.RequestID, se.StatusCode
		out.Message = se.Message
		if out.Message == "" {
			out.Message = ce.msg
		}
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	if werr := enc.Encode(map[string]jsonError{"error": out}); werr != nil {
		return exitErr(ce.code, fmt.Errorf("%s (and writing it failed: %v)", ce.msg, werr))
	}
	return err
}
