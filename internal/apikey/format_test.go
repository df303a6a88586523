package apikey

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/apperr"
	"github.com/notegen/notegen/internal/masterkey"
	"github.com/notegen/notegen/internal/store"
)

func TestGenerateAndParse(t *testing.T) {
	t.Parallel()
	for _, typ := range []Type{Sandbox, Live} {
		seen := map[string]bool{}
		for range 200 {
			key := Generate(typ)
			require.True(t, strings.HasPrefix(key, prefixOf[typ]))
			require.Len(t, key, maskedLength(typ))
			got, err := Parse(key)
			require.NoError(t, err)
			require.Equal(t, typ, got)
			require.False(t, seen[key])
			seen[key] = true
		}
	}
}

func TestParseRefusesDamagedKeys(t *testing.T) {
	t.Parallel()
	key := Generate(Live)
	flip := func(i int) string {
		b := []byte(key)
		if b[i] == 'A' {
			b[i] = 'B'
		} else {
			b[i] = 'A'
		}
		return string(b)
	}
	for name, bad := range map[string]string{
		"empty":               "",
		"no prefix":           key[len("ng_live_"):],
		"other prefix":        "ng_test_" + key[len("ng_live_"):],
		"one char changed":    flip(10),
		"checksum changed":    flip(len(key) - 2),
		"truncated":           key[:len(key)-1],
		"extended":            key + "A",
		"non-base62":          key[:12] + "-" + key[13:],
		"sandbox prefix swap": "ng_sandbox_" + key[len("ng_live_"):],
	} {
		_, err := Parse(bad)
		require.ErrorIs(t, err, ErrMalformed, name)
	}
}

func TestMask(t *testing.T) {
	t.Parallel()
	require.Equal(t, "*****6789", Mask("123456789"))
	require.Equal(t, "abc", Mask("abc"))
}

// TestBadChecksumNeedsNoDatabase authenticates against a closed database: a
// key with a bad checksum is refused as an authentication error, while a
// well-formed key reaches the database and fails there.
func TestBadChecksumNeedsNoDatabase(t *testing.T) {
	t.Parallel()
	db, err := store.Open(context.Background(), "", t.TempDir())
	require.NoError(t, err)
	require.NoError(t, db.Close())
	key, err := masterkey.Parse(masterkey.Generate())
	require.NoError(t, err)
	svc := NewService(db, key, nil, nil)

	good := Generate(Live)
	bad := good[:len(good)-1] + string(base62[(strings.IndexByte(base62, good[len(good)-1])+1)%62])
	_, err = svc.Authenticate(context.Background(), bad)
	require.Equal(t, apperr.Authentication, apperr.CodeOf(err), "refused before any database read: %v", err)
	_, err = svc.Authenticate(context.Background(), good)
	require.Equal(t, apperr.Internal, apperr.CodeOf(err), "a well-formed key does read the (closed) database")
}
