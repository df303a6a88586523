package apikey

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/notegen/notegen/internal/account"
	"github.com/notegen/notegen/internal/apperr"
	"github.com/notegen/notegen/internal/store"
)

// lastUsedResolution is how stale last_used may be: it is written at most
// once a minute per key, not on every request.
const lastUsedResolution = time.Minute

// Caller is a note-generation client authenticated by its API key.
type Caller struct {
	KeyID  string
	UserID string
	Type   Type
	// Masked is the key as listings show it, for usage reports.
	Masked string
}

var errBadKey = apperr.New(apperr.Authentication, "Invalid API key")

// Authenticate checks an x-api-key value. A malformed key or a bad checksum
// is refused before any database read. A key that authenticated is cached
// (see keyCache), yet a deactivation, a deletion or an account's
// cancellation applies to the next request on every replica.
func (s *Service) Authenticate(ctx context.Context, key string) (Caller, error) {
	if key == "" {
		return Caller{}, apperr.New(apperr.Authentication, "Missing API key; send x-api-key")
	}
	t, err := Parse(key)
	if err != nil {
		return Caller{}, errBadKey
	}
	hash := Hash(key)
	now := store.Now()
	var stamp uint64
	if s.cache != nil {
		e, g, ok := s.cache.get(hash, now)
		if ok {
			if now.Sub(e.usedAt) >= lastUsedResolution {
				if err := s.recordUse(ctx, e.caller.KeyID, now); err != nil {
					return Caller{}, err
				}
				s.cache.used(hash, now)
			}
			return e.caller, nil
		}
		stamp = g
	}
	var c Caller
	var status Status
	var deletedAt, lastUsed sql.NullTime
	err = s.db.QueryRow(ctx, `SELECT id, user_id, status, deleted_at, last_used FROM api_keys WHERE key_hash = ?`, hash).
		Scan(&c.KeyID, &c.UserID, &status, &deletedAt, &lastUsed)
	if errors.Is(err, sql.ErrNoRows) {
		return Caller{}, errBadKey
	}
	if err != nil {
		return Caller{}, fmt.Errorf("look up API key: %w", err)
	}
	if status != Active || deletedAt.Valid {
		return Caller{}, apperr.New(apperr.Authentication, "API key is inactive")
	}
	accountStatus, err := account.StatusOf(ctx, s.db, c.UserID)
	if err != nil {
		return Caller{}, err
	}
	if accountStatus == account.Cancelled {
		return Caller{}, apperr.New(apperr.AccountInactive, "The account is cancelled")
	}
	c.Type, c.Masked = t, Mask(key)
	usedAt := lastUsed.Time
	if !lastUsed.Valid || now.Sub(lastUsed.Time) >= lastUsedResolution {
		if err := s.recordUse(ctx, c.KeyID, now); err != nil {
			return Caller{}, err
		}
		usedAt = now
	}
	if s.cache != nil {
		s.cache.put(hash, cachedKey{caller: c, cachedAt: now, usedAt: usedAt, stamp: stamp})
	}
	return c, nil
}

// recordUse writes the key's last_used, at most once a minute per key.
func (s *Service) recordUse(ctx context.Context, keyID string, now time.Time) error {
	// Conditional, so replicas racing on one key write it once.
	if _, err := s.db.Exec(ctx, `UPDATE api_keys SET last_used = ? WHERE id = ? AND (last_used IS NULL OR last_used < ?)`,
		now, keyID, now.Add(-lastUsedResolution)); err != nil {
		return fmt.Errorf("record key use: %w", err)
	}
	return nil
}

// Sandbox reports whether the caller uses a sandbox key: no AI, no billing.
func (c Caller) Sandbox() bool { return c.Type == Sandbox }
