package architecture

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// domain are the packages at the centre: they hold the rules and know
// nothing of HTTP, which the adapters (httpapi, provider, webhook's sender)
// speak. An HTTP status or header reaching one of them is a rule leaking
// into the transport, or the transport into a rule.
var domain = []string{"account", "apikey", "audit", "auth", "billing", "job", "notetemplate", "outbox", "ratelimit", "upload"}

// TestDomainPackagesDoNotImportHTTP fails when a domain package imports
// net/http.
func TestDomainPackagesDoNotImportHTTP(t *testing.T) {
	t.Parallel()
	for _, pkg := range domain {
		files, err := filepath.Glob(filepath.Join("..", pkg, "*.go"))
		require.NoError(t, err)
		require.NotEmpty(t, files, pkg)
		for _, path := range files {
			if strings.HasSuffix(path, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
			require.NoError(t, err, path)
			for _, imp := range f.Imports {
				name, err := strconv.Unquote(imp.Path.Value)
				require.NoError(t, err)
				require.NotEqual(t, "net/http", name, "%s imports net/http", path)
			}
		}
	}
}
