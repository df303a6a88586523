package apikey

import (
	"bytes"
	"encoding/json"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/notegen/notegen/internal/apperr"
)

// Metadata limits of the wire contract, in characters.
const (
	MaxMetadataEntries  = 50
	MaxMetadataKeyLen   = 50
	MaxMetadataValueLen = 200
)

// sensitiveWords may not appear, in any case, in a metadata key or value:
// metadata is shown in listings and must not become a place for secrets or
// identifiers.
var sensitiveWords = []string{
	"password", "passwd", "secret", "token", "api_key", "apikey", "private_key",
	"credential", "ssn", "social_security", "credit_card", "card_number", "cvv",
}

var (
	ssnPattern   = regexp.MustCompile(`(^|[^0-9])[0-9]{3}[- ][0-9]{2}[- ][0-9]{4}([^0-9]|$)|^[0-9]{9}$`)
	digitsRunPat = regexp.MustCompile(`[0-9][0-9 -]{11,}[0-9]`)
)

// ParseMetadata decodes and validates a metadata object. The raw JSON must
// be an object whose values are all strings.
func ParseMetadata(raw json.RawMessage) (map[string]string, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var m map[string]any
	if err := dec.Decode(&m); err != nil || m == nil {
		return nil, apperr.Invalid("metadata", "metadata must be an object of string keys to string values")
	}
	out := make(map[string]string, len(m))
	for k, v := range m {
		s, ok := v.(string)
		if !ok {
			return nil, apperr.Invalid("metadata", "metadata value of %q must be a string", truncate(k))
		}
		out[k] = s
	}
	if err := ValidateMetadata(out); err != nil {
		return nil, err
	}
	return out, nil
}

// ValidateMetadata applies the contract's metadata rules.
func ValidateMetadata(m map[string]string) error {
	if len(m) > MaxMetadataEntries {
		return apperr.Invalid("metadata", "metadata may have at most %d entries", MaxMetadataEntries)
	}
	for k, v := range m {
		n := utf8.RuneCountInString(k)
		if n == 0 || n > MaxMetadataKeyLen {
			return apperr.Invalid("metadata", "metadata keys must be 1 to %d characters", MaxMetadataKeyLen)
		}
		if utf8.RuneCountInString(v) > MaxMetadataValueLen {
			return apperr.Invalid("metadata", "metadata value of %q must be at most %d characters", truncate(k), MaxMetadataValueLen)
		}
		if !utf8.ValidString(k) || !utf8.ValidString(v) {
			return apperr.Invalid("metadata", "metadata must be valid UTF-8")
		}
		if w := sensitiveWord(k); w != "" {
			return apperr.Invalid("metadata", "metadata key %q contains the sensitive word %q", truncate(k), w)
		}
		if w := sensitiveWord(v); w != "" {
			return apperr.Invalid("metadata", "metadata value of %q contains the sensitive word %q", truncate(k), w)
		}
		if ssnPattern.MatchString(v) {
			return apperr.Invalid("metadata", "metadata value of %q looks like a social security number", truncate(k))
		}
		if looksLikeCardNumber(v) {
			return apperr.Invalid("metadata", "metadata value of %q looks like a payment card number", truncate(k))
		}
	}
	return nil
}

func sensitiveWord(s string) string {
	lower := strings.ToLower(s)
	for _, w := range sensitiveWords {
		if strings.Contains(lower, w) {
			return w
		}
	}
	return ""
}

// looksLikeCardNumber finds a run of 13 to 19 digits, spaces or dashes
// allowed between them, that passes the Luhn check. Longer runs are not
// card numbers (and any long run has some Luhn-valid window).
func looksLikeCardNumber(s string) bool {
	for _, run := range digitsRunPat.FindAllString(s, -1) {
		digits := strings.NewReplacer(" ", "", "-", "").Replace(run)
		if len(digits) >= 13 && len(digits) <= 19 && luhn(digits) {
			return true
		}
	}
	return false
}

func luhn(digits string) bool {
	sum := 0
	double := false
	for i := len(digits) - 1; i >= 0; i-- {
		d := int(digits[i] - '0')
		if double {
			d *= 2
			if d > 9 {
				d -= 9
			}
		}
		sum += d
		double = !double
	}
	return sum%10 == 0
}

// truncate keeps error messages short when a client sends a huge key.
func truncate(s string) string {
	if utf8.RuneCountInString(s) <= 50 {
		return s
	}
	return string([]rune(s)[:50]) + "…"
}
