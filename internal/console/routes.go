package console

import "net/http"

// routes lists every console page. State-changing pages are POST forms
// behind the CSRF check of signedIn (or, before login, the cross-origin
// check of ServeHTTP and the SameSite=Strict cookie).
func (c *Console) routes() {
	c.mux.Handle("GET /console/{$}", c.page(c.home))
	c.mux.Handle("GET /console/signup", c.page(c.signupForm))
	c.mux.Handle("POST /console/signup", c.page(c.signup))
	c.mux.Handle("GET /console/login", c.page(c.loginForm))
	c.mux.Handle("POST /console/login", c.page(c.login))
	c.mux.Handle("POST /console/logout", c.signedIn(c.logout))

	c.mux.Handle("GET /console/keys", c.signedIn(c.keys))
	c.mux.Handle("POST /console/keys", c.signedIn(c.createKey))
	c.mux.Handle("POST /console/keys/status", c.signedIn(c.setKeyStatus))
	c.mux.Handle("POST /console/keys/delete", c.signedIn(c.deleteKey))
	c.mux.Handle("POST /console/keys/metadata", c.signedIn(c.updateKeyMetadata))

	c.mux.Handle("GET /console/account", c.signedIn(c.account))
	c.mux.Handle("POST /console/account", c.signedIn(c.updateAccount))
	c.mux.Handle("POST /console/account/status", c.signedIn(c.setAccountStatus))
	c.mux.Handle("POST /console/account/password", c.signedIn(c.changePassword))
	c.mux.Handle("GET /console/jobs", c.signedIn(c.jobs))
	c.mux.Handle("GET /console/jobs/{job_id}", c.signedIn(c.job))
	c.mux.Handle("GET /console/jobs/{job_id}/fhir", c.signedIn(c.jobFHIR))
	c.mux.Handle("GET /console/webhooks", c.signedIn(c.webhooks))
	c.mux.Handle("POST /console/webhooks", c.signedIn(c.updateWebhooks))
	c.mux.Handle("POST /console/webhooks/secret", c.signedIn(c.revealSecret))
	c.mux.Handle("POST /console/webhooks/secret/rotate", c.signedIn(c.rotateSecret))
	c.mux.Handle("POST /console/webhooks/test", c.signedIn(c.sendTest))
	c.mux.Handle("POST /console/webhooks/redeliver", c.signedIn(c.redeliver))
	c.mux.Handle("GET /console/usage", c.signedIn(c.usage))
	c.mux.Handle("GET /console/audit", c.signedIn(c.auditLog))
	c.mux.Handle("/console/", c.page(c.notFound))
}

// home sends an owner to their keys and a visitor to the login page.
func (c *Console) home(w http.ResponseWriter, r *http.Request) error {
	if c.readCookie(r) != nil {
		http.Redirect(w, r, Prefix+"jobs", http.StatusSeeOther)
		return nil
	}
	http.Redirect(w, r, Prefix+"login", http.StatusSeeOther)
	return nil
}

func (c *Console) notFound(w http.ResponseWriter, r *http.Request) error {
	c.render(w, r, http.StatusNotFound, "error", view{Title: "Page not found",
		Error: "There is no console page here."})
	return nil
}
