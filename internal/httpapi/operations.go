package httpapi

import (
	"net/http"

	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/notegen/notegen/internal/apperr"
)

type statusBody struct {
	Status string `json:"status"`
}

type jwksBody struct {
	Keys []map[string]string `json:"keys"`
}

func (s *Server) healthz(w http.ResponseWriter, r *http.Request) error {
	return s.json(w, http.StatusOK, statusBody{Status: "ok"})
}

func (s *Server) readyz(w http.ResponseWriter, r *http.Request) error {
	if err := s.DB.Ping(r.Context()); err != nil {
		return &apperr.Error{Code: apperr.Unavailable, Message: "Database is not reachable", Cause: err}
	}
	pending, err := s.DB.MigrationsPending(r.Context())
	if err != nil {
		return &apperr.Error{Code: apperr.Unavailable, Message: "Migration state is unknown", Cause: err}
	}
	if pending {
		return apperr.New(apperr.Unavailable, "Database migrations are not applied yet")
	}
	return s.json(w, http.StatusOK, statusBody{Status: "ready"})
}

func (s *Server) serveMetrics(w http.ResponseWriter, r *http.Request) error {
	promhttp.HandlerFor(s.Metrics, promhttp.HandlerOpts{}).ServeHTTP(w, r)
	return nil
}

func (s *Server) serveOpenAPI(w http.ResponseWriter, r *http.Request) error {
	w.Header().Set("Content-Type", "application/json")
	_, err := w.Write(s.openapi)
	if err != nil {
		logWriteFailure(s.log, r, err)
	}
	return nil
}

func (s *Server) jwks(w http.ResponseWriter, r *http.Request) error {
	body, err := s.Auth.Signer().JWKS()
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "public, max-age=300")
	if _, err := w.Write(body); err != nil {
		logWriteFailure(s.log, r, err)
	}
	return nil
}
