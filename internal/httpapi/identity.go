package httpapi

import (
	"net/http"

	"github.com/notegen/notegen/internal/account"
)

type createAccountRequest struct {
	Email    string `json:"email"`
	Password string `json:"password"`
	account.Profile
}

type loginRequest struct {
	Email    string `json:"email"`
	Password string `json:"password"`
}

type refreshRequest struct {
	RefreshToken string `json:"refresh_token"`
}

type changePasswordRequest struct {
	CurrentPassword string `json:"current_password"`
	NewPassword     string `json:"new_password"`
}

type changePasswordResponse struct {
	Success        bool `json:"success"`
	RequiresReauth bool `json:"requires_reauth"`
}

type successBody struct {
	Success bool `json:"success"`
}

func (s *Server) createAccount(w http.ResponseWriter, r *http.Request) error {
	var req createAccountRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	created, err := s.Auth.CreateAccount(r.Context(), req.Email, req.Password, req.Profile, clientAddr(r))
	if err != nil {
		return err
	}
	return s.json(w, http.StatusCreated, created)
}

func (s *Server) login(w http.ResponseWriter, r *http.Request) error {
	var req loginRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	tokens, err := s.Auth.Login(r.Context(), req.Email, req.Password, clientAddr(r))
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	return s.json(w, http.StatusOK, tokens)
}

func (s *Server) refresh(w http.ResponseWriter, r *http.Request) error {
	var req refreshRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	tokens, err := s.Auth.Refresh(r.Context(), req.RefreshToken)
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	return s.json(w, http.StatusOK, tokens)
}

func (s *Server) changePassword(w http.ResponseWriter, r *http.Request) error {
	var req changePasswordRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	if err := s.Auth.ChangePassword(r.Context(), principal(r.Context()), req.CurrentPassword, req.NewPassword, clientAddr(r)); err != nil {
		return err
	}
	return s.json(w, http.StatusOK, changePasswordResponse{Success: true, RequiresReauth: true})
}

func (s *Server) logout(w http.ResponseWriter, r *http.Request) error {
	var req refreshRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	if err := s.Auth.Logout(r.Context(), principal(r.Context()), req.RefreshToken); err != nil {
		return err
	}
	return s.json(w, http.StatusOK, successBody{Success: true})
}
