// Package keyset holds the cursors of the lists that are read newest first
// and paged by position (keyset pagination) rather than by offset: the
// owner's audit log and job list. A cursor is the creation time and id of a
// page's last row, which order the list, so a page never skips or repeats a
// row when rows are added meanwhile. Clients treat it as opaque.
package keyset

import (
	"encoding/base64"
	"errors"
	"fmt"
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

// Older completes query, a SELECT whose WHERE clause is open, and args to
// read one page of a newest-first list: the rows older than cursor's
// position (all rows for an empty cursor), ordered by the columns createdAt
// and id as the query names them, and limit+1 of them so that Page learns
// whether more follow. validID, when not nil, also checks the cursor's id.
// The error means the cursor is not one this server issued.
func Older(query string, args []any, createdAt, id, cursor string, limit int, validID func(string) error) (string, []any, error) {
	if cursor != "" {
		at, after, err := Decode(cursor)
		if err == nil && validID != nil {
			err = validID(after)
		}
		if err != nil {
			return "", nil, err
		}
		query += fmt.Sprintf(` AND (%[1]s < ? OR (%[1]s = ? AND %[2]s < ?))`, createdAt, id)
		args = append(args, at, at, after)
	}
	query += fmt.Sprintf(` ORDER BY %s DESC, %s DESC LIMIT ?`, createdAt, id)
	return query, append(args, limit+1), nil
}
