package httpapi

import (
	"encoding/json"
	"net/http"
	"strconv"

	"github.com/notegen/notegen/internal/apperr"
)

type createKeyRequest struct {
	KeyType  string          `json:"keyType"`
	Metadata json.RawMessage `json:"metadata"`
}

type updateMetadataRequest struct {
	APIKey   string          `json:"apiKey"`
	Metadata json.RawMessage `json:"metadata"`
}

type keyStatusRequest struct {
	Status string `json:"status"`
}

type deleteKeyRequest struct {
	APIKey string `json:"apiKey"`
}

// queryBool reads a boolean query parameter under any of its names.
func queryBool(r *http.Request, names ...string) (bool, error) {
	for _, name := range names {
		if v := r.URL.Query().Get(name); v != "" {
			b, err := strconv.ParseBool(v)
			if err != nil {
				return false, apperr.Invalid(name, "%s must be true or false", name)
			}
			return b, nil
		}
	}
	return false, nil
}

func (s *Server) listKeys(w http.ResponseWriter, r *http.Request) error {
	showFull, err := queryBool(r, "showFull", "show_full")
	if err != nil {
		return err
	}
	keys, err := s.Keys.List(r.Context(), principal(r.Context()).UserID, showFull)
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	return s.json(w, http.StatusOK, keys)
}

func (s *Server) createKey(w http.ResponseWriter, r *http.Request) error {
	var req createKeyRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	created, err := s.Keys.Create(r.Context(), principal(r.Context()).UserID, req.KeyType, req.Metadata)
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	return s.json(w, http.StatusOK, created)
}

func (s *Server) updateKeyMetadata(w http.ResponseWriter, r *http.Request) error {
	var req updateMetadataRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	res, err := s.Keys.UpdateMetadata(r.Context(), principal(r.Context()).UserID, req.APIKey, req.Metadata)
	if err != nil {
		return err
	}
	return s.json(w, http.StatusOK, res)
}

func (s *Server) setKeyStatus(w http.ResponseWriter, r *http.Request) error {
	var req keyStatusRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	res, err := s.Keys.SetStatus(r.Context(), principal(r.Context()).UserID, r.PathValue("api_key"), req.Status)
	if err != nil {
		return err
	}
	return s.json(w, http.StatusOK, res)
}

func (s *Server) deleteKey(w http.ResponseWriter, r *http.Request) error {
	var req deleteKeyRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	res, err := s.Keys.Delete(r.Context(), principal(r.Context()).UserID, req.APIKey)
	if err != nil {
		return err
	}
	return s.json(w, http.StatusOK, res)
}
