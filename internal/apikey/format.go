// Package apikey owns the API keys that note-generation clients send as
// x-api-key: their format, their storage (a SHA-256 hash for look-up and a
// sealed copy for showFull, never plain text), their metadata and status
// rules, and the authentication of every note request.
package apikey

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"hash/crc32"
	"math/big"
	"strings"
)

// Type is sandbox or live.
type Type string

// The key types.
const (
	Sandbox Type = "sandbox"
	Live    Type = "live"
)

const (
	base62        = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	randomLength  = 32
	checksumChars = 6
)

// prefixOf is the key prefix of each type.
var prefixOf = map[Type]string{Sandbox: "ng_sandbox_", Live: "ng_live_"}

// ErrMalformed is returned for anything that is not a well-formed key with
// a correct checksum.
var ErrMalformed = errors.New("malformed API key")

// Generate returns a new key of the given type: prefix, 32 random base62
// characters, and a 6-character base62 CRC32 of what precedes.
func Generate(t Type) string {
	var b strings.Builder
	b.WriteString(prefixOf[t])
	max := big.NewInt(int64(len(base62)))
	for range randomLength {
		n, _ := rand.Int(rand.Reader, max) // crypto/rand never fails on supported platforms
		b.WriteByte(base62[n.Int64()])
	}
	body := b.String()
	return body + checksum(body)
}

func checksum(body string) string {
	n := crc32.ChecksumIEEE([]byte(body))
	out := make([]byte, checksumChars)
	for i := checksumChars - 1; i >= 0; i-- {
		out[i] = base62[n%62]
		n /= 62
	}
	return string(out)
}

// Parse checks a key's shape and checksum without touching the database and
// returns its type.
func Parse(key string) (Type, error) {
	for t, prefix := range prefixOf {
		if !strings.HasPrefix(key, prefix) {
			continue
		}
		rest := key[len(prefix):]
		if len(rest) != randomLength+checksumChars {
			return "", ErrMalformed
		}
		for i := range len(rest) {
			if strings.IndexByte(base62, rest[i]) < 0 {
				return "", ErrMalformed
			}
		}
		body := key[:len(key)-checksumChars]
		if checksum(body) != key[len(key)-checksumChars:] {
			return "", ErrMalformed
		}
		return t, nil
	}
	return "", ErrMalformed
}

// Hash is the look-up hash of a key.
func Hash(key string) string {
	sum := sha256.Sum256([]byte(key))
	return hex.EncodeToString(sum[:])
}

// Mask replaces every character but the last four with '*'.
func Mask(key string) string {
	if len(key) <= 4 {
		return key
	}
	return strings.Repeat("*", len(key)-4) + key[len(key)-4:]
}

// maskedLength is the length of every key of a type; listings mask without
// unsealing the key.
func maskedLength(t Type) int { return len(prefixOf[t]) + randomLength + checksumChars }

// MaskLast4 renders a key of type t as listings show it, knowing only its
// last four characters.
func MaskLast4(t Type, last4 string) string {
	return strings.Repeat("*", maskedLength(t)-4) + last4
}
