package notegen_test

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen"
	st "github.com/notegen/notegen/internal/servertest"
)

// owner signs up a new account owner through the SDK and returns a client
// that logs in with the password, and the credentials.
func owner(t *testing.T, s *st.Server, opts ...notegen.Option) (*notegen.Client, string, string) {
	t.Helper()
	ctx := context.Background()
	anon, err := notegen.New(s.URL)
	require.NoError(t, err)
	b := make([]byte, 5)
	_, _ = rand.Read(b)
	email := "sdk-" + hex.EncodeToString(b) + "@example.com"
	password := "Sturdy-pass-" + hex.EncodeToString(b)
	acct, err := anon.CreateAccount(ctx, notegen.CreateAccountRequest{Email: email, Password: password, CompanyName: "Clinic"})
	require.NoError(t, err)
	require.Equal(t, email, acct.Email)
	require.Equal(t, notegen.AccountInactive, acct.AccountStatus)
	c, err := notegen.New(s.URL, append([]notegen.Option{notegen.WithPassword(email, password)}, opts...)...)
	require.NoError(t, err)
	return c, email, password
}

// requireKind checks that err is a *ServiceError of the given code and
// status, matching sentinel with errors.Is and target with errors.As.
func requireKind[T error](t *testing.T, err error, sentinel error, status int, code string) T {
	t.Helper()
	require.Error(t, err)
	var typed T
	require.True(t, errors.As(err, &typed), "want %T, got %T: %v", typed, err, err)
	require.ErrorIs(t, err, notegen.ErrService)
	if sentinel != nil {
		require.ErrorIs(t, err, sentinel)
	}
	var se *notegen.ServiceError
	require.True(t, errors.As(err, &se))
	require.Equal(t, status, se.StatusCode, "%v", err)
	require.Equal(t, code, se.Code, "%v", err)
	require.NotEmpty(t, se.Message)
	if status != 0 {
		require.True(t, strings.HasPrefix(se.RequestID, "req_"), "request id %q", se.RequestID)
	}
	return typed
}

// eachOwner is st.EachOwner with the SDK client of the new account owner,
// logged in with its email and password.
func eachOwner(t *testing.T, fn func(t *testing.T, ctx context.Context, s *st.Server, c *notegen.Client, email, password string)) {
	t.Helper()
	st.EachOwner(t, func(t *testing.T, s *st.Server, o *st.Owner) {
		c, err := notegen.New(s.URL, notegen.WithPassword(o.Email, o.Password))
		require.NoError(t, err)
		fn(t, context.Background(), s, c, o.Email, o.Password)
	})
}

func TestIdentityAgainstServer(t *testing.T) {
	eachOwner(t, func(t *testing.T, ctx context.Context, s *st.Server, c *notegen.Client, email, password string) {

		var seen []notegen.Tokens
		c2, err := notegen.New(s.URL, notegen.WithTokenHandler(func(tk notegen.Tokens) { seen = append(seen, tk) }))
		require.NoError(t, err)
		tokens, err := c2.Login(ctx, email, password)
		require.NoError(t, err)
		require.Equal(t, "Bearer", tokens.TokenType)
		require.NotEmpty(t, tokens.IDToken)
		require.False(t, tokens.ExpiresAt.IsZero())
		require.NotContains(t, tokens.String(), tokens.IDToken)
		require.NotContains(t, tokens.String(), tokens.RefreshToken)

		refreshed, err := c2.Refresh(ctx)
		require.NoError(t, err)
		require.NotEqual(t, tokens.RefreshToken, refreshed.RefreshToken)
		require.Len(t, seen, 2)

		// After logout the session's refresh token is refused.
		stale, err := notegen.New(s.URL, notegen.WithTokens("", refreshed.RefreshToken))
		require.NoError(t, err)
		require.NoError(t, c2.Logout(ctx))
		_, err = stale.Refresh(ctx)
		requireKind[*notegen.AuthenticationError](t, err, notegen.ErrAuthentication, 401, notegen.CodeAuthentication)

		_, err = c2.Login(ctx, email, "Wrong-password-1")
		requireKind[*notegen.AuthenticationError](t, err, notegen.ErrAuthentication, 401, notegen.CodeAuthentication)

		// A weak new password is a bad request; a good one ends sessions.
		_, err = c.ChangePassword(ctx, password, "short")
		requireKind[*notegen.BadRequestError](t, err, notegen.ErrBadRequest, 400, notegen.CodeBadRequest)
		res, err := c.ChangePassword(ctx, password, password+"-new")
		require.NoError(t, err)
		require.True(t, res.Success)
		require.True(t, res.RequiresReauth)

		c3, err := notegen.New(s.URL, notegen.WithPassword(email, password+"-new"))
		require.NoError(t, err)
		_, err = c3.GetAccount(ctx)
		require.NoError(t, err)
		require.NoError(t, c3.Logout(ctx))
		_, err = c3.GetAccount(ctx)
		requireKind[*notegen.AuthenticationError](t, err, notegen.ErrAuthentication, 0, notegen.CodeAuthentication)
	})
}

func TestKeysAgainstServer(t *testing.T) {
	eachOwner(t, func(t *testing.T, ctx context.Context, s *st.Server, c *notegen.Client, _, _ string) {

		keys, err := c.ListAPIKeys(ctx, false)
		require.NoError(t, err)
		require.Empty(t, keys)

		sandbox, err := c.CreateAPIKey(ctx, notegen.CreateAPIKeyRequest{KeyType: notegen.KeyTypeSandbox})
		require.NoError(t, err)
		require.True(t, strings.HasPrefix(sandbox.APIKey, "ng_sandbox_"))
		_, err = c.CreateAPIKey(ctx, notegen.CreateAPIKeyRequest{KeyType: notegen.KeyTypeSandbox})
		se := requireKind[*notegen.ServiceError](t, err, nil, 409, notegen.CodeConflict)
		require.Equal(t, notegen.ErrService, se.Kind())
		require.False(t, errors.Is(err, notegen.ErrNotFound))

		_, err = c.CreateAPIKey(ctx, notegen.CreateAPIKeyRequest{KeyType: "gold"})
		requireKind[*notegen.ValidationError](t, err, notegen.ErrValidation, 400, notegen.CodeValidation)
		_, err = c.CreateAPIKey(ctx, notegen.CreateAPIKeyRequest{KeyType: notegen.KeyTypeLive, Metadata: map[string]string{"password": "x"}})
		requireKind[*notegen.ValidationError](t, err, notegen.ErrValidation, 400, notegen.CodeValidation)

		live, err := c.CreateAPIKey(ctx, notegen.CreateAPIKeyRequest{KeyType: notegen.KeyTypeLive, Metadata: map[string]string{"team": "er"}})
		require.NoError(t, err)
		require.Equal(t, notegen.KeyTypeLive, live.KeyType)
		require.Equal(t, map[string]string{"team": "er"}, live.Metadata)

		acct, err := c.GetAccount(ctx)
		require.NoError(t, err)
		require.Equal(t, notegen.AccountActive, acct.AccountStatus)

		keys, err = c.ListAPIKeys(ctx, false)
		require.NoError(t, err)
		require.Len(t, keys, 2)
		require.Equal(t, notegen.KeyTypeSandbox, keys[0].Type)
		require.True(t, strings.HasSuffix(keys[1].Key, live.APIKey[len(live.APIKey)-4:]))
		require.True(t, strings.HasPrefix(keys[1].Key, "****"))
		require.Nil(t, keys[1].LastUsed)
		full, err := c.ListAPIKeys(ctx, true)
		require.NoError(t, err)
		require.Equal(t, live.APIKey, full[1].Key)

		conf, err := c.UpdateAPIKeyMetadata(ctx, live.APIKey, map[string]string{"site": "north"})
		require.NoError(t, err)
		require.NotContains(t, conf.APIKey, live.APIKey[:20])
		_, err = c.UpdateAPIKeyMetadata(ctx, sandbox.APIKey, map[string]string{"site": "north"})
		requireKind[*notegen.ValidationError](t, err, notegen.ErrValidation, 400, notegen.CodeValidation)

		conf, err = c.SetAPIKeyStatus(ctx, live.APIKey, notegen.KeyStatusInactive)
		require.NoError(t, err)
		require.Equal(t, notegen.KeyStatusInactive, conf.Status)
		_, err = c.SetAPIKeyStatus(ctx, live.APIKey, "paused")
		requireKind[*notegen.ValidationError](t, err, notegen.ErrValidation, 400, notegen.CodeValidation)
		_, err = c.SetAPIKeyStatus(ctx, live.APIKey, notegen.KeyStatusActive)
		require.NoError(t, err)

		// Note calls use the API key; system status is the served one.
		keyed, err := notegen.New(s.URL, notegen.WithAPIKey(sandbox.APIKey))
		require.NoError(t, err)
		status, err := keyed.GetSystemStatus(ctx)
		require.NoError(t, err)
		require.Equal(t, "ok", status.Services["database"])
		// An API key alone cannot manage the account.
		_, err = keyed.ListAPIKeys(ctx, false)
		requireKind[*notegen.AuthenticationError](t, err, notegen.ErrAuthentication, 0, notegen.CodeAuthentication)

		_, err = c.DeleteAPIKey(ctx, live.APIKey)
		require.NoError(t, err)
		acct, err = c.GetAccount(ctx)
		require.NoError(t, err)
		require.Equal(t, notegen.AccountInactive, acct.AccountStatus)

		unknown := "ng_live_" + strings.Repeat("a", 38)
		_, err = c.DeleteAPIKey(ctx, unknown)
		requireKind[*notegen.NotFoundError](t, err, notegen.ErrNotFound, 404, notegen.CodeNotFound)

		badKey, err := notegen.New(s.URL, notegen.WithAPIKey(unknown))
		require.NoError(t, err)
		_, err = badKey.GetSystemStatus(ctx)
		requireKind[*notegen.AuthenticationError](t, err, notegen.ErrAuthentication, 401, notegen.CodeAuthentication)
	})
}

func TestAccountAgainstServer(t *testing.T) {
	eachOwner(t, func(t *testing.T, ctx context.Context, s *st.Server, c *notegen.Client, email, _ string) {

		acct, err := c.GetAccount(ctx)
		require.NoError(t, err)
		require.Equal(t, notegen.AccountInactive, acct.AccountStatus)
		require.Empty(t, acct.CompanyName)

		up, err := c.UpdateAccount(ctx, notegen.AccountUpdate{CompanyName: notegen.String("Clinic"), PhoneNumber: notegen.String("+1 555 0100"), Address: notegen.String("1 Main St")})
		require.NoError(t, err)
		require.ElementsMatch(t, []string{"company_name", "phone_number", "address"}, up.UpdatedFields)
		acct, err = c.GetAccount(ctx)
		require.NoError(t, err)
		require.Equal(t, "Clinic", acct.CompanyName)
		require.Equal(t, "+1 555 0100", acct.PhoneNumber)
		_, err = c.UpdateAccount(ctx, notegen.AccountUpdate{})
		requireKind[*notegen.InvalidFieldError](t, err, notegen.ErrInvalidField, 400, notegen.CodeInvalidField)
		_, err = c.UpdateAccount(ctx, notegen.AccountUpdate{ContactEmail: notegen.String("not an address")})
		requireKind[*notegen.ValidationError](t, err, notegen.ErrValidation, 400, notegen.CodeValidation)

		_, err = c.ReactivateAccount(ctx)
		requireKind[*notegen.BadRequestError](t, err, notegen.ErrBadRequest, 400, notegen.CodeBadRequest)

		// An open invoice blocks cancellation.
		_, err = s.DB.Admin("invoice", "issue", "--email", email, "--amount", "5")
		require.NoError(t, err)
		_, err = c.CancelAccount(ctx)
		requireKind[*notegen.PaymentRequiredError](t, err, notegen.ErrPaymentRequired, 402, notegen.CodePaymentRequired)
		_, err = s.DB.Admin("invoice", "pay", "--email", email)
		require.NoError(t, err)

		res, err := c.CancelAccount(ctx)
		require.NoError(t, err)
		require.NotEmpty(t, res.UserID)
		_, err = c.CreateAPIKey(ctx, notegen.CreateAPIKeyRequest{KeyType: notegen.KeyTypeLive})
		requireKind[*notegen.AuthorizationError](t, err, notegen.ErrAuthorization, 403, notegen.CodeAccountInactive)

		res2, err := c.ReactivateAccount(ctx)
		require.NoError(t, err)
		require.Equal(t, res.UserID, res2.UserID)
		acct, err = c.GetAccount(ctx)
		require.NoError(t, err)
		require.Equal(t, notegen.AccountInactive, acct.AccountStatus)

		page, err := c.AuditLog(ctx, 2, "")
		require.NoError(t, err)
		require.Len(t, page.Entries, 2)
		require.NotEmpty(t, page.NextCursor)
	})
}

func TestWebhooksAgainstServer(t *testing.T) {
	eachOwner(t, func(t *testing.T, ctx context.Context, s *st.Server, c *notegen.Client, _, _ string) {

		w, err := c.GetWebhook(ctx)
		require.NoError(t, err)
		require.Nil(t, w.Dev)
		require.Nil(t, w.Prod)

		up, err := c.UpdateWebhook(ctx, notegen.WebhookUpdate{Dev: notegen.String("http://localhost:9000/hook")})
		require.NoError(t, err)
		require.Equal(t, "http://localhost:9000/hook", up.Dev)
		require.Equal(t, "unchanged", up.Prod)
		_, err = c.UpdateWebhook(ctx, notegen.WebhookUpdate{Prod: notegen.String("http://example.com/hook")})
		se := requireKind[*notegen.ValidationError](t, err, notegen.ErrValidation, 400, notegen.CodeValidation)
		require.Equal(t, "webhook_prod", se.Field)
		_, err = c.UpdateWebhook(ctx, notegen.WebhookUpdate{})
		requireKind[*notegen.InvalidFieldError](t, err, notegen.ErrInvalidField, 400, notegen.CodeInvalidField)
		_, err = c.UpdateWebhook(ctx, notegen.WebhookUpdate{Dev: notegen.String("")})
		require.NoError(t, err)
		w, err = c.GetWebhook(ctx)
		require.NoError(t, err)
		require.Nil(t, w.Dev)

		secret, err := c.GetWebhookSecret(ctx)
		require.NoError(t, err)
		require.True(t, strings.HasPrefix(secret.Secret, "whsec_"))
		rotated, err := c.RotateWebhookSecret(ctx)
		require.NoError(t, err)
		require.NotEqual(t, secret.Secret, rotated.Secret)
		_, err = notegen.NewWebhookVerifier(secret.Secret, rotated.Secret)
		require.NoError(t, err)
	})
}

// TestTokenRefreshUnderConcurrency forces renewal two ways and checks that
// ten concurrent calls cause exactly one refresh.
func TestTokenRefreshUnderConcurrency(t *testing.T) {
	st.EachServer(t, func(t *testing.T, s *st.Server) {
		ctx := context.Background()
		o := s.NewOwner(t)

		for name, opts := range map[string][]notegen.Option{
			// The server refuses the ID token: renewal after a 401.
			"refused token": {notegen.WithTokens("eyJhbGciOiJFZERTQSJ9.e30.c2ln", o.RefreshToken)},
			// The clock says the token is about to expire: early renewal.
			"expiring token": {notegen.WithTokens(o.IDToken, ""), notegen.WithClock(func() time.Time { return time.Now().Add(59*time.Minute + 30*time.Second) })},
		} {
			t.Run(name, func(t *testing.T) {
				if name == "expiring token" {
					s.Login(t, o)
					opts = []notegen.Option{notegen.WithTokens(o.IDToken, o.RefreshToken), opts[1]}
				}
				var refreshes atomic.Int32
				var last atomic.Value
				opts = append(opts, notegen.WithTokenHandler(func(tk notegen.Tokens) {
					refreshes.Add(1)
					last.Store(tk.RefreshToken)
				}))
				c, err := notegen.New(s.URL, opts...)
				require.NoError(t, err)
				errs := make(chan error, 10)
				for range 10 {
					go func() {
						_, err := c.GetAccount(ctx)
						errs <- err
					}()
				}
				for range 10 {
					require.NoError(t, <-errs)
				}
				require.Equal(t, int32(1), refreshes.Load())
				require.Equal(t, last.Load(), c.Tokens().RefreshToken)
				// The session is still valid: no reuse was detected.
				_, err = c.Refresh(ctx)
				require.NoError(t, err)
			})
		}

		// A refused token without a refresh token is an authentication error.
		c, err := notegen.New(s.URL, notegen.WithTokens("eyJhbGciOiJFZERTQSJ9.e30.c2ln", ""))
		require.NoError(t, err)
		_, err = c.GetAccount(ctx)
		requireKind[*notegen.AuthenticationError](t, err, notegen.ErrAuthentication, 401, notegen.CodeAuthentication)
	})
}
