package decode

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestInputErrors(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for name, data := range map[string][]byte{
		"empty.wav": nil,
		"text.mp3":  []byte("not audio at all, just some text"),
	} {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, data, 0o600))
		_, err := Stream(context.Background(), p, Options{}, func([]float32) error { return nil })
		var ie *InputError
		require.ErrorAs(t, err, &ie, name)
		require.NotContains(t, ie.Msg, dir, "temp paths must not leak to clients")
	}
}

func TestRawPCMAndLimit(t *testing.T) {
	t.Parallel()
	p := filepath.Join(t.TempDir(), "a.pcm")
	require.NoError(t, os.WriteFile(p, make([]byte, 2*SampleRate*3), 0o600)) // 3 s of s16le silence
	n, err := Stream(context.Background(), p, Options{RawPCM: true}, func([]float32) error { return nil })
	require.NoError(t, err)
	require.Equal(t, 3*SampleRate, n)
	_, err = Stream(context.Background(), p, Options{RawPCM: true, MaxSeconds: 1}, func([]float32) error { return nil })
	var ie *InputError
	require.ErrorAs(t, err, &ie)
	require.Contains(t, ie.Msg, "longer than")
}
