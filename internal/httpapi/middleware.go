package httpapi

import (
	"context"
	"crypto/rand"
	"encoding/base32"
	"fmt"
	"net/http"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/notegen/notegen"
	"github.com/notegen/notegen/internal/apperr"
	"github.com/notegen/notegen/internal/logging"
)

// requestInfo is shared between the outer middleware and the route handler,
// which alone knows which route matched.
type requestInfo struct {
	route string
}

type requestInfoKey struct{}

func requestInfoFrom(ctx context.Context) *requestInfo {
	info, _ := ctx.Value(requestInfoKey{}).(*requestInfo)
	return info
}

// requestIDEncoding is base32 in lower case, so an id needs no second pass.
var requestIDEncoding = base32.NewEncoding("abcdefghijklmnopqrstuvwxyz234567").WithPadding(base32.NoPadding)

// newRequestID is "req_" and 16 lower-case base32 characters of 10 random
// bytes.
func newRequestID() string {
	var raw [10]byte
	_, _ = rand.Read(raw[:])
	id := make([]byte, 4, 4+16)
	copy(id, "req_")
	return string(requestIDEncoding.AppendEncode(id, raw[:]))
}

type httpMetrics struct {
	requests *prometheus.CounterVec
	latency  *prometheus.HistogramVec
}

func newHTTPMetrics(reg *prometheus.Registry) *httpMetrics {
	m := &httpMetrics{
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "notegen_http_requests_total", Help: "HTTP requests by route, method and status.",
		}, []string{"route", "method", "status"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "notegen_http_request_duration_seconds", Help: "HTTP request latency by route and method.",
			Buckets: prometheus.DefBuckets,
		}, []string{"route", "method"}),
	}
	reg.MustRegister(m.requests, m.latency)
	return m
}

// statusRecorder remembers the status a handler wrote.
type statusRecorder struct {
	http.ResponseWriter
	status  int
	written bool
}

func (r *statusRecorder) WriteHeader(code int) {
	if !r.written {
		r.status, r.written = code, true
	}
	r.ResponseWriter.WriteHeader(code)
}

func (r *statusRecorder) Write(b []byte) (int, error) {
	if !r.written {
		r.status, r.written = http.StatusOK, true
	}
	return r.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach the connection.
func (r *statusRecorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }

// middleware adds the request id, recovers panics, answers unknown routes
// with the contract's error body, and logs and measures every request. The
// log names the route pattern, never the raw path or query, which can carry
// API keys and upload signatures.
func (s *Server) middleware(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		id := newRequestID()
		info := &requestInfo{route: "unmatched"}
		ctx := logging.WithRequestID(r.Context(), id)
		ctx = context.WithValue(ctx, requestInfoKey{}, info)
		r = r.WithContext(ctx)
		w.Header().Set("X-Request-Id", id)
		rec := &statusRecorder{ResponseWriter: w, status: http.StatusOK}

		defer func() {
			if p := recover(); p != nil {
				if p == http.ErrAbortHandler {
					panic(p)
				}
				s.log.ErrorContext(ctx, "panic", "panic", fmt.Sprint(p), "stack", string(debug.Stack()))
				if !rec.written {
					s.writeError(rec, r, apperr.New(apperr.Internal, "Internal server error"))
				}
			}
			elapsed := time.Since(start)
			s.metrics.requests.WithLabelValues(info.route, r.Method, strconv.Itoa(rec.status)).Inc()
			s.metrics.latency.WithLabelValues(info.route, r.Method).Observe(elapsed.Seconds())
			s.log.InfoContext(ctx, "request", "method", r.Method, "route", info.route, "status", rec.status,
				"duration_ms", float64(elapsed.Microseconds())/1000)
		}()

		if _, pattern := s.mux.Handler(r); pattern == "" {
			s.unmatched(rec, r)
			return
		}
		next.ServeHTTP(rec, r)
	})
}

// unmatched answers a request that no route takes: 405 with Allow when the
// path exists under another method, else 404.
func (s *Server) unmatched(w http.ResponseWriter, r *http.Request) {
	var allowed []string
	for _, m := range []string{http.MethodGet, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete} {
		probe := r.Clone(r.Context())
		probe.Method = m
		if _, pattern := s.mux.Handler(probe); pattern != "" {
			allowed = append(allowed, m)
		}
	}
	if len(allowed) > 0 {
		w.Header().Set("Allow", strings.Join(allowed, ", "))
		s.writeStatusError(w, r, http.StatusMethodNotAllowed, apperr.BadRequest, "Method "+r.Method+" is not allowed on this path")
		return
	}
	s.writeError(w, r, apperr.New(apperr.NotFound, "No such endpoint: %s %s", r.Method, r.URL.Path))
}

// writeStatusError writes the contract's error body with a status outside
// the code table (405 has no code of its own in the contract).
func (s *Server) writeStatusError(w http.ResponseWriter, r *http.Request, status int, code apperr.Code, msg string) {
	writeJSON(w, s.log, status, notegen.ErrorBody{Message: msg, Error: notegen.ErrorDetail{Code: string(code), Message: msg, RequestID: logging.RequestID(r.Context())}})
}
