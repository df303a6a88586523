package conformance

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/cli"
	"github.com/notegen/notegen/internal/masterkey"
	st "github.com/notegen/notegen/internal/servertest"
)

func TestReplicasStartTogetherAndShareKeys(t *testing.T) {
	st.Each(t, func(t *testing.T, b st.Backend) {
		db := st.NewDatabase(t, b)
		const n = 3
		servers := make([]*st.Server, n)
		var wg sync.WaitGroup
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				// Every replica of one deployment is configured with the
				// same public URL, which is the tokens' issuer.
				servers[i] = st.StartOn(t, db, st.WithEnv("NOTEGEN_PUBLIC_URL", "https://notegen.example"))
			}()
		}
		wg.Wait()
		for i, s := range servers {
			require.NotNil(t, s, "replica %d started", i)
		}
		o := servers[0].NewOwner(t)
		servers[1].Login(t, o)
		resp := servers[2].Do(t, "GET", "/v1/user/account/info", nil, st.Bearer(o.IDToken))
		require.Equal(t, http.StatusOK, resp.Status, "a token issued by one replica is accepted by another: %s", resp.Body)
		refreshed := servers[0].Do(t, "POST", "/v1/auth/refresh", map[string]any{"refresh_token": o.RefreshToken})
		require.Equal(t, http.StatusOK, refreshed.Status)
		jwks := servers[0].Do(t, "GET", "/.well-known/jwks.json", nil).Body
		for _, s := range servers[1:] {
			require.JSONEq(t, string(jwks), string(s.Do(t, "GET", "/.well-known/jwks.json", nil).Body))
		}
	})
}

func TestWrongMasterKeyRefusesToStart(t *testing.T) {
	st.Each(t, func(t *testing.T, b st.Backend) {
		db := st.NewDatabase(t, b)
		first := st.StartOn(t, db)
		first.Stop(t)

		env := db.Env()
		env["NOTEGEN_MASTER_KEY"] = masterkey.Generate()
		env["NOTEGEN_ADDR"] = "127.0.0.1:0"
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		err := cli.Run(ctx, cli.Env{
			Args: []string{"notegen", "serve"}, Getenv: func(k string) string { return env[k] },
			Stdin: strings.NewReader(""), Stdout: io.Discard, Stderr: io.Discard, Version: "test",
		})
		require.Error(t, err)
		require.Contains(t, err.Error(), "master key does not match")
	})
}

func TestMasterKeyIsGeneratedOnFirstStart(t *testing.T) {
	t.Parallel()
	db := st.NewDatabase(t, st.SQLite)
	db.MasterKey = "" // embedded defaults: the key is generated into the data directory
	s := st.StartOn(t, db)
	o := s.NewOwner(t)
	s.Stop(t)

	info, err := os.Stat(filepath.Join(db.DataDir, "master.key"))
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o600), info.Mode().Perm())
	_, err = os.Stat(filepath.Join(db.DataDir, "notegen.db"))
	require.NoError(t, err)

	again := st.StartOn(t, db)
	again.Login(t, o)
	require.Equal(t, http.StatusOK, again.Do(t, "GET", "/v1/user/account/info", nil, st.Bearer(o.IDToken)).Status)
}

// TestShutdownFinishesInFlightRequests stops the server while a request
// body is still arriving; the request must still be answered.
func TestShutdownFinishesInFlightRequests(t *testing.T) {
	t.Parallel()
	s := st.Start(t, st.SQLite)
	pr, pw := io.Pipe()
	req, err := http.NewRequest("POST", s.URL+"/v1/auth/create-account", pr)
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/json")
	type result struct {
		status int
		err    error
	}
	done := make(chan result, 1)
	go func() {
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			done <- result{err: err}
			return
		}
		resp.Body.Close()
		done <- result{status: resp.StatusCode}
	}()
	_, err = fmt.Fprint(pw, `{"email": "inflight@example.com", `)
	require.NoError(t, err)
	time.Sleep(100 * time.Millisecond) // the request is now in flight

	stopped := make(chan struct{})
	go func() { s.Stop(t); close(stopped) }()
	time.Sleep(200 * time.Millisecond)
	select {
	case <-stopped:
		t.Fatal("the server stopped before its in-flight request finished")
	default:
	}
	_, err = fmt.Fprint(pw, `"password": "a sturdy passphrase"}`)
	require.NoError(t, err)
	require.NoError(t, pw.Close())
	r := <-done
	require.NoError(t, r.err)
	require.Equal(t, http.StatusCreated, r.status)
	<-stopped
	_, err = http.Get(s.URL + "/healthz")
	require.Error(t, err, "a stopped server accepts no new connections")
}
