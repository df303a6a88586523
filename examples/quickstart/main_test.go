package main

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	st "github.com/notegen/notegen/internal/servertest"
)

// The README promises the example runs as written, twice in a row: the
// second run finds the account and its sandbox key.
func TestQuickstartRunsTwice(t *testing.T) {
	st.EachServer(t, func(t *testing.T, s *st.Server) {
		for range 2 {
			var out strings.Builder
			require.NoError(t, run(context.Background(), s.URL, &out))
			require.Contains(t, out.String(), "CHIEF COMPLAINT")
		}
	})
}
