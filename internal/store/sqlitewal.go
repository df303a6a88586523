package store

import (
	"database/sql"
	"fmt"
	"strings"
)

// enableWAL switches the SQLite file at path to write-ahead logging, once,
// while holding the file lock at lockPath that migrations also take.
//
// WAL is a property of the file, so one switch serves every later
// connection. Switching needs an exclusive lock, and SQLite answers
// SQLITE_BUSY at once, without waiting out busy_timeout, when several
// processes (replicas on one host, an admin command next to the server)
// switch a fresh file together. Under the lock only the first opener
// switches; the others find the file already in WAL, which needs no
// exclusive lock.
func enableWAL(path, lockPath string) error {
	unlock, err := lockFile(lockPath)
	if err != nil {
		return err
	}
	defer unlock()
	conn, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(10000)")
	if err != nil {
		return fmt.Errorf("open sqlite: %w", err)
	}
	defer conn.Close()
	conn.SetMaxOpenConns(1)
	var mode string
	if err := conn.QueryRow("PRAGMA journal_mode=WAL").Scan(&mode); err != nil {
		return fmt.Errorf("switch sqlite %s to WAL: %w", path, err)
	}
	if !strings.EqualFold(mode, "wal") {
		return fmt.Errorf("switch sqlite %s to WAL: journal mode is %q", path, mode)
	}
	return nil
}
