package httpapi

import (
	"net/http"

	"github.com/notegen/notegen"
	"github.com/notegen/notegen/internal/account"
	"github.com/notegen/notegen/internal/audit"
	"github.com/notegen/notegen/internal/webhook"
)

func (s *Server) accountInfo(w http.ResponseWriter, r *http.Request) error {
	info, err := s.Accounts.Get(r.Context(), ownerID(r))
	return answer(s, w, http.StatusOK, info, err, wireAccount)
}

func (s *Server) updateAccount(w http.ResponseWriter, r *http.Request) error {
	req, err := readBody[notegen.AccountUpdate](w, r)
	if err != nil {
		return err
	}
	profile := account.Profile{CompanyName: req.CompanyName, ContactEmail: req.ContactEmail, PhoneNumber: req.PhoneNumber, Address: req.Address}
	res, err := s.Accounts.Update(r.Context(), ownerID(r), profile)
	return answer(s, w, http.StatusOK, res, err, wireAccountUpdated)
}

func (s *Server) cancelAccount(w http.ResponseWriter, r *http.Request) error {
	res, err := s.Accounts.Cancel(r.Context(), ownerID(r))
	return answer(s, w, http.StatusOK, res, err, wireAccountStatus)
}

func (s *Server) reactivateAccount(w http.ResponseWriter, r *http.Request) error {
	res, err := s.Accounts.Reactivate(r.Context(), ownerID(r))
	return answer(s, w, http.StatusOK, res, err, wireAccountStatus)
}

func (s *Server) getWebhook(w http.ResponseWriter, r *http.Request) error {
	settings, err := s.Webhooks.Get(r.Context(), ownerID(r))
	return answer(s, w, http.StatusOK, settings, err, wireWebhookSettings)
}

func (s *Server) updateWebhook(w http.ResponseWriter, r *http.Request) error {
	req, err := readBody[notegen.WebhookUpdate](w, r)
	if err != nil {
		return err
	}
	res, err := s.Webhooks.Update(r.Context(), ownerID(r), webhook.Settings{Dev: req.Dev, Prod: req.Prod})
	return answer(s, w, http.StatusOK, res, err, wireWebhookUpdated)
}

func (s *Server) getWebhookSecret(w http.ResponseWriter, r *http.Request) error {
	secret, err := s.Webhooks.Secret(r.Context(), ownerID(r))
	return answerSecret(s, w, http.StatusOK, secret, err, wireWebhookSecret)
}

func (s *Server) rotateWebhookSecret(w http.ResponseWriter, r *http.Request) error {
	secret, err := s.Webhooks.Rotate(r.Context(), ownerID(r))
	return answerSecret(s, w, http.StatusOK, secret, err, wireWebhookSecret)
}

func (s *Server) auditLog(w http.ResponseWriter, r *http.Request) error {
	limit, err := queryLimit(r, audit.MaxPageSize)
	if err != nil {
		return err
	}
	page, err := s.Audit.List(r.Context(), ownerID(r), limit, r.URL.Query().Get("cursor"))
	return answer(s, w, http.StatusOK, page, err, wireAuditPage)
}
