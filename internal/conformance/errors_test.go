package conformance

import (
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	st "github.com/notegen/notegen/internal/servertest"
)

func TestErrorContract(t *testing.T) {
	st.EachOwner(t, func(t *testing.T, s *st.Server, o *st.Owner) {
		huge := `{"email":"` + strings.Repeat("a", 1<<20) + `@example.com","password":"x"}`
		cases := []struct {
			name          string
			method, path  string
			body          any
			headers       []st.Header
			status        int
			code, field   string
			wantAllowPost bool
		}{
			{name: "malformed JSON", method: "POST", path: "/v1/auth/login", body: `{"email": `, status: 400, code: "bad_request"},
			{name: "not an object", method: "POST", path: "/v1/auth/login", body: `["a"]`, status: 400, code: "bad_request"},
			{name: "trailing data", method: "POST", path: "/v1/auth/login", body: `{} {}`, status: 400, code: "bad_request"},
			{name: "wrong field type", method: "POST", path: "/v1/auth/create-account", body: `{"email": 42, "password": "a sturdy passphrase"}`, status: 400, code: "validation_error", field: "email"},
			{name: "wrong nested type", method: "POST", path: "/v1/auth/create-account", body: `{"email": "x@example.com", "password": "a sturdy passphrase", "company_name": false}`, status: 400, code: "validation_error", field: "company_name"},
			{name: "body over 1 MiB", method: "POST", path: "/v1/auth/create-account", body: huge, status: 413, code: "payload_too_large"},
			{name: "unknown path", method: "GET", path: "/v1/no-such-thing", status: 404, code: "not_found"},
			{name: "wrong method", method: "GET", path: "/v1/auth/login", status: 405, code: "bad_request", wantAllowPost: true},
			{name: "missing credentials", method: "GET", path: "/v1/user/account/info", status: 401, code: "authentication_error"},
			{name: "wrong type with auth", method: "POST", path: "/v1/auth/change-password", body: `{"current_password": ["x"], "new_password": "y"}`, headers: []st.Header{st.Bearer(o.IDToken)}, status: 400, code: "validation_error", field: "current_password"},
		}
		for _, tc := range cases {
			resp := s.Do(t, tc.method, tc.path, tc.body, tc.headers...)
			require.Equal(t, tc.status, resp.Status, "%s: %s", tc.name, resp.Body)
			body := resp.JSON(t)
			e := body["error"].(map[string]any)
			require.Equal(t, tc.code, e["code"], tc.name)
			require.NotEmpty(t, body["message"], tc.name)
			require.Equal(t, body["message"], e["message"], tc.name)
			requestID := resp.Header.Get("X-Request-Id")
			require.Regexp(t, `^req_[a-z0-9]+$`, requestID, tc.name)
			require.Equal(t, requestID, e["request_id"], tc.name)
			if tc.field != "" {
				require.Equal(t, tc.field, e["field"], tc.name)
			}
			if tc.wantAllowPost {
				require.Equal(t, "POST", resp.Header.Get("Allow"), tc.name)
			}
		}
		// Null counts as absent: a null optional field is accepted.
		resp := s.Do(t, "POST", "/v1/auth/create-account", `{"email": "nulls@example.com", "password": "a sturdy passphrase", "company_name": null}`)
		require.Equal(t, http.StatusCreated, resp.Status, "%s", resp.Body)
		// Unknown fields are ignored.
		resp = s.Do(t, "POST", "/v1/auth/login", `{"email": "nulls@example.com", "password": "a sturdy passphrase", "remember_me": true}`)
		require.Equal(t, http.StatusOK, resp.Status, "%s", resp.Body)
	})
}
