package auth

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/google/uuid"

	"github.com/notegen/notegen/internal/apperr"
	"github.com/notegen/notegen/internal/masterkey"
	"github.com/notegen/notegen/internal/store"
)

// IDTokenLifetime is the contract's ID-token lifetime.
const IDTokenLifetime = time.Hour

// Audience is the aud claim of every ID token notegen issues.
const Audience = "notegen"

const signingKeyPurpose = "id-token-signing-key"

// Claims are the claims of a notegen ID token.
type Claims struct {
	jwt.RegisteredClaims
	Email string `json:"email"`
	// Generation is the user's token generation when the token was issued;
	// a password change bumps it, which invalidates earlier tokens.
	Generation int64 `json:"gen"`
}

// Signer issues and verifies ID tokens with Ed25519 keys kept in the
// database, sealed under the master key, so every replica signs and verifies
// with the same keys.
type Signer struct {
	db     *store.DB
	master *masterkey.Key
	issuer string

	mu         sync.RWMutex
	public     map[string]ed25519.PublicKey
	currentKid string
	current    ed25519.PrivateKey
}

// NewSigner makes sure a signing key exists and loads the keys.
func NewSigner(ctx context.Context, db *store.DB, master *masterkey.Key, issuer string) (*Signer, error) {
	s := &Signer{db: db, master: master, issuer: issuer}
	err := db.InTx(ctx, func(tx *store.Tx) error {
		if err := tx.Lock(ctx, "signing_keys"); err != nil {
			return err
		}
		var n int
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM signing_keys WHERE retire_at IS NULL`).Scan(&n); err != nil {
			return fmt.Errorf("count signing keys: %w", err)
		}
		if n > 0 {
			return nil
		}
		return s.insertKey(ctx, tx, store.Now())
	})
	if err != nil {
		return nil, err
	}
	if err := s.load(ctx); err != nil {
		return nil, err
	}
	return s, nil
}

func (s *Signer) insertKey(ctx context.Context, tx *store.Tx, now time.Time) error {
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return fmt.Errorf("generate signing key: %w", err)
	}
	kid := uuid.Must(uuid.NewV7()).String()
	_, err = tx.Exec(ctx, `INSERT INTO signing_keys (kid, algorithm, private_key, public_key, created_at) VALUES (?, 'EdDSA', ?, ?, ?)`,
		kid, s.master.Seal(signingKeyPurpose+":"+kid, priv.Seed()), []byte(pub), now)
	if err != nil {
		return fmt.Errorf("store signing key: %w", err)
	}
	return nil
}

// Rotate creates a new signing key and retires the others once every token
// they signed has expired.
func (s *Signer) Rotate(ctx context.Context) error {
	now := store.Now()
	err := s.db.InTx(ctx, func(tx *store.Tx) error {
		if err := tx.Lock(ctx, "signing_keys"); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE signing_keys SET retire_at = ? WHERE retire_at IS NULL`, now.Add(IDTokenLifetime+time.Minute)); err != nil {
			return fmt.Errorf("retire signing keys: %w", err)
		}
		return s.insertKey(ctx, tx, now)
	})
	if err != nil {
		return err
	}
	return s.load(ctx)
}

// load reads every key still published and picks the newest unretired one
// for signing.
func (s *Signer) load(ctx context.Context) error {
	rows, err := s.db.Query(ctx, `SELECT kid, private_key, public_key, retire_at FROM signing_keys
		WHERE retire_at IS NULL OR retire_at > ? ORDER BY created_at`, store.Now())
	if err != nil {
		return fmt.Errorf("load signing keys: %w", err)
	}
	defer rows.Close()
	public := map[string]ed25519.PublicKey{}
	var currentKid string
	var current ed25519.PrivateKey
	for rows.Next() {
		var kid string
		var sealed, pub []byte
		var retireAt sql.NullTime
		if err := rows.Scan(&kid, &sealed, &pub, &retireAt); err != nil {
			return fmt.Errorf("load signing keys: %w", err)
		}
		public[kid] = ed25519.PublicKey(pub)
		if retireAt.Valid {
			continue
		}
		seed, err := s.master.Open(signingKeyPurpose+":"+kid, sealed)
		if err != nil {
			return fmt.Errorf("signing key %s: %w", kid, err)
		}
		currentKid, current = kid, ed25519.NewKeyFromSeed(seed)
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("load signing keys: %w", err)
	}
	if current == nil {
		return errors.New("no active signing key")
	}
	s.mu.Lock()
	s.public, s.currentKid, s.current = public, currentKid, current
	s.mu.Unlock()
	return nil
}

// Refresh reloads the keys when another process rotated them (an operator's
// `admin signing-key rotate`, another replica): without it a replica would
// keep signing with a retiring key until its tokens no longer verify. It
// costs one indexed read of the newest active key id.
func (s *Signer) Refresh(ctx context.Context) error {
	var kid string
	if err := s.db.QueryRow(ctx, `SELECT kid FROM signing_keys WHERE retire_at IS NULL ORDER BY created_at DESC LIMIT 1`).Scan(&kid); err != nil {
		return fmt.Errorf("read the current signing key: %w", err)
	}
	s.mu.RLock()
	same := kid == s.currentKid
	s.mu.RUnlock()
	if same {
		return nil
	}
	return s.load(ctx)
}

// Sign issues an ID token for the user with the current signing key.
func (s *Signer) Sign(ctx context.Context, userID, email string, generation int64, now time.Time) (string, error) {
	if err := s.Refresh(ctx); err != nil {
		return "", err
	}
	s.mu.RLock()
	kid, key := s.currentKid, s.current
	s.mu.RUnlock()
	claims := Claims{
		RegisteredClaims: jwt.RegisteredClaims{
			Issuer:    s.issuer,
			Subject:   userID,
			Audience:  jwt.ClaimStrings{Audience},
			IssuedAt:  jwt.NewNumericDate(now),
			NotBefore: jwt.NewNumericDate(now),
			ExpiresAt: jwt.NewNumericDate(now.Add(IDTokenLifetime)),
			ID:        uuid.Must(uuid.NewV7()).String(),
		},
		Email:      email,
		Generation: generation,
	}
	tok := jwt.NewWithClaims(jwt.SigningMethodEdDSA, claims)
	tok.Header["kid"] = kid
	signed, err := tok.SignedString(key)
	if err != nil {
		return "", fmt.Errorf("sign ID token: %w", err)
	}
	return signed, nil
}

// Verify checks an ID token's signature, algorithm, issuer, audience and
// lifetime. It does not check revocation; Service.Authenticate does.
func (s *Signer) Verify(ctx context.Context, token string) (*Claims, error) {
	var claims Claims
	_, err := jwt.ParseWithClaims(token, &claims, func(t *jwt.Token) (any, error) {
		kid, _ := t.Header["kid"].(string)
		return s.publicKey(ctx, kid)
	},
		jwt.WithValidMethods([]string{jwt.SigningMethodEdDSA.Alg()}),
		jwt.WithIssuer(s.issuer),
		jwt.WithAudience(Audience),
		jwt.WithExpirationRequired(),
		jwt.WithIssuedAt(),
		jwt.WithLeeway(30*time.Second),
	)
	if err != nil {
		return nil, &apperr.Error{Code: apperr.Authentication, Message: "Invalid or expired ID token", Cause: err}
	}
	return &claims, nil
}

func (s *Signer) publicKey(ctx context.Context, kid string) (ed25519.PublicKey, error) {
	s.mu.RLock()
	key, ok := s.public[kid]
	s.mu.RUnlock()
	if ok {
		return key, nil
	}
	if kid != "" {
		// Another process may have rotated the key. Refresh reloads only
		// when the newest active key changed, so a token with a made-up
		// kid costs one indexed read, no reload.
		if err := s.Refresh(ctx); err != nil {
			return nil, err
		}
		s.mu.RLock()
		key, ok = s.public[kid]
		s.mu.RUnlock()
		if ok {
			return key, nil
		}
	}
	return nil, fmt.Errorf("unknown signing key %q", kid)
}

// PublicKey is a published verification key and its key id.
type PublicKey struct {
	Kid string
	Key ed25519.PublicKey
}

// PublicKeys returns the published public keys, sorted by key id, for the
// JSON Web Key Set.
func (s *Signer) PublicKeys() []PublicKey {
	s.mu.RLock()
	keys := make([]PublicKey, 0, len(s.public))
	for kid, pub := range s.public {
		keys = append(keys, PublicKey{Kid: kid, Key: pub})
	}
	s.mu.RUnlock()
	slices.SortFunc(keys, func(a, b PublicKey) int { return strings.Compare(a.Kid, b.Kid) })
	return keys
}
