package httpapi

import (
	"net/http"

	"github.com/notegen/notegen"
	"github.com/notegen/notegen/internal/delivery"
)

func (s *Server) listDeliveries(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	limit, err := queryLimit(r, delivery.MaxPage)
	if err != nil {
		return err
	}
	f := delivery.Filter{Status: q.Get("status"), Event: q.Get("event"), Cursor: q.Get("cursor"), Limit: limit}
	page, err := s.Deliveries.List(r.Context(), ownerID(r), f)
	return answer(s, w, http.StatusOK, page, err, wireDeliveryPage)
}

func (s *Server) redeliver(w http.ResponseWriter, r *http.Request) error {
	attempt, err := s.Deliveries.Redeliver(r.Context(), ownerID(r), r.PathValue("id"))
	return answer(s, w, http.StatusOK, attempt, err, wireAttempt)
}

func (s *Server) checkWebhook(w http.ResponseWriter, r *http.Request) error {
	reach, err := s.Deliveries.Check(r.Context(), ownerID(r), r.URL.Query().Get("env"))
	return answer(s, w, http.StatusOK, reach, err, wireReach)
}

func (s *Server) sendWebhookTest(w http.ResponseWriter, r *http.Request) error {
	req, err := readBody[notegen.WebhookTestRequest](w, r)
	if err != nil {
		return err
	}
	queued, err := s.Deliveries.SendTest(r.Context(), ownerID(r), req.Env)
	return answer(s, w, http.StatusAccepted, queued, err, wireTestEvent)
}
