package architecture

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestEveryPackageIsOnTheCodeMap fails when a package under internal/ is
// not named in README.md's code map, or the map names one that is gone:
// the map is how a newcomer finds their way, so it must match the code.
func TestEveryPackageIsOnTheCodeMap(t *testing.T) {
	t.Parallel()
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	require.NoError(t, err)
	text := string(readme)
	start, end := strings.Index(text, "## Code map"), strings.Index(text, "## Tests and benchmarks")
	require.True(t, start >= 0 && end > start, "README.md has a code map section")
	codeMap := text[start:end]
	var missing []string
	packages := map[string]bool{}
	err = filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		if d.Name() == "testdata" || d.Name() == "node_modules" || strings.HasPrefix(d.Name(), ".") && path != ".." {
			return filepath.SkipDir
		}
		goFiles, _ := filepath.Glob(filepath.Join(path, "*.go"))
		if len(goFiles) == 0 || path == ".." {
			return nil
		}
		name := "internal/" + filepath.ToSlash(strings.TrimPrefix(path, ".."+string(filepath.Separator)))
		packages[name] = true
		if !strings.Contains(codeMap, "`"+name+"`") {
			missing = append(missing, name)
		}
		return nil
	})
	require.NoError(t, err)
	require.Greater(t, len(packages), 30, "the walk found the packages")
	require.Empty(t, missing, "packages README.md's code map does not name")
	for _, field := range strings.Split(codeMap, "`") {
		if strings.HasPrefix(field, "internal/") && !strings.ContainsAny(field, " .*") {
			require.True(t, packages[field], "README.md's code map names %s, which is no package", field)
		}
	}
}
