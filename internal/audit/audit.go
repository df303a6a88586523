// Package audit keeps the record of who changed what on an account: keys,
// account, webhook settings and password. Health-data customers show it to
// their auditors. Entries never hold a secret; keys appear masked.
package audit

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/notegen/notegen/internal/apperr"
	"github.com/notegen/notegen/internal/keyset"
	"github.com/notegen/notegen/internal/logging"
	"github.com/notegen/notegen/internal/store"
)

// Actor is who makes a change: an account owner through the API, or the
// operator through `notegen admin`.
type Actor struct {
	// ID is the acting user id, or "admin".
	ID         string
	ClientAddr string
}

type actorKey struct{}

// WithActor returns a context naming the actor of its changes.
func WithActor(ctx context.Context, a Actor) context.Context {
	return context.WithValue(ctx, actorKey{}, a)
}

func actorFrom(ctx context.Context) Actor {
	a, ok := ctx.Value(actorKey{}).(Actor)
	if !ok {
		return Actor{ID: "system"}
	}
	return a
}

// Entry is one audit record.
type Entry struct {
	ID         string
	Actor      string
	Action     string
	Target     string
	Details    map[string]string
	ClientAddr string
	RequestID  string
	CreatedAt  time.Time
}

// Record writes an entry about account userID inside tx; the actor and the
// request id come from ctx.
func Record(ctx context.Context, tx *store.Tx, userID, action, target string, details map[string]string, now time.Time) error {
	a := actorFrom(ctx)
	if details == nil {
		details = map[string]string{}
	}
	data, err := json.Marshal(details)
	if err != nil {
		return fmt.Errorf("encode audit details: %w", err)
	}
	_, err = tx.Exec(ctx, `INSERT INTO audit_log (id, user_id, actor, action, target, details, client_addr, request_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		uuid.Must(uuid.NewV7()).String(), userID, a.ID, action, target, string(data), a.ClientAddr, logging.RequestID(ctx), now)
	if err != nil {
		return fmt.Errorf("write audit entry: %w", err)
	}
	return nil
}

// Page is one page of the audit log, newest first.
type Page struct {
	Entries []Entry
	// NextCursor fetches the next, older page; empty on the last page.
	NextCursor string
}

// MaxPageSize bounds the limit parameter.
const MaxPageSize = 200

// Log reads the audit log for account owners. Entries are written with
// Record, inside the transaction of the change they record.
type Log struct {
	db *store.DB
}

// NewLog returns the audit log reader on db.
func NewLog(db *store.DB) *Log { return &Log{db: db} }

// List returns up to limit entries of the account older than cursor.
func (l *Log) List(ctx context.Context, userID string, limit int, cursor string) (Page, error) {
	if limit <= 0 {
		limit = 50
	}
	if limit > MaxPageSize {
		return Page{}, apperr.Invalid("limit", "limit must be between 1 and %d", MaxPageSize)
	}
	query := `SELECT id, actor, action, target, details, client_addr, request_id, created_at FROM audit_log WHERE user_id = ?`
	args := []any{userID}
	query, args, err := keyset.Older(query, args, "created_at", "id", cursor, limit, nil)
	if err != nil {
		return Page{}, apperr.Invalid("cursor", "cursor is not one this server issued")
	}
	entries, err := store.Collect(ctx, l.db, "read audit log", func(row func(...any) error) (Entry, error) {
		var e Entry
		var details string
		if err := row(&e.ID, &e.Actor, &e.Action, &e.Target, &details, &e.ClientAddr, &e.RequestID, &e.CreatedAt); err != nil {
			return e, err
		}
		e.CreatedAt = e.CreatedAt.UTC()
		return e, json.Unmarshal([]byte(details), &e.Details)
	}, query, args...)
	if err != nil {
		return Page{}, err
	}
	var page Page
	page.Entries, page.NextCursor = keyset.Page(entries, limit, func(e Entry) (time.Time, string) { return e.CreatedAt, e.ID })
	return page, nil
}
