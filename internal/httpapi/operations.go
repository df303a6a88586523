package httpapi

import (
	"encoding/base64"
	"net/http"

	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/notegen/notegen"
	"github.com/notegen/notegen/internal/apperr"
)

func (s *Server) healthz(w http.ResponseWriter, r *http.Request) error {
	return s.json(w, http.StatusOK, notegen.Health{Status: "ok"})
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
	return s.json(w, http.StatusOK, notegen.Health{Status: "ready"})
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
	// A key rotated elsewhere is published here at once, as verifiers
	// outside the service fetch the set to check tokens signed with it.
	if err := s.Auth.Signer().Refresh(r.Context()); err != nil {
		return err
	}
	keys := s.Auth.Signer().PublicKeys()
	set := notegen.JSONWebKeySet{Keys: make([]notegen.JSONWebKey, len(keys))}
	for i, k := range keys {
		set.Keys[i] = notegen.JSONWebKey{Kty: "OKP", Crv: "Ed25519", X: base64.RawURLEncoding.EncodeToString(k.Key), Kid: k.Kid, Use: "sig", Alg: "EdDSA"}
	}
	w.Header().Set("Cache-Control", "public, max-age=300")
	return s.json(w, http.StatusOK, set)
}
