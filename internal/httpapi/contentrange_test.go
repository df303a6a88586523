package httpapi

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/upload"
)

func TestContentRangeHeader(t *testing.T) {
	t.Parallel()
	for header, want := range map[string]*upload.Range{
		"":                  nil,
		"bytes 0-1023/4096": {Start: 0, End: 1023, Total: 4096},
		"bytes 10-19/*":     {Start: 10, End: 19, Total: -1},
		"bytes */4096":      {Total: 4096, Query: true},
	} {
		got, err := parseContentRange(header)
		require.NoError(t, err, header)
		require.Equal(t, want, got, header)
	}
	for _, bad := range []string{"bytes */*", "bytes 5-4/10", "bytes 0-10/10", "items 0-1/2", "bytes=0-1/2"} {
		_, err := parseContentRange(bad)
		require.Error(t, err, bad)
	}
}
