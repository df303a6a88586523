package architecture

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestOnlyTestHelpersImportTesting fails when production code imports the
// testing package or one below it (testing/fstest ...): that links test
// machinery into the binary and usually means a test helper or a test
// fixture was put where the service's code lives. Packages named *test
// (servertest, fhirtest, audiotest) are test helpers by name and may.
func TestOnlyTestHelpersImportTesting(t *testing.T) {
	t.Parallel()
	var problems []string
	files := 0
	err := filepath.WalkDir(filepath.Join("..", ".."), func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); name == "node_modules" || name == "testdata" || strings.HasPrefix(name, ".") && path != filepath.Join("..", "..") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") ||
			strings.HasSuffix(filepath.Base(filepath.Dir(path)), "test") {
			return nil
		}
		files++
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		for _, imp := range f.Imports {
			name, err := strconv.Unquote(imp.Path.Value)
			if err != nil {
				return err
			}
			if name == "testing" || strings.HasPrefix(name, "testing/") {
				problems = append(problems, path+" imports "+name)
			}
		}
		return nil
	})
	require.NoError(t, err)
	require.Greater(t, files, 100, "the walk reached the repository's code")
	require.Empty(t, problems)
}
