package conformance

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"testing"

	"github.com/stretchr/testify/require"

	st "github.com/notegen/notegen/internal/servertest"
)

// rawRequest sends a request whose headers are added, not set, so a test
// can repeat a header or send bytes that st.Do would not.
func rawRequest(t *testing.T, s *st.Server, method, path string, body []byte, headers ...st.Header) st.Response {
	t.Helper()
	var reader io.Reader
	if body != nil {
		reader = bytes.NewReader(body)
	}
	req, err := http.NewRequest(method, s.URL+path, reader)
	require.NoError(t, err)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for _, h := range headers {
		req.Header.Add(h[0], h[1])
	}
	resp, err := s.Client.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return st.Response{Status: resp.StatusCode, Header: resp.Header, Body: data}
}

// requireError asserts the contract's error body with the given status,
// code and, when not empty, field.
func requireError(t *testing.T, resp st.Response, status int, code, field, msgAndArgs string) {
	t.Helper()
	require.Equal(t, status, resp.Status, "%s: %s", msgAndArgs, resp.Body)
	var body struct {
		Error struct {
			Code  string `json:"code"`
			Field string `json:"field"`
		} `json:"error"`
	}
	require.NoError(t, json.Unmarshal(resp.Body, &body), "%s: %s", msgAndArgs, resp.Body)
	require.Equal(t, code, body.Error.Code, "%s: %s", msgAndArgs, resp.Body)
	if field != "" {
		require.Equal(t, field, body.Error.Field, "%s: %s", msgAndArgs, resp.Body)
	}
}

// TestDuplicateCredentialHeaders checks that two x-api-key or two
// Authorization headers are refused even when both are valid: which one
// would win is up to the reader, so the server takes neither.
func TestDuplicateCredentialHeaders(t *testing.T) {
	t.Parallel()
	st.Each(t, func(t *testing.T, b st.Backend) {
		s := st.Start(t, b)
		o := s.NewOwner(t)
		other := s.NewOwner(t)
		key := createKey(t, s, o, "sandbox", nil)
		otherKey := createKey(t, s, other, "sandbox", nil)

		// Each credential alone works, so the refusals below are about the
		// repetition.
		require.Equal(t, http.StatusOK, rawRequest(t, s, "GET", "/v1/system/status", nil, st.APIKey(key)).Status)
		require.Equal(t, http.StatusOK, rawRequest(t, s, "GET", "/v1/user/account/info", nil, st.Bearer(o.IDToken)).Status)

		cases := []struct {
			name    string
			method  string
			path    string
			headers []st.Header
		}{
			{"two api keys of two accounts", "GET", "/v1/system/status", []st.Header{st.APIKey(key), st.APIKey(otherKey)}},
			{"the same api key twice", "GET", "/v1/system/status", []st.Header{st.APIKey(key), st.APIKey(key)}},
			{"two bearer tokens", "GET", "/v1/user/account/info", []st.Header{st.Bearer(o.IDToken), st.Bearer(other.IDToken)}},
			{"the same bearer token twice", "GET", "/v1/user/account/info", []st.Header{st.Bearer(o.IDToken), st.Bearer(o.IDToken)}},
			{"two Authorization on an API-key route", "GET", "/v1/system/status", []st.Header{st.APIKey(key), st.Bearer(o.IDToken), st.Bearer(o.IDToken)}},
		}
		for _, tc := range cases {
			resp := rawRequest(t, s, tc.method, tc.path, nil, tc.headers...)
			requireError(t, resp, http.StatusBadRequest, "bad_request", "", tc.name)
		}

	})
}
