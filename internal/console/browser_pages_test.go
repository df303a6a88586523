package console_test

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/masterkey"
	st "github.com/notegen/notegen/internal/servertest"
)

// consolePage is one page of the sweep: where it is and an element that
// shows it has loaded.
type consolePage struct {
	name, path, ready string
}

// unlabelledFields lists the form fields of the page that no label names
// (neither <label for>, a wrapping label, nor aria-label/labelledby).
const unlabelledFields = `Array.from(document.querySelectorAll('input:not([type=hidden]), select, textarea'))
	.filter(el => el.labels.length === 0 && !el.getAttribute('aria-label') && !el.getAttribute('aria-labelledby'))
	.map(el => el.outerHTML)`

// interactiveElements numbers the page's visible interactive elements in a
// data attribute, for the keyboard walk to tick off, and answers how many
// there are.
const interactiveElements = `(() => {
	const all = Array.from(document.querySelectorAll('a[href], button, input:not([type=hidden]), select, textarea, summary'))
		.filter(el => el.getClientRects().length > 0 && !el.disabled);
	all.forEach((el, i) => el.setAttribute('data-kb', String(i)));
	document.activeElement && document.activeElement.blur();
	return all.length;
})()`

// checkPage checks what every page owes its users: a title, a language,
// labelled fields, every interactive element reachable with the Tab key,
// and no page-wide horizontal scroll at a phone's width (375 px). It saves a
// screenshot at laptop and at phone width.
func checkPage(t *testing.T, b *browser, base, dir string, p consolePage) {
	t.Helper()
	b.run(t, chromedp.EmulateViewport(1280, 900), chromedp.Navigate(base+p.path), chromedp.WaitVisible(css(p.ready)))
	require.NotEmpty(t, get(t, b, chromedp.Title()), "%s: <title>", p.name)
	require.Equal(t, "en", get(t, b, chromedp.Evaluate[string](`document.documentElement.lang`)), "%s: lang", p.name)
	require.Empty(t, get(t, b, chromedp.Evaluate[[]string](unlabelledFields)), "%s: fields without a label", p.name)

	n := get(t, b, chromedp.Evaluate[int](interactiveElements))
	reached := map[string]bool{}
	// Some fields take several presses (a month field has a month, a year
	// and a picker button): walk until every element is reached, within a
	// bound.
	for i := 0; len(reached) < n && i < 3*n+5; i++ {
		b.run(t, chromedp.KeyEvent(kb.Tab))
		if id := get(t, b, chromedp.Evaluate[string](`document.activeElement.getAttribute('data-kb') || ''`)); id != "" {
			reached[id] = true
		}
	}
	var missed []string
	for i := 0; i < n; i++ {
		if !reached[fmt.Sprint(i)] {
			missed = append(missed, get(t, b, chromedp.Evaluate[string](fmt.Sprintf(`document.querySelector('[data-kb="%d"]').outerHTML`, i))))
		}
	}
	require.Empty(t, missed, "%s: elements the Tab key never reaches", p.name)
	b.screenshot(t, dir, p.name)

	b.run(t, chromedp.EmulateViewport(375, 812), chromedp.Navigate(base+p.path), chromedp.WaitVisible(css(p.ready)))
	widths := get(t, b, chromedp.Evaluate[[]int](`[document.documentElement.scrollWidth, window.innerWidth]`))
	require.LessOrEqual(t, widths[0], widths[1], "%s: the page scrolls sideways at 375 px", p.name)
	b.screenshot(t, dir, p.name+"-phone")
	b.run(t, chromedp.EmulateViewport(1280, 900))
}

// refreshTokenOf opens the browser's session cookie with the deployment's
// master key, as only the server can, to name the refresh token the
// console holds for the owner.
func refreshTokenOf(t *testing.T, b *browser, s *st.Server) string {
	t.Helper()
	c := b.sessionCookie(t, s.URL)
	key, err := masterkey.Parse(s.DB.MasterKey)
	require.NoError(t, err)
	sealed, err := base64.RawURLEncoding.DecodeString(c.Value)
	require.NoError(t, err)
	plain, err := key.Open("console-session", sealed)
	require.NoError(t, err)
	var sess struct {
		Refresh string `json:"r"`
	}
	require.NoError(t, json.Unmarshal(plain, &sess))
	require.NotEmpty(t, sess.Refresh)
	return sess.Refresh
}

// refreshStatus is the API's answer to the refresh token.
func refreshStatus(t *testing.T, s *st.Server, token string) int {
	t.Helper()
	return s.Do(t, "POST", "/v1/auth/refresh", map[string]any{"refresh_token": token}).Status
}

// cookieClient fetches console pages with the browser's session cookie,
// without following redirects.
func cookieClient(t *testing.T, b *browser, s *st.Server) func(path string) *http.Response {
	c := b.sessionCookie(t, s.URL)
	return func(path string) *http.Response {
		t.Helper()
		req, err := http.NewRequest("GET", s.URL+path, nil)
		require.NoError(t, err)
		req.Header.Set("Cookie", c.Name+"="+c.Value)
		res, err := noRedirect.Do(req)
		require.NoError(t, err)
		t.Cleanup(func() { res.Body.Close() })
		return res
	}
}
