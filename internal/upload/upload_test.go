package upload

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/masterkey"
)

func TestSignerBindsJobAndExpiry(t *testing.T) {
	t.Parallel()
	key, err := masterkey.Parse("AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=")
	require.NoError(t, err)
	s := NewSigner(key, "http://127.0.0.1:8080")
	now := time.Unix(1_700_000_000, 0)
	expires := now.Add(time.Hour)
	url := s.URL("job-1", expires)
	require.Equal(t, url, s.URL("job-1", expires.Add(500*time.Millisecond)), "the URL names whole seconds")
	exp, sig := "1700003600", url[len(url)-64:]
	require.NoError(t, s.Verify("job-1", exp, sig, now))
	require.ErrorIs(t, s.Verify("job-2", exp, sig, now), ErrBadURL, "bound to one job")
	require.ErrorIs(t, s.Verify("job-1", "1700003601", sig, now), ErrBadURL, "bound to its expiry")
	require.ErrorIs(t, s.Verify("job-1", exp, sig, expires), ErrBadURL, "not valid at its expiry")
}

func TestNormalizeExtension(t *testing.T) {
	t.Parallel()
	ext, ok := NormalizeExtension(".WAV")
	require.True(t, ok)
	require.Equal(t, "wav", ext)
	_, ok = NormalizeExtension("exe")
	require.False(t, ok)
}
