// Package architecture holds tests of the code's shape rather than its
// behaviour: rules a reviewer would otherwise have to check by hand.
package architecture

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// owners names the one package that owns each table: only its code names
// the table in SQL. Others call the owner's functions, passing their
// *store.Tx where the change must commit with theirs. River's own tables
// (river_*) belong to River and the queue package, and are not listed.
var owners = map[string]string{
	"users":              "auth",
	"refresh_tokens":     "auth",
	"signing_keys":       "auth",
	"login_failures":     "auth",
	"accounts":           "account",
	"api_keys":           "apikey",
	"audit_log":          "audit",
	"invoices":           "billing",
	"usage_records":      "billing",
	"jobs":               "job",
	"idempotency_keys":   "job",
	"outbox_events":      "outbox",
	"rate_windows":       "ratelimit",
	"settings":           "masterkey",
	"webhook_secrets":    "webhook",
	"webhook_deliveries": "delivery",
	"webhook_attempts":   "delivery",
	"goose_db_version":   "store",
	"replicas":           "replica",
	"credentials_epoch":  "replica",
}

// notOwners are packages whose SQL is not production code: the black-box
// suite inspects tables to check what the service stored.
var notOwners = map[string]bool{"conformance": true, "servertest": true, "clitest": true, "storetest": true}

// tableRef finds a table named after a SQL keyword in a string literal.
var tableRef = regexp.MustCompile(`\b(?:FROM|INTO|UPDATE|JOIN|TABLE)\s+([a-z_][a-z0-9_]*)`)

// TestEveryTableHasOneOwner fails when a package's SQL names a table that
// another package owns, or a table no package owns.
func TestEveryTableHasOneOwner(t *testing.T) {
	t.Parallel()
	var problems []string
	refs := 0
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		pkg := filepath.Base(filepath.Dir(path))
		if notOwners[pkg] {
			return nil
		}
		for _, table := range tablesNamed(t, path) {
			refs++
			owner, ok := owners[table]
			switch {
			case strings.HasPrefix(table, "river_") || isCatalog(table):
			case !ok:
				problems = append(problems, path+": names table "+table+", which has no owner in the map")
			case owner != pkg:
				problems = append(problems, path+": names table "+table+", owned by package "+owner)
			}
		}
		return nil
	})
	require.NoError(t, err)
	require.Greater(t, refs, 50, "the scan finds the service's SQL")
	sort.Strings(problems)
	require.Empty(t, problems, "every table is read and written by its owning package only")
}

// isCatalog reports whether table is the database engine's own catalog.
func isCatalog(table string) bool {
	return table == "information_schema" || strings.HasPrefix(table, "pg_") || strings.HasPrefix(table, "sqlite_") ||
		tableFunctions[table]
}

// tableFunctions are the engines' functions that a query reads rows from
// (a batch of values bound as one array parameter, or a series of numbers):
// no table is named.
var tableFunctions = map[string]bool{
	"unnest": true, "json_each": true, "json_to_recordset": true, "json_array_elements_text": true, "generate_series": true,
	// A query's own WITH names: outbox.AddWith reads the change its event
	// announces, a statement the change's owner writes, and
	// outbox.AddDispatched the event it wrote, and gives delivery the
	// dispatched one to write its delivery from.
	"announced": true, "written": true, "dispatched": true,
}

// tablesNamed returns the tables named in the string literals of a Go file.
func tablesNamed(t *testing.T, path string) []string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
	require.NoError(t, err, path)
	var tables []string
	ast.Inspect(f, func(n ast.Node) bool {
		lit, ok := n.(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING {
			return true
		}
		s, err := strconv.Unquote(lit.Value)
		if err != nil {
			return true
		}
		for _, m := range tableRef.FindAllStringSubmatch(s, -1) {
			tables = append(tables, m[1])
		}
		return true
	})
	return tables
}
