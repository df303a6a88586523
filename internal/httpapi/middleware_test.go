package httpapi

import (
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen"
	"github.com/notegen/notegen/internal/ratelimit"
)

func TestPanicBecomesInternalError(t *testing.T) {
	t.Parallel()
	s := &Server{log: slog.New(slog.NewTextHandler(io.Discard, nil)), mux: http.NewServeMux()}
	s.metrics = newHTTPMetrics(prometheus.NewRegistry())
	s.mux.Handle("GET /boom", s.wrap(route{method: "GET", path: "/boom", handle: func(http.ResponseWriter, *http.Request) error {
		panic("database exploded: password=hunter2")
	}}))
	rec := httptest.NewRecorder()
	s.middleware(s.mux).ServeHTTP(rec, httptest.NewRequest("GET", "/boom", nil))

	require.Equal(t, http.StatusInternalServerError, rec.Code)
	var body notegen.ErrorBody
	require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &body))
	require.Equal(t, "internal_error", string(body.Error.Code))
	require.Equal(t, rec.Header().Get("X-Request-Id"), body.Error.RequestID)
	require.NotContains(t, rec.Body.String(), "hunter2", "internals never leak to the client")
}

func TestJSONFieldPath(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"email":                "email",
		"Profile.company_name": "company_name",
		"custom.context":       "custom.context",
		"":                     "",
	} {
		require.Equal(t, want, jsonFieldPath(in), in)
	}
}

// The rate-limit headers are written under the keys Header.Set would use,
// so Header.Get (and every client) finds them.
func TestRateHeadersAreCanonical(t *testing.T) {
	t.Parallel()
	d := ratelimit.Decision{Limit: 600, Remaining: 17, Reset: 1795412400}
	got := http.Header{}
	setRateHeaders(got, d)
	want := http.Header{}
	want.Set("X-RateLimit-Limit", "600")
	want.Set("X-RateLimit-Remaining", "17")
	want.Set("X-RateLimit-Reset", "1795412400")
	require.Equal(t, want, got)
}
