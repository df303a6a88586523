// Package console is the account owner's web console at /console/: pages
// rendered by the server with html/template, plain forms, every asset
// embedded. It calls the same services as the JSON API, so every rule
// (passwords, key limits, throttling, account status) has one
// implementation, and shows their error messages next to the field they
// name.
package console

import (
	"embed"
	"errors"
	"html/template"
	"io/fs"
	"log/slog"
	"math"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/notegen/notegen/internal/account"
	"github.com/notegen/notegen/internal/apikey"
	"github.com/notegen/notegen/internal/apperr"
	"github.com/notegen/notegen/internal/audit"
	"github.com/notegen/notegen/internal/auth"
	"github.com/notegen/notegen/internal/billing"
	"github.com/notegen/notegen/internal/delivery"
	"github.com/notegen/notegen/internal/job"
	"github.com/notegen/notegen/internal/logging"
	"github.com/notegen/notegen/internal/masterkey"
	"github.com/notegen/notegen/internal/webhook"
)

//go:embed templates/*.html
var templateFS embed.FS

//go:embed static
var staticFS embed.FS

// Prefix is the path the console is served under.
const Prefix = "/console/"

// Deps are the services the console works with: the same ones the API's
// handlers call.
type Deps struct {
	Log      *slog.Logger
	Auth     *auth.Service
	Accounts *account.Service
	Keys     *apikey.Service
	Jobs     *job.Service
	// Webhooks and Deliveries run webhook settings and the deliveries log.
	Webhooks   *webhook.Service
	Deliveries *delivery.Service
	Billing    *billing.Service
	Audit      *audit.Log
	// Master seals the session cookie and the key references in forms.
	Master *masterkey.Key
	// PublicURL decides whether cookies are marked Secure (https).
	PublicURL string
	// StatusOf maps an error to the API's HTTP status, so a page answers
	// with the status the API would.
	StatusOf func(error) int
	// FHIR renders a completed job's note as the FHIR R4 Bundle the API's
	// fetch-note answers with format=fhir, for the job page's download.
	FHIR func(job.NoteView) ([]byte, error)
}

// Console serves the console's pages.
type Console struct {
	Deps
	mux   *http.ServeMux
	pages map[string]*template.Template
	// secure marks cookies Secure when the server is reached over https.
	secure bool
}

// New returns the console as an http.Handler for the paths under Prefix.
func New(d Deps) (*Console, error) {
	c := &Console{Deps: d, mux: http.NewServeMux(), pages: map[string]*template.Template{},
		secure: strings.HasPrefix(d.PublicURL, "https://")}
	names, err := fs.Glob(templateFS, "templates/*.html")
	if err != nil {
		return nil, err
	}
	for _, name := range names {
		base := strings.TrimPrefix(name, "templates/")
		if base == "layout.html" {
			continue
		}
		t, err := template.New(base).Funcs(funcs).ParseFS(templateFS, "templates/layout.html", name)
		if err != nil {
			return nil, err
		}
		c.pages[strings.TrimSuffix(base, ".html")] = t
	}
	static, err := fs.Sub(staticFS, "static")
	if err != nil {
		return nil, err
	}
	c.mux.Handle("GET /console/static/", http.StripPrefix("/console/static/", staticFiles(http.FileServerFS(static))))
	c.routes()
	return c, nil
}

// staticFiles lets browsers cache the embedded assets for a while: they
// change only with the binary.
func staticFiles(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "public, max-age=3600")
		next.ServeHTTP(w, r)
	})
}

// contentSecurityPolicy allows only the console's own files: no inline
// script or style, no third party, no framing.
const contentSecurityPolicy = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
	"connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"

// crossOrigin refuses state-changing requests a browser marks as sent from
// another origin (Sec-Fetch-Site, or Origin against Host).
var crossOrigin = http.NewCrossOriginProtection()

// ServeHTTP sets the security headers of every console answer and refuses
// cross-origin form posts before any handler runs.
func (c *Console) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Content-Security-Policy", contentSecurityPolicy)
	h.Set("X-Frame-Options", "DENY")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "same-origin")
	h.Set("Cross-Origin-Opener-Policy", "same-origin")
	if err := crossOrigin.Check(r); err != nil {
		c.fail(w, r, apperr.New(apperr.Authorization, "This form was sent from another site and was refused"))
		return
	}
	c.mux.ServeHTTP(w, r)
}

// handler is a page handler that reports failure by returning an error.
type handler func(w http.ResponseWriter, r *http.Request) error

// page runs h and shows its error as an error page.
func (c *Console) page(h handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if err := h(w, r); err != nil {
			c.fail(w, r, err)
		}
	})
}

// fail renders an error page with the client message; the cause goes to
// the log only.
func (c *Console) fail(w http.ResponseWriter, r *http.Request, err error) {
	status := c.status(err)
	if status >= 500 {
		c.Log.ErrorContext(r.Context(), "console request failed", "error", err.Error())
	}
	c.render(w, r, status, "error", view{Title: "Something went wrong", Error: apperr.From(err).Message,
		RequestID: logging.RequestID(r.Context())})
}

func (c *Console) status(err error) int {
	if c.StatusOf != nil {
		return c.StatusOf(err)
	}
	return http.StatusInternalServerError
}

// view is what every page template receives.
type view struct {
	Title string
	// Signed is the signed-in owner, nil on public pages.
	Signed *session
	CSRF   string
	// Error is a message for the whole form; FieldErrors name a field.
	Error string
	// Notice says what a form did.
	Notice      string
	FieldErrors map[string]string
	// Form holds the values typed, to fill the form again after an error.
	Form      map[string]string
	RequestID string
	Nav       string
	Data      any
	// retryAfter, when positive, is sent as Retry-After, as the API sends
	// it with a throttled login.
	retryAfter time.Duration
}

// formError turns a service error into the view's messages: beside the
// field it names when the page shows that field (shown lists them), else
// above the form, so no message goes unseen. It returns the status to
// answer with.
func (c *Console) formError(r *http.Request, v *view, err error, shown ...string) int {
	var e *apperr.Error
	if !errors.As(err, &e) || c.status(err) >= 500 {
		c.Log.ErrorContext(r.Context(), "console form failed", "error", err.Error())
		v.Error = "Something went wrong on our side; try again."
		v.RequestID = logging.RequestID(r.Context())
		return http.StatusInternalServerError
	}
	v.retryAfter = e.RetryAfter
	if e.Field != "" && slices.Contains(shown, e.Field) {
		if v.FieldErrors == nil {
			v.FieldErrors = map[string]string{}
		}
		v.FieldErrors[e.Field] = e.Message
	} else {
		v.Error = e.Message
	}
	return c.status(err)
}

func (c *Console) render(w http.ResponseWriter, r *http.Request, status int, name string, v view) {
	t, ok := c.pages[name]
	if !ok {
		c.Log.ErrorContext(r.Context(), "console page missing", "page", name)
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	if s := sessionFrom(r.Context()); s != nil {
		v.Signed, v.CSRF = s, s.CSRF
	}
	var b strings.Builder
	if err := t.ExecuteTemplate(&b, "layout", v); err != nil {
		c.Log.ErrorContext(r.Context(), "console page failed", "page", name, "error", err.Error())
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	if v.retryAfter > 0 {
		w.Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(v.retryAfter.Seconds()))))
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	// Pages show keys and patient data: never kept by a cache.
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_, _ = w.Write([]byte(b.String()))
}
