package blobstore

import (
	"bytes"
	"context"
	"crypto/rand"
	"io"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"testing"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"
	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/masterkey"
)

// newFakeS3 starts an in-process server speaking the S3 wire protocol and
// returns a storage URL for a bucket on it.
func newFakeS3(t testing.TB) string {
	t.Helper()
	backend := s3mem.New()
	srv := httptest.NewServer(gofakes3.New(backend).Server())
	t.Cleanup(srv.Close)
	require.NoError(t, backend.CreateBucket("notegen"))
	u, _ := url.Parse(srv.URL)
	return "s3://notegen/audio?endpoint=" + u.Host + "&insecure=true&region=us-east-1"
}

// eachStore runs fn against every Store implementation with one master key.
func eachStore(t *testing.T, fn func(t *testing.T, s Store, raw func(name string) [][]byte)) {
	key, err := masterkey.Parse(masterkey.Generate())
	require.NoError(t, err)
	t.Run("local", func(t *testing.T) {
		t.Parallel()
		l, err := NewLocal(t.TempDir(), key)
		require.NoError(t, err)
		fn(t, l, func(name string) [][]byte {
			files, _ := filepath.Glob(filepath.Join(l.dir, name, "*"))
			var out [][]byte
			for _, f := range files {
				b, _ := os.ReadFile(f)
				out = append(out, b)
			}
			return out
		})
	})
	t.Run("s3", func(t *testing.T) {
		t.Parallel()
		s, err := NewS3(context.Background(), newFakeS3(t), "key", "secret", key)
		require.NoError(t, err)
		fn(t, s, func(name string) [][]byte {
			r, err := s.Open(context.Background(), name, -1)
			require.NoError(t, err)
			var out [][]byte
			for _, seg := range r.(*reader).segs {
				obj, err := r.(*reader).open(seg)
				require.NoError(t, err)
				b, _ := io.ReadAll(obj)
				obj.Close()
				out = append(out, b)
			}
			return out
		})
	})
}

func TestRangesRoundTripSealed(t *testing.T) {
	t.Parallel()
	eachStore(t, func(t *testing.T, s Store, raw func(string) [][]byte) {
		ctx := context.Background()
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

		stored := raw("job1")
		require.Len(t, stored, 2)
		for _, b := range stored {
			require.NotContains(t, string(b), "RIFF-PATIENT-AUDIO", "audio is sealed at rest")
		}
	})
}

func TestShortObjectIsAnError(t *testing.T) {
	t.Parallel()
	eachStore(t, func(t *testing.T, s Store, _ func(string) [][]byte) {
		ctx := context.Background()
		_, err := s.WriteRange(ctx, "a", 0, bytes.NewReader([]byte("hello")), 100)
		require.NoError(t, err)
		r, _ := s.Open(ctx, "a", 10)
		_, err = io.ReadAll(r)
		require.Error(t, err, "a short object is not silently accepted")
	})
}

func TestSegmentFromAnotherObjectDoesNotDecrypt(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	key, _ := masterkey.Parse(masterkey.Generate())
	s, err := NewLocal(t.TempDir(), key)
	require.NoError(t, err)
	_, _ = s.WriteRange(ctx, "a", 0, bytes.NewReader([]byte("hello")), 100)
	_, _ = s.WriteRange(ctx, "b", 0, bytes.NewReader([]byte("other")), 100)
	require.NoError(t, os.Rename(filepath.Join(s.dir, "b", "0000000000000000.seg"), filepath.Join(s.dir, "a", "0000000000000000.seg")))
	r, _ := s.Open(ctx, "a", 5)
	_, err = io.ReadAll(r)
	require.Error(t, err)
}

func TestRewritingARangeDropsLaterOnes(t *testing.T) {
	t.Parallel()
	eachStore(t, func(t *testing.T, s Store, _ func(string) [][]byte) {
		ctx := context.Background()
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
		r, _ = s.Open(ctx, "c", 0)
		got, err = io.ReadAll(r)
		require.NoError(t, err)
		require.Empty(t, got, "deleted")
		_, err = s.WriteRange(ctx, "../x", 0, bytes.NewReader(nil), 1)
		require.Error(t, err)
	})
}
