package webhook

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"strconv"
	"strings"

	"github.com/notegen/notegen/internal/store"
)

// signingSecrets returns the account's live secrets, newest first, with a
// plain read; only an account that has never had a secret takes the write
// path that creates one.
func (s *Service) signingSecrets(ctx context.Context, userID string) ([]string, error) {
	rows, err := s.db.Query(ctx, `SELECT id, secret_sealed FROM webhook_secrets WHERE user_id = ? AND (expires_at IS NULL OR expires_at > ?)
		ORDER BY created_at DESC, id DESC`, userID, store.Now())
	if err != nil {
		return nil, fmt.Errorf("read webhook secrets: %w", err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var id string
		var sealed []byte
		if err := rows.Scan(&id, &sealed); err != nil {
			return nil, fmt.Errorf("read webhook secrets: %w", err)
		}
		plain, err := s.secrets.master.Open(secretPurpose+":"+id, sealed)
		if err != nil {
			return nil, fmt.Errorf("open webhook secret: %w", err)
		}
		out = append(out, string(plain))
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read webhook secrets: %w", err)
	}
	if len(out) == 0 {
		return s.Secrets(ctx, userID)
	}
	return out, nil
}

// Sign returns the Standard Webhooks webhook-signature header value for one
// message: a "v1,<base64 HMAC-SHA256>" of "id.timestamp.body" per secret,
// separated by spaces. Secrets are "whsec_" followed by the base64 key.
func Sign(secrets []string, id string, timestamp int64, body []byte) (string, error) {
	parts := make([]string, 0, len(secrets))
	prefix := id + "." + strconv.FormatInt(timestamp, 10) + "."
	for _, secret := range secrets {
		key, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(secret, "whsec_"))
		if err != nil {
			return "", fmt.Errorf("decode webhook secret: %w", err)
		}
		mac := hmac.New(sha256.New, key)
		mac.Write([]byte(prefix))
		mac.Write(body)
		parts = append(parts, "v1,"+base64.StdEncoding.EncodeToString(mac.Sum(nil)))
	}
	return strings.Join(parts, " "), nil
}
