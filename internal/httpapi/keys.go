package httpapi

import (
	"encoding/json"
	"net/http"
	"strconv"

	"github.com/notegen/notegen"
	"github.com/notegen/notegen/internal/apperr"
)

// createKeyBody decodes notegen.CreateAPIKeyRequest with its metadata kept
// as sent: apikey checks it with its own rules and says what is wrong.
type createKeyBody struct {
	notegen.CreateAPIKeyRequest
	Metadata json.RawMessage `json:"metadata"`
}

// updateMetadataBody is notegen.UpdateAPIKeyMetadataRequest with its
// metadata kept as sent, as in createKeyBody.
type updateMetadataBody struct {
	notegen.UpdateAPIKeyMetadataRequest
	Metadata json.RawMessage `json:"metadata"`
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
	return s.json(w, http.StatusOK, mapSlice(keys, wireKey))
}

func (s *Server) createKey(w http.ResponseWriter, r *http.Request) error {
	var req createKeyBody
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	created, err := s.Keys.Create(r.Context(), principal(r.Context()).UserID, req.KeyType, req.Metadata)
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	return s.json(w, http.StatusOK, wireCreatedKey(created))
}

func (s *Server) updateKeyMetadata(w http.ResponseWriter, r *http.Request) error {
	var req updateMetadataBody
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	res, err := s.Keys.UpdateMetadata(r.Context(), principal(r.Context()).UserID, req.APIKey, req.Metadata)
	if err != nil {
		return err
	}
	return s.json(w, http.StatusOK, wireKeyConfirmation(res))
}

func (s *Server) setKeyStatus(w http.ResponseWriter, r *http.Request) error {
	var req notegen.APIKeyStatusRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	res, err := s.Keys.SetStatus(r.Context(), principal(r.Context()).UserID, r.PathValue("api_key"), req.Status)
	if err != nil {
		return err
	}
	return s.json(w, http.StatusOK, wireKeyConfirmation(res))
}

func (s *Server) deleteKey(w http.ResponseWriter, r *http.Request) error {
	var req notegen.DeleteAPIKeyRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	res, err := s.Keys.Delete(r.Context(), principal(r.Context()).UserID, req.APIKey)
	if err != nil {
		return err
	}
	return s.json(w, http.StatusOK, wireKeyConfirmation(res))
}
