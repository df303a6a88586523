package console

import "net/http"

// auditLog lists who changed what on the account, newest first, as GET
// /v1/user/audit-log does.
func (c *Console) auditLog(w http.ResponseWriter, r *http.Request) error {
	page, err := c.Audit.List(r.Context(), sessionFrom(r.Context()).UserID, 50, r.URL.Query().Get("cursor"))
	if err != nil {
		return err
	}
	c.render(w, r, http.StatusOK, "audit", view{Title: "Audit log", Nav: "audit", Data: page})
	return nil
}
