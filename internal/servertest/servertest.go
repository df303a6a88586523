// Package servertest starts the real notegen server, through the same Run
// that `notegen serve` uses, on a fresh SQLite or PostgreSQL database, for
// black-box tests that talk HTTP to it.
package servertest

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/cli"
	"github.com/notegen/notegen/internal/masterkey"
	"github.com/notegen/notegen/internal/store"
	"github.com/notegen/notegen/internal/storetest"
)

// Backend names a database engine under test.
type Backend string

// The backends.
const (
	SQLite   Backend = "sqlite"
	Postgres Backend = "postgres"
)

// PostgresURLEnv names the variable that enables the PostgreSQL runs.
const PostgresURLEnv = storetest.PostgresURLEnv

// Each runs fn once per backend as subtests named "sqlite" and "postgres",
// in parallel with each other and with the package's other tests: every
// test gets its own database and server, so none needs to run alone, and
// the suite's time is set by its slowest test rather than by their sum.
// The caller must not call t.Parallel itself. The PostgreSQL run is
// skipped when NOTEGEN_TEST_DATABASE_URL is unset.
func Each(t *testing.T, fn func(t *testing.T, b Backend)) {
	t.Helper()
	t.Parallel()
	for _, b := range []Backend{SQLite, Postgres} {
		t.Run(string(b), func(t *testing.T) {
			if b == Postgres && os.Getenv(PostgresURLEnv) == "" {
				t.Skip(PostgresURLEnv + " is not set")
			}
			t.Parallel()
			fn(t, b)
		})
	}
}

// EachServer runs fn on each backend against a fresh server started with
// opts: the opening that most black-box tests share (most then sign up an
// owner with NewOwner).
func EachServer(t *testing.T, fn func(t *testing.T, s *Server), opts ...Option) {
	t.Helper()
	Each(t, func(t *testing.T, b Backend) {
		fn(t, Start(t, b, opts...))
	})
}

// EachOwner is EachServer with an owner who has just signed up: the opening
// most black-box tests share.
func EachOwner(t *testing.T, fn func(t *testing.T, s *Server, o *Owner), opts ...Option) {
	t.Helper()
	EachServer(t, func(t *testing.T, s *Server) { fn(t, s, s.NewOwner(t)) }, opts...)
}

// ClosedPort returns a loopback address, host:port, that nothing listens on
// (yet): a server that is down, or a port for a receiver to start on.
func ClosedPort(t testing.TB) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := ln.Addr().String()
	require.NoError(t, ln.Close())
	return addr
}

// Database is a fresh database for one test: a temporary directory for
// SQLite, a new schema for PostgreSQL. It is removed when the test ends.
type Database struct {
	Backend     Backend
	DataDir     string
	DatabaseURL string
	MasterKey   string
}

// NewDatabase creates a fresh database on backend b.
func NewDatabase(t testing.TB, b Backend) *Database {
	t.Helper()
	db := &Database{Backend: b, DataDir: t.TempDir(), MasterKey: masterkey.Generate()}
	if b == Postgres {
		base := os.Getenv(PostgresURLEnv)
		require.NotEmpty(t, base, PostgresURLEnv)
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		url, drop, err := storetest.NewSchema(ctx, base)
		require.NoError(t, err)
		t.Cleanup(func() {
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			if err := drop(ctx); err != nil {
				t.Error(err)
			}
		})
		db.DatabaseURL = url
	}
	return db
}

// OpenStore opens a fresh database of backend b, migrated, for tests of
// the store and the queue that need no server; it is closed when the test
// ends. PostgreSQL must be configured (see Each, which skips it when not).
func OpenStore(t testing.TB, b Backend) *store.DB {
	t.Helper()
	ctx := context.Background()
	d := NewDatabase(t, b)
	db, err := store.Open(ctx, d.DatabaseURL, d.DataDir)
	require.NoError(t, err)
	t.Cleanup(func() { db.Close() })
	require.NoError(t, db.Migrate(ctx, slog.New(slog.DiscardHandler)))
	return db
}

// Env returns the NOTEGEN_* settings that point a process at this database.
func (d *Database) Env() map[string]string {
	return map[string]string{
		"NOTEGEN_DATA_DIR":     d.DataDir,
		"NOTEGEN_DATABASE_URL": d.DatabaseURL,
		"NOTEGEN_MASTER_KEY":   d.MasterKey,
	}
}

// Admin runs `notegen admin ARGS` on this database in the test's process,
// as an operator would on the same host, and returns what it printed on
// standard output; a failure's error says what it printed on standard
// error too.
func (d *Database) Admin(args ...string) (string, error) {
	env := d.Env()
	var out, errOut strings.Builder
	err := cli.Run(context.Background(), cli.Env{
		Args: append([]string{"notegen", "admin"}, args...), Getenv: func(k string) string { return env[k] },
		Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errOut, Version: "test",
	})
	if err != nil && errOut.Len() > 0 {
		err = fmt.Errorf("admin %s: %w (stderr: %s)", strings.Join(args, " "), err, strings.TrimSpace(errOut.String()))
	}
	return out.String(), err
}

// Server is a running notegen server.
type Server struct {
	// URL is the base URL to send requests to.
	URL string
	// PublicURL is the URL the server names itself by (the token issuer).
	PublicURL string
	DB        *Database
	Client    *http.Client

	logs   *LogWatch
	cancel context.CancelFunc
	done   chan error
}

// Option changes how Start runs the server.
type Option func(*options)

type options struct {
	env       map[string]string
	publicURL string
}

// WithEnv sets a NOTEGEN_* variable for the server.
func WithEnv(name, value string) Option {
	return func(o *options) { o.env[name] = value }
}

// Start runs a server on a fresh database of backend b.
func Start(t testing.TB, b Backend, opts ...Option) *Server {
	t.Helper()
	return StartOn(t, NewDatabase(t, b), opts...)
}

// Replica starts a second server on the same database as s, as another
// replica of one deployment.
func Replica(t testing.TB, s *Server, opts ...Option) *Server {
	t.Helper()
	opts = append([]Option{func(o *options) { o.publicURL = s.PublicURL }}, opts...)
	return StartOn(t, s.DB, opts...)
}

// StartOn runs a server on an existing database.
func StartOn(t testing.TB, db *Database, opts ...Option) *Server {
	t.Helper()
	o := options{env: db.Env()}
	o.env["NOTEGEN_ADDR"] = "127.0.0.1:0"
	o.env["NOTEGEN_LOG_LEVEL"] = "debug"
	for _, opt := range opts {
		opt(&o)
	}
	if o.publicURL != "" {
		o.env["NOTEGEN_PUBLIC_URL"] = o.publicURL
	}
	logs := NewLogWatch(listeningLine)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- cli.Run(ctx, cli.Env{
			Args:    []string{"notegen", "serve"},
			Getenv:  func(k string) string { return o.env[k] },
			Stdin:   strings.NewReader(""),
			Stdout:  io.Discard,
			Stderr:  logs,
			Version: "test",
		})
	}()
	s := &Server{DB: db, logs: logs, cancel: cancel, done: done, Client: &http.Client{Timeout: 60 * time.Second}}
	select {
	case m := <-logs.Matched():
		s.URL, s.PublicURL = "http://"+m[1], m[2]
	case err := <-done:
		cancel()
		t.Fatalf("server exited before listening: %v\n%s", err, logs.String())
	case <-time.After(60 * time.Second):
		cancel()
		t.Fatalf("server did not start in 60s:\n%s", logs.String())
	}
	t.Cleanup(func() { s.Stop(t) })
	return s
}

// Stop shuts the server down gracefully and waits for it. It may be called
// more than once.
func (s *Server) Stop(t testing.TB) {
	t.Helper()
	s.cancel()
	select {
	case err, ok := <-s.done:
		if ok && err != nil {
			t.Errorf("server stopped with error: %v", err)
		}
		if ok {
			close(s.done)
		}
	case <-time.After(40 * time.Second):
		t.Errorf("server did not stop in 40s")
	}
}

// Logs returns everything the server has logged so far.
func (s *Server) Logs() string { return s.logs.String() }

// listeningLine is the line notegen serve logs once it accepts requests:
// its address and public URL.
var listeningLine = regexp.MustCompile(`"msg":"listening","addr":"([^"]+)","public_url":"([^"]+)"`)

// Response is a response read in full.
type Response struct {
	Status int
	Header http.Header
	Body   []byte
}

// JSON decodes the body as a JSON object.
func (r Response) JSON(t testing.TB) map[string]any {
	t.Helper()
	var m map[string]any
	require.NoError(t, json.Unmarshal(r.Body, &m), "body: %s", r.Body)
	return m
}

// ErrorCode returns error.code of a contract error body.
func (r Response) ErrorCode(t testing.TB) string {
	t.Helper()
	e, ok := r.JSON(t)["error"].(map[string]any)
	require.True(t, ok, "not an error body: %s", r.Body)
	code, _ := e["code"].(string)
	return code
}

// Header is one request header, as name and value.
type Header [2]string

// Bearer is the Authorization header for an ID token.
func Bearer(token string) Header { return Header{"Authorization", "Bearer " + token} }

// APIKey is the x-api-key header.
func APIKey(key string) Header { return Header{"x-api-key", key} }

// Do sends a request. body is sent as is when it is a string or []byte, and
// as JSON otherwise; nil sends no body.
func (s *Server) Do(t testing.TB, method, path string, body any, headers ...Header) Response {
	t.Helper()
	resp, err := s.Try(method, path, body, headers...)
	require.NoError(t, err)
	return resp
}

// Try is Do for use off the test goroutine: it returns errors instead of
// failing the test.
func (s *Server) Try(method, path string, body any, headers ...Header) (Response, error) {
	var reader io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		reader = strings.NewReader(b)
	case []byte:
		reader = bytes.NewReader(b)
	default:
		data, err := json.Marshal(b)
		if err != nil {
			return Response{}, err
		}
		reader = bytes.NewReader(data)
	}
	req, err := http.NewRequest(method, s.URL+path, reader)
	if err != nil {
		return Response{}, err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for _, h := range headers {
		req.Header.Set(h[0], h[1])
	}
	return s.Send(req)
}

// Send sends a request the test built itself (a multipart body, a header
// given twice, a presigned URL, a deadline) with the server's client and
// reads the whole answer. It returns errors, so that it may run off the
// test's goroutine.
func (s *Server) Send(req *http.Request) (Response, error) {
	resp, err := s.Client.Do(req)
	if err != nil {
		return Response{}, err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		return Response{}, err
	}
	return Response{Status: resp.StatusCode, Header: resp.Header, Body: data}, nil
}

// Owner is an account owner created through the API.
type Owner struct {
	Email, Password, UserID string
	IDToken, RefreshToken   string
}

var ownerCounter struct {
	sync.Mutex
	n int
}

// NewOwner signs up a new account owner and logs in.
func (s *Server) NewOwner(t testing.TB) *Owner {
	t.Helper()
	ownerCounter.Lock()
	ownerCounter.n++
	n := ownerCounter.n
	ownerCounter.Unlock()
	o := &Owner{Email: fmt.Sprintf("owner%d-%s@example.com", n, hex.EncodeToString(randBytes(3))), Password: "Sturdy-pass-" + hex.EncodeToString(randBytes(4))}
	resp := s.Do(t, "POST", "/v1/auth/create-account", map[string]any{"email": o.Email, "password": o.Password})
	require.Equal(t, http.StatusCreated, resp.Status, "create account: %s", resp.Body)
	o.UserID = resp.JSON(t)["user_id"].(string)
	s.Login(t, o)
	return o
}

// Login logs the owner in and stores the tokens on it.
func (s *Server) Login(t testing.TB, o *Owner) {
	t.Helper()
	resp := s.Do(t, "POST", "/v1/auth/login", map[string]any{"email": o.Email, "password": o.Password})
	require.Equal(t, http.StatusOK, resp.Status, "login: %s", resp.Body)
	body := resp.JSON(t)
	o.IDToken, o.RefreshToken = body["id_token"].(string), body["refresh_token"].(string)
}

func randBytes(n int) []byte {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return b
}
