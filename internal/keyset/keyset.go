// Package keyset holds the cursors of the lists that are read newest first
// and paged by position (keyset pagination) rather than by offset: the
// owner's audit log and job list. A cursor is the creation time and id of a
// page's last row, which order the list, so a page never skips or repeats a
// row when rows are added meanwhile. Clients treat it as opaque.
package keyset

import (
	"encoding/base64"
	"errors"
	"strings"
	"time"
)

// Encode is the cursor of the row created at at with id id.
func Encode(at time.Time, id string) string {
	return base64.RawURLEncoding.EncodeToString([]byte(at.UTC().Format(time.RFC3339Nano) + "|" + id))
}

// Decode reads a cursor made by Encode. Its error means the cursor is not
// one this server issued; callers answer it as a bad field, not a failure.
func Decode(cursor string) (at time.Time, id string, err error) {
	raw, err := base64.RawURLEncoding.DecodeString(cursor)
	if err != nil {
		return time.Time{}, "", err
	}
	ts, id, ok := strings.Cut(string(raw), "|")
	if !ok {
		return time.Time{}, "", errors.New("cursor has no id")
	}
	at, err = time.Parse(time.RFC3339Nano, ts)
	if err != nil {
		return time.Time{}, "", err
	}
	return at, id, nil
}

// Page cuts rows, read with a limit of limit+1 to learn whether more
// follow, to limit rows, and returns the cursor of the next page: empty on
// the last page. key gives a row's creation time and id.
func Page[T any](rows []T, limit int, key func(T) (time.Time, string)) ([]T, string) {
	if len(rows) <= limit {
		return rows, ""
	}
	return rows[:limit], Encode(key(rows[limit-1]))
}
