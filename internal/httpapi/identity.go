package httpapi

import (
	"net/http"

	"github.com/notegen/notegen"
)

func (s *Server) createAccount(w http.ResponseWriter, r *http.Request) error {
	var req notegen.CreateAccountRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	created, err := s.Auth.CreateAccount(r.Context(), req.Email, req.Password, profileOf(req), clientAddr(r))
	if err != nil {
		return err
	}
	return s.json(w, http.StatusCreated, wireNewAccount(created))
}

func (s *Server) login(w http.ResponseWriter, r *http.Request) error {
	var req notegen.LoginRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	tokens, err := s.Auth.Login(r.Context(), req.Email, req.Password, clientAddr(r))
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	return s.json(w, http.StatusOK, wireTokens(tokens))
}

func (s *Server) refresh(w http.ResponseWriter, r *http.Request) error {
	var req notegen.RefreshRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	tokens, err := s.Auth.Refresh(r.Context(), req.RefreshToken)
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	return s.json(w, http.StatusOK, wireTokens(tokens))
}

func (s *Server) changePassword(w http.ResponseWriter, r *http.Request) error {
	var req notegen.ChangePasswordRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	if err := s.Auth.ChangePassword(r.Context(), principal(r.Context()), req.CurrentPassword, req.NewPassword, clientAddr(r)); err != nil {
		return err
	}
	return s.json(w, http.StatusOK, notegen.PasswordChange{Success: true, RequiresReauth: true})
}

func (s *Server) logout(w http.ResponseWriter, r *http.Request) error {
	var req notegen.RefreshRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	if err := s.Auth.Logout(r.Context(), principal(r.Context()), req.RefreshToken); err != nil {
		return err
	}
	return s.json(w, http.StatusOK, notegen.LogoutResult{Success: true})
}
