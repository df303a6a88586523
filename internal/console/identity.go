package console

import (
	"net/http"
	"strings"

	"github.com/notegen/notegen/internal/account"
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
		c.render(w, r, c.formError(r, &v, err), "signup", v)
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

func (c *Console) account(w http.ResponseWriter, r *http.Request) error {
	info, err := c.Accounts.Get(r.Context(), sessionFrom(r.Context()).UserID)
	if err != nil {
		return err
	}
	c.render(w, r, http.StatusOK, "account", view{Title: "Account", Nav: "account", Data: info})
	return nil
}
