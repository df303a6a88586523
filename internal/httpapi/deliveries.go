package httpapi

import (
	"net/http"
	"strconv"

	"github.com/notegen/notegen"
	"github.com/notegen/notegen/internal/apperr"
	"github.com/notegen/notegen/internal/webhook"
)

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
	return s.json(w, http.StatusOK, wireDeliveryPage(page))
}

func (s *Server) redeliver(w http.ResponseWriter, r *http.Request) error {
	attempt, err := s.Deliveries.Redeliver(r.Context(), principal(r.Context()).UserID, r.PathValue("id"))
	if err != nil {
		return err
	}
	return s.json(w, http.StatusOK, wireAttempt(attempt))
}

func (s *Server) sendWebhookTest(w http.ResponseWriter, r *http.Request) error {
	var req notegen.WebhookTestRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	queued, err := s.Deliveries.SendTest(r.Context(), principal(r.Context()).UserID, req.Env)
	if err != nil {
		return err
	}
	return s.json(w, http.StatusAccepted, wireTestEvent(queued))
}
