package notegen

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// Version is the SDK version sent in the User-Agent header.
const Version = "0.1.0"

// MinPollInterval is the longest pause WaitForJob makes between two status
// requests to a server that answers them at once (one without long-poll),
// unless it is given a longer one. It does not delay the first check.
const MinPollInterval = 5 * time.Second

// Client talks to a notegen service. It is safe for concurrent use. Create
// one with New and reuse it.
type Client struct {
	base      *url.URL
	http      *http.Client
	apiKey    string
	userAgent string
	timeout   time.Duration
	retry     RetryPolicy
	now       func() time.Time
	auth      *tokenSource

	// waitPolicy is how WaitForJob waits; package tests shorten it.
	waitPolicy waitPolicy
}

// Option configures a Client.
type Option func(*Client)

// WithHTTPClient sets the HTTP client (transport, proxy, TLS). Its Timeout,
// if any, applies to uploads too; prefer WithTimeout for ordinary calls.
func WithHTTPClient(hc *http.Client) Option {
	return func(c *Client) { c.http = hc }
}

// WithAPIKey sets the API key used by note-generation calls (x-api-key).
func WithAPIKey(key string) Option {
	return func(c *Client) { c.apiKey = key }
}

// WithPassword makes the client log in with the account owner's email and
// password on its first management call, and log in again when the
// session can no longer be refreshed.
func WithPassword(email, password string) Option {
	return func(c *Client) { c.auth.email, c.auth.password = email, password }
}

// WithTokens supplies an ID token and, optionally, a refresh token
// obtained earlier. Without a refresh token (or a password) the client
// cannot renew an expired ID token and returns an AuthenticationError.
func WithTokens(idToken, refreshToken string) Option {
	return func(c *Client) { c.auth.setTokens(Tokens{IDToken: idToken, RefreshToken: refreshToken}, time.Time{}) }
}

// WithTokenHandler registers fn to be called, under the client's token
// lock, every time the client obtains new tokens (login or refresh). Use it
// to persist rotated refresh tokens: the old one stops working.
func WithTokenHandler(fn func(Tokens)) Option {
	return func(c *Client) { c.auth.onTokens = fn }
}

// WithRefreshBefore sets how long before the ID token expires the client
// refreshes it (default one minute).
func WithRefreshBefore(d time.Duration) Option {
	return func(c *Client) { c.auth.refreshBefore = d }
}

// WithClock sets the clock used for token expiry (default time.Now).
func WithClock(now func() time.Time) Option {
	return func(c *Client) { c.now = now }
}

// WithTimeout bounds each call other than uploads, retries included
// (default 60 s; 0 for none).
func WithTimeout(d time.Duration) Option {
	return func(c *Client) { c.timeout = d }
}

// WithRetry sets the retry policy.
func WithRetry(p RetryPolicy) Option {
	return func(c *Client) { c.retry = p }
}

// WithUserAgent prefixes the User-Agent header with the caller's product.
func WithUserAgent(product string) Option {
	return func(c *Client) { c.userAgent = product + " " + c.userAgent }
}

// New returns a client for the service at baseURL (scheme and host, with
// an optional path prefix; e.g. "https://notegen.example.com"). An invalid
// base URL is a *ValidationError.
func New(baseURL string, opts ...Option) (*Client, error) {
	base, err := parseBaseURL(baseURL)
	if err != nil {
		return nil, newError(0, CodeValidation, err.Error(), "base_url", "", nil)
	}
	c := &Client{
		base:       base,
		http:       &http.Client{Transport: defaultTransport()},
		userAgent:  "notegen-go/" + Version,
		timeout:    60 * time.Second,
		retry:      DefaultRetryPolicy(),
		now:        time.Now,
		waitPolicy: defaultWaitPolicy(),
	}
	c.auth = &tokenSource{client: c, sem: make(chan struct{}, 1), refreshBefore: time.Minute}
	for _, opt := range opts {
		opt(c)
	}
	return c, nil
}

func parseBaseURL(raw string) (*url.URL, error) {
	if strings.TrimSpace(raw) == "" {
		return nil, errors.New("base URL is empty")
	}
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil {
		return nil, fmt.Errorf("base URL is invalid: %w", err)
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return nil, fmt.Errorf("base URL %q must start with http:// or https://", raw)
	}
	if u.Host == "" {
		return nil, fmt.Errorf("base URL %q has no host", raw)
	}
	if u.User != nil || u.RawQuery != "" || u.Fragment != "" {
		return nil, fmt.Errorf("base URL %q must not carry credentials, a query or a fragment", raw)
	}
	u.Path = strings.TrimRight(u.Path, "/")
	u.RawPath = ""
	return u, nil
}

func defaultTransport() http.RoundTripper {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.DialContext = (&net.Dialer{Timeout: 10 * time.Second, KeepAlive: 30 * time.Second}).DialContext
	t.ResponseHeaderTimeout = 60 * time.Second
	return t
}

// BaseURL returns the service URL the client talks to.
func (c *Client) BaseURL() string { return c.base.String() }

// WithAPIKey returns a copy of the client that sends key on note-generation
// calls, for example a key the account owner just created. The copy shares
// the original's connections, settings and login session.
func (c *Client) WithAPIKey(key string) *Client {
	cp := *c
	cp.apiKey = key
	return &cp
}

// HasAPIKey reports whether an API key is configured.
func (c *Client) HasAPIKey() bool { return c.apiKey != "" }

// authKind is the credential a call carries.
type authKind int

const (
	authNone authKind = iota
	authBearer
	authAPIKey
)

// call is one API call.
type call struct {
	method string
	path   string // under the base URL, escaped
	query  url.Values
	body   any // sent as JSON when non-nil
	auth   authKind
	// idempotent calls are retried on 502, 503, 504 and network errors;
	// every call is retried on 429.
	idempotent bool
	header     http.Header
	// wait is how long the server may hold the request (a long-poll); it
	// extends the client's timeout for this call.
	wait time.Duration
}

// doJSON performs cl and decodes its answer into a new T.
func doJSON[T any](ctx context.Context, c *Client, cl call) (*T, error) {
	var out T
	if err := c.do(ctx, cl, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// do performs c with retries and, for bearer calls, one token renewal on
// 401; it decodes a 2xx JSON body into out when out is non-nil.
func (c *Client) do(ctx context.Context, cl call, out any) error {
	if c.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, c.timeout+cl.wait)
		defer cancel()
	}
	var payload []byte
	if cl.body != nil {
		var err error
		if payload, err = json.Marshal(cl.body); err != nil {
			return fmt.Errorf("notegen: encode %s %s: %w", cl.method, cl.path, err)
		}
	}
	u := c.endpoint(cl.path, cl.query)
	renewed := false
	for attempt := 1; ; attempt++ {
		req, err := http.NewRequestWithContext(ctx, cl.method, u, bodyReader(payload))
		if err != nil {
			return fmt.Errorf("notegen: build %s %s: %w", cl.method, cl.path, err)
		}
		if payload != nil {
			req.Header.Set("Content-Type", "application/json")
		}
		for k, v := range cl.header {
			req.Header[k] = v
		}
		token, err := c.authorize(ctx, req, cl.auth)
		if err != nil {
			return err
		}
		resp, body, err := c.send(req)
		if err != nil {
			if cl.idempotent && c.retry.allows(attempt) && ctx.Err() == nil {
				if werr := sleep(ctx, c.retry.backoff(attempt)); werr == nil {
					continue
				}
			}
			return networkError(fmt.Sprintf("%s %s failed", cl.method, cl.path), err)
		}
		if resp.StatusCode >= 200 && resp.StatusCode < 300 {
			if out == nil || len(bytes.TrimSpace(body)) == 0 {
				return nil
			}
			if err := json.Unmarshal(body, out); err != nil {
				return newError(resp.StatusCode, "invalid_response", fmt.Sprintf("%s %s: response is not the expected JSON", cl.method, cl.path), "", resp.Header.Get("X-Request-Id"), err)
			}
			return nil
		}
		apiErr := errorFromResponse(resp, body)
		if resp.StatusCode == http.StatusUnauthorized && cl.auth == authBearer && !renewed && c.auth.canRenew() {
			renewed = true
			if _, rerr := c.auth.renewAfterRejection(ctx, token); rerr != nil {
				return rerr
			}
			continue
		}
		if c.shouldRetry(resp.StatusCode, cl.idempotent, attempt) {
			if d, ok := c.retry.delay(attempt, retryAfter(resp.Header, c.now())); ok {
				if werr := sleep(ctx, d); werr == nil {
					continue
				}
			}
		}
		return apiErr
	}
}

func (c *Client) shouldRetry(status int, idempotent bool, attempt int) bool {
	if !c.retry.allows(attempt) {
		return false
	}
	switch status {
	case http.StatusTooManyRequests:
		return true
	case http.StatusBadGateway, http.StatusServiceUnavailable, http.StatusGatewayTimeout:
		return idempotent
	}
	return false
}

func bodyReader(payload []byte) io.Reader {
	if payload == nil {
		return nil
	}
	return bytes.NewReader(payload)
}

// endpoint joins the base URL, an escaped path and a query.
func (c *Client) endpoint(path string, query url.Values) string {
	u := c.base.String() + path
	if len(query) > 0 {
		u += "?" + query.Encode()
	}
	return u
}

// authorize sets the credential header and returns the ID token used.
func (c *Client) authorize(ctx context.Context, req *http.Request, kind authKind) (string, error) {
	req.Header.Set("User-Agent", c.userAgent)
	req.Header.Set("Accept", "application/json")
	switch kind {
	case authBearer:
		token, err := c.auth.token(ctx)
		if err != nil {
			return "", err
		}
		req.Header.Set("Authorization", "Bearer "+token)
		return token, nil
	case authAPIKey:
		if c.apiKey == "" {
			return "", newError(0, CodeAuthentication, "no API key configured: use WithAPIKey", "", "", nil)
		}
		req.Header.Set("x-api-key", c.apiKey)
	}
	return "", nil
}

// maxBody bounds how much of a response the client reads.
const maxBody = 64 << 20

// send performs one HTTP exchange and reads the body in full.
func (c *Client) send(req *http.Request) (*http.Response, []byte, error) {
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, nil, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxBody))
	if err != nil {
		return nil, nil, fmt.Errorf("read response: %w", err)
	}
	return resp, body, nil
}

// pathEscape escapes one path segment.
func pathEscape(s string) string { return url.PathEscape(s) }
