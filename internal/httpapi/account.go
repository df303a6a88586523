package httpapi

import (
	"net/http"
	"strconv"

	"github.com/notegen/notegen"
	"github.com/notegen/notegen/internal/account"
	"github.com/notegen/notegen/internal/apperr"
	"github.com/notegen/notegen/internal/audit"
	"github.com/notegen/notegen/internal/webhook"
)

func (s *Server) accountInfo(w http.ResponseWriter, r *http.Request) error {
	info, err := s.Accounts.Get(r.Context(), principal(r.Context()).UserID)
	if err != nil {
		return err
	}
	return s.json(w, http.StatusOK, wireAccount(info))
}

func (s *Server) updateAccount(w http.ResponseWriter, r *http.Request) error {
	var req notegen.AccountUpdate
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	profile := account.Profile{CompanyName: req.CompanyName, ContactEmail: req.ContactEmail, PhoneNumber: req.PhoneNumber, Address: req.Address}
	res, err := s.Accounts.Update(r.Context(), principal(r.Context()).UserID, profile)
	if err != nil {
		return err
	}
	return s.json(w, http.StatusOK, wireAccountUpdated(res))
}

func (s *Server) cancelAccount(w http.ResponseWriter, r *http.Request) error {
	res, err := s.Accounts.Cancel(r.Context(), principal(r.Context()).UserID)
	if err != nil {
		return err
	}
	return s.json(w, http.StatusOK, wireAccountStatus(res))
}

func (s *Server) reactivateAccount(w http.ResponseWriter, r *http.Request) error {
	res, err := s.Accounts.Reactivate(r.Context(), principal(r.Context()).UserID)
	if err != nil {
		return err
	}
	return s.json(w, http.StatusOK, wireAccountStatus(res))
}

func (s *Server) getWebhook(w http.ResponseWriter, r *http.Request) error {
	settings, err := s.Webhooks.Get(r.Context(), principal(r.Context()).UserID)
	if err != nil {
		return err
	}
	return s.json(w, http.StatusOK, wireWebhookSettings(settings))
}

func (s *Server) updateWebhook(w http.ResponseWriter, r *http.Request) error {
	var req notegen.WebhookUpdate
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	res, err := s.Webhooks.Update(r.Context(), principal(r.Context()).UserID, webhook.Settings{Dev: req.Dev, Prod: req.Prod})
	if err != nil {
		return err
	}
	return s.json(w, http.StatusOK, wireWebhookUpdated(res))
}

func (s *Server) getWebhookSecret(w http.ResponseWriter, r *http.Request) error {
	secret, err := s.Webhooks.Secret(r.Context(), principal(r.Context()).UserID)
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	return s.json(w, http.StatusOK, wireWebhookSecret(secret))
}

func (s *Server) rotateWebhookSecret(w http.ResponseWriter, r *http.Request) error {
	secret, err := s.Webhooks.Rotate(r.Context(), principal(r.Context()).UserID)
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	return s.json(w, http.StatusOK, wireWebhookSecret(secret))
}

func (s *Server) auditLog(w http.ResponseWriter, r *http.Request) error {
	limit := 0
	if v := r.URL.Query().Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			return apperr.Invalid("limit", "limit must be between 1 and %d", audit.MaxPageSize)
		}
		limit = n
	}
	page, err := s.Audit.List(r.Context(), principal(r.Context()).UserID, limit, r.URL.Query().Get("cursor"))
	if err != nil {
		return err
	}
	return s.json(w, http.StatusOK, wireAuditPage(page))
}
