package httpapi

import (
	"net/http"

	"github.com/notegen/notegen"
)

func (s *Server) createAccount(w http.ResponseWriter, r *http.Request) error {
	req, err := readBody[notegen.CreateAccountRequest](w, r)
	if err != nil {
		return err
	}
	created, err := s.Auth.CreateAccount(r.Context(), req.Email, req.Password, profileOf(req), clientAddr(r))
	return answer(s, w, http.StatusCreated, created, err, wireNewAccount)
}

func (s *Server) login(w http.ResponseWriter, r *http.Request) error {
	req, err := readBody[notegen.LoginRequest](w, r)
	if err != nil {
		return err
	}
	tokens, err := s.Auth.Login(r.Context(), req.Email, req.Password, clientAddr(r))
	return answerSecret(s, w, http.StatusOK, tokens, err, wireTokens)
}

func (s *Server) refresh(w http.ResponseWriter, r *http.Request) error {
	req, err := readBody[notegen.RefreshRequest](w, r)
	if err != nil {
		return err
	}
	tokens, err := s.Auth.Refresh(r.Context(), req.RefreshToken)
	return answerSecret(s, w, http.StatusOK, tokens, err, wireTokens)
}

func (s *Server) changePassword(w http.ResponseWriter, r *http.Request) error {
	req, err := readBody[notegen.ChangePasswordRequest](w, r)
	if err != nil {
		return err
	}
	err = s.Auth.ChangePassword(r.Context(), principal(r.Context()), req.CurrentPassword, req.NewPassword, clientAddr(r))
	return answer(s, w, http.StatusOK, notegen.PasswordChange{Success: true, RequiresReauth: true}, err, same)
}

func (s *Server) logout(w http.ResponseWriter, r *http.Request) error {
	req, err := readBody[notegen.RefreshRequest](w, r)
	if err != nil {
		return err
	}
	err = s.Auth.Logout(r.Context(), principal(r.Context()), req.RefreshToken)
	return answer(s, w, http.StatusOK, notegen.LogoutResult{Success: true}, err, same)
}
