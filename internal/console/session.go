package console

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"encoding/json"
	"net"
	"net/http"

	"github.com/notegen/notegen/internal/apperr"
	"github.com/notegen/notegen/internal/audit"
	"github.com/notegen/notegen/internal/auth"
)

// cookieName names the session cookie. It is scoped to the console's path,
// so the JSON API never receives it.
const cookieName = "notegen_console"

// sessionPurpose binds the sealed cookie to its use: no other sealed value
// of the server can be replayed as a session.
const sessionPurpose = "console-session"

// session is what the cookie holds, sealed with the master key: the tokens
// the API would hand a client, which the browser cannot read, and the CSRF
// token its forms must echo.
type session struct {
	IDToken      string `json:"i"`
	RefreshToken string `json:"r"`
	CSRF         string `json:"c"`
	// UserID and Email are filled from the verified token, never trusted
	// from the cookie alone.
	UserID string `json:"-"`
	Email  string `json:"-"`
}

type sessionKey struct{}

func sessionFrom(ctx context.Context) *session {
	s, _ := ctx.Value(sessionKey{}).(*session)
	return s
}

func newCSRFToken() string {
	b := make([]byte, 24)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

// startSession sets the cookie of a fresh login.
func (c *Console) startSession(w http.ResponseWriter, t auth.Tokens) {
	c.setCookie(w, &session{IDToken: t.IDToken, RefreshToken: t.RefreshToken, CSRF: newCSRFToken()})
}

func (c *Console) setCookie(w http.ResponseWriter, s *session) {
	plain, _ := json.Marshal(s)
	http.SetCookie(w, &http.Cookie{
		Name: cookieName, Value: base64.RawURLEncoding.EncodeToString(c.Master.Seal(sessionPurpose, plain)),
		Path: Prefix, HttpOnly: true, Secure: c.secure, SameSite: http.SameSiteStrictMode,
		// The refresh token lives 30 days at most; the browser may keep
		// the cookie as long, and logout clears it.
		MaxAge: 30 * 24 * 3600,
	})
}

func (c *Console) clearCookie(w http.ResponseWriter) {
	http.SetCookie(w, &http.Cookie{Name: cookieName, Value: "", Path: Prefix, MaxAge: -1,
		HttpOnly: true, Secure: c.secure, SameSite: http.SameSiteStrictMode})
}

// readCookie opens the session cookie; nil when there is none or it was
// not sealed by this deployment.
func (c *Console) readCookie(r *http.Request) *session {
	ck, err := r.Cookie(cookieName)
	if err != nil || ck.Value == "" {
		return nil
	}
	sealed, err := base64.RawURLEncoding.DecodeString(ck.Value)
	if err != nil {
		return nil
	}
	plain, err := c.Master.Open(sessionPurpose, sealed)
	if err != nil {
		return nil
	}
	var s session
	if json.Unmarshal(plain, &s) != nil || s.IDToken == "" || s.CSRF == "" {
		return nil
	}
	return &s
}

// authenticate verifies the session's ID token as the API verifies a
// bearer token and, once it has expired, rotates the refresh token as
// POST /v1/auth/refresh would, writing the new pair to the cookie.
func (c *Console) authenticate(w http.ResponseWriter, r *http.Request) (*session, error) {
	s := c.readCookie(r)
	if s == nil {
		return nil, errSignedOut
	}
	p, err := c.Auth.Authenticate(r.Context(), s.IDToken)
	if err != nil {
		if apperr.From(err).Code != apperr.Authentication {
			return nil, err
		}
		t, rerr := c.Auth.Refresh(r.Context(), s.RefreshToken)
		if rerr != nil {
			c.clearCookie(w)
			return nil, errSignedOut
		}
		s.IDToken, s.RefreshToken = t.IDToken, t.RefreshToken
		c.setCookie(w, s)
		p = auth.Principal{UserID: t.UserID, Email: t.Email}
	} else if err := c.Auth.SessionActive(r.Context(), p, s.RefreshToken); err != nil {
		// Logged out elsewhere, or the password changed: the ID token may
		// still verify, but the session it came with has ended.
		if apperr.From(err).Code != apperr.Authentication {
			return nil, err
		}
		c.clearCookie(w)
		return nil, errSignedOut
	}
	s.UserID, s.Email = p.UserID, p.Email
	return s, nil
}

var errSignedOut = apperr.New(apperr.Authentication, "Log in to continue")

// signedIn runs h for a signed-in owner, with the audit actor set as the
// API sets it; a visitor without a session is sent to the login page. A
// state-changing request must carry the session's CSRF token.
func (c *Console) signedIn(h handler) http.Handler {
	return c.page(func(w http.ResponseWriter, r *http.Request) error {
		s, err := c.authenticate(w, r)
		if err == errSignedOut {
			if r.Method == http.MethodGet {
				http.Redirect(w, r, Prefix+"login", http.StatusSeeOther)
				return nil
			}
			return err
		}
		if err != nil {
			return err
		}
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			if subtle.ConstantTimeCompare([]byte(r.PostFormValue("csrf")), []byte(s.CSRF)) != 1 {
				return apperr.New(apperr.Authorization, "This form has expired; reload the page and try again")
			}
		}
		ctx := context.WithValue(r.Context(), sessionKey{}, s)
		ctx = audit.WithActor(ctx, audit.Actor{ID: s.UserID, ClientAddr: clientAddr(r)})
		return h(w, r.WithContext(ctx))
	})
}

// clientAddr is the address the request came from, as the API takes it
// for throttling and the audit log: forwarding headers are not trusted.
func clientAddr(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}
