package servertest

import (
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

var binary struct {
	once sync.Once
	path string
	err  error
	out  []byte
}

// BuildBinary builds cmd/notegen once per test process and returns its
// path, for tests that must kill a server the hard way.
func BuildBinary(t testing.TB) string {
	t.Helper()
	binary.once.Do(func() {
		dir, err := os.MkdirTemp("", "notegen-bin-")
		if err != nil {
			binary.err = err
			return
		}
		binary.path = filepath.Join(dir, "notegen")
		binary.out, binary.err = exec.Command("go", "build", "-o", binary.path, "github.com/notegen/notegen/cmd/notegen").CombinedOutput()
	})
	require.NoError(t, binary.err, "%s", binary.out)
	return binary.path
}

// Process is `notegen serve` running as a child process.
type Process struct {
	*Server
	cmd *exec.Cmd
}

// StartProcess runs the built binary on db with the extra NOTEGEN_*
// settings and waits until it listens.
func StartProcess(t testing.TB, db *Database, env map[string]string) *Process {
	t.Helper()
	cmd := exec.Command(BuildBinary(t), "serve")
	cmd.Env = os.Environ()
	all := db.Env()
	all["NOTEGEN_ADDR"] = "127.0.0.1:0"
	for k, v := range env {
		all[k] = v
	}
	for k, v := range all {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	logs := NewLogWatch(listeningLine)
	cmd.Stderr = logs
	require.NoError(t, cmd.Start())
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	select {
	case m := <-logs.Matched():
		return &Process{Server: &Server{URL: "http://" + m[1], PublicURL: m[2], DB: db, logs: logs, Client: &http.Client{Timeout: 60 * time.Second}}, cmd: cmd}
	case <-time.After(60 * time.Second):
		t.Fatalf("notegen serve did not start in 60s:\n%s", logs)
		return nil
	}
}

// Kill ends the process with SIGKILL: no shutdown, no cleanup, as a crash
// or an out-of-memory kill would.
func (p *Process) Kill(t testing.TB) {
	t.Helper()
	require.NoError(t, p.cmd.Process.Signal(syscall.SIGKILL))
	_ = p.cmd.Wait()
}

// Pid is the process id, for reading its resource use.
func (p *Process) Pid() int { return p.cmd.Process.Pid }
