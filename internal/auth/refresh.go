package auth

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/notegen/notegen/internal/apperr"
	"github.com/notegen/notegen/internal/store"
)

// RefreshTokenLifetime is how long an unused refresh token stays valid.
const RefreshTokenLifetime = 30 * 24 * time.Hour

const (
	refreshTokenPrefix = "ngr_"
	successorPurpose   = "refresh-token-successor"
)

var errBadRefresh = apperr.New(apperr.Authentication, "Refresh token is invalid, expired or revoked")

func hashRefreshToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// issueRefreshToken stores a new refresh token of the login family and
// returns its value and id. Only its hash is stored.
func (s *Service) issueRefreshToken(ctx context.Context, tx *store.Tx, userID, familyID string, now time.Time) (token, id string, err error) {
	raw := make([]byte, 32)
	_, _ = rand.Read(raw)
	token = refreshTokenPrefix + base64.RawURLEncoding.EncodeToString(raw)
	id = uuid.Must(uuid.NewV7()).String()
	_, err = tx.Exec(ctx, `INSERT INTO refresh_tokens (id, user_id, family_id, token_hash, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)`,
		id, userID, familyID, hashRefreshToken(token), now, now.Add(RefreshTokenLifetime))
	if err != nil {
		return "", "", fmt.Errorf("store refresh token: %w", err)
	}
	return token, id, nil
}

type refreshRow struct {
	id, userID, familyID string
	expiresAt            time.Time
	rotatedAt, revokedAt sql.NullTime
	successorSealed      []byte
	email                string
	generation           int64
}

func (s *Service) readRefreshToken(ctx context.Context, tx *store.Tx, token string) (refreshRow, error) {
	var r refreshRow
	err := tx.QueryRow(ctx, `SELECT t.id, t.user_id, t.family_id, t.expires_at, t.rotated_at, t.revoked_at, t.successor_sealed, u.email, u.token_generation
		FROM refresh_tokens t JOIN users u ON u.id = t.user_id WHERE t.token_hash = ?`+tx.ForUpdate(), hashRefreshToken(token)).
		Scan(&r.id, &r.userID, &r.familyID, &r.expiresAt, &r.rotatedAt, &r.revokedAt, &r.successorSealed, &r.email, &r.generation)
	if errors.Is(err, sql.ErrNoRows) {
		return r, errBadRefresh
	}
	if err != nil {
		return r, fmt.Errorf("read refresh token: %w", err)
	}
	return r, nil
}

// Refresh rotates a refresh token: the presented one stops working and a
// new pair of tokens is returned. A rotated token presented again inside the
// grace window (a concurrent duplicate request) gets the same successor;
// outside it, the presentation is treated as theft and the whole login
// family is revoked.
func (s *Service) Refresh(ctx context.Context, token string) (Tokens, error) {
	if token == "" {
		return Tokens{}, errBadRefresh
	}
	now := store.Now()
	var row refreshRow
	var successor string
	reused := false
	err := s.db.InTx(ctx, func(tx *store.Tx) error {
		var err error
		row, err = s.readRefreshToken(ctx, tx, token)
		if err != nil {
			return err
		}
		if row.revokedAt.Valid || !now.Before(row.expiresAt) {
			return errBadRefresh
		}
		if row.rotatedAt.Valid {
			if now.Sub(row.rotatedAt.Time) <= s.cfg.RefreshReuseGrace && row.successorSealed != nil {
				plain, err := s.master.Open(successorPurpose+":"+row.id, row.successorSealed)
				if err != nil {
					return fmt.Errorf("open refresh successor: %w", err)
				}
				var successorRevoked sql.NullTime
				if err := tx.QueryRow(ctx, `SELECT revoked_at FROM refresh_tokens WHERE token_hash = ?`, hashRefreshToken(string(plain))).Scan(&successorRevoked); err != nil {
					return fmt.Errorf("read refresh successor: %w", err)
				}
				if successorRevoked.Valid {
					return errBadRefresh
				}
				successor = string(plain)
				return nil
			}
			// Committed, not rolled back: the revocation must stick even
			// though the caller gets an error.
			reused = true
			_, err := tx.Exec(ctx, `UPDATE refresh_tokens SET revoked_at = ? WHERE family_id = ? AND revoked_at IS NULL`, now, row.familyID)
			if err != nil {
				return fmt.Errorf("revoke refresh family: %w", err)
			}
			return nil
		}
		var successorID string
		successor, successorID, err = s.issueRefreshToken(ctx, tx, row.userID, row.familyID, now)
		if err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `UPDATE refresh_tokens SET rotated_at = ?, successor_id = ?, successor_sealed = ? WHERE id = ?`,
			now, successorID, s.master.Seal(successorPurpose+":"+row.id, []byte(successor)), row.id)
		if err != nil {
			return fmt.Errorf("rotate refresh token: %w", err)
		}
		return nil
	})
	if err != nil {
		return Tokens{}, err
	}
	if reused {
		s.log.WarnContext(ctx, "rotated refresh token reused; login family revoked", "user_id", row.userID)
		return Tokens{}, errBadRefresh
	}
	return s.tokens(ctx, row.userID, row.email, row.generation, successor, now)
}

// Logout revokes the login family of a refresh token of the principal.
func (s *Service) Logout(ctx context.Context, p Principal, token string) error {
	if token == "" {
		return apperr.Field(apperr.Validation, "refresh_token", "refresh_token is required")
	}
	now := store.Now()
	return s.db.InTx(ctx, func(tx *store.Tx) error {
		row, err := s.readRefreshToken(ctx, tx, token)
		if err != nil {
			return err
		}
		if row.userID != p.UserID {
			return errBadRefresh
		}
		if _, err := tx.Exec(ctx, `UPDATE refresh_tokens SET revoked_at = ? WHERE family_id = ? AND revoked_at IS NULL`, now, row.familyID); err != nil {
			return fmt.Errorf("revoke refresh family: %w", err)
		}
		return nil
	})
}

// SessionActive reports whether the login session that refresh token
// belongs to is still open for p: not ended by logout, a password change or
// a detected theft, and not expired. The console checks it on every page, so
// that a copy of its cookie stops working at logout instead of when the ID
// token inside it expires.
func (s *Service) SessionActive(ctx context.Context, p Principal, token string) error {
	if token == "" {
		return errBadRefresh
	}
	var userID string
	var expiresAt time.Time
	var revokedAt sql.NullTime
	err := s.db.QueryRow(ctx, `SELECT user_id, expires_at, revoked_at FROM refresh_tokens WHERE token_hash = ?`, hashRefreshToken(token)).
		Scan(&userID, &expiresAt, &revokedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return errBadRefresh
	}
	if err != nil {
		return fmt.Errorf("read refresh token: %w", err)
	}
	if userID != p.UserID || revokedAt.Valid || !store.Now().Before(expiresAt) {
		return errBadRefresh
	}
	return nil
}
