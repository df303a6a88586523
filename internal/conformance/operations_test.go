package conformance

import (
	"context"
	"encoding/json"
	"net/http"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	st "github.com/notegen/notegen/internal/servertest"
)

func TestHealthReadinessAndMetrics(t *testing.T) {
	t.Parallel()
	st.Each(t, func(t *testing.T, b st.Backend) {
		s := st.Start(t, b)
		require.Equal(t, http.StatusOK, s.Do(t, "GET", "/healthz", nil).Status)
		ready := s.Do(t, "GET", "/readyz", nil)
		require.Equal(t, http.StatusOK, ready.Status, "%s", ready.Body)
		require.Equal(t, "ready", ready.JSON(t)["status"])

		// A database that lacks the newest migration is not ready.
		db := openStore(t, s.DB)
		_, err := db.Exec(context.Background(), `DELETE FROM goose_db_version WHERE version_id = (SELECT MAX(version_id) FROM goose_db_version)`)
		require.NoError(t, err)
		notReady := s.Do(t, "GET", "/readyz", nil)
		require.Equal(t, http.StatusServiceUnavailable, notReady.Status, "%s", notReady.Body)
		require.Equal(t, "unavailable", notReady.ErrorCode(t))
		require.Equal(t, http.StatusOK, s.Do(t, "GET", "/healthz", nil).Status, "alive though not ready")

		s.Do(t, "POST", "/v1/auth/login", map[string]any{"email": "x@example.com", "password": "nope nope"})
		metrics := s.Do(t, "GET", "/metrics", nil)
		require.Equal(t, http.StatusOK, metrics.Status)
		require.Regexp(t, `notegen_http_requests_total\{method="POST",route="/v1/auth/login",status="401"\} 1`, string(metrics.Body))
		require.Contains(t, string(metrics.Body), `notegen_http_request_duration_seconds_bucket{method="POST",route="/v1/auth/login"`)
	})
}

// TestOpenAPIMatchesRoutes checks both directions: every documented
// operation is served (it does not answer "no such endpoint" or 405), and
// every served route is documented (probing the documented paths and a
// list of the server's own routes).
func TestOpenAPIMatchesRoutes(t *testing.T) {
	t.Parallel()
	s := st.Start(t, st.SQLite)
	resp := s.Do(t, "GET", "/openapi.json", nil)
	require.Equal(t, http.StatusOK, resp.Status)
	var doc struct {
		OpenAPI string                               `json:"openapi"`
		Paths   map[string]map[string]map[string]any `json:"paths"`
	}
	require.NoError(t, json.Unmarshal(resp.Body, &doc))
	require.Equal(t, "3.1.0", doc.OpenAPI)

	var documented []string
	param := regexp.MustCompile(`\{[^}]+\}`)
	for path, ops := range doc.Paths {
		for method, op := range ops {
			documented = append(documented, strings.ToUpper(method)+" "+path)
			require.Contains(t, op, "responses", path)
			probe := s.Do(t, strings.ToUpper(method), param.ReplaceAllString(path, "probe"), nil)
			if probe.Status == http.StatusNotFound || probe.Status == http.StatusMethodNotAllowed {
				require.NotContains(t, string(probe.Body), "No such endpoint", "%s %s is documented but not served", method, path)
				require.NotEqual(t, http.StatusMethodNotAllowed, probe.Status, "%s %s is documented but not served", method, path)
			}
		}
	}
	sort.Strings(documented)

	// A route that is served but undocumented would answer here without
	// being in the document; every route the contract names is checked.
	served := []string{
		"GET /healthz", "GET /readyz", "GET /metrics", "GET /openapi.json", "GET /.well-known/jwks.json",
		"POST /v1/auth/create-account", "POST /v1/auth/login", "POST /v1/auth/refresh",
		"POST /v1/auth/change-password", "POST /v1/auth/logout", "GET /v1/user/account/info",
		"GET /v1/user/list-api-keys", "POST /v1/user/create-api-key", "POST /v1/user/update-api-key-metadata",
		"POST /v1/user/api-keys/{api_key}/status", "POST /v1/user/delete-api-key",
		"POST /v1/user/account/update", "POST /v1/user/cancel-account", "POST /v1/user/reactivate-account",
		"GET /v1/user/audit-log", "GET /v1/user/webhook", "POST /v1/user/webhook",
		"GET /v1/user/webhook/secret", "POST /v1/user/webhook/secret/rotate", "GET /v1/system/status",
		"GET /v1/user/webhook/deliveries", "POST /v1/user/webhook/deliveries/{id}/redeliver", "POST /v1/user/webhook/test",
		"POST /v1/process-audio", "PUT /v1/uploads/{job_id}", "POST /v1/process-text", "POST /v1/regenerate-note",
		"GET /v1/status/{job_id}", "GET /v1/fetch-note/{job_id}", "GET /v1/fetch-transcript/{job_id}", "GET /v1/user/usage",
	}
	for _, route := range served {
		require.Contains(t, documented, route)
	}
}
