package httpapi

import (
	"net/http"
)

func (s *Server) accountInfo(w http.ResponseWriter, r *http.Request) error {
	info, err := s.Accounts.Get(r.Context(), principal(r.Context()).UserID)
	if err != nil {
		return err
	}
	return s.json(w, http.StatusOK, info)
}
