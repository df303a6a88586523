package httpapi

import (
	"net/http"
	"strconv"

	"github.com/notegen/notegen/internal/apperr"
	"github.com/notegen/notegen/internal/webhook"
)

// webhookTestRequest is the optional body of POST /v1/user/webhook/test.
type webhookTestRequest struct {
	Env *string `json:"env"`
}

func (s *Server) listDeliveries(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	f := webhook.DeliveryFilter{Status: q.Get("status"), Event: q.Get("event"), Cursor: q.Get("cursor")}
	if v := q.Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			return apperr.Invalid("limit", "limit must be between 1 and %d", webhook.MaxDeliveryPage)
		}
		f.Limit = n
	}
	page, err := s.Deliveries.List(r.Context(), principal(r.Context()).UserID, f)
	if err != nil {
		return err
	}
	return s.json(w, http.StatusOK, page)
}

func (s *Server) redeliver(w http.ResponseWriter, r *http.Request) error {
	attempt, err := s.Deliveries.Redeliver(r.Context(), principal(r.Context()).UserID, r.PathValue("id"))
	if err != nil {
		return err
	}
	return s.json(w, http.StatusOK, attempt)
}

func (s *Server) sendWebhookTest(w http.ResponseWriter, r *http.Request) error {
	var req webhookTestRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	env := ""
	if req.Env != nil {
		env = *req.Env
	}
	queued, err := s.Deliveries.SendTest(r.Context(), principal(r.Context()).UserID, env)
	if err != nil {
		return err
	}
	return s.json(w, http.StatusAccepted, queued)
}
