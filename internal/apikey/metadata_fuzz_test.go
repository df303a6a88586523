package apikey

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/apperr"
)

// FuzzParseMetadata checks that whatever a client sends, metadata parsing
// never panics, refuses with a validation_error, and accepts only maps that
// keep every rule.
func FuzzParseMetadata(f *testing.F) {
	for _, seed := range []string{
		`{"team":"er"}`, `{}`, `null`, `[]`, `{"a":1}`, `{"password":"x"}`, `{"x":"123-45-6789"}`,
		`{"c":"4111 1111 1111 1111"}`, `{"` + strings.Repeat("k", 51) + `":"v"}`, `{"é":"` + strings.Repeat("é", 200) + `"}`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		m, err := ParseMetadata(json.RawMessage(raw))
		if err != nil {
			require.Equal(t, apperr.Validation, apperr.CodeOf(err))
			return
		}
		require.LessOrEqual(t, len(m), MaxMetadataEntries)
		for k, v := range m {
			require.True(t, utf8.RuneCountInString(k) >= 1 && utf8.RuneCountInString(k) <= MaxMetadataKeyLen)
			require.LessOrEqual(t, utf8.RuneCountInString(v), MaxMetadataValueLen)
			require.Empty(t, sensitiveWord(k))
			require.Empty(t, sensitiveWord(v))
			require.False(t, looksLikeCardNumber(v))
		}
	})
}
