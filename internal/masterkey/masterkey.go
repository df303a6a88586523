// Package masterkey holds the server's master key and seals secrets with it.
//
// Everything notegen must be able to read back but must not store in plain
// text (ID-token signing keys, API keys for showFull, refresh-token
// successors, patient data) is sealed with AES-256-GCM under this key. Every
// replica of one deployment must be given the same key.
package masterkey

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Size is the length of a master key in bytes.
const Size = 32

// Key seals and opens secrets. The zero value is not usable; use Parse or
// LoadOrCreate.
type Key struct {
	aead cipher.AEAD
	raw  []byte
}

// Parse reads a base64-encoded 32-byte key.
func Parse(encoded string) (*Key, error) {
	raw, err := base64.StdEncoding.DecodeString(strings.TrimSpace(encoded))
	if err != nil {
		return nil, fmt.Errorf("master key is not valid base64: %w", err)
	}
	if len(raw) != Size {
		return nil, fmt.Errorf("master key must be %d bytes, got %d", Size, len(raw))
	}
	return fromBytes(raw)
}

func fromBytes(raw []byte) (*Key, error) {
	block, err := aes.NewCipher(raw)
	if err != nil {
		return nil, fmt.Errorf("master key cipher: %w", err)
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, fmt.Errorf("master key GCM: %w", err)
	}
	return &Key{aead: aead, raw: raw}, nil
}

// MAC returns an HMAC-SHA256 of data under a subkey of the master key
// derived for purpose, for values that must be authenticated but not
// secret (presigned upload URLs).
func (k *Key) MAC(purpose string, data []byte) []byte {
	sub := hmac.New(sha256.New, k.raw)
	sub.Write([]byte("notegen-mac:" + purpose))
	m := hmac.New(sha256.New, sub.Sum(nil))
	m.Write(data)
	return m.Sum(nil)
}

// Generate returns a new random key in its base64 form.
func Generate() string {
	raw := make([]byte, Size)
	_, _ = rand.Read(raw) // crypto/rand.Read never fails on supported platforms.
	return base64.StdEncoding.EncodeToString(raw)
}

// LoadOrCreate reads the key file in dir, creating it with a new random key
// (mode 0600) if it does not exist yet.
func LoadOrCreate(dir string) (*Key, error) {
	key, err := Load(dir)
	if !errors.Is(err, fs.ErrNotExist) {
		return key, err
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("create data directory: %w", err)
	}
	f, err := os.OpenFile(filepath.Join(dir, "master.key"), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if errors.Is(err, fs.ErrExist) {
		return Load(dir) // another process created it first
	}
	if err != nil {
		return nil, fmt.Errorf("create master key file: %w", err)
	}
	encoded := Generate()
	if _, err := f.WriteString(encoded + "\n"); err != nil {
		f.Close()
		return nil, fmt.Errorf("write master key file: %w", err)
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return nil, fmt.Errorf("sync master key file: %w", err)
	}
	if err := f.Close(); err != nil {
		return nil, fmt.Errorf("close master key file: %w", err)
	}
	return Parse(encoded)
}

// Seal encrypts plaintext. The purpose names what the secret is for and is
// authenticated, so a ciphertext sealed for one purpose cannot be opened as
// another.
func (k *Key) Seal(purpose string, plaintext []byte) []byte {
	nonce := make([]byte, k.aead.NonceSize())
	_, _ = rand.Read(nonce)
	return k.aead.Seal(nonce, nonce, plaintext, []byte(purpose))
}

// SealAppend is Seal writing into dst's storage when it has room, for
// callers that seal many records and reuse one buffer.
func (k *Key) SealAppend(dst []byte, purpose string, plaintext []byte) []byte {
	n := k.aead.NonceSize()
	dst = append(dst[:0], make([]byte, n)...)
	_, _ = rand.Read(dst[:n])
	return k.aead.Seal(dst, dst[:n], plaintext, []byte(purpose))
}

// Open decrypts a ciphertext made by Seal with the same purpose.
func (k *Key) Open(purpose string, sealed []byte) ([]byte, error) {
	n := k.aead.NonceSize()
	if len(sealed) < n+k.aead.Overhead() {
		return nil, errors.New("sealed value is too short")
	}
	plain, err := k.aead.Open(nil, sealed[:n], sealed[n:], []byte(purpose))
	if err != nil {
		return nil, fmt.Errorf("open sealed %s: %w", purpose, err)
	}
	return plain, nil
}

// Load reads the key file in dir and, unlike LoadOrCreate, refuses a
// missing one: an operator command must not mint a key for a data
// directory that was mistyped.
func Load(dir string) (*Key, error) {
	path := filepath.Join(dir, "master.key")
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("master key %s: %w (give the data directory `notegen serve` uses, or --master-key)", path, fs.ErrNotExist)
	}
	if err != nil {
		return nil, fmt.Errorf("read master key file: %w", err)
	}
	key, err := Parse(string(data))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return key, nil
}
