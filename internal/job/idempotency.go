package job

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"time"

	"github.com/notegen/notegen/internal/apperr"
	"github.com/notegen/notegen/internal/store"
)

// IdempotencyWindow is how long a repeated Idempotency-Key returns the first
// response instead of creating a job.
const IdempotencyWindow = 24 * time.Hour

// MaxIdempotencyKeyLength bounds the header.
const MaxIdempotencyKeyLength = 255

// Idempotency identifies one submission for de-duplication: the client's
// key, scoped to its API key and the endpoint, with a hash of the request.
type Idempotency struct {
	Key      string
	Endpoint string
	hash     string
}

// NewIdempotency hashes the parts of a request that make it "the same";
// it returns nil when the client sent no key.
func NewIdempotency(key, endpoint string, parts ...[]byte) (*Idempotency, error) {
	if key == "" {
		return nil, nil
	}
	if len(key) > MaxIdempotencyKeyLength {
		return nil, apperr.Invalid("Idempotency-Key", "Idempotency-Key must be at most %d characters", MaxIdempotencyKeyLength)
	}
	h := sha256.New()
	h.Write([]byte(endpoint))
	for _, p := range parts {
		h.Write([]byte{0})
		h.Write(p)
	}
	return &Idempotency{Key: key, Endpoint: endpoint, hash: hex.EncodeToString(h.Sum(nil))}, nil
}

// Response is a stored submission response.
type Response struct {
	Status int
	Body   []byte
}

// replay returns the stored response of an earlier request with the same
// key, or nil. The same key with a different request is a conflict.
func replay(ctx context.Context, q store.Queryer, apiKeyID string, idem *Idempotency, now time.Time) (*Response, error) {
	if idem == nil {
		return nil, nil
	}
	var endpoint, hash, body string
	var status int
	var created time.Time
	err := q.QueryRow(ctx, `SELECT endpoint, request_hash, status_code, response, created_at FROM idempotency_keys WHERE api_key_id = ? AND key = ?`,
		apiKeyID, idem.Key).Scan(&endpoint, &hash, &status, &body, &created)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read idempotency key: %w", err)
	}
	if now.Sub(created) > IdempotencyWindow {
		return nil, nil
	}
	if endpoint != idem.Endpoint || hash != idem.hash {
		return nil, apperr.Field(apperr.Conflict, "Idempotency-Key", "This Idempotency-Key was used with a different request")
	}
	return &Response{Status: status, Body: []byte(body)}, nil
}

// remember stores the response in the transaction that created the job, so
// the job and its idempotency record commit together.
func remember(ctx context.Context, tx *store.Tx, apiKeyID string, idem *Idempotency, resp Response, now time.Time) error {
	if idem == nil {
		return nil
	}
	// An expired record with the same key is replaced.
	if _, err := tx.Exec(ctx, `DELETE FROM idempotency_keys WHERE api_key_id = ? AND key = ? AND created_at < ?`,
		apiKeyID, idem.Key, now.Add(-IdempotencyWindow)); err != nil {
		return fmt.Errorf("expire idempotency key: %w", err)
	}
	_, err := tx.Exec(ctx, `INSERT INTO idempotency_keys (api_key_id, key, endpoint, request_hash, status_code, response, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
		apiKeyID, idem.Key, idem.Endpoint, idem.hash, resp.Status, string(resp.Body), now)
	if store.IsUniqueViolation(err) {
		return errIdempotencyRace
	}
	if err != nil {
		return fmt.Errorf("store idempotency key: %w", err)
	}
	return nil
}

// errIdempotencyRace is a concurrent request with the same key that
// committed first; its response is replayed.
var errIdempotencyRace = errors.New("idempotency key taken concurrently")
