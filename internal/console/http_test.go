package console_test

import (
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	st "github.com/notegen/notegen/internal/servertest"
)

// noRedirect is a client that shows redirects instead of following them.
var noRedirect = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}

func postForm(t *testing.T, base, path string, form url.Values, headers map[string]string) (*http.Response, string) {
	t.Helper()
	req, err := http.NewRequest("POST", base+path, strings.NewReader(form.Encode()))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	res, err := noRedirect.Do(req)
	require.NoError(t, err)
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	require.NoError(t, err)
	return res, string(body)
}

// TestConsoleLogin checks the login form against the API's rules: the root
// sends browsers to the console, pages carry the security headers, a login
// form from another site is refused, and failed logins are throttled by the
// same counter as POST /v1/auth/login.
func TestConsoleLogin(t *testing.T) {
	st.Each(t, func(t *testing.T, b st.Backend) {
		s := st.Start(t, b)
		o := s.NewOwner(t)

		res, err := noRedirect.Get(s.URL + "/")
		require.NoError(t, err)
		res.Body.Close()
		require.Equal(t, http.StatusFound, res.StatusCode)
		require.Equal(t, "/console/", res.Header.Get("Location"))

		res, err = http.Get(s.URL + "/console/login")
		require.NoError(t, err)
		page, err := io.ReadAll(res.Body)
		res.Body.Close()
		require.NoError(t, err)
		require.Equal(t, http.StatusOK, res.StatusCode)
		require.Contains(t, string(page), `<html lang="en">`)
		require.Contains(t, string(page), `<label for="password">`)
		require.NotContains(t, string(page), "<script>", "no inline script")
		csp := res.Header.Get("Content-Security-Policy")
		require.Contains(t, csp, "script-src 'self'")
		require.Contains(t, csp, "frame-ancestors 'none'")
		require.Equal(t, "DENY", res.Header.Get("X-Frame-Options"))

		good := url.Values{"email": {o.Email}, "password": {o.Password}}
		res, _ = postForm(t, s.URL, "/console/login", good, map[string]string{"Origin": "http://evil.example", "Sec-Fetch-Site": "cross-site"})
		require.Equal(t, http.StatusForbidden, res.StatusCode)
		require.Empty(t, res.Cookies(), "no session for a cross-site login")

		res, _ = postForm(t, s.URL, "/console/login", good, map[string]string{"Origin": s.URL})
		require.Equal(t, http.StatusSeeOther, res.StatusCode)
		require.Len(t, res.Cookies(), 1)

		// Wrong passwords: the console answers with the API's message, and
		// after the API's limit both the console and the API refuse.
		bad := url.Values{"email": {o.Email}, "password": {"not the password"}}
		for range 5 {
			res, body := postForm(t, s.URL, "/console/login", bad, nil)
			require.Equal(t, http.StatusUnauthorized, res.StatusCode)
			require.Contains(t, body, "Invalid email or password")
		}
		res, body := postForm(t, s.URL, "/console/login", good, nil)
		require.Equal(t, http.StatusTooManyRequests, res.StatusCode)
		require.Contains(t, body, "Too many failed login attempts")
		require.NotEmpty(t, res.Header.Get("Retry-After"))
		api := s.Do(t, "POST", "/v1/auth/login", map[string]any{"email": o.Email, "password": o.Password})
		require.Equal(t, http.StatusTooManyRequests, api.Status)
	})
}

// consoleSession logs the owner in through the console's form and returns
// the session cookie and the CSRF token of its pages.
func consoleSession(t *testing.T, s *st.Server, o *st.Owner) (cookie, csrf string) {
	t.Helper()
	res, _ := postForm(t, s.URL, "/console/login", url.Values{"email": {o.Email}, "password": {o.Password}}, nil)
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	require.Len(t, res.Cookies(), 1)
	cookie = res.Cookies()[0].Name + "=" + res.Cookies()[0].Value
	page := getPage(t, s, cookie, "/console/webhooks")
	_, after, ok := strings.Cut(page, `name="csrf" value="`)
	require.True(t, ok, "a form with the CSRF token")
	csrf, _, _ = strings.Cut(after, `"`)
	return cookie, csrf
}

func getPage(t *testing.T, s *st.Server, cookie, path string) string {
	t.Helper()
	req, err := http.NewRequest("GET", s.URL+path, nil)
	require.NoError(t, err)
	req.Header.Set("Cookie", cookie)
	res, err := noRedirect.Do(req)
	require.NoError(t, err)
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	require.NoError(t, err)
	return string(body)
}

// TestConsoleShowsFieldMessages checks that a refusal naming a field is
// shown beside that field when the page has it, with the API's message and
// status, and above the form otherwise: no message is lost.
func TestConsoleShowsFieldMessages(t *testing.T) {
	st.EachServer(t, func(t *testing.T, s *st.Server) {
		o := s.NewOwner(t)
		cookie, csrf := consoleSession(t, s, o)

		page := getPage(t, s, cookie, "/console/jobs?limit=500")
		require.Contains(t, page, `<p class="field-error" id="limit-error">limit must be between 1 and 100</p>`)

		res, body := postForm(t, s.URL, "/console/webhooks/test", url.Values{"csrf": {csrf}, "env": {"staging"}}, map[string]string{"Cookie": cookie})
		api := s.Do(t, "POST", "/v1/user/webhook/test", map[string]any{"env": "staging"}, st.Bearer(o.IDToken))
		require.Equal(t, api.Status, res.StatusCode)
		msg := api.JSON(t)["error"].(map[string]any)["message"].(string)
		require.Contains(t, body, `<p class="field-error" id="env-error">`+msg+`</p>`)

		// A sandbox key has no metadata: the service names the key, which
		// the metadata form has no field for, so the message goes on top.
		res, _ = postForm(t, s.URL, "/console/keys", url.Values{"csrf": {csrf}, "key_type": {"sandbox"}}, map[string]string{"Cookie": cookie})
		require.Equal(t, http.StatusOK, res.StatusCode)
		keys := getPage(t, s, cookie, "/console/keys")
		_, after, ok := strings.Cut(keys, `name="key" value="`)
		require.True(t, ok)
		ref, _, _ := strings.Cut(after, `"`)
		res, body = postForm(t, s.URL, "/console/keys/metadata", url.Values{"csrf": {csrf}, "key": {ref}, "metadata": {`{"a":"b"}`}}, map[string]string{"Cookie": cookie})
		require.Equal(t, http.StatusBadRequest, res.StatusCode)
		require.Contains(t, body, `<p class="alert" role="alert">Metadata is supported only for live keys`)
	})
}

// TestConsoleOffersNoActionOnADeletedKey checks that a deleted key, which
// the API lists as inactive and refuses to change, is shown as deleted with
// no button that could only end in a refusal, while a live key beside it
// keeps its actions and its metadata form.
func TestConsoleOffersNoActionOnADeletedKey(t *testing.T) {
	st.Each(t, func(t *testing.T, b st.Backend) {
		s := st.Start(t, b)
		o := s.NewOwner(t)
		var keys []string
		for range 2 {
			res := s.Do(t, "POST", "/v1/user/create-api-key", map[string]any{"keyType": "live"}, st.Bearer(o.IDToken))
			require.Equal(t, http.StatusOK, res.Status, "create key: %s", res.Body)
			keys = append(keys, res.JSON(t)["api_key"].(string))
		}
		res := s.Do(t, "POST", "/v1/user/delete-api-key", map[string]any{"apiKey": keys[0]}, st.Bearer(o.IDToken))
		require.Equal(t, http.StatusOK, res.Status, "delete key: %s", res.Body)

		cookie, _ := consoleSession(t, s, o)
		page := getPage(t, s, cookie, "/console/keys")
		rows := strings.Split(page, "<tr>")
		rowOf := func(key string) string {
			for _, r := range rows {
				if strings.Contains(r, key[len(key)-4:]+"</code>") && strings.Contains(r, `data-label="Actions"`) {
					return r
				}
			}
			t.Fatalf("no row for the key ending %s in:\n%s", key[len(key)-4:], page)
			return ""
		}
		deleted, kept := rowOf(keys[0]), rowOf(keys[1])
		require.Contains(t, deleted, ">deleted</span>")
		require.NotContains(t, deleted, "Activate")
		require.NotContains(t, deleted, ">Delete</button>")
		require.Contains(t, kept, ">active</span>")
		require.Contains(t, kept, "Deactivate")
		require.Contains(t, kept, ">Delete</button>")
		require.Equal(t, 1, strings.Count(page, `class="card narrow metadata-form"`), "a metadata form for the kept key only")
	})
}
