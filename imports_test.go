package notegen_test

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestSDKImportsNoServerPackage keeps the SDK light and free of cycles:
// the server's packages import the SDK's wire types, so the SDK (the root
// package, tests aside) imports nothing of the server.
func TestSDKImportsNoServerPackage(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob("*.go")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		require.NoError(t, err)
		f, err := parser.ParseFile(token.NewFileSet(), name, src, parser.ImportsOnly)
		require.NoError(t, err)
		for _, imp := range f.Imports {
			path, err := strconv.Unquote(imp.Path.Value)
			require.NoError(t, err)
			require.False(t, strings.HasPrefix(path, "github.com/notegen/notegen/"), "%s imports %s: the SDK must not depend on the server", name, path)
		}
	}
}
