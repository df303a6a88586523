package servertest

import (
	"bytes"
	"regexp"
	"sync"
)

// LogWatch keeps a server's log, safe for the server's writes and the
// test's reads at once, and hands over the submatches of the first log line
// that matches its pattern: that is how a test learns where a server it
// started on port 0 listens.
type LogWatch struct {
	pattern *regexp.Regexp
	matched chan []string

	mu   sync.Mutex
	buf  bytes.Buffer
	seen bool
}

// NewLogWatch watches for the first line matching pattern.
func NewLogWatch(pattern *regexp.Regexp) *LogWatch {
	return &LogWatch{pattern: pattern, matched: make(chan []string, 1)}
}

// Write keeps p. A logger writes one record per call, so the pattern is
// matched against p alone.
func (w *LogWatch) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.buf.Write(p)
	if !w.seen {
		if m := w.pattern.FindStringSubmatch(string(p)); m != nil {
			w.seen = true
			w.matched <- m
		}
	}
	return len(p), nil
}

// Matched delivers the submatches of the first matching line, once.
func (w *LogWatch) Matched() <-chan []string { return w.matched }

// String returns everything logged so far.
func (w *LogWatch) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf.String()
}
