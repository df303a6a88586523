package client

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"regexp"
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
With --json a failure prints {"error":{"code","message","field","flag","request_id","exit_code"}}
on standard output (field, flag and request_id only when known).
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
	// message is the service's message with the flag named in place of the
	// API field, and flag that flag ("--consent"), for a JSON error.
	message, flag string
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
// package prefix. flagOf names the command's flag that sets an API field
// ("--consent" for patient_consent), "" when none does; it may be nil.
func classify(err error, flagOf func(field string) (flag string, isBool bool)) error {
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
	out := &cmdError{code: code, err: err, message: se.Message}
	if se.Field != "" && flagOf != nil {
		if name, isBool := flagOf(se.Field); name != "" {
			out.flag, out.message = name, nameFlag(se.Message, se.Field, name, isBool)
		}
	}
	out.msg = serviceMessage(err, se, out.message, out.flag)
	return out
}

// fieldFlags names the flag that sets each API field a client command
// sends, so that an error about the field names what the user typed.
var fieldFlags = map[string]string{
	"patient_consent": "consent", "template": "template", "visit_type": "visit-type", "recording_type": "recording-type",
	"lang": "lang", "output_language": "output-language", "documentation_style": "style", "webhook_env": "webhook-env",
	"text": "text", "sample_rate": "sample-rate", "keyType": "type", "metadata": "metadata",
	"company_name": "company-name", "contact_email": "contact-email", "phone_number": "phone-number", "address": "address",
	"webhook_dev": "dev", "webhook_prod": "prod", "env": "env", "limit": "limit", "status": "status", "event": "event",
	"start_month": "start", "end_month": "end", "email": "email",
}

// flagNamer is classify's flagOf for a command's flags: a field's flag
// counts only when the command has it.
func flagNamer(fs *flag.FlagSet) func(field string) (string, bool) {
	return func(field string) (string, bool) {
		f := fs.Lookup(fieldFlags[field])
		if f == nil {
			return "", false
		}
		b, ok := f.Value.(interface{ IsBoolFlag() bool })
		return "--" + f.Name, ok && b.IsBoolFlag()
	}
}

// nameFlag rewrites a service message about field to name the flag that
// sets it: "patient_consent must be true to record a conversation" becomes
// "--consent is required to record a conversation" (a switch that must be
// true is a switch that must be given). A message that does not name the
// field gets the flag after it.
func nameFlag(message, field, flagName string, isBool bool) string {
	word := regexp.MustCompile(`\b` + regexp.QuoteMeta(field) + `\b`)
	if !word.MatchString(message) {
		return message + " (" + flagName + ")"
	}
	message = word.ReplaceAllLiteralString(message, flagName)
	if isBool {
		message = strings.ReplaceAll(message, flagName+" must be true", flagName+" is required")
	}
	return message
}

// serviceMessage words an SDK error for a terminal: what the caller added,
// the status and code, the message (naming the flag when there is one, the
// API field otherwise), and the request id to quote to support.
func serviceMessage(err error, se *notegen.ServiceError, message, flagName string) string {
	var b strings.Builder
	if context, _, ok := strings.Cut(err.Error(), se.Error()); ok {
		b.WriteString(context)
	}
	if se.StatusCode != 0 {
		b.WriteString(strconv.Itoa(se.StatusCode) + " ")
	}
	b.WriteString(se.Code)
	if message != "" {
		b.WriteString(": " + message)
	}
	if se.Field != "" && flagName == "" {
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

// jsonError is the object a failure prints with --json. A key whose value
// is not known (a local failure has no field, flag or request id) is left
// out rather than written empty.
type jsonError struct {
	Code      string `json:"code"`
	Message   string `json:"message"`
	Field     string `json:"field,omitempty"`
	Flag      string `json:"flag,omitempty"`
	RequestID string `json:"request_id,omitempty"`
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
		out.Message, out.Flag = ce.message, ce.flag
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
