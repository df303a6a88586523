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

// SigningSecrets returns the account's live secrets, newest first, with a
// plain read; only an account that has never had a secret takes the write
// path that creates one.
func (s *Service) SigningSecrets(ctx context.Context, userID string) ([]string, error) {
	all, err := s.SigningSecretsOf(ctx, []string{userID})
	if err != nil {
		return nil, err
	}
	return all[userID], nil
}

// SigningSecretsOf is SigningSecrets for several accounts, read in one
// statement for a batch of deliveries.
func (s *Service) SigningSecretsOf(ctx context.Context, userIDs []string) (map[string][]string, error) {
	rows, err := s.db.Query(ctx, `SELECT id, user_id, secret_sealed FROM webhook_secrets WHERE user_id `+store.InJSONArray(s.db.Dialect())+` AND (expires_at IS NULL OR expires_at > ?) ORDER BY user_id, created_at DESC, id DESC`,
		store.JSONArray(userIDs), store.Now())
	if err != nil {
		return nil, fmt.Errorf("read webhook secrets: %w", err)
	}
	defer rows.Close()
	out := make(map[string][]string, len(userIDs))
	for rows.Next() {
		var id, userID string
		var sealed []byte
		if err := rows.Scan(&id, &userID, &sealed); err != nil {
			return nil, fmt.Errorf("read webhook secrets: %w", err)
		}
		plain, err := s.secrets.master.Open(secretPurpose+":"+id, sealed)
		if err != nil {
			return nil, fmt.Errorf("open webhook secret: %w", err)
		}
		out[userID] = append(out[userID], string(plain))
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read webhook secrets: %w", err)
	}
	rows.Close()
	for _, userID := range userIDs {
		if len(out[userID]) == 0 {
			if out[userID], err = s.Secrets(ctx, userID); err != nil {
				return nil, err
			}
		}
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
