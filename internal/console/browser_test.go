package console_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	cdplog "github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"

	st "github.com/notegen/notegen/internal/servertest"
)

// chromiumPath finds Debian's chromium. Where it is missing the browser
// tests skip on a developer's machine but fail in CI, which installs it.
func chromiumPath(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("chromium is not installed; .ci/run installs it (apt-get install chromium)")
	}
	t.Skip("chromium is not installed (apt-get install chromium)")
	return ""
}

// screenshotDir is where a test's screenshots go: under
// $NOTEGEN_CONSOLE_SCREENSHOTS when set (kept as test artifacts), else in a
// temporary directory of the test.
func screenshotDir(t *testing.T, name string) string {
	t.Helper()
	base := os.Getenv("NOTEGEN_CONSOLE_SCREENSHOTS")
	if base == "" {
		return t.TempDir()
	}
	dir := filepath.Join(base, name)
	require.NoError(t, os.MkdirAll(dir, 0o755))
	return dir
}

// browser is one headless chromium with what it saw: every request it
// sent and every console error or uncaught exception of its pages.
type browser struct {
	ctx      context.Context
	mu       sync.Mutex
	requests []string
	problems []string
}

func newBrowser(t *testing.T) *browser {
	t.Helper()
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromiumPath(t)),
		// CI runs as root, where chromium's sandbox cannot start.
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.WindowSize(1280, 900),
	)
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelCtx := chromedp.NewContext(allocCtx)
	// A generous bound for the whole flow: it is a guard against a hung
	// browser, not a speed assertion.
	ctx, cancelTimeout := context.WithTimeout(ctx, 10*time.Minute)
	t.Cleanup(func() {
		cancelTimeout()
		cancelCtx()
		cancelAlloc()
	})
	b := &browser{ctx: ctx}
	require.NoError(t, chromedp.Listen(ctx, func(ev any) {
		b.mu.Lock()
		defer b.mu.Unlock()
		switch ev := ev.(type) {
		case *network.EventRequestWillBeSent:
			b.requests = append(b.requests, ev.Request.URL)
		case *runtime.EventConsoleAPICalled:
			if ev.Type == runtime.ConsoleAPICalledTypeError || ev.Type == runtime.ConsoleAPICalledTypeWarning {
				b.problems = append(b.problems, fmt.Sprintf("console.%s: %v", ev.Type, ev.Args))
			}
		case *runtime.EventExceptionThrown:
			b.problems = append(b.problems, "exception: "+ev.ExceptionDetails.Text)
		case *cdplog.EventEntryAdded:
			if ev.Entry.Level == cdplog.EntryLevelError || ev.Entry.Level == cdplog.EntryLevelWarning {
				b.problems = append(b.problems, fmt.Sprintf("log %s: %s %s", ev.Entry.Level, ev.Entry.Text, ev.Entry.URL))
			}
		}
	}))
	_, err := chromedp.Call(ctx, network.Enable, network.EnableParams{})
	require.NoError(t, err)
	_, err = chromedp.Call(ctx, cdplog.Enable, cdp.Empty{})
	require.NoError(t, err)
	_, err = chromedp.Call(ctx, runtime.Enable, cdp.Empty{})
	require.NoError(t, err)
	return b
}

// run runs steps in the page, in order.
func (b *browser) run(t *testing.T, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	require.NoError(t, chromedp.Do(b.ctx, steps...))
}

// get runs one step that answers a value.
func get[T any](t *testing.T, b *browser, a chromedp.Action[T]) T {
	t.Helper()
	v, err := chromedp.Run(b.ctx, a)
	require.NoError(t, err)
	return v
}

type css = chromedp.CSS

func (b *browser) screenshot(t *testing.T, dir, name string) {
	t.Helper()
	png := get(t, b, chromedp.FullScreenshot(100))
	path := filepath.Join(dir, name+".png")
	require.NoError(t, os.WriteFile(path, png, 0o644))
	t.Logf("screenshot: %s", path)
}

// expectRefusals checks that the browser's only problems so far are the n
// log entries of forms the test had refused on purpose (the console answers
// them with the API's 4xx status, which the browser logs), and forgets them.
func (b *browser) expectRefusals(t *testing.T, n int) {
	t.Helper()
	b.mu.Lock()
	defer b.mu.Unlock()
	require.Len(t, b.problems, n, "problems: %v", b.problems)
	for _, p := range b.problems {
		require.Regexp(t, `status of 4\d\d`, p)
	}
	b.problems = nil
}

// sessionCookie returns the console's cookie as the browser holds it.
func (b *browser) sessionCookie(t *testing.T, base string) *network.Cookie {
	t.Helper()
	res, err := chromedp.Call(b.ctx, network.GetCookies, network.GetCookiesParams{URLs: []string{base + "/console/keys"}})
	require.NoError(t, err)
	cookies := res.Cookies
	for _, c := range cookies {
		if c.Name == "notegen_console" {
			return c
		}
	}
	t.Fatalf("no console session cookie among %d cookies", len(cookies))
	return nil
}

// TestConsoleInBrowser walks an owner's first visit in a real browser: sign
// up, create a sandbox key, submit a text job with it through the API, and
// read the job's note and transcript in the console; then checks what the
// browser holds and sends, and that logging out ends the session.
func TestConsoleInBrowser(t *testing.T) {
	st.Each(t, func(t *testing.T, backend st.Backend) {
		s := st.Start(t, backend)
		dir := screenshotDir(t, "flow-"+string(backend))
		b := newBrowser(t)
		email := fmt.Sprintf("browser-%d@clinic.example", time.Now().UnixNano())

		// A browser at the root lands on the login page, which links to
		// sign-up.
		b.run(t, chromedp.Navigate(s.URL+"/"), chromedp.WaitVisible(css(`a[href="/console/signup"]`)))
		require.Equal(t, s.URL+"/console/login", get(t, b, chromedp.Location()))
		b.screenshot(t, dir, "01-login")

		// Sign-up refuses a weak password next to the password field, with
		// the API's message, and keeps what was typed.
		b.run(t, chromedp.Click(css(`a[href="/console/signup"]`)), chromedp.WaitVisible(css(`#email`)),
			chromedp.SendKeys(css(`#email`), email), chromedp.SendKeys(css(`#password`), "short"),
			chromedp.SendKeys(css(`#company_name`), "Browser Clinic"),
			chromedp.Submit(css(`#email`)), chromedp.WaitVisible(css(`#password-error`)))
		require.Contains(t, strings.ToLower(get(t, b, chromedp.Text(css(`#password-error`)))), "password")
		require.Equal(t, email, get(t, b, chromedp.Value(css(`#email`))))
		b.screenshot(t, dir, "02-signup-error")
		b.expectRefusals(t, 1)

		// A good password creates the account and signs in: the keys page
		// says what to do first.
		b.run(t, chromedp.SendKeys(css(`#password`), "a long clinic passphrase 42"), chromedp.Submit(css(`#password`)),
			chromedp.WaitVisible(css(`p.empty`)))
		require.Contains(t, get(t, b, chromedp.Text(css(`p.empty`))), "No keys yet: create a sandbox key")
		b.screenshot(t, dir, "03-keys-empty")

		// Creating a sandbox key shows it in full once, with a copy button.
		b.run(t, chromedp.SetValue(css(`#key_type`), "sandbox"), chromedp.Submit(css(`#key_type`)),
			chromedp.WaitVisible(css(`#new-key`)))
		key := get(t, b, chromedp.Text(css(`#new-key`)))
		require.True(t, strings.HasPrefix(key, "ng_sandbox_"), "new key: %q", key)
		require.Len(t, get(t, b, chromedp.Nodes(chromedp.CSSAll(`button[data-copy="new-key"]`))), 1)
		b.screenshot(t, dir, "04-key-created")
		// The listing masks it, and a reload no longer shows it.
		b.run(t, chromedp.Navigate(s.URL+"/console/keys"), chromedp.WaitVisible(css(`table`)))
		html := get(t, b, chromedp.OuterHTML(css(`html`)))
		require.NotContains(t, html, key)
		require.Contains(t, html, key[len(key)-4:])

		// The key works against the API.
		jobID := submitJob(t, s, key, "Doctor: What brings you in today?\nPatient: I have had chest pain for two days.\nDoctor: Any shortness of breath?\nPatient: No.")

		// The console lists the job and shows its note and transcript.
		jobLink := css(`a[href="/console/jobs/` + jobID + `"]`)
		b.run(t, chromedp.Click(css(`nav a[href="/console/jobs"]`)), chromedp.WaitVisible(jobLink))
		b.screenshot(t, dir, "05-jobs")
		b.run(t, chromedp.Click(jobLink), chromedp.WaitVisible(css(`#transcript-title`)))
		require.NotEmpty(t, get(t, b, chromedp.Nodes(chromedp.CSSAll(`.note-section h3`))), "the note's sections are shown")
		patientLine := get(t, b, chromedp.Text(css(`.transcript li:nth-child(2)`)))
		require.Contains(t, strings.ToLower(patientLine), "patient")
		require.Contains(t, patientLine, "chest pain for two days")
		// A sandbox note's sample sentences come from no transcript: none
		// offers evidence to highlight, each is marked as not found there
		// (a live note's evidence is highlighted in TestConsoleTasks).
		require.Zero(t, get(t, b, chromedp.Evaluate[int](`document.querySelectorAll('button.sentence[data-spans]').length`)))
		require.Contains(t, get(t, b, chromedp.Text(css(`.sentence.unsupported`))), "sandbox")
		b.screenshot(t, dir, "06-job")

		// Deactivating the key turns it off for the API at once; activating
		// it turns it back on.
		b.run(t, chromedp.Click(css(`nav a[href="/console/keys"]`)), chromedp.WaitVisible(css(`table`)),
			chromedp.Click(css(`form[action="/console/keys/status"] button`)), chromedp.WaitVisible(css(`.status-inactive`)))
		resp := s.Do(t, "GET", "/v1/status/"+jobID, nil, st.APIKey(key))
		require.Equal(t, http.StatusUnauthorized, resp.Status, "deactivated key: %s", resp.Body)
		b.run(t, chromedp.Click(css(`form[action="/console/keys/status"] button`)), chromedp.WaitVisible(css(`.status-active`)))
		resp = s.Do(t, "GET", "/v1/status/"+jobID, nil, st.APIKey(key))
		require.Equal(t, http.StatusOK, resp.Status, "reactivated key: %s", resp.Body)

		// Webhooks: a bad URL is refused beside its field with the API's
		// message; a good one is saved; the secret is revealed on request
		// and a test event is queued, with the server's warning about a
		// loopback receiver it will not deliver to.
		b.run(t, chromedp.Click(css(`nav a[href="/console/webhooks"]`)), chromedp.WaitVisible(css(`#webhook_dev`)),
			chromedp.SendKeys(css(`#webhook_dev`), "not a url"), chromedp.Submit(css(`#webhook_dev`)),
			chromedp.WaitVisible(css(`#webhook_dev-error`)))
		require.Contains(t, get(t, b, chromedp.Text(css(`#webhook_dev-error`))), "Webhook URL")
		b.run(t, chromedp.Clear(css(`#webhook_dev`)), chromedp.SendKeys(css(`#webhook_dev`), "http://127.0.0.1:9/hook"),
			chromedp.Submit(css(`#webhook_dev`)), chromedp.WaitVisible(css(`p.notice`)))
		require.Equal(t, "http://127.0.0.1:9/hook", get(t, b, chromedp.Value(css(`#webhook_dev`))))
		b.run(t, chromedp.Click(css(`form[action="/console/webhooks/secret"] button`)), chromedp.WaitVisible(css(`#webhook-secret`)))
		require.NotEmpty(t, get(t, b, chromedp.Text(css(`#webhook-secret`))))
		b.run(t, chromedp.SetValue(css(`#env`), "dev"), chromedp.Submit(css(`#env`)), chromedp.WaitVisible(css(`p.notice`)))
		b.screenshot(t, dir, "07-webhooks")
		b.expectRefusals(t, 1)

		// Usage draws its chart on the server; the audit log lists what was
		// done so far.
		b.run(t, chromedp.Click(css(`nav a[href="/console/usage"]`)), chromedp.WaitVisible(css(`svg.bars`)))
		b.screenshot(t, dir, "08-usage")
		b.run(t, chromedp.Click(css(`nav a[href="/console/audit"]`)), chromedp.WaitVisible(css(`table`)))
		auditText := get(t, b, chromedp.Text(css(`table`)))
		for _, action := range []string{"account.created", "api_key.created", "webhook.settings_updated"} {
			require.Contains(t, auditText, action)
		}
		b.screenshot(t, dir, "09-audit")

		// A phone-width view of the job and keys pages.
		b.run(t, chromedp.EmulateViewport(390, 844), chromedp.Navigate(s.URL+"/console/jobs/"+jobID), chromedp.WaitVisible(css(`#transcript-title`)))
		b.screenshot(t, dir, "10-job-phone")
		b.run(t, chromedp.Navigate(s.URL+"/console/keys"), chromedp.WaitVisible(css(`table`)))
		b.screenshot(t, dir, "11-keys-phone")
		b.run(t, chromedp.EmulateViewport(1280, 900))

		// The session cookie is out of reach of scripts and other sites.
		c := b.sessionCookie(t, s.URL)
		require.True(t, c.HTTPOnly, "HttpOnly")
		require.Equal(t, network.CookieSameSiteStrict, c.SameSite)
		require.False(t, c.Secure, "plain http: not Secure")
		require.Equal(t, "/console/", c.Path)
		require.Empty(t, get(t, b, chromedp.Evaluate[string](`document.cookie`)))
		require.NotContains(t, c.Value, key[len("ng_sandbox_"):])

		// A form posted from another origin, or without the page's CSRF
		// token, is refused and changes nothing: the session survives.
		client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
		post := func(origin string, form url.Values) int {
			req, err := http.NewRequest("POST", s.URL+"/console/logout", strings.NewReader(form.Encode()))
			require.NoError(t, err)
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			req.Header.Set("Cookie", c.Name+"="+c.Value)
			if origin != "" {
				req.Header.Set("Origin", origin)
			}
			res, err := client.Do(req)
			require.NoError(t, err)
			res.Body.Close()
			return res.StatusCode
		}
		fetch := func(path string) *http.Response {
			req, err := http.NewRequest("GET", s.URL+path, nil)
			require.NoError(t, err)
			req.Header.Set("Cookie", c.Name+"="+c.Value)
			res, err := client.Do(req)
			require.NoError(t, err)
			res.Body.Close()
			return res
		}
		require.Equal(t, http.StatusForbidden, post("http://evil.example", url.Values{"csrf": {"guess"}}))
		require.Equal(t, http.StatusForbidden, post(s.URL, url.Values{}))
		require.Equal(t, http.StatusForbidden, post(s.URL, url.Values{"csrf": {"guess"}}))
		res := fetch("/console/keys")
		require.Equal(t, http.StatusOK, res.StatusCode, "still signed in")
		for _, h := range []string{"Content-Security-Policy", "X-Frame-Options"} {
			require.NotEmpty(t, res.Header.Get(h), h)
		}
		require.Contains(t, res.Header.Get("Content-Security-Policy"), "frame-ancestors 'none'")
		require.NotContains(t, res.Header.Get("Content-Security-Policy"), "unsafe-inline")

		// Logging out ends the session on the server: the cookie a thief
		// might have copied no longer opens a page.
		b.run(t, chromedp.Click(css(`form.logout button`)), chromedp.WaitVisible(css(`#password`)))
		require.Equal(t, s.URL+"/console/login", get(t, b, chromedp.Location()))
		res = fetch("/console/keys")
		require.Equal(t, http.StatusSeeOther, res.StatusCode)
		require.Equal(t, "/console/login", res.Header.Get("Location"))

		// Logging in again works.
		b.run(t, chromedp.SendKeys(css(`#email`), email), chromedp.SendKeys(css(`#password`), "a long clinic passphrase 42"),
			chromedp.Submit(css(`#password`)), chromedp.WaitVisible(jobLink))

		// Account: the profile is saved; a wrong current password is refused
		// beside its field; a password change ends the session, and the new
		// password logs in.
		b.run(t, chromedp.Click(css(`nav a[href="/console/account"]`)), chromedp.WaitVisible(css(`#company_name`)),
			chromedp.Clear(css(`#company_name`)), chromedp.SendKeys(css(`#company_name`), "Renamed Clinic"),
			chromedp.Submit(css(`#company_name`)), chromedp.WaitVisible(css(`p.notice`)))
		require.Equal(t, "Renamed Clinic", get(t, b, chromedp.Value(css(`#company_name`))))
		b.run(t, chromedp.SendKeys(css(`#current_password`), "not my password"), chromedp.SendKeys(css(`#new_password`), "another long passphrase 7"),
			chromedp.Submit(css(`#new_password`)), chromedp.WaitVisible(css(`#current_password-error`)))
		b.screenshot(t, dir, "12-account-error")
		b.expectRefusals(t, 1)
		c = b.sessionCookie(t, s.URL)
		b.run(t, chromedp.SendKeys(css(`#current_password`), "a long clinic passphrase 42"), chromedp.SendKeys(css(`#new_password`), "another long passphrase 7"),
			chromedp.Submit(css(`#new_password`)), chromedp.WaitVisible(css(`p.notice`)), chromedp.WaitVisible(css(`#password`)))
		require.Contains(t, get(t, b, chromedp.Text(css(`p.notice`))), "Password changed")
		res = fetch("/console/keys")
		require.Equal(t, http.StatusSeeOther, res.StatusCode, "the session before the change has ended")
		b.run(t, chromedp.SendKeys(css(`#password`), "another long passphrase 7"),
			chromedp.Submit(css(`#password`)), chromedp.WaitVisible(jobLink))

		b.mu.Lock()
		defer b.mu.Unlock()
		require.NotEmpty(t, b.requests)
		for _, u := range b.requests {
			require.True(t, strings.HasPrefix(u, s.URL+"/") || strings.HasPrefix(u, "data:"), "request left the origin: %s", u)
		}
		require.Empty(t, b.problems, "the browser reported problems")
	})
}
