package auth

import (
	"bufio"
	"crypto/rand"
	"crypto/subtle"
	_ "embed"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"golang.org/x/crypto/argon2"

	"github.com/notegen/notegen/internal/apperr"
)

// Argon2id parameters: OWASP's recommended minimum (19 MiB, 2 passes, 1 lane).
const (
	argonMemoryKiB = 19 * 1024
	argonTime      = 2
	argonThreads   = 1
	argonKeyLen    = 32
	argonSaltLen   = 16
)

// Password length limits of the wire contract, in characters.
const (
	MinPasswordLength = 8
	MaxPasswordLength = 128
)

//go:embed common_passwords.txt
var commonPasswordList string

// commonPasswords is read once; it is never written after init.
var commonPasswords = func() map[string]bool {
	m := map[string]bool{}
	sc := bufio.NewScanner(strings.NewReader(commonPasswordList))
	for sc.Scan() {
		if w := strings.TrimSpace(sc.Text()); w != "" && !strings.HasPrefix(w, "#") {
			m[strings.ToLower(w)] = true
		}
	}
	return m
}()

// HashPassword returns the argon2id hash of password in the PHC string format.
func HashPassword(password string) string {
	salt := make([]byte, argonSaltLen)
	_, _ = rand.Read(salt)
	sum := argon2.IDKey([]byte(password), salt, argonTime, argonMemoryKiB, argonThreads, argonKeyLen)
	b64 := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s",
		argon2.Version, argonMemoryKiB, argonTime, argonThreads, b64.EncodeToString(salt), b64.EncodeToString(sum))
}

// VerifyPassword reports whether password matches the PHC-encoded hash. It
// reads the parameters from the hash so that stronger settings can be
// introduced without invalidating existing hashes.
func VerifyPassword(encoded, password string) (bool, error) {
	parts := strings.Split(encoded, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return false, errors.New("password hash is not argon2id")
	}
	var version int
	if _, err := fmt.Sscanf(parts[2], "v=%d", &version); err != nil || version != argon2.Version {
		return false, fmt.Errorf("password hash version %q", parts[2])
	}
	var memory, passes uint32
	var threads uint8
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &memory, &passes, &threads); err != nil {
		return false, fmt.Errorf("password hash parameters: %w", err)
	}
	b64 := base64.RawStdEncoding
	salt, err := b64.DecodeString(parts[4])
	if err != nil {
		return false, fmt.Errorf("password hash salt: %w", err)
	}
	want, err := b64.DecodeString(parts[5])
	if err != nil {
		return false, fmt.Errorf("password hash digest: %w", err)
	}
	got := argon2.IDKey([]byte(password), salt, passes, memory, threads, uint32(len(want)))
	return subtle.ConstantTimeCompare(got, want) == 1, nil
}

// CheckNewPassword applies the contract's password rules. The error names
// field and is a bad_request, as the interface classes a weak new password.
func CheckNewPassword(field, password string) error {
	n := utf8.RuneCountInString(password)
	switch {
	case n < MinPasswordLength:
		return apperr.Field(apperr.BadRequest, field, "Password must be at least %d characters", MinPasswordLength)
	case n > MaxPasswordLength:
		return apperr.Field(apperr.BadRequest, field, "Password must be at most %d characters", MaxPasswordLength)
	case commonPasswords[strings.ToLower(password)]:
		return apperr.Field(apperr.BadRequest, field, "Password is too common; choose another")
	}
	return nil
}
