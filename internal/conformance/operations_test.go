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

	"github.com/notegen/notegen/internal/httpapi"
	st "github.com/notegen/notegen/internal/servertest"
)

func TestHealthReadinessAndMetrics(t *testing.T) {
	st.EachServer(t, func(t *testing.T, s *st.Server) {
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
// every route of the server's route table is documented and served.
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

	// The other direction: every route of the server's own table is
	// documented and answers as a route (a new route is covered at once).
	served := httpapi.Routes()
	require.NotEmpty(t, served)
	for _, route := range served {
		require.Contains(t, documented, route, "%s is served but not documented", route)
		method, path, _ := strings.Cut(route, " ")
		probe := s.Do(t, method, param.ReplaceAllString(path, "probe"), nil)
		require.NotContains(t, string(probe.Body), "No such endpoint", "%s is in the route table but not served", route)
		require.NotEqual(t, http.StatusMethodNotAllowed, probe.Status, "%s is in the route table but not served", route)
	}
	require.Len(t, documented, len(served), "the document has as many operations as the route table")
}
