package clitest

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"net"
	"net/http"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen"
	st "github.com/notegen/notegen/internal/servertest"
)

// listener is a running `notegen webhook listen`.
type listener struct {
	cmd      *exec.Cmd
	out      *bytes.Buffer
	preamble string      // stderr up to and including the "Listening" line
	rest     chan string // the rest of stderr, once the process ends
}

// startListen starts `webhook listen` and reads its stderr until it
// listens.
func (u *user) startListen(ctx context.Context, args ...string) *listener {
	u.t.Helper()
	cmd := exec.CommandContext(ctx, binary, append([]string{"webhook", "listen"}, args...)...)
	cmd.Env = u.env
	l := &listener{cmd: cmd, out: &bytes.Buffer{}, rest: make(chan string, 1)}
	cmd.Stdout = l.out
	stderr, err := cmd.StderrPipe()
	require.NoError(u.t, err)
	require.NoError(u.t, cmd.Start())
	r := bufio.NewReader(stderr)
	for !strings.Contains(l.preamble, "Listening for webhooks") {
		line, err := r.ReadString('\n')
		l.preamble += line
		require.NoError(u.t, err, l.preamble)
	}
	go func() {
		rest, _ := io.ReadAll(r)
		l.rest <- string(rest)
	}()
	return l
}

func TestWebhookListen(t *testing.T) {
	t.Parallel()
	s := st.Start(t, st.SQLite, st.WithEnv("NOTEGEN_WEBHOOK_ALLOW_PRIVATE", "true"))
	u, o := loggedInOwner(t, s)
	secret := strings.TrimSpace(u.ok("", "webhook", "secret"))
	port := st.ClosedPort(t)
	_, p, _ := net.SplitHostPort(port)
	u.ok("", "webhook", "set", "--dev", "http://"+port+"/")

	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	l := u.startListen(ctx, "--port", p, "--max-events", "2")
	require.Equal(t, "Listening for webhooks on http://"+port+"/ (Ctrl-C to stop)\n", l.preamble, "no warning: the URL is this receiver")

	body := `{"type":"job.completed","timestamp":"2026-01-01T00:00:00Z","job_id":"job_9","status":"completed","note_url":"http://x/v1/fetch-note/job_9"}`
	require.Equal(t, 400, postWebhook(t, port, "whsec_"+strings.Repeat("A", 44), body))
	require.Equal(t, 204, postWebhook(t, port, secret, body))
	// The service's own delivery reaches the receiver and is verified.
	test := u.run("", "webhook", "test", "--env", "dev")
	require.Equal(t, 0, test.code, test.stderr)
	require.Empty(t, test.stderr, "no warning when the server delivers there")
	require.NoError(t, l.cmd.Wait())
	require.Regexp(t, `^\S+Z  job\.completed  id=msg_1  job_id=job_9  status=completed  note_url=http://x/v1/fetch-note/job_9
\S+Z  webhook\.test  id=\S+  user_id=`+o.UserID+`
$`, l.out.String())
	require.Contains(t, <-l.rest, "rejected delivery")
}

func TestWebhookRefusedAddressIsReported(t *testing.T) {
	st.Each(t, func(t *testing.T, b st.Backend) {
		s := st.Start(t, b) // private delivery off, as by default
		u, o := loggedInOwner(t, s)

		r := u.run("", "webhook", "test", "--env", "dev")
		require.Equal(t, 0, r.code, r.stderr)
		require.Equal(t, "notegen: warning: no development webhook URL is set: the event will not be delivered\n", r.stderr)

		port := st.ClosedPort(t)
		u.ok("", "webhook", "set", "--dev", "http://"+port+"/")
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		defer cancel()
		// Before anything was delivered, listen already says the server will
		// not deliver to it.
		_, p, _ := net.SplitHostPort(port)
		l := u.startListen(ctx, "--port", p)
		require.Equal(t, "notegen: warning: the development webhook URL resolves to 127.0.0.1, which this server does not deliver to "+
			"(loopback and private addresses are refused unless the operator sets NOTEGEN_WEBHOOK_ALLOW_PRIVATE=true)\n"+
			"Listening for webhooks on http://"+port+"/ (Ctrl-C to stop)\n", l.preamble)
		l.stop(t)

		r = u.run("", "webhook", "test", "--env", "dev")
		require.Equal(t, 0, r.code, r.stderr)
		require.Equal(t, "Test event queued\n", r.stdout)
		require.Contains(t, r.stderr, "notegen: warning: the development webhook URL resolves to 127.0.0.1, which this server does not deliver to")
		require.Contains(t, r.stderr, "NOTEGEN_WEBHOOK_ALLOW_PRIVATE=true")

		// The deliveries table says why nothing arrived.
		var table string
		require.Eventually(t, func() bool {
			r := u.run("", "webhook", "deliveries")
			table = r.stdout
			return r.code == 0 && strings.Contains(table, "refused")
		}, 30*time.Second, 50*time.Millisecond)
		require.Regexp(t, `(?m)^ID +EVENT +STATUS +ATTEMPTS +CREATED +ERROR$`, table)
		require.Regexp(t, `webhook\.test +\S+ +1 +\S+Z +refused: .*NOTEGEN_WEBHOOK_ALLOW_PRIVATE=true`, table)

		// listen warns before it starts: another port, and the refusal.
		other := st.ClosedPort(t)
		_, otherPort, _ := net.SplitHostPort(other)
		l = u.startListen(ctx, "--port", otherPort)
		require.Contains(t, l.preamble, "notegen: warning: the development webhook URL http://"+port+"/ does not name port "+otherPort+"\n")
		require.Contains(t, l.preamble, "notegen: warning: the development webhook URL resolves to 127.0.0.1, which this server does not deliver to")
		l.stop(t)

		// Once the operator allows private addresses, the old refusal is
		// no reason to warn: the next delivery arrives, and listen says
		// nothing of the refusal before it nor after.
		s.Stop(t)
		open := st.Replica(t, s, st.WithEnv("NOTEGEN_WEBHOOK_ALLOW_PRIVATE", "true"))
		u = newUser(t, open.URL)
		u.login(o)
		for run := 1; run <= 2; run++ {
			l = u.startListen(ctx, "--port", p, "--max-events", "1")
			require.Equal(t, "Listening for webhooks on http://"+port+"/ (Ctrl-C to stop)\n", l.preamble, "run %d", run)
			u.ok("", "webhook", "test", "--env", "dev")
			require.NoError(t, l.cmd.Wait(), "run %d: the event arrived", run)
			require.Contains(t, l.out.String(), "webhook.test", "run %d", run)
		}
	})
}

// stop ends a listener that runs until interrupted.
func (l *listener) stop(t *testing.T) {
	t.Helper()
	require.NoError(t, l.cmd.Process.Kill())
	_ = l.cmd.Wait()
}

// postWebhook sends a delivery signed with secret, as the service would.
func postWebhook(t *testing.T, addr, secret, body string) int {
	t.Helper()
	now := time.Now()
	sig, err := notegen.SignWebhook(secret, "msg_1", now, []byte(body))
	require.NoError(t, err)
	req, err := http.NewRequest("POST", "http://"+addr+"/", strings.NewReader(body))
	require.NoError(t, err)
	req.Header.Set("webhook-id", "msg_1")
	req.Header.Set("webhook-timestamp", strconv.FormatInt(now.Unix(), 10))
	req.Header.Set("webhook-signature", sig)
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	resp.Body.Close()
	return resp.StatusCode
}
