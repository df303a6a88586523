package apikey

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/notegen/notegen/internal/account"
	"github.com/notegen/notegen/internal/apperr"
	"github.com/notegen/notegen/internal/audit"
	"github.com/notegen/notegen/internal/billing"
	"github.com/notegen/notegen/internal/broker"
	"github.com/notegen/notegen/internal/masterkey"
	"github.com/notegen/notegen/internal/replica"
	"github.com/notegen/notegen/internal/store"
)

const sealPurpose = "api-key"

// Status is active or inactive.
type Status string

// The key statuses.
const (
	Active   Status = "active"
	Inactive Status = "inactive"
)

// Service manages and authenticates API keys.
type Service struct {
	db      *store.DB
	master  *masterkey.Key
	events  *broker.Broker
	replica *replica.Replica
	cache   *keyCache
}

// NewService returns the API key service. Key changes are announced on
// events and acknowledged by every replica r knows of, which keeps the
// authentication cache coherent; r may be nil (no cache).
func NewService(db *store.DB, master *masterkey.Key, events *broker.Broker, r *replica.Replica) *Service {
	return &Service{db: db, master: master, events: events, replica: r, cache: newKeyCache(db, r)}
}

// Entry is one key in a listing.
type Entry struct {
	Key       string
	Type      Type
	Status    Status
	CreatedAt time.Time
	LastUsed  *time.Time
	Metadata  map[string]string
	// Deleted marks a deleted key, listed as inactive on the wire: it can
	// never be used or changed again, so the console offers no action on it.
	Deleted bool
}

// Created is the answer to create-api-key; APIKey is the only time the full
// key is returned without showFull.
type Created struct {
	APIKey   string
	KeyType  Type
	Metadata map[string]string
}

// Confirmation is the answer to metadata, status and delete operations.
type Confirmation struct {
	Message string
	APIKey  string
	Status  Status
}

// List returns the account's keys: sandbox first, then live, each oldest
// first; deleted keys stay listed as inactive.
func (s *Service) List(ctx context.Context, userID string, showFull bool) ([]Entry, error) {
	rows, err := s.db.Query(ctx, `SELECT id, key_type, key_sealed, last4, status, metadata, created_at, last_used, deleted_at IS NOT NULL FROM api_keys
		WHERE user_id = ? ORDER BY CASE key_type WHEN 'sandbox' THEN 0 ELSE 1 END, created_at, id`, userID)
	if err != nil {
		return nil, fmt.Errorf("list keys: %w", err)
	}
	defer rows.Close()
	out := []Entry{}
	for rows.Next() {
		var id, last4, metadata string
		var sealed []byte
		var lastUsed sql.NullTime
		var e Entry
		if err := rows.Scan(&id, &e.Type, &sealed, &last4, &e.Status, &metadata, &e.CreatedAt, &lastUsed, &e.Deleted); err != nil {
			return nil, fmt.Errorf("list keys: %w", err)
		}
		e.CreatedAt = e.CreatedAt.UTC()
		if lastUsed.Valid {
			t := lastUsed.Time.UTC()
			e.LastUsed = &t
		}
		if showFull {
			plain, err := s.master.Open(sealPurpose+":"+id, sealed)
			if err != nil {
				return nil, fmt.Errorf("unseal key %s: %w", id, err)
			}
			e.Key = string(plain)
		} else {
			e.Key = MaskLast4(e.Type, last4)
		}
		if e.Type == Live {
			e.Metadata = map[string]string{}
			if err := json.Unmarshal([]byte(metadata), &e.Metadata); err != nil {
				return nil, fmt.Errorf("decode metadata of key %s: %w", id, err)
			}
		}
		out = append(out, e)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list keys: %w", err)
	}
	return out, nil
}

// Create issues a new key. The first live key activates the account.
func (s *Service) Create(ctx context.Context, userID string, keyType string, rawMetadata json.RawMessage) (Created, error) {
	t := Type(keyType)
	if t != Sandbox && t != Live {
		return Created{}, apperr.Invalid("keyType", "keyType must be \"sandbox\" or \"live\"")
	}
	var metadata map[string]string
	if len(rawMetadata) > 0 && string(rawMetadata) != "null" {
		if t == Sandbox {
			return Created{}, apperr.Invalid("metadata", "Metadata is supported only for live keys")
		}
		var err error
		if metadata, err = ParseMetadata(rawMetadata); err != nil {
			return Created{}, err
		}
	}
	if t == Live && metadata == nil {
		metadata = map[string]string{}
	}
	key := Generate(t)
	id := uuid.Must(uuid.NewV7()).String()
	now := store.Now()
	metaJSON, _ := json.Marshal(metadata)
	if metadata == nil {
		metaJSON = []byte("{}")
	}
	err := s.db.InTx(ctx, func(tx *store.Tx) error {
		status, err := account.Lock(ctx, tx, userID)
		if err != nil {
			return err
		}
		if t == Live {
			if status == account.Cancelled {
				return apperr.New(apperr.AccountInactive, "The account is cancelled; reactivate it before creating live keys")
			}
			overdue, err := billing.HasOverdueInvoice(ctx, tx, userID, now)
			if err != nil {
				return err
			}
			if overdue {
				return apperr.New(apperr.PaymentRequired, "The account has an overdue invoice; pay it before creating live keys")
			}
		}
		_, err = tx.Exec(ctx, `INSERT INTO api_keys (id, user_id, key_type, key_hash, key_sealed, last4, status, metadata, created_at) VALUES (?, ?, ?, ?, ?, ?, 'active', ?, ?)`,
			id, userID, t, Hash(key), s.master.Seal(sealPurpose+":"+id, []byte(key)), key[len(key)-4:], string(metaJSON), now)
		if store.IsUniqueViolation(err) {
			return apperr.Field(apperr.Conflict, "keyType", "The account already has a sandbox key")
		}
		if err != nil {
			return fmt.Errorf("insert key: %w", err)
		}
		if err := audit.Record(ctx, tx, userID, "api_key.created", Mask(key), map[string]string{"type": string(t)}, now); err != nil {
			return err
		}
		if t == Live && status != account.Active {
			return account.Transition(ctx, tx, userID, status, account.Active, now)
		}
		return nil
	})
	if err != nil {
		return Created{}, err
	}
	return Created{APIKey: key, KeyType: t, Metadata: metadata}, nil
}

// keyRow is a key found by its full value, inside a transaction that holds
// the account lock.
type keyRow struct {
	id      string
	typ     Type
	status  Status
	deleted bool
}

// findOwned locks the account and finds one of its keys by full value.
func findOwned(ctx context.Context, tx *store.Tx, userID, key string) (account.Status, keyRow, error) {
	if key == "" {
		return "", keyRow{}, apperr.Invalid("apiKey", "apiKey is required")
	}
	status, err := account.Lock(ctx, tx, userID)
	if err != nil {
		return "", keyRow{}, err
	}
	notFound := apperr.New(apperr.NotFound, "API key not found")
	if _, err := Parse(key); err != nil {
		return "", keyRow{}, notFound
	}
	var r keyRow
	var deletedAt sql.NullTime
	err = tx.QueryRow(ctx, `SELECT id, key_type, status, deleted_at FROM api_keys WHERE key_hash = ? AND user_id = ?`, Hash(key), userID).
		Scan(&r.id, &r.typ, &r.status, &deletedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return "", keyRow{}, notFound
	}
	if err != nil {
		return "", keyRow{}, fmt.Errorf("find key: %w", err)
	}
	r.deleted = deletedAt.Valid
	return status, r, nil
}

// UpdateMetadata replaces the whole metadata map of a live key.
func (s *Service) UpdateMetadata(ctx context.Context, userID, key string, rawMetadata json.RawMessage) (Confirmation, error) {
	if len(rawMetadata) == 0 || string(rawMetadata) == "null" {
		return Confirmation{}, apperr.Invalid("metadata", "metadata is required")
	}
	metadata, err := ParseMetadata(rawMetadata)
	if err != nil {
		return Confirmation{}, err
	}
	metaJSON, _ := json.Marshal(metadata)
	now := store.Now()
	err = s.db.InTx(ctx, func(tx *store.Tx) error {
		_, r, err := findOwned(ctx, tx, userID, key)
		if err != nil {
			return err
		}
		if r.typ != Live {
			return apperr.Invalid("apiKey", "Metadata is supported only for live keys")
		}
		if r.deleted {
			return apperr.New(apperr.Conflict, "The API key is deleted")
		}
		if _, err := tx.Exec(ctx, `UPDATE api_keys SET metadata = ? WHERE id = ?`, string(metaJSON), r.id); err != nil {
			return fmt.Errorf("update metadata: %w", err)
		}
		return audit.Record(ctx, tx, userID, "api_key.metadata_updated", Mask(key), map[string]string{"entries": fmt.Sprint(len(metadata))}, now)
	})
	if err != nil {
		return Confirmation{}, err
	}
	return Confirmation{Message: "API key metadata updated", APIKey: Mask(key)}, nil
}

// SetStatus activates or deactivates a key; it takes effect on the next
// request on every replica (the change is announced to their key caches).
func (s *Service) SetStatus(ctx context.Context, userID, key, status string) (Confirmation, error) {
	want := Status(status)
	if want != Active && want != Inactive {
		return Confirmation{}, apperr.Invalid("status", "status must be \"active\" or \"inactive\"")
	}
	now := store.Now()
	err := s.changeKey(ctx, userID, key, "The API key is deleted and cannot be changed", func(tx *store.Tx, accountStatus account.Status, r keyRow) (bool, error) {
		if want == Active && r.typ == Live && accountStatus != account.Active {
			return false, apperr.New(apperr.AccountInactive, "The account is %s; create a new live key to activate it", accountStatus)
		}
		if r.status == want {
			return false, nil
		}
		if _, err := tx.Exec(ctx, `UPDATE api_keys SET status = ? WHERE id = ?`, want, r.id); err != nil {
			return false, fmt.Errorf("update key status: %w", err)
		}
		return true, audit.Record(ctx, tx, userID, "api_key.status_changed", Mask(key), map[string]string{"status": string(want)}, now)
	})
	if err != nil {
		return Confirmation{}, err
	}
	return Confirmation{Message: "API key status updated", APIKey: Mask(key), Status: want}, nil
}

// Delete deactivates a key for good; it stays listed as inactive. Deleting
// the last live key makes the account inactive.
func (s *Service) Delete(ctx context.Context, userID, key string) (Confirmation, error) {
	now := store.Now()
	err := s.changeKey(ctx, userID, key, "The API key is already deleted", func(tx *store.Tx, accountStatus account.Status, r keyRow) (bool, error) {
		if _, err := tx.Exec(ctx, `UPDATE api_keys SET status = 'inactive', deleted_at = ? WHERE id = ?`, now, r.id); err != nil {
			return false, fmt.Errorf("delete key: %w", err)
		}
		if err := audit.Record(ctx, tx, userID, "api_key.deleted", Mask(key), map[string]string{"type": string(r.typ)}, now); err != nil {
			return false, err
		}
		if r.typ != Live || accountStatus != account.Active {
			return true, nil
		}
		var remaining int
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM api_keys WHERE user_id = ? AND key_type = 'live' AND deleted_at IS NULL`, userID).Scan(&remaining); err != nil {
			return false, fmt.Errorf("count live keys: %w", err)
		}
		if remaining == 0 {
			return true, account.Transition(ctx, tx, userID, accountStatus, account.Inactive, now)
		}
		return true, nil
	})
	if err != nil {
		return Confirmation{}, err
	}
	return Confirmation{Message: "API key deleted", APIKey: Mask(key)}, nil
}

// changeKey runs change on one of the account's keys in a transaction that
// holds the account's lock; a deleted key is refused with the message
// deleted. When change reports that it changed the key, the change is
// announced to every replica's key cache, and changeKey returns once they
// have all dropped the key (or been given up on).
func (s *Service) changeKey(ctx context.Context, userID, key, deleted string, change func(tx *store.Tx, accountStatus account.Status, r keyRow) (bool, error)) error {
	var epoch int64
	err := s.db.InTx(ctx, func(tx *store.Tx) error {
		accountStatus, r, err := findOwned(ctx, tx, userID, key)
		if err != nil {
			return err
		}
		if r.deleted {
			return apperr.New(apperr.Conflict, "%s", deleted)
		}
		changed, err := change(tx, accountStatus, r)
		if err != nil || !changed {
			return err
		}
		epoch, err = replica.CredentialsChanged(ctx, tx, s.events)
		return err
	})
	if err != nil {
		return err
	}
	if epoch > 0 {
		s.replica.AwaitCredentials(ctx, epoch)
	}
	return nil
}

// DeactivateLive turns the account's active live keys inactive, inside the
// transaction that cancels the account.
//
// The cancellation also refuses the account's sandbox keys, so it is
// announced as a credentials change; once tx commits, the caller's InTx
// returns only after every replica has acknowledged it.
func (s *Service) DeactivateLive(ctx context.Context, tx *store.Tx, userID string) error {
	if _, err := tx.Exec(ctx, `UPDATE api_keys SET status = 'inactive' WHERE user_id = ? AND key_type = 'live' AND status = 'active'`, userID); err != nil {
		return fmt.Errorf("deactivate live keys: %w", err)
	}
	epoch, err := replica.CredentialsChanged(ctx, tx, s.events)
	if err != nil {
		return err
	}
	tx.AfterCommit(func() { s.replica.AwaitCredentials(ctx, epoch) })
	return nil
}

// MaskedNames returns each of the account's keys among ids as listings
// show it, masked: usage reports and job lists name keys this way.
func MaskedNames(ctx context.Context, q store.Queryer, userID string, ids []string) (map[string]string, error) {
	want := make(map[string]bool, len(ids))
	for _, id := range ids {
		want[id] = true
	}
	rows, err := q.Query(ctx, `SELECT id, key_type, last4 FROM api_keys WHERE user_id = ?`, userID)
	if err != nil {
		return nil, fmt.Errorf("read key names: %w", err)
	}
	defer rows.Close()
	names := make(map[string]string, len(ids))
	for rows.Next() {
		var id, keyType, last4 string
		if err := rows.Scan(&id, &keyType, &last4); err != nil {
			return nil, fmt.Errorf("read key names: %w", err)
		}
		if want[id] {
			names[id] = MaskLast4(Type(keyType), last4)
		}
	}
	return names, rows.Err()
}
