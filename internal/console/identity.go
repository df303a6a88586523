package console

import (
	"context"
	"net/http"
	"strings"

	"github.com/notegen/notegen/internal/account"
	"github.com/notegen/notegen/internal/apperr"
)

func (c *Console) signupForm(w http.ResponseWriter, r *http.Request) error {
	c.render(w, r, http.StatusOK, "signup", view{Title: "Create an account"})
	return nil
}

// signup creates the account as POST /v1/auth/create-account does and logs
// the new owner in.
func (c *Console) signup(w http.ResponseWriter, r *http.Request) error {
	form := map[string]string{
		"email": r.PostFormValue("email"), "company_name": r.PostFormValue("company_name"),
		"contact_email": r.PostFormValue("contact_email"), "phone_number": r.PostFormValue("phone_number"),
		"address": r.PostFormValue("address"),
	}
	v := view{Title: "Create an account", Form: form}
	profile := account.Profile{CompanyName: ptr(form["company_name"]), ContactEmail: ptr(form["contact_email"]),
		PhoneNumber: ptr(form["phone_number"]), Address: ptr(form["address"])}
	password := r.PostFormValue("password")
	if _, err := c.Auth.CreateAccount(r.Context(), form["email"], password, profile, clientAddr(r)); err != nil {
		c.render(w, r, c.formError(r, &v, err, profileFields("email", "password")...), "signup", v)
		return nil
	}
	tokens, err := c.Auth.Login(r.Context(), form["email"], password, clientAddr(r))
	if err != nil {
		return err
	}
	c.startSession(w, tokens)
	http.Redirect(w, r, Prefix+"keys", http.StatusSeeOther)
	return nil
}

// profileFields are the account profile's fields, which the sign-up and
// account forms show with their messages, and more the form has.
func profileFields(more ...string) []string {
	return append([]string{"company_name", "contact_email", "phone_number", "address"}, more...)
}

func ptr(s string) *string {
	s = strings.TrimSpace(s)
	return &s
}

func (c *Console) loginForm(w http.ResponseWriter, r *http.Request) error {
	c.render(w, r, http.StatusOK, "login", view{Title: "Log in"})
	return nil
}

// login checks the password with the API's login, throttling included.
func (c *Console) login(w http.ResponseWriter, r *http.Request) error {
	email := r.PostFormValue("email")
	v := view{Title: "Log in", Form: map[string]string{"email": email}}
	tokens, err := c.Auth.Login(r.Context(), email, r.PostFormValue("password"), clientAddr(r))
	if err != nil {
		c.render(w, r, c.formError(r, &v, err), "login", v)
		return nil
	}
	c.startSession(w, tokens)
	http.Redirect(w, r, Prefix+"jobs", http.StatusSeeOther)
	return nil
}

// logout ends the login session on the server, as POST /v1/auth/logout
// does, before the cookie is dropped: a copy of the cookie is useless
// after it.
func (c *Console) logout(w http.ResponseWriter, r *http.Request) error {
	s := sessionFrom(r.Context())
	if err := c.Auth.Logout(r.Context(), principalOf(s), s.RefreshToken); err != nil {
		return err
	}
	c.clearCookie(w)
	http.Redirect(w, r, Prefix+"login", http.StatusSeeOther)
	return nil
}

// accountView fills the account page with the account as GET
// /v1/user/account/info reads it.
func (c *Console) accountView(r *http.Request, v *view) error {
	info, err := c.Accounts.Get(r.Context(), sessionFrom(r.Context()).UserID)
	if err != nil {
		return err
	}
	v.Title, v.Nav, v.Data = "Account", "account", info
	return nil
}

func (c *Console) showAccount(w http.ResponseWriter, r *http.Request, status int, v view) error {
	if err := c.accountView(r, &v); err != nil {
		return err
	}
	c.render(w, r, status, "account", v)
	return nil
}

func (c *Console) account(w http.ResponseWriter, r *http.Request) error {
	return c.showAccount(w, r, http.StatusOK, view{})
}

// updateAccount saves the profile as POST /v1/user/account/update does.
func (c *Console) updateAccount(w http.ResponseWriter, r *http.Request) error {
	form := map[string]string{"company_name": r.PostFormValue("company_name"), "contact_email": r.PostFormValue("contact_email"),
		"phone_number": r.PostFormValue("phone_number"), "address": r.PostFormValue("address")}
	v := view{Form: form}
	status := http.StatusOK
	res, err := c.Accounts.Update(r.Context(), sessionFrom(r.Context()).UserID, account.Profile{
		CompanyName: ptr(form["company_name"]), ContactEmail: ptr(form["contact_email"]),
		PhoneNumber: ptr(form["phone_number"]), Address: ptr(form["address"])})
	if err != nil {
		status = c.formError(r, &v, err, profileFields()...)
	} else {
		v.Notice, v.Form = res.Message, nil
	}
	return c.showAccount(w, r, status, v)
}

// setAccountStatus cancels or reactivates the account with the rules of
// POST /v1/user/account/cancel and /reactivate.
func (c *Console) setAccountStatus(w http.ResponseWriter, r *http.Request) error {
	userID := sessionFrom(r.Context()).UserID
	var res account.StatusResult
	var err error
	switch {
	case r.PostFormValue("action") == "reactivate":
		res, err = c.Accounts.Reactivate(r.Context(), userID)
	case r.PostFormValue("confirm") != "yes":
		// A stray click must not cancel an account.
		err = apperr.Invalid("confirm", "Tick the box to confirm the cancellation")
	default:
		res, err = c.Accounts.Cancel(r.Context(), userID)
	}
	var v view
	status := http.StatusOK
	if err != nil {
		status = c.formError(r, &v, err, "confirm")
	} else {
		v.Notice = res.Message
	}
	return c.showAccount(w, r, status, v)
}

// changePassword changes the password as POST /v1/auth/change-password
// does, which ends every session: the owner logs in again.
func (c *Console) changePassword(w http.ResponseWriter, r *http.Request) error {
	s := sessionFrom(r.Context())
	err := c.Auth.ChangePassword(r.Context(), principalOf(s), r.PostFormValue("current_password"), r.PostFormValue("new_password"), clientAddr(r))
	if err != nil {
		v := view{}
		status := c.formError(r, &v, err, "current_password", "new_password")
		return c.showAccount(w, r, status, v)
	}
	c.clearCookie(w)
	// The login page is shown signed out: the session has just ended.
	c.render(w, r.WithContext(context.WithValue(r.Context(), sessionKey{}, (*session)(nil))), http.StatusOK, "login",
		view{Title: "Log in", Notice: "Password changed: log in with the new one.", Form: map[string]string{"email": s.Email}})
	return nil
}
