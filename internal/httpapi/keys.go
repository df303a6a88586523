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
	keys, err := s.Keys.List(r.Context(), ownerID(r), showFull)
	return answerSecret(s, w, http.StatusOK, keys, err, wireKeys)
}

func (s *Server) createKey(w http.ResponseWriter, r *http.Request) error {
	req, err := readBody[createKeyBody](w, r)
	if err != nil {
		return err
	}
	created, err := s.Keys.Create(r.Context(), ownerID(r), req.KeyType, req.Metadata)
	return answerSecret(s, w, http.StatusOK, created, err, wireCreatedKey)
}

func (s *Server) updateKeyMetadata(w http.ResponseWriter, r *http.Request) error {
	req, err := readBody[updateMetadataBody](w, r)
	if err != nil {
		return err
	}
	res, err := s.Keys.UpdateMetadata(r.Context(), ownerID(r), req.APIKey, req.Metadata)
	return answer(s, w, http.StatusOK, res, err, wireKeyConfirmation)
}

func (s *Server) setKeyStatus(w http.ResponseWriter, r *http.Request) error {
	req, err := readBody[notegen.APIKeyStatusRequest](w, r)
	if err != nil {
		return err
	}
	res, err := s.Keys.SetStatus(r.Context(), ownerID(r), r.PathValue("api_key"), req.Status)
	return answer(s, w, http.StatusOK, res, err, wireKeyConfirmation)
}

func (s *Server) deleteKey(w http.ResponseWriter, r *http.Request) error {
	req, err := readBody[notegen.DeleteAPIKeyRequest](w, r)
	if err != nil {
		return err
	}
	res, err := s.Keys.Delete(r.Context(), ownerID(r), req.APIKey)
	return answer(s, w, http.StatusOK, res, err, wireKeyConfirmation)
}
