// Package httpapi is notegen's HTTP adapter: every route is listed in
// routes.go, handlers return errors, and errors.go holds the one table from
// error code to status.
package httpapi

import (
	"context"
	"log/slog"
	"net"
	"net/http"
	"strconv"
	"strings"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/notegen/notegen/internal/account"
	"github.com/notegen/notegen/internal/apikey"
	"github.com/notegen/notegen/internal/apperr"
	"github.com/notegen/notegen/internal/audit"
	"github.com/notegen/notegen/internal/auth"
	"github.com/notegen/notegen/internal/billing"
	"github.com/notegen/notegen/internal/config"
	"github.com/notegen/notegen/internal/delivery"
	"github.com/notegen/notegen/internal/job"
	"github.com/notegen/notegen/internal/pipeline"
	"github.com/notegen/notegen/internal/ratelimit"
	"github.com/notegen/notegen/internal/store"
	"github.com/notegen/notegen/internal/sttstream"
	"github.com/notegen/notegen/internal/upload"
	"github.com/notegen/notegen/internal/webhook"
)

// Deps are what the HTTP adapter needs from the rest of the service.
type Deps struct {
	Log  *slog.Logger
	DB   *store.DB
	Auth *auth.Service
	// Accounts runs the account operations.
	Accounts *account.Service
	// Keys manages and authenticates API keys.
	Keys *apikey.Service
	// Webhooks manages webhook settings and secrets.
	Webhooks *webhook.Service
	// Deliveries delivers outbox events as webhooks and lists them.
	Deliveries *delivery.Service
	// Jobs keeps note jobs: submissions, status and results.
	Jobs *job.Service
	// Pipeline receives jobs' audio (uploads, one-shot uploads, live
	// streams) into blob storage.
	Pipeline *pipeline.Service
	// Audit reads the audit log.
	Audit *audit.Log
	// Billing reports usage.
	Billing *billing.Service
	// Uploads checks the signed URLs audio is uploaded to.
	Uploads *upload.Signer
	// Live transcribes live streams of live keys: a streaming provider or
	// utterance by utterance through the batch one; nil refuses them.
	Live sttstream.Opener
	// Limiter limits requests per API key.
	Limiter *ratelimit.Limiter
	// Config is the process's settings.
	Config  config.Settings
	Metrics *prometheus.Registry
	Version string
	// Console, when set, serves the web console under /console/ beside
	// the API (it is no part of the OpenAPI document), and GET / sends
	// browsers to it.
	Console http.Handler
}

// Server serves the notegen API.
type Server struct {
	Deps
	log     *slog.Logger
	mux     *http.ServeMux
	routes  []route
	metrics *httpMetrics
	openapi []byte
}

// handlerFunc is a handler that reports failure by returning an error,
// which the server turns into the contract's error body.
type handlerFunc func(w http.ResponseWriter, r *http.Request) error

// NewServer returns the notegen API as an http.Handler.
func NewServer(deps Deps) (http.Handler, error) {
	s := &Server{Deps: deps, log: deps.Log, mux: http.NewServeMux()}
	s.metrics = newHTTPMetrics(deps.Metrics)
	s.routes = s.routeTable()
	for i := range s.routes {
		for _, m := range pathParam.FindAllStringSubmatch(s.routes[i].path, -1) {
			s.routes[i].pathParams = append(s.routes[i].pathParams, m[1])
		}
	}
	for _, rt := range s.routes {
		s.mux.Handle(rt.method+" "+rt.path, s.wrap(rt))
	}
	if deps.Console != nil {
		s.mux.Handle("/console/", named("/console/", deps.Console))
		s.mux.Handle("GET /{$}", named("/", http.RedirectHandler("/console/", http.StatusFound)))
	}
	doc, err := openAPIDocument(s.routes, deps.Version, deps.Config.PublicURL)
	if err != nil {
		return nil, err
	}
	s.openapi = doc
	return s.middleware(s.mux), nil
}

// Routes lists the method and path ("GET /v1/status/{job_id}") of every
// route in the route table, which registers the handlers and generates
// /openapi.json, so tests can hold both to the table instead of to a list
// of their own. The table is built on a zero Server: only its handlers'
// method values refer to it, and none runs.
func Routes() []string {
	table := (&Server{}).routeTable()
	out := make([]string, 0, len(table))
	for _, rt := range table {
		out = append(out, rt.method+" "+rt.path)
	}
	return out
}

// named records a handler outside the route table under one name for logs
// and metrics, which never see raw paths.
func named(route string, h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if info := requestInfoFrom(r.Context()); info != nil {
			info.route = route
		}
		h.ServeHTTP(w, r)
	})
}

type principalKey struct{}

// principal returns the account owner authenticated for this request.
func principal(ctx context.Context) auth.Principal {
	p, _ := ctx.Value(principalKey{}).(auth.Principal)
	return p
}

// wrap turns a route into an http.Handler: it records the route for logs
// and metrics, authenticates, and writes any error.
func (s *Server) wrap(rt route) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if info := requestInfoFrom(r.Context()); info != nil {
			info.route = rt.path
		}
		if err := checkRequestInput(r, rt); err != nil {
			s.writeError(w, r, err)
			return
		}
		switch rt.auth {
		case authBearer:
			p, err := s.bearer(r)
			if err != nil {
				s.writeError(w, r, err)
				return
			}
			ctx := context.WithValue(r.Context(), principalKey{}, p)
			ctx = audit.WithActor(ctx, audit.Actor{ID: p.UserID, ClientAddr: clientAddr(r)})
			r = r.WithContext(ctx)
		case authAPIKey:
			c, err := s.apiKey(r)
			if err != nil {
				s.writeError(w, r, err)
				return
			}
			rate := s.Config.RateLive
			if c.Sandbox() {
				rate = s.Config.RateSandbox
			}
			decision, err := s.Limiter.Allow(r.Context(), c.KeyID, rate)
			if decision.Limit > 0 {
				// a refusal tells the client its rate too
				setRateHeaders(w.Header(), decision)
			}
			if err != nil {
				s.writeError(w, r, err)
				return
			}
			r = r.WithContext(context.WithValue(r.Context(), callerKey{}, c))
		}
		if err := rt.handle(w, r); err != nil {
			s.writeError(w, r, err)
		}
	})
}

type callerKey struct{}

// caller returns the API-key client of this request.
func caller(ctx context.Context) apikey.Caller {
	c, _ := ctx.Value(callerKey{}).(apikey.Caller)
	return c
}

func (s *Server) apiKey(r *http.Request) (apikey.Caller, error) {
	key := strings.TrimSpace(r.Header.Get("x-api-key"))
	if key == "" && r.Header.Get("Authorization") != "" {
		return apikey.Caller{}, apperr.New(apperr.Authentication, "Note endpoints take an API key in x-api-key, not a bearer token")
	}
	return s.Keys.Authenticate(r.Context(), key)
}

func (s *Server) bearer(r *http.Request) (auth.Principal, error) {
	header := r.Header.Get("Authorization")
	scheme, token, ok := strings.Cut(header, " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") || strings.TrimSpace(token) == "" {
		if r.Header.Get("x-api-key") != "" {
			return auth.Principal{}, apperr.New(apperr.Authentication, "API keys are not accepted here; send Authorization: Bearer <id_token>")
		}
		return auth.Principal{}, apperr.New(apperr.Authentication, "Missing bearer token; send Authorization: Bearer <id_token>")
	}
	return s.Auth.Authenticate(r.Context(), strings.TrimSpace(token))
}

// clientAddr is the address the request came from, for throttling and the
// audit log. Forwarding headers are not trusted: anyone can send them.
func clientAddr(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

func (s *Server) json(w http.ResponseWriter, status int, v any) error {
	writeJSON(w, s.log, status, v)
	return nil
}

// setRateHeaders sets the X-RateLimit-* headers of a rate decision, under
// the canonical keys Header.Set would use, which spares every API-key
// request a map and three key canonicalisations.
func setRateHeaders(h http.Header, d ratelimit.Decision) {
	h["X-Ratelimit-Limit"] = []string{strconv.Itoa(d.Limit)}
	h["X-Ratelimit-Remaining"] = []string{strconv.Itoa(d.Remaining)}
	h["X-Ratelimit-Reset"] = []string{strconv.FormatInt(d.Reset, 10)}
}
