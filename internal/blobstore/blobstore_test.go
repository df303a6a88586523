package blobstore

import (
	"bytes"
	"context"
	"crypto/rand"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/masterkey"
)

func newStore(t *testing.T) *Local {
	t.Helper()
	key, err := masterkey.Parse(masterkey.Generate())
	require.NoError(t, err)
	s, err := NewLocal(t.TempDir(), key)
	require.NoError(t, err)
	return s
}

func TestRangesRoundTripSealed(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := newStore(t)
	data := make([]byte, 300_000)
	_, _ = rand.Read(data)
	copy(data, "RIFF-PATIENT-AUDIO")
	n, err := s.WriteRange(ctx, "job1", 0, bytes.NewReader(data[:100_000]), 1<<30)
	require.NoError(t, err)
	require.EqualValues(t, 100_000, n)
	_, err = s.WriteRange(ctx, "job1", 100_000, bytes.NewReader(data[100_000:]), 1<<30)
	require.NoError(t, err)

	r, err := s.Open(ctx, "job1", int64(len(data)))
	require.NoError(t, err)
	got, err := io.ReadAll(r)
	require.NoError(t, err)
	require.NoError(t, r.Close())
	require.Equal(t, data, got)

	files, _ := filepath.Glob(filepath.Join(s.dir, "job1", "*"))
	for _, f := range files {
		raw, err := os.ReadFile(f)
		require.NoError(t, err)
		require.NotContains(t, string(raw), "RIFF-PATIENT-AUDIO", "audio is sealed at rest")
	}
}

func TestMissingOrSwappedDataIsAnError(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := newStore(t)
	_, err := s.WriteRange(ctx, "a", 0, bytes.NewReader([]byte("hello")), 100)
	require.NoError(t, err)
	r, _ := s.Open(ctx, "a", 10)
	_, err = io.ReadAll(r)
	require.Error(t, err, "a short object is not silently accepted")

	_, err = s.WriteRange(ctx, "b", 0, bytes.NewReader([]byte("other")), 100)
	require.NoError(t, err)
	require.NoError(t, os.Rename(filepath.Join(s.dir, "b", "0000000000000000.seg"), filepath.Join(s.dir, "a", "0000000000000000.seg")))
	r, _ = s.Open(ctx, "a", 5)
	_, err = io.ReadAll(r)
	require.Error(t, err, "a segment moved from another object does not decrypt")
}

func TestRewritingARangeDropsLaterOnes(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := newStore(t)
	_, _ = s.WriteRange(ctx, "c", 0, bytes.NewReader([]byte("aaaa")), 100)
	_, _ = s.WriteRange(ctx, "c", 4, bytes.NewReader([]byte("bbbb")), 100)
	_, err := s.WriteRange(ctx, "c", 0, bytes.NewReader([]byte("zz")), 100)
	require.NoError(t, err)
	r, _ := s.Open(ctx, "c", 2)
	got, err := io.ReadAll(r)
	require.NoError(t, err)
	require.Equal(t, "zz", string(got))
	require.NoError(t, s.Delete(ctx, "c"))
	require.NoError(t, s.Delete(ctx, "c"))
	_, err = s.WriteRange(ctx, "../x", 0, bytes.NewReader(nil), 1)
	require.Error(t, err)
}
