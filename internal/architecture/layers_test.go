package architecture

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// module is the repository's module path; "i/" in the lists below stands
// for its internal/ directory.
const module = "github.com/notegen/notegen"

// domainImports names, for each package at the centre, every package
// outside the standard library it may import. The domain holds the rules
// and knows nothing of the transports around it: a new import fails
// TestDomainImportsAreAllowed until it is added here, on purpose, in review.
var domainImports = map[string][]string{
	"account":      {"i/apperr", "i/audit", "i/outbox", "i/store"},
	"apikey":       {"github.com/google/uuid", "i/account", "i/apperr", "i/audit", "i/billing", "i/broker", "i/masterkey", "i/replica", "i/store"},
	"apperr":       {},
	"audit":        {"github.com/google/uuid", "i/apperr", "i/keyset", "i/logging", "i/store"},
	"auth":         {"github.com/golang-jwt/jwt/v5", "github.com/google/uuid", "i/account", "i/apperr", "i/audit", "i/masterkey", "i/store", "golang.org/x/crypto/argon2"},
	"billing":      {"github.com/google/uuid", "i/account", "i/apperr", "i/audit", "i/auth", "i/outbox", "i/store"},
	"job":          {"github.com/google/uuid", "i/apikey", "i/apperr", "i/audit", "i/batch", "i/billing", "i/broker", "i/discourse", "i/evidence", "i/keyset", "i/masterkey", "i/notetemplate", "i/outbox", "i/store", "i/transcript", "i/upload"},
	"keyset":       {},
	"masterkey":    {"i/store"},
	"notetemplate": {},
	"outbox":       {"github.com/google/uuid", "i/store"},
	"ratelimit":    {"i/apperr", "i/config", "i/store"},
	"replica":      {"i/broker", "i/store"},
	"upload":       {"i/apperr", "i/masterkey"},
	"webhook":      {"github.com/google/uuid", "i/account", "i/apperr", "i/audit", "i/masterkey", "i/store"},
}

// forbidden are what no domain package may import, standard library or
// not: HTTP and its encodings (the edge, internal/httpapi, speaks them), the
// job queue, the speech and note providers, blob storage, audio
// processing, live speech, metrics, and the SDK (its client is a
// transport). Listing one in domainImports does not allow it.
var forbidden = []string{
	"net/http", "net/http/httptrace", "net/textproto", "mime/multipart",
	"i/queue", "i/provider", "i/blobstore", "i/audio", "i/sttstream", "i/httpapi",
	"github.com/riverqueue/river", "github.com/prometheus/client_golang/prometheus", "code.dny.dev/ssrf", module,
}

// expand writes "i/x" as the module's internal/x.
func expand(name string) string {
	if rest, ok := strings.CutPrefix(name, "i/"); ok {
		return module + "/internal/" + rest
	}
	return name
}

// imports lists what the non-test files of internal/pkg import.
func imports(t *testing.T, pkg string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("..", pkg, "*.go"))
	require.NoError(t, err)
	require.NotEmpty(t, files, pkg)
	seen := map[string]bool{}
	for _, path := range files {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		require.NoError(t, err, path)
		for _, imp := range f.Imports {
			name, err := strconv.Unquote(imp.Path.Value)
			require.NoError(t, err)
			seen[name] = true
		}
	}
	out := make([]string, 0, len(seen))
	for name := range seen {
		out = append(out, name)
	}
	sort.Strings(out)
	return out
}

// isStandard reports whether an import path is the standard library's: its
// first element has no dot.
func isStandard(name string) bool {
	first, _, _ := strings.Cut(name, "/")
	return !strings.Contains(first, ".")
}

// problems checks one package's imports against the lists.
func problems(pkg string, got []string) []string {
	var out []string
	allowed := map[string]bool{}
	for _, a := range domainImports[pkg] {
		allowed[expand(a)] = true
	}
	for _, name := range got {
		switch {
		case slices.ContainsFunc(forbidden, func(f string) bool { return expand(f) == name }):
			out = append(out, "internal/"+pkg+" imports "+name+", which no domain package may")
		case !isStandard(name) && !allowed[name]:
			out = append(out, "internal/"+pkg+" imports "+name+", which is not on its list in domainImports")
		}
	}
	sort.Strings(out)
	return out
}

// TestDomainImportsAreAllowed fails when a domain package imports
// something its allow-list does not name, or a forbidden package.
func TestDomainImportsAreAllowed(t *testing.T) {
	t.Parallel()
	var all []string
	for pkg := range domainImports {
		all = append(all, problems(pkg, imports(t, pkg))...)
	}
	require.Empty(t, all)
}

// TestAllowListRefusesForbiddenImports: the check itself catches a domain
// package importing HTTP, the queue or the SDK, a third-party package off
// its list.
func TestAllowListRefusesForbiddenImports(t *testing.T) {
	t.Parallel()
	require.Empty(t, problems("ratelimit", []string{"context", "time", module + "/internal/store"}))
	for _, bad := range []string{"net/http", "mime/multipart", module + "/internal/queue", module, "github.com/riverqueue/river", "github.com/google/uuid"} {
		require.Len(t, problems("ratelimit", []string{bad}), 1, bad)
	}
}
