package architecture

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestGoModListsDirectRequirementsFirst fails when go.mod mixes the two
// kinds of requirement: the first require block is what this module's code
// imports, the others only what those need (// indirect). go mod tidy
// corrects the markers but not the blocks, so a direct requirement left
// among the indirect ones hides what the code depends on from a reader.
func TestGoModListsDirectRequirementsFirst(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile(filepath.Join("..", "..", "go.mod"))
	require.NoError(t, err)
	var blocks [][]string
	in := false
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		switch {
		case line == "require (":
			in = true
			blocks = append(blocks, nil)
		case in && line == ")":
			in = false
		case in && line != "":
			blocks[len(blocks)-1] = append(blocks[len(blocks)-1], line)
		}
	}
	require.NotEmpty(t, blocks)
	for _, req := range blocks[0] {
		require.NotContains(t, req, "// indirect", "an indirect requirement among the direct ones")
	}
	for _, block := range blocks[1:] {
		for _, req := range block {
			require.Contains(t, req, "// indirect", "a direct requirement among the indirect ones")
		}
	}
}

// TestASRModuleStandsAlone fails when cmd/notegen-asr's module (cgo, built
// on its own) requires or replaces the main module: a replace of ../.. for
// one test pulled the server's dependencies (River, pgx, minio) into it,
// and its go.sum then lagged behind the root's, which CI covered with
// -mod=mod. Its tests run notegen as a built binary instead.
func TestASRModuleStandsAlone(t *testing.T) {
	t.Parallel()
	gomod, err := os.ReadFile(filepath.Join("..", "..", "cmd", "notegen-asr", "go.mod"))
	require.NoError(t, err)
	require.NotContains(t, string(gomod), "replace")
	require.NotContains(t, string(gomod), "github.com/notegen/notegen v", "the main module is not a requirement")
	for _, dep := range []string{"riverqueue", "jackc/pgx", "minio"} {
		require.NotContains(t, string(gomod), dep)
	}
	ci, err := os.ReadFile(filepath.Join("..", "..", "cmd", "notegen-asr", "scripts", "ci.sh"))
	require.NoError(t, err)
	require.NotContains(t, string(ci), "-mod=mod", "go.sum is complete as committed")
}
