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

// answer builds a submission's answer from the job it created. A replayed
// request calls it again with the stored job, so the replay answers what
// the first request did without the answer being stored.
type answer func(jobID string, uploadExpires time.Time) Submitted

// replay answers a repeated submission from the job the earlier request
// with the same key created; ok is false when the key is new or has
// expired. The same key with a different request is a conflict.
func (s *Service) replay(ctx context.Context, apiKeyID string, idem *Idempotency, build answer) (sub Submitted, ok bool, err error) {
	if idem == nil {
		return Submitted{}, false, nil
	}
	var endpoint, hash, jobID string
	var created time.Time
	err = s.db.QueryRow(ctx, `SELECT endpoint, request_hash, job_id, created_at FROM idempotency_keys WHERE api_key_id = ? AND key = ?`,
		apiKeyID, idem.Key).Scan(&endpoint, &hash, &jobID, &created)
	if errors.Is(err, sql.ErrNoRows) {
		return Submitted{}, false, nil
	}
	if err != nil {
		return Submitted{}, false, fmt.Errorf("read idempotency key: %w", err)
	}
	if store.Now().Sub(created) > IdempotencyWindow {
		return Submitted{}, false, nil
	}
	if endpoint != idem.Endpoint || hash != idem.hash {
		return Submitted{}, false, apperr.Field(apperr.Conflict, "Idempotency-Key", "This Idempotency-Key was used with a different request")
	}
	j, err := load(ctx, s.db, jobID, false)
	if err != nil {
		return Submitted{}, false, fmt.Errorf("read the job of an idempotency key: %w", err)
	}
	return build(j.ID, j.UploadExpiresAt.Time), true, nil
}

// remember records which job the request created, in the transaction that
// created it, so the job and its idempotency record commit together.
func remember(ctx context.Context, tx *store.Tx, apiKeyID string, idem *Idempotency, jobID string, now time.Time) error {
	if idem == nil {
		return nil
	}
	// An expired record with the same key is replaced.
	if _, err := tx.Exec(ctx, `DELETE FROM idempotency_keys WHERE api_key_id = ? AND key = ? AND created_at < ?`,
		apiKeyID, idem.Key, now.Add(-IdempotencyWindow)); err != nil {
		return fmt.Errorf("expire idempotency key: %w", err)
	}
	_, err := tx.Exec(ctx, `INSERT INTO idempotency_keys (api_key_id, key, endpoint, request_hash, job_id, created_at) VALUES (?, ?, ?, ?, ?, ?)`,
		apiKeyID, idem.Key, idem.Endpoint, idem.hash, jobID, now)
	if store.IsUniqueViolation(err) {
		return errIdempotencyRace
	}
	if err != nil {
		return fmt.Errorf("store idempotency key: %w", err)
	}
	return nil
}

// forgetIdempotencyKeys deletes the records past the window.
func forgetIdempotencyKeys(ctx context.Context, q store.Queryer, now time.Time) error {
	if _, err := q.Exec(ctx, `DELETE FROM idempotency_keys WHERE created_at < ?`, now.Add(-IdempotencyWindow)); err != nil {
		return fmt.Errorf("forget idempotency keys: %w", err)
	}
	return nil
}

// errIdempotencyRace is a concurrent request with the same key that
// committed first; its answer is replayed.
var errIdempotencyRace = errors.New("idempotency key taken concurrently")
