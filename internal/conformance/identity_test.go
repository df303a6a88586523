package conformance

import (
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	st "github.com/notegen/notegen/internal/servertest"
)

func TestCreateAccount(t *testing.T) {
	st.EachServer(t, func(t *testing.T, s *st.Server) {
		resp := s.Do(t, "POST", "/v1/auth/create-account", map[string]any{
			"email": "Clinic.Owner@Example.com", "password": "a sturdy passphrase", "company_name": "Clinic", "phone_number": "+1 555 0100",
		})
		require.Equal(t, http.StatusCreated, resp.Status, "%s", resp.Body)
		body := resp.JSON(t)
		require.Equal(t, "clinic.owner@example.com", body["email"])
		require.Equal(t, "inactive", body["account_status"])
		require.NotEmpty(t, body["user_id"])

		again := s.Do(t, "POST", "/v1/auth/create-account", map[string]any{"email": "clinic.owner@example.com", "password": "another sturdy one"})
		require.Equal(t, http.StatusConflict, again.Status)
		require.Equal(t, "conflict", again.ErrorCode(t))

		for _, tc := range []struct {
			name, email, password, code, field string
		}{
			{"bad email", "not-an-email", "a sturdy passphrase", "validation_error", "email"},
			{"display name in email", "Owner <o@example.com>", "a sturdy passphrase", "validation_error", "email"},
			{"short password", "short@example.com", "Ab1!", "bad_request", "password"},
			{"long password", "long@example.com", strings.Repeat("a long one ", 12)[:129], "bad_request", "password"},
			{"common password", "common@example.com", "password123", "bad_request", "password"},
		} {
			resp := s.Do(t, "POST", "/v1/auth/create-account", map[string]any{"email": tc.email, "password": tc.password})
			require.Equal(t, http.StatusBadRequest, resp.Status, tc.name)
			require.Equal(t, tc.code, resp.ErrorCode(t), tc.name)
			require.Equal(t, tc.field, resp.JSON(t)["error"].(map[string]any)["field"], tc.name)
		}
	})
}

func TestSignupCanBeSwitchedOff(t *testing.T) {
	st.EachServer(t, func(t *testing.T, s *st.Server) {
		resp := s.Do(t, "POST", "/v1/auth/create-account", map[string]any{"email": "o@example.com", "password": "a sturdy passphrase"})
		require.Equal(t, http.StatusForbidden, resp.Status)
		require.Equal(t, "authorization_error", resp.ErrorCode(t))
	}, st.WithEnv("NOTEGEN_SIGNUP", "false"))
}

func TestLoginFailuresLookTheSame(t *testing.T) {
	st.EachOwner(t, func(t *testing.T, s *st.Server, o *st.Owner) {
		unknown := s.Do(t, "POST", "/v1/auth/login", map[string]any{"email": "nobody@example.com", "password": o.Password})
		wrong := s.Do(t, "POST", "/v1/auth/login", map[string]any{"email": o.Email, "password": "not the password"})
		require.Equal(t, http.StatusUnauthorized, unknown.Status)
		require.Equal(t, http.StatusUnauthorized, wrong.Status)
		u, w := unknown.JSON(t), wrong.JSON(t)
		require.Equal(t, u["message"], w["message"])
		require.Equal(t, "authentication_error", unknown.ErrorCode(t))
		require.Equal(t, "authentication_error", wrong.ErrorCode(t))

		ok := s.Do(t, "POST", "/v1/auth/login", map[string]any{"email": o.Email, "password": o.Password})
		require.Equal(t, http.StatusOK, ok.Status)
		body := ok.JSON(t)
		require.Equal(t, "Bearer", body["token_type"])
		require.EqualValues(t, 3600, body["expires_in"])
		require.Equal(t, o.UserID, body["user_id"])
		require.Equal(t, o.Email, body["email"])
	})
}

func TestBearerAuthentication(t *testing.T) {
	st.EachOwner(t, func(t *testing.T, s *st.Server, o *st.Owner) {
		ok := s.Do(t, "GET", "/v1/user/account/info", nil, st.Bearer(o.IDToken))
		require.Equal(t, http.StatusOK, ok.Status, "%s", ok.Body)
		require.Equal(t, "inactive", ok.JSON(t)["account_status"])

		for name, headers := range map[string][]st.Header{
			"missing":        nil,
			"not bearer":     {{"Authorization", "Basic " + o.IDToken}},
			"garbage":        {st.Bearer("not-a-jwt")},
			"api key header": {st.APIKey("ng_live_whatever")},
		} {
			resp := s.Do(t, "GET", "/v1/user/account/info", nil, headers...)
			require.Equal(t, http.StatusUnauthorized, resp.Status, name)
			require.Equal(t, "authentication_error", resp.ErrorCode(t), name)
		}
	})
}

func TestRefreshRotatesAndDetectsReuse(t *testing.T) {
	st.Each(t, func(t *testing.T, b st.Backend) {
		grace := 300 * time.Millisecond
		s := st.Start(t, b, st.WithEnv("NOTEGEN_REFRESH_REUSE_GRACE", grace.String()))
		o := s.NewOwner(t)
		first := o.RefreshToken

		resp := s.Do(t, "POST", "/v1/auth/refresh", map[string]any{"refresh_token": first})
		require.Equal(t, http.StatusOK, resp.Status, "%s", resp.Body)
		body := resp.JSON(t)
		second := body["refresh_token"].(string)
		require.NotEqual(t, first, second)
		require.Equal(t, "Bearer", body["token_type"])
		newID := body["id_token"].(string)
		require.Equal(t, http.StatusOK, s.Do(t, "GET", "/v1/user/account/info", nil, st.Bearer(newID)).Status)

		time.Sleep(2 * grace)
		// The rotated token is refused, and presenting it revokes the
		// successor too: whoever holds the stolen copy gets nothing.
		reused := s.Do(t, "POST", "/v1/auth/refresh", map[string]any{"refresh_token": first})
		require.Equal(t, http.StatusUnauthorized, reused.Status)
		require.Equal(t, "authentication_error", reused.ErrorCode(t))
		successor := s.Do(t, "POST", "/v1/auth/refresh", map[string]any{"refresh_token": second})
		require.Equal(t, http.StatusUnauthorized, successor.Status)

		// Another login of the same user is a separate family and survives.
		s.Login(t, o)
		require.Equal(t, http.StatusOK, s.Do(t, "POST", "/v1/auth/refresh", map[string]any{"refresh_token": o.RefreshToken}).Status)

		for _, bad := range []any{map[string]any{}, map[string]any{"refresh_token": "ngr_unknown"}} {
			resp := s.Do(t, "POST", "/v1/auth/refresh", bad)
			require.Equal(t, http.StatusUnauthorized, resp.Status)
		}
	})
}

func TestConcurrentRefreshesDoNotLogOut(t *testing.T) {
	st.EachOwner(t, func(t *testing.T, s *st.Server, o *st.Owner) {
		const n = 8
		var wg sync.WaitGroup
		results := make([]st.Response, n)
		errs := make([]error, n)
		start := make(chan struct{})
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				results[i], errs[i] = s.Try("POST", "/v1/auth/refresh", map[string]any{"refresh_token": o.RefreshToken})
			}()
		}
		close(start)
		wg.Wait()
		successors := map[string]bool{}
		for i := range n {
			require.NoError(t, errs[i])
			require.Equal(t, http.StatusOK, results[i].Status, "%s", results[i].Body)
			successors[results[i].JSON(t)["refresh_token"].(string)] = true
		}
		require.Len(t, successors, 1, "every duplicate gets the same successor")
		for token := range successors {
			resp := s.Do(t, "POST", "/v1/auth/refresh", map[string]any{"refresh_token": token})
			require.Equal(t, http.StatusOK, resp.Status, "the successor still works: %s", resp.Body)
		}
	})
}

func TestChangePasswordRevokesEverySession(t *testing.T) {
	st.EachOwner(t, func(t *testing.T, s *st.Server, o *st.Owner) {
		other := *o
		s.Login(t, &other) // a second session of the same user

		wrong := s.Do(t, "POST", "/v1/auth/change-password", map[string]any{"current_password": "not it", "new_password": "a brand new passphrase"}, st.Bearer(o.IDToken))
		require.Equal(t, http.StatusUnauthorized, wrong.Status)
		weak := s.Do(t, "POST", "/v1/auth/change-password", map[string]any{"current_password": o.Password, "new_password": "short"}, st.Bearer(o.IDToken))
		require.Equal(t, http.StatusBadRequest, weak.Status)
		require.Equal(t, "bad_request", weak.ErrorCode(t))
		same := s.Do(t, "POST", "/v1/auth/change-password", map[string]any{"current_password": o.Password, "new_password": o.Password}, st.Bearer(o.IDToken))
		require.Equal(t, http.StatusBadRequest, same.Status)
		noToken := s.Do(t, "POST", "/v1/auth/change-password", map[string]any{"current_password": o.Password, "new_password": "a brand new passphrase"})
		require.Equal(t, http.StatusUnauthorized, noToken.Status)

		resp := s.Do(t, "POST", "/v1/auth/change-password", map[string]any{"current_password": o.Password, "new_password": "a brand new passphrase"}, st.Bearer(o.IDToken))
		require.Equal(t, http.StatusOK, resp.Status, "%s", resp.Body)
		require.Equal(t, map[string]any{"success": true, "requires_reauth": true}, resp.JSON(t))

		for _, token := range []string{o.IDToken, other.IDToken} {
			require.Equal(t, http.StatusUnauthorized, s.Do(t, "GET", "/v1/user/account/info", nil, st.Bearer(token)).Status)
		}
		for _, token := range []string{o.RefreshToken, other.RefreshToken} {
			require.Equal(t, http.StatusUnauthorized, s.Do(t, "POST", "/v1/auth/refresh", map[string]any{"refresh_token": token}).Status)
		}
		require.Equal(t, http.StatusUnauthorized, s.Do(t, "POST", "/v1/auth/login", map[string]any{"email": o.Email, "password": o.Password}).Status)
		o.Password = "a brand new passphrase"
		s.Login(t, o)
		require.Equal(t, http.StatusOK, s.Do(t, "GET", "/v1/user/account/info", nil, st.Bearer(o.IDToken)).Status)
	})
}

func TestLogout(t *testing.T) {
	st.EachOwner(t, func(t *testing.T, s *st.Server, o *st.Owner) {
		intruder := s.NewOwner(t)
		stranger := s.Do(t, "POST", "/v1/auth/logout", map[string]any{"refresh_token": o.RefreshToken}, st.Bearer(intruder.IDToken))
		require.Equal(t, http.StatusUnauthorized, stranger.Status, "one owner cannot end another's session")

		resp := s.Do(t, "POST", "/v1/auth/logout", map[string]any{"refresh_token": o.RefreshToken}, st.Bearer(o.IDToken))
		require.Equal(t, http.StatusOK, resp.Status, "%s", resp.Body)
		require.Equal(t, map[string]any{"success": true}, resp.JSON(t))
		require.Equal(t, http.StatusUnauthorized, s.Do(t, "POST", "/v1/auth/refresh", map[string]any{"refresh_token": o.RefreshToken}).Status)
	})
}

func TestLoginIsThrottled(t *testing.T) {
	st.EachOwner(t, func(t *testing.T, s *st.Server, o *st.Owner) {
		for range 5 {
			resp := s.Do(t, "POST", "/v1/auth/login", map[string]any{"email": o.Email, "password": "wrong guess"})
			require.Equal(t, http.StatusUnauthorized, resp.Status)
		}
		// Even the right password is refused while the email is throttled.
		resp := s.Do(t, "POST", "/v1/auth/login", map[string]any{"email": o.Email, "password": o.Password})
		require.Equal(t, http.StatusTooManyRequests, resp.Status)
		require.Equal(t, "rate_limited", resp.ErrorCode(t))
		retry := resp.Header.Get("Retry-After")
		require.NotEmpty(t, retry)
		require.Regexp(t, `^[1-9][0-9]*$`, retry)

		// Other owners are unaffected until the address itself is throttled.
		other := s.NewOwner(t)
		require.Equal(t, http.StatusOK, s.Do(t, "POST", "/v1/auth/login", map[string]any{"email": other.Email, "password": other.Password}).Status)
		for i := range 15 {
			resp := s.Do(t, "POST", "/v1/auth/login", map[string]any{"email": "guess" + string(rune('a'+i)) + "@example.com", "password": "wrong guess"})
			require.Equal(t, http.StatusUnauthorized, resp.Status, "attempt %d", i)
		}
		blocked := s.Do(t, "POST", "/v1/auth/login", map[string]any{"email": other.Email, "password": other.Password})
		require.Equal(t, http.StatusTooManyRequests, blocked.Status, "20 failures from one address throttle that address")
	})
}
