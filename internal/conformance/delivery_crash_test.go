package conformance

import (
	"bufio"
	"context"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/outbox"
	st "github.com/notegen/notegen/internal/servertest"
	"github.com/notegen/notegen/internal/store"
)

// A server killed with SIGKILL while an attempt is in flight, with an event
// just queued, and with an event committed but not yet dispatched, delivers
// all of them after a restart on the same database, the in-flight one with
// the same webhook-id as before the crash.
func TestDeliverySurvivesKill9(t *testing.T) {
	t.Parallel()
	bin := filepath.Join(t.TempDir(), "notegen")
	build := exec.Command("go", "build", "-o", bin, "github.com/notegen/notegen/cmd/notegen")
	out, err := build.CombinedOutput()
	require.NoError(t, err, "%s", out)

	st.Each(t, func(t *testing.T, b st.Backend) {
		var hang atomic.Bool
		hang.Store(true)
		release := make(chan struct{})
		rc := newReceiver(t, false, func(_ int, _ received, w http.ResponseWriter) {
			if hang.Load() {
				<-release
				w.WriteHeader(http.StatusInternalServerError)
			}
		})
		t.Cleanup(func() {
			select {
			case <-release:
			default:
				close(release)
			}
		})

		db := st.NewDatabase(t, b)
		env := map[string]string{
			"NOTEGEN_ADDR":                   "127.0.0.1:0",
			"NOTEGEN_WEBHOOK_ALLOW_PRIVATE":  "true",
			"NOTEGEN_WEBHOOK_RETRY_SCHEDULE": "200ms,200ms,200ms",
			"NOTEGEN_JOB_TIMEOUT":            "2s",
		}
		for k, v := range db.Env() {
			env[k] = v
		}
		cmd := exec.Command(bin, "serve")
		cmd.Env = os.Environ()
		for k, v := range env {
			cmd.Env = append(cmd.Env, k+"="+v)
		}
		stderr, err := cmd.StderrPipe()
		require.NoError(t, err)
		require.NoError(t, cmd.Start())
		t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
		addr := make(chan string, 1)
		go func() {
			line := regexp.MustCompile(`"msg":"listening","addr":"([^"]+)"`)
			sc := bufio.NewScanner(stderr)
			sc.Buffer(make([]byte, 1<<20), 1<<20)
			sent := false
			for sc.Scan() {
				if m := line.FindStringSubmatch(sc.Text()); m != nil && !sent {
					addr <- m[1]
					sent = true
				}
			}
		}()
		var first *st.Server
		select {
		case a := <-addr:
			first = &st.Server{URL: "http://" + a, Client: &http.Client{Timeout: 30 * time.Second}}
		case <-time.After(60 * time.Second):
			t.Fatal("subprocess did not start")
		}

		o := first.NewOwner(t)
		setWebhooks(t, first, o, ptr(rc.URL("/hook")), nil)
		inFlight := sendTestEvent(t, first, o, "")
		rc.waitRequests(t, 15*time.Second, func(r []received) bool { return len(r) >= 1 })
		justQueued := sendTestEvent(t, first, o, "")

		require.NoError(t, cmd.Process.Signal(syscall.SIGKILL))
		_ = cmd.Wait()
		hang.Store(false)
		close(release)

		// Committed while the server was down, never dispatched.
		sdb := openStore(t, db)
		var undispatched string
		require.NoError(t, sdb.InTx(context.Background(), func(tx *store.Tx) error {
			var err error
			undispatched, err = outbox.Add(context.Background(), tx, outbox.Event{UserID: o.UserID, Type: outbox.WebhookTest,
				Fields: map[string]any{"user_id": o.UserID}}, store.Now())
			return err
		}))

		var opts []st.Option
		for k, v := range env {
			if k != "NOTEGEN_ADDR" {
				opts = append(opts, st.WithEnv(k, v))
			}
		}
		second := st.StartOn(t, db, opts...)
		second.Login(t, o)
		for _, id := range []string{inFlight, justQueued, undispatched} {
			d := waitDelivery(t, second, o, id, 150*time.Second, hasStatus("succeeded"))
			require.NotEmpty(t, attemptsOf(d))
		}
		var inFlightSeen int
		for _, r := range rc.Requests() {
			if r.ID() == inFlight {
				inFlightSeen++
			}
		}
		require.GreaterOrEqual(t, inFlightSeen, 2, "the attempt cut short by the crash is made again with the same webhook-id")
	})
}
