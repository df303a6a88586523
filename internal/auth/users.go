package auth

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"github.com/notegen/notegen/internal/store"
)

// UserIDByEmail finds the user id of an account owner; ok is false when no
// user has that email. The operator's commands name accounts by email.
func UserIDByEmail(ctx context.Context, q store.Queryer, email string) (id string, ok bool, err error) {
	err = q.QueryRow(ctx, `SELECT id FROM users WHERE email = ?`, strings.ToLower(strings.TrimSpace(email))).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return "", false, nil
	}
	if err != nil {
		return "", false, fmt.Errorf("find user: %w", err)
	}
	return id, true, nil
}

// Emails returns every user's email by user id, for the operator's
// listing of accounts.
func Emails(ctx context.Context, q store.Queryer) (map[string]string, error) {
	rows, err := q.Query(ctx, `SELECT id, email FROM users`)
	if err != nil {
		return nil, fmt.Errorf("list users: %w", err)
	}
	defer rows.Close()
	emails := map[string]string{}
	for rows.Next() {
		var id, email string
		if err := rows.Scan(&id, &email); err != nil {
			return nil, fmt.Errorf("list users: %w", err)
		}
		emails[id] = email
	}
	return emails, rows.Err()
}
