package asrtest

import (
	"regexp"
	"testing"

	"github.com/stretchr/testify/require"
)

// A line cut across writes is matched once it is whole, and only the first
// matching line is handed over.
func TestLogMatchesLinesCutAcrossWrites(t *testing.T) {
	t.Parallel()
	l := NewLog(regexp.MustCompile(`listening addr=(\S+)`))
	for _, piece := range []string{"starting\nlisten", "ing addr=127.0.0.1:8", "090\nlistening addr=other\n"} {
		_, err := l.Write([]byte(piece))
		require.NoError(t, err)
	}
	require.Equal(t, []string{"listening addr=127.0.0.1:8090", "127.0.0.1:8090"}, <-l.Matched())
	require.Empty(t, l.Matched())
	require.Equal(t, "starting\nlistening addr=127.0.0.1:8090\nlistening addr=other\n", l.String())
}
