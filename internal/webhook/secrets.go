package webhook

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/notegen/notegen/internal/account"
	"github.com/notegen/notegen/internal/audit"
	"github.com/notegen/notegen/internal/masterkey"
	"github.com/notegen/notegen/internal/store"
)

// RotationOverlap is how long a replaced secret keeps signing deliveries, so
// receivers can switch without losing a message.
const RotationOverlap = 24 * time.Hour

const secretPurpose = "webhook-secret"

// NewService returns the webhook settings service.
func NewService(db *store.DB, master *masterkey.Key) *Service {
	return &Service{db: db, secrets: &secrets{db: db, master: master}}
}

type secrets struct {
	db     *store.DB
	master *masterkey.Key
}

// Secret is the answer to the secret endpoints.
type Secret struct {
	Secret string
}

func newSecret() string {
	raw := make([]byte, 32)
	_, _ = rand.Read(raw)
	return "whsec_" + base64.StdEncoding.EncodeToString(raw)
}

func (s *secrets) insert(ctx context.Context, tx *store.Tx, userID, secret string, now time.Time) error {
	id := uuid.Must(uuid.NewV7()).String()
	_, err := tx.Exec(ctx, `INSERT INTO webhook_secrets (id, user_id, secret_sealed, created_at) VALUES (?, ?, ?, ?)`,
		id, userID, s.master.Seal(secretPurpose+":"+id, []byte(secret)), now)
	if err != nil {
		return fmt.Errorf("store webhook secret: %w", err)
	}
	return nil
}

// live returns the account's secrets that still sign, newest first,
// creating the first one if the account has none.
func (s *secrets) live(ctx context.Context, tx *store.Tx, userID string, now time.Time) ([]string, error) {
	rows, err := tx.Query(ctx, `SELECT id, secret_sealed FROM webhook_secrets WHERE user_id = ? AND (expires_at IS NULL OR expires_at > ?)
		ORDER BY created_at DESC, id DESC`, userID, now)
	if err != nil {
		return nil, fmt.Errorf("read webhook secrets: %w", err)
	}
	var out []string
	for rows.Next() {
		var id string
		var sealed []byte
		if err := rows.Scan(&id, &sealed); err != nil {
			rows.Close()
			return nil, fmt.Errorf("read webhook secrets: %w", err)
		}
		plain, err := s.master.Open(secretPurpose+":"+id, sealed)
		if err != nil {
			rows.Close()
			return nil, err
		}
		out = append(out, string(plain))
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read webhook secrets: %w", err)
	}
	if len(out) == 0 {
		secret := newSecret()
		if err := s.insert(ctx, tx, userID, secret, now); err != nil {
			return nil, err
		}
		out = []string{secret}
	}
	return out, nil
}

// Secrets returns the secrets that currently sign the account's
// deliveries, newest first (two during a rotation).
func (s *Service) Secrets(ctx context.Context, userID string) ([]string, error) {
	var out []string
	err := s.db.InTx(ctx, func(tx *store.Tx) error {
		if _, err := account.Lock(ctx, tx, userID); err != nil {
			return err
		}
		var err error
		out, err = s.secrets.live(ctx, tx, userID, store.Now())
		return err
	})
	return out, err
}

// Secret returns the current signing secret.
func (s *Service) Secret(ctx context.Context, userID string) (Secret, error) {
	all, err := s.Secrets(ctx, userID)
	if err != nil {
		return Secret{}, err
	}
	return Secret{Secret: all[0]}, nil
}

// Rotate makes a new signing secret; the previous ones keep signing for
// RotationOverlap.
func (s *Service) Rotate(ctx context.Context, userID string) (Secret, error) {
	now := store.Now()
	secret := newSecret()
	err := s.db.InTx(ctx, func(tx *store.Tx) error {
		if _, err := account.Lock(ctx, tx, userID); err != nil {
			return err
		}
		if _, err := s.secrets.live(ctx, tx, userID, now); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE webhook_secrets SET expires_at = ? WHERE user_id = ? AND (expires_at IS NULL OR expires_at > ?)`,
			now.Add(RotationOverlap), userID, now.Add(RotationOverlap)); err != nil {
			return fmt.Errorf("expire webhook secrets: %w", err)
		}
		if err := s.secrets.insert(ctx, tx, userID, secret, now); err != nil {
			return err
		}
		return audit.Record(ctx, tx, userID, "webhook.secret_rotated", userID, nil, now)
	})
	if err != nil {
		return Secret{}, err
	}
	return Secret{Secret: secret}, nil
}
