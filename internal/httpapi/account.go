package httpapi

import (
	"context"
	"net/http"

	"github.com/notegen/notegen"
	"github.com/notegen/notegen/internal/account"
	"github.com/notegen/notegen/internal/audit"
	"github.com/notegen/notegen/internal/webhook"
)

// ownerCall is the handler of a route that takes nothing but its bearer
// credential: it runs call for the request's account owner and answers the
// result through its wire mapping.
func ownerCall[T, W any](s *Server, call func(ctx context.Context, ownerID string) (T, error), wire func(T) W) handlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		v, err := call(r.Context(), ownerID(r))
		return answer(s, w, http.StatusOK, v, err, wire)
	}
}

// ownerSecretCall is ownerCall for a result that holds a secret, which no
// cache may keep.
func ownerSecretCall[T, W any](s *Server, call func(ctx context.Context, ownerID string) (T, error), wire func(T) W) handlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		v, err := call(r.Context(), ownerID(r))
		return answerSecret(s, w, http.StatusOK, v, err, wire)
	}
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

func (s *Server) updateWebhook(w http.ResponseWriter, r *http.Request) error {
	req, err := readBody[notegen.WebhookUpdate](w, r)
	if err != nil {
		return err
	}
	res, err := s.Webhooks.Update(r.Context(), ownerID(r), webhook.Settings{Dev: req.Dev, Prod: req.Prod})
	return answer(s, w, http.StatusOK, res, err, wireWebhookUpdated)
}

func (s *Server) auditLog(w http.ResponseWriter, r *http.Request) error {
	limit, err := queryLimit(r, audit.MaxPageSize)
	if err != nil {
		return err
	}
	page, err := s.Audit.List(r.Context(), ownerID(r), limit, r.URL.Query().Get("cursor"))
	return answer(s, w, http.StatusOK, page, err, wireAuditPage)
}
