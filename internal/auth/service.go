// Package auth is notegen's identity provider: account owners sign up, log
// in with email and password, renew their ID tokens with rotating refresh
// tokens and change their password. It also authenticates the Bearer ID
// token of every /v1/user/... request.
package auth

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"runtime"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/notegen/notegen/internal/account"
	"github.com/notegen/notegen/internal/apperr"
	"github.com/notegen/notegen/internal/audit"
	"github.com/notegen/notegen/internal/masterkey"
	"github.com/notegen/notegen/internal/store"
)

// Config tunes the identity service.
type Config struct {
	// Signup allows public account creation.
	Signup bool
	// RefreshReuseGrace is how long a rotated refresh token still yields its
	// successor to a concurrent duplicate request.
	RefreshReuseGrace time.Duration
}

// Service runs the identity operations.
type Service struct {
	db     *store.DB
	master *masterkey.Key
	signer *Signer
	cfg    Config
	log    *slog.Logger
	// hashing bounds concurrent argon2id runs: each takes 19 MiB, and a
	// login flood must not exhaust memory.
	hashing chan struct{}
	// decoyHash is verified against when the email is unknown, so both
	// failures take the same time.
	decoyHash string
}

// NewService returns the identity service.
func NewService(db *store.DB, master *masterkey.Key, signer *Signer, cfg Config, log *slog.Logger) *Service {
	return &Service{
		db: db, master: master, signer: signer, cfg: cfg, log: log,
		hashing:   make(chan struct{}, 2*runtime.GOMAXPROCS(0)),
		decoyHash: HashPassword(uuid.NewString()),
	}
}

// Signer returns the ID-token signer.
func (s *Service) Signer() *Signer { return s.signer }

// Principal is an authenticated account owner.
type Principal struct {
	UserID string
	Email  string
}

// Tokens is the answer to a login or refresh.
type Tokens struct {
	UserID       string
	Email        string
	IDToken      string
	RefreshToken string
	ExpiresIn    int
	TokenType    string
}

// NewAccount is the answer to create-account.
type NewAccount struct {
	UserID        string
	Email         string
	AccountStatus account.Status
}

func (s *Service) hash(password string) string {
	s.hashing <- struct{}{}
	defer func() { <-s.hashing }()
	return HashPassword(password)
}

func (s *Service) verify(encoded, password string) (bool, error) {
	s.hashing <- struct{}{}
	defer func() { <-s.hashing }()
	return VerifyPassword(encoded, password)
}

// NormalizeEmail validates an email and lower-cases it for storage and
// look-up.
func NormalizeEmail(email string) (string, error) {
	addr, err := account.ParseEmail(email)
	if err != nil {
		return "", apperr.Invalid("email", "email must be an email address")
	}
	return strings.ToLower(addr), nil
}

// CreateAccount signs up a new account owner.
func (s *Service) CreateAccount(ctx context.Context, email, password string, profile account.Profile, clientAddr string) (NewAccount, error) {
	if !s.cfg.Signup {
		return NewAccount{}, apperr.New(apperr.Authorization, "Account creation is disabled on this server")
	}
	email, err := NormalizeEmail(email)
	if err != nil {
		return NewAccount{}, err
	}
	if err := CheckNewPassword("password", password); err != nil {
		return NewAccount{}, err
	}
	if err := profile.Validate(); err != nil {
		return NewAccount{}, err
	}
	hash := s.hash(password)
	userID := uuid.Must(uuid.NewV7()).String()
	now := store.Now()
	err = s.db.InTx(ctx, func(tx *store.Tx) error {
		_, err := tx.Exec(ctx, `INSERT INTO users (id, email, password_hash, token_generation, created_at) VALUES (?, ?, ?, 1, ?)`,
			userID, email, hash, now)
		if store.IsUniqueViolation(err) {
			return apperr.Field(apperr.Conflict, "email", "An account with this email already exists")
		}
		if err != nil {
			return fmt.Errorf("insert user: %w", err)
		}
		if err := account.Create(ctx, tx, userID, profile, now); err != nil {
			return err
		}
		return audit.Record(audit.WithActor(ctx, audit.Actor{ID: userID, ClientAddr: clientAddr}), tx, userID, "account.created", userID, nil, now)
	})
	if err != nil {
		return NewAccount{}, err
	}
	s.log.InfoContext(ctx, "account created", "user_id", userID)
	return NewAccount{UserID: userID, Email: email, AccountStatus: account.Inactive}, nil
}

var errBadLogin = apperr.New(apperr.Authentication, "Invalid email or password")

// Login checks email and password and starts a new login session.
func (s *Service) Login(ctx context.Context, email, password, clientAddr string) (Tokens, error) {
	email = strings.ToLower(strings.TrimSpace(email))
	if email == "" || password == "" {
		return Tokens{}, errBadLogin
	}
	now := store.Now()
	if err := checkThrottle(ctx, s.db, now, email, clientAddr); err != nil {
		return Tokens{}, err
	}
	var userID, hash string
	var generation int64
	err := s.db.QueryRow(ctx, `SELECT id, password_hash, token_generation FROM users WHERE email = ?`, email).Scan(&userID, &hash, &generation)
	known := err == nil
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return Tokens{}, fmt.Errorf("look up user: %w", err)
	}
	if !known {
		hash = s.decoyHash
	}
	ok, err := s.verify(hash, password)
	if err != nil {
		return Tokens{}, fmt.Errorf("verify password: %w", err)
	}
	if !ok || !known {
		if err := recordFailure(ctx, s.db, now, email, clientAddr); err != nil {
			return Tokens{}, err
		}
		return Tokens{}, errBadLogin
	}
	if err := clearFailures(ctx, s.db, email); err != nil {
		return Tokens{}, err
	}
	var refresh string
	err = s.db.InTx(ctx, func(tx *store.Tx) error {
		var err error
		refresh, _, err = s.issueRefreshToken(ctx, tx, userID, uuid.Must(uuid.NewV7()).String(), now)
		return err
	})
	if err != nil {
		return Tokens{}, err
	}
	s.log.InfoContext(ctx, "login", "user_id", userID)
	return s.tokens(ctx, userID, email, generation, refresh, now)
}

func (s *Service) tokens(ctx context.Context, userID, email string, generation int64, refresh string, now time.Time) (Tokens, error) {
	idToken, err := s.signer.Sign(ctx, userID, email, generation, now)
	if err != nil {
		return Tokens{}, err
	}
	return Tokens{
		UserID: userID, Email: email, IDToken: idToken, RefreshToken: refresh,
		ExpiresIn: int(IDTokenLifetime / time.Second), TokenType: "Bearer",
	}, nil
}

// Authenticate verifies a Bearer ID token and that it has not been revoked
// by a password change since it was issued.
func (s *Service) Authenticate(ctx context.Context, idToken string) (Principal, error) {
	claims, err := s.signer.Verify(ctx, idToken)
	if err != nil {
		return Principal{}, err
	}
	var email string
	var generation int64
	err = s.db.QueryRow(ctx, `SELECT email, token_generation FROM users WHERE id = ?`, claims.Subject).Scan(&email, &generation)
	if errors.Is(err, sql.ErrNoRows) {
		return Principal{}, apperr.New(apperr.Authentication, "User not found for this token")
	}
	if err != nil {
		return Principal{}, fmt.Errorf("look up token user: %w", err)
	}
	if claims.Generation != generation {
		return Principal{}, apperr.New(apperr.Authentication, "ID token was revoked; log in again")
	}
	return Principal{UserID: claims.Subject, Email: email}, nil
}

// ChangePassword replaces the password of the principal, revokes every
// refresh token of the user and invalidates every ID token issued before.
func (s *Service) ChangePassword(ctx context.Context, p Principal, current, next, clientAddr string) error {
	now := store.Now()
	if err := checkThrottle(ctx, s.db, now, p.Email, clientAddr); err != nil {
		return err
	}
	var hash string
	if err := s.db.QueryRow(ctx, `SELECT password_hash FROM users WHERE id = ?`, p.UserID).Scan(&hash); err != nil {
		return fmt.Errorf("read password hash: %w", err)
	}
	ok, err := s.verify(hash, current)
	if err != nil {
		return fmt.Errorf("verify password: %w", err)
	}
	if !ok {
		if err := recordFailure(ctx, s.db, now, p.Email, clientAddr); err != nil {
			return err
		}
		return apperr.Field(apperr.Authentication, "current_password", "Current password is incorrect")
	}
	if err := CheckNewPassword("new_password", next); err != nil {
		return err
	}
	if next == current {
		return apperr.Field(apperr.BadRequest, "new_password", "New password must differ from the current one")
	}
	newHash := s.hash(next)
	err = s.db.InTx(ctx, func(tx *store.Tx) error {
		if _, err := tx.Exec(ctx, `UPDATE users SET password_hash = ?, token_generation = token_generation + 1, password_changed_at = ? WHERE id = ?`,
			newHash, now, p.UserID); err != nil {
			return fmt.Errorf("update password: %w", err)
		}
		if _, err := tx.Exec(ctx, `UPDATE refresh_tokens SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL`, now, p.UserID); err != nil {
			return fmt.Errorf("revoke refresh tokens: %w", err)
		}
		return audit.Record(ctx, tx, p.UserID, "password.changed", p.UserID, nil, now)
	})
	if err != nil {
		return err
	}
	s.log.InfoContext(ctx, "password changed", "user_id", p.UserID)
	return nil
}
