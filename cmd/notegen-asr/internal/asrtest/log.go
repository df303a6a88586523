package asrtest

import (
	"bytes"
	"regexp"
	"strings"
	"sync"
)

// Log keeps what a server logs, safe for the server's writes and the
// test's reads at once, and hands over the submatches of the first line
// that matches its pattern: how a test learns where a server it started on
// port 0 listens. Writes may cut lines anywhere (a child process's stderr
// arrives in pipe-sized pieces), so lines are matched once complete.
type Log struct {
	pattern *regexp.Regexp
	first   chan []string

	mu      sync.Mutex
	all     strings.Builder
	partial bytes.Buffer // the start of a line not yet ended
	found   bool
}

// NewLog keeps a log and watches it for the first line matching pattern.
func NewLog(pattern *regexp.Regexp) *Log {
	return &Log{pattern: pattern, first: make(chan []string, 1)}
}

// Write keeps p and matches each line it completes.
func (l *Log) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.all.Write(p)
	l.partial.Write(p)
	for !l.found {
		line, err := l.partial.ReadString('\n')
		if err != nil { // no newline yet: keep the start for the next write
			rest := []byte(line)
			l.partial.Reset()
			l.partial.Write(rest)
			break
		}
		if m := l.pattern.FindStringSubmatch(line); m != nil {
			l.found = true
			l.first <- m
		}
	}
	if l.found {
		l.partial.Reset()
	}
	return len(p), nil
}

// Matched delivers the submatches of the first matching line, once.
func (l *Log) Matched() <-chan []string { return l.first }

// String returns everything logged so far.
func (l *Log) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.all.String()
}
