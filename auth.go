package notegen

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"time"
)

// Tokens are the credentials of a login session. They are secrets: String
// and GoString redact them, so printing a Tokens by accident leaks nothing.
type Tokens struct {
	UserID       string `json:"user_id"`
	Email        string `json:"email"`
	IDToken      string `json:"id_token"`
	RefreshToken string `json:"refresh_token"`
	// ExpiresIn is the ID token's lifetime in seconds, as the server sent it.
	ExpiresIn int    `json:"expires_in"`
	TokenType string `json:"token_type"`
	// ExpiresAt is when the ID token expires, computed by the client (zero
	// when unknown); kept when Tokens are saved as JSON, never sent by the
	// server, so the OpenAPI document leaves it out.
	ExpiresAt time.Time `json:"expires_at,omitzero" openapi:"-"`
}

// String describes the session without its secrets.
func (t Tokens) String() string {
	return "notegen.Tokens{UserID:" + t.UserID + " Email:" + t.Email + " IDToken:[redacted] RefreshToken:[redacted]}"
}

// GoString is String, for %#v.
func (t Tokens) GoString() string { return t.String() }

// CreateAccountRequest is the body of CreateAccount.
type CreateAccountRequest struct {
	Email        string `json:"email"`
	Password     string `json:"password"`
	CompanyName  string `json:"company_name,omitempty"`
	ContactEmail string `json:"contact_email,omitempty"`
	PhoneNumber  string `json:"phone_number,omitempty"`
	Address      string `json:"address,omitempty"`
}

// LoginRequest is the body of POST /v1/auth/login.
type LoginRequest struct {
	Email    string `json:"email"`
	Password string `json:"password"`
}

// RefreshRequest is the body of POST /v1/auth/refresh and of POST
// /v1/auth/logout: the refresh token of the session.
type RefreshRequest struct {
	RefreshToken string `json:"refresh_token"`
}

// ChangePasswordRequest is the body of POST /v1/auth/change-password.
type ChangePasswordRequest struct {
	CurrentPassword string `json:"current_password"`
	NewPassword     string `json:"new_password"`
}

// LogoutResult is the answer to POST /v1/auth/logout.
type LogoutResult struct {
	Success bool `json:"success"`
}

// NewAccount is the result of CreateAccount.
type NewAccount struct {
	UserID        string `json:"user_id"`
	Email         string `json:"email"`
	AccountStatus string `json:"account_status"`
}

// PasswordChange is the result of ChangePassword.
type PasswordChange struct {
	Success        bool `json:"success"`
	RequiresReauth bool `json:"requires_reauth"`
}

// CreateAccount signs up a new account owner (POST /v1/auth/create-account).
// It does not log in.
func (c *Client) CreateAccount(ctx context.Context, req CreateAccountRequest) (*NewAccount, error) {
	return doJSON[NewAccount](ctx, c, call{method: "POST", path: "/v1/auth/create-account", body: req})
}

// Login logs in with email and password (POST /v1/auth/login); the client
// then uses, and renews, the session's tokens for management calls.
func (c *Client) Login(ctx context.Context, email, password string) (*Tokens, error) {
	c.auth.setPassword(email, password)
	return c.sessionStep(ctx, c.auth.login)
}

// Refresh renews the tokens now (POST /v1/auth/refresh). The previous
// refresh token stops working.
func (c *Client) Refresh(ctx context.Context) (*Tokens, error) {
	return c.sessionStep(ctx, c.auth.refresh)
}

// sessionStep runs step (a login or a refresh) holding the session, so that
// no concurrent call renews the tokens meanwhile, and returns the tokens it
// leaves.
func (c *Client) sessionStep(ctx context.Context, step func(context.Context) error) (*Tokens, error) {
	if err := c.auth.acquire(ctx); err != nil {
		return nil, err
	}
	defer c.auth.release()
	if err := step(ctx); err != nil {
		return nil, err
	}
	t, _ := c.auth.snapshot()
	return &t, nil
}

// Tokens returns the client's current tokens, for callers that persist
// them (see also WithTokenHandler).
func (c *Client) Tokens() Tokens {
	c.auth.mu.Lock()
	defer c.auth.mu.Unlock()
	return c.auth.current
}

// ChangePassword changes the owner's password (POST
// /v1/auth/change-password). Every session, this one included, must log in
// again afterwards.
func (c *Client) ChangePassword(ctx context.Context, currentPassword, newPassword string) (*PasswordChange, error) {
	body := ChangePasswordRequest{CurrentPassword: currentPassword, NewPassword: newPassword}
	return doJSON[PasswordChange](ctx, c, call{method: "POST", path: "/v1/auth/change-password", body: body, auth: authBearer})
}

// Logout ends the login session (POST /v1/auth/logout) and forgets the
// tokens.
func (c *Client) Logout(ctx context.Context) error {
	rt := c.Tokens().RefreshToken
	err := c.do(ctx, call{method: "POST", path: "/v1/auth/logout", body: RefreshRequest{RefreshToken: rt}, auth: authBearer}, nil)
	if err != nil {
		return err
	}
	c.auth.mu.Lock()
	c.auth.current = Tokens{}
	c.auth.password = ""
	c.auth.mu.Unlock()
	return nil
}

// tokenSource holds the bearer credentials and renews them. sem lets one
// login or refresh run at a time; mu guards the fields for quick reads.
type tokenSource struct {
	client        *Client
	sem           chan struct{}
	refreshBefore time.Duration
	onTokens      func(Tokens)

	mu       sync.Mutex
	email    string
	password string
	current  Tokens
}

func (ts *tokenSource) acquire(ctx context.Context) error {
	select {
	case ts.sem <- struct{}{}:
		return nil
	case <-ctx.Done():
		return networkError("waiting for a token renewal", ctx.Err())
	}
}

func (ts *tokenSource) release() { <-ts.sem }

func (ts *tokenSource) setPassword(email, password string) {
	ts.mu.Lock()
	ts.email, ts.password = email, password
	ts.mu.Unlock()
}

// setTokens installs tokens; a zero expiry is read from the JWT's exp.
func (ts *tokenSource) setTokens(t Tokens, expiry time.Time) {
	if expiry.IsZero() {
		expiry = jwtExpiry(t.IDToken)
	}
	t.ExpiresAt = expiry
	ts.mu.Lock()
	ts.current = t
	ts.mu.Unlock()
}

func (ts *tokenSource) snapshot() (Tokens, string) {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	return ts.current, ts.password
}

// canRenew reports whether a refresh token or a password is at hand.
func (ts *tokenSource) canRenew() bool {
	t, pw := ts.snapshot()
	return t.RefreshToken != "" || pw != ""
}

func (ts *tokenSource) fresh(t Tokens) bool {
	if t.IDToken == "" {
		return false
	}
	if t.ExpiresAt.IsZero() {
		return true
	}
	return ts.client.now().Add(ts.refreshBefore).Before(t.ExpiresAt)
}

// token returns an ID token, logging in or refreshing first when there is
// none or it is about to expire.
func (ts *tokenSource) token(ctx context.Context) (string, error) {
	t, _ := ts.snapshot()
	if ts.fresh(t) {
		return t.IDToken, nil
	}
	if err := ts.acquire(ctx); err != nil {
		return "", err
	}
	defer ts.release()
	t, pw := ts.snapshot()
	if ts.fresh(t) {
		return t.IDToken, nil // renewed while we waited
	}
	if t.IDToken == "" && pw == "" {
		return "", newError(0, CodeAuthentication, "not logged in: supply a password, tokens or log in first", "", "", nil)
	}
	if t.IDToken != "" && t.RefreshToken == "" && pw == "" {
		return t.IDToken, nil // expiring, but nothing to renew with: let the server decide
	}
	if err := ts.renew(ctx); err != nil {
		return "", err
	}
	t, _ = ts.snapshot()
	return t.IDToken, nil
}

// renewAfterRejection renews the tokens after the server refused used,
// unless another call has renewed them meanwhile.
func (ts *tokenSource) renewAfterRejection(ctx context.Context, used string) (string, error) {
	if err := ts.acquire(ctx); err != nil {
		return "", err
	}
	defer ts.release()
	if t, _ := ts.snapshot(); t.IDToken != used && t.IDToken != "" {
		return t.IDToken, nil
	}
	if err := ts.renew(ctx); err != nil {
		return "", err
	}
	t, _ := ts.snapshot()
	return t.IDToken, nil
}

// renew refreshes, falling back on a fresh login when the refresh token is
// refused and a password is known. The caller holds sem.
func (ts *tokenSource) renew(ctx context.Context) error {
	t, pw := ts.snapshot()
	if t.RefreshToken != "" {
		err := ts.refresh(ctx)
		if err == nil || pw == "" || !errors.Is(err, ErrAuthentication) {
			return err
		}
	}
	if pw == "" {
		return newError(0, CodeAuthentication, "ID token expired or refused and no refresh token to renew it", "", "", nil)
	}
	return ts.login(ctx)
}

// login calls /v1/auth/login. The caller holds sem.
func (ts *tokenSource) login(ctx context.Context) error {
	ts.mu.Lock()
	email, pw := ts.email, ts.password
	ts.mu.Unlock()
	var out Tokens
	body := LoginRequest{Email: email, Password: pw}
	if err := ts.client.do(ctx, call{method: "POST", path: "/v1/auth/login", body: body}, &out); err != nil {
		return err
	}
	ts.install(out)
	return nil
}

// refresh calls /v1/auth/refresh. It is never retried after a network
// error: the server rotates the token, and a replay could revoke the
// session. The caller holds sem.
func (ts *tokenSource) refresh(ctx context.Context) error {
	t, _ := ts.snapshot()
	if t.RefreshToken == "" {
		return newError(0, CodeAuthentication, "no refresh token", "", "", nil)
	}
	var out Tokens
	body := RefreshRequest{RefreshToken: t.RefreshToken}
	if err := ts.client.do(ctx, call{method: "POST", path: "/v1/auth/refresh", body: body}, &out); err != nil {
		return err
	}
	ts.install(out)
	return nil
}

func (ts *tokenSource) install(t Tokens) {
	var expiry time.Time
	if t.ExpiresIn > 0 {
		expiry = ts.client.now().Add(time.Duration(t.ExpiresIn) * time.Second)
	}
	ts.setTokens(t, expiry)
	if ts.onTokens != nil {
		cur, _ := ts.snapshot()
		ts.onTokens(cur)
	}
}

// jwtExpiry reads the exp claim of a JWT without verifying it (the server
// does); zero when it cannot.
func jwtExpiry(token string) time.Time {
	parts := strings.Split(token, ".")
	if len(parts) != 3 {
		return time.Time{}
	}
	raw, err := base64.RawURLEncoding.DecodeString(parts[1])
	if err != nil {
		return time.Time{}
	}
	var claims struct {
		Exp json.Number `json:"exp"`
	}
	if json.Unmarshal(raw, &claims) != nil {
		return time.Time{}
	}
	secs, err := claims.Exp.Int64()
	if err != nil || secs <= 0 {
		return time.Time{}
	}
	return time.Unix(secs, 0)
}

// JSONWebKeySet is the answer to GET /.well-known/jwks.json: the public
// keys that verify ID tokens, for services that check them themselves.
type JSONWebKeySet struct {
	Keys []JSONWebKey `json:"keys"`
}

// JSONWebKey is one Ed25519 public key (RFC 8037).
type JSONWebKey struct {
	Kty string `json:"kty"`
	Crv string `json:"crv"`
	// X is the public key, base64url without padding.
	X   string `json:"x"`
	Kid string `json:"kid"`
	Use string `json:"use"`
	Alg string `json:"alg"`
}
