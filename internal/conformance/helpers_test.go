package conformance

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	st "github.com/notegen/notegen/internal/servertest"
	"github.com/notegen/notegen/internal/store"
)

// openStore opens the test's database directly, for checks that the API
// does not expose (timestamps, stored bytes).
func openStore(t *testing.T, d *st.Database) *store.DB {
	t.Helper()
	db, err := store.Open(context.Background(), d.DatabaseURL, d.DataDir)
	require.NoError(t, err)
	t.Cleanup(func() { db.Close() })
	return db
}

// queryInt reads the one integer a query selects (a count, a counter).
func queryInt(t *testing.T, db *store.DB, query string, args ...any) int {
	t.Helper()
	var n int
	require.NoError(t, db.QueryRow(context.Background(), query, args...).Scan(&n))
	return n
}

// eachKey is st.EachOwner with one API key of keyType ("sandbox" or "live"),
// created before fn runs: the opening of the job tests.
func eachKey(t *testing.T, keyType string, fn func(t *testing.T, s *st.Server, o *st.Owner, key string), opts ...st.Option) {
	t.Helper()
	st.EachOwner(t, func(t *testing.T, s *st.Server, o *st.Owner) { fn(t, s, o, createKey(t, s, o, keyType, nil)) }, opts...)
}

// eachLiveKeyHearing runs fn, in parallel with the package's other tests,
// on each database against a fresh server started with opts whose
// speech-to-text provider is a fake that hears said, with an owner who has
// just signed up and a live key.
func eachLiveKeyHearing(t *testing.T, said string, fn func(t *testing.T, s *st.Server, o *st.Owner, live string, stt *fakeOpenAI), opts ...st.Option) {
	t.Helper()
	st.Each(t, func(t *testing.T, b st.Backend) {
		stt := newFakeOpenAI(t, said)
		s := st.Start(t, b, append([]st.Option{st.WithEnv("NOTEGEN_STT_URL", stt.URL+"/v1")}, opts...)...)
		o := s.NewOwner(t)
		fn(t, s, o, createKey(t, s, o, "live", nil), stt)
	})
}

// createKey creates a key and returns it, failing the test on any error.
func createKey(t testing.TB, s *st.Server, o *st.Owner, keyType string, metadata any) string {
	t.Helper()
	body := map[string]any{"keyType": keyType}
	if metadata != nil {
		body["metadata"] = metadata
	}
	resp := s.Do(t, "POST", "/v1/user/create-api-key", body, st.Bearer(o.IDToken))
	require.Equal(t, http.StatusOK, resp.Status, "create %s key: %s", keyType, resp.Body)
	return resp.JSON(t)["api_key"].(string)
}

func accountStatus(t *testing.T, s *st.Server, o *st.Owner) string {
	t.Helper()
	resp := s.Do(t, "GET", "/v1/user/account/info", nil, st.Bearer(o.IDToken))
	require.Equal(t, http.StatusOK, resp.Status, "%s", resp.Body)
	return resp.JSON(t)["account_status"].(string)
}

func listKeys(t *testing.T, s *st.Server, o *st.Owner, query string) []map[string]any {
	t.Helper()
	resp := s.Do(t, "GET", "/v1/user/list-api-keys"+query, nil, st.Bearer(o.IDToken))
	require.Equal(t, http.StatusOK, resp.Status, "%s", resp.Body)
	var entries []map[string]any
	require.NoError(t, json.Unmarshal(resp.Body, &entries))
	return entries
}

// dumpDatabase returns everything the database holds as text: the raw
// SQLite files, or every row of every table of the PostgreSQL schema with
// binary columns in hex.
func dumpDatabase(t *testing.T, d *st.Database) string {
	t.Helper()
	var b strings.Builder
	if d.Backend == st.SQLite {
		matches, err := filepath.Glob(filepath.Join(d.DataDir, "notegen.db*"))
		require.NoError(t, err)
		require.NotEmpty(t, matches)
		for _, m := range matches {
			data, err := os.ReadFile(m)
			require.NoError(t, err)
			b.Write(data)
		}
		return b.String()
	}
	db := openStore(t, d)
	ctx := context.Background()
	rows, err := db.Query(ctx, `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()`)
	require.NoError(t, err)
	var tables []string
	for rows.Next() {
		var name string
		require.NoError(t, rows.Scan(&name))
		tables = append(tables, name)
	}
	require.NoError(t, rows.Err())
	rows.Close()
	require.Contains(t, tables, "api_keys")
	for _, table := range tables {
		var text *string
		require.NoError(t, db.QueryRow(ctx, `SELECT string_agg(t::text, E'\n') FROM "`+table+`" t`).Scan(&text))
		if text != nil {
			b.WriteString(*text)
		}
	}
	return b.String()
}

func hexOf(s string) string { return hex.EncodeToString([]byte(s)) }
