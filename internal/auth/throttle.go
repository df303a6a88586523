package auth

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/notegen/notegen/internal/apperr"
	"github.com/notegen/notegen/internal/store"
)

// Login throttling: a fixed window per subject, kept in the database so that
// every replica counts the same failures.
const (
	throttleWindow      = 15 * time.Minute
	maxFailuresPerEmail = 5
	maxFailuresPerAddr  = 20
)

// throttleSubjects names the counters a login attempt is charged to. The
// email is hashed so the table holds no addresses.
func throttleSubjects(email, clientAddr string) (emailSubject, addrSubject string) {
	sum := sha256.Sum256([]byte(email))
	return "email:" + hex.EncodeToString(sum[:]), "addr:" + clientAddr
}

// checkThrottle refuses the attempt while either counter is at its limit.
func checkThrottle(ctx context.Context, q store.Queryer, now time.Time, email, clientAddr string) error {
	emailSubject, addrSubject := throttleSubjects(email, clientAddr)
	for _, c := range []struct {
		subject string
		limit   int
	}{{emailSubject, maxFailuresPerEmail}, {addrSubject, maxFailuresPerAddr}} {
		var failures int
		var start time.Time
		err := q.QueryRow(ctx, `SELECT failures, window_start FROM login_failures WHERE subject = ?`, c.subject).Scan(&failures, &start)
		if errors.Is(err, sql.ErrNoRows) {
			continue
		}
		if err != nil {
			return fmt.Errorf("read login throttle: %w", err)
		}
		end := start.Add(throttleWindow)
		if failures >= c.limit && now.Before(end) {
			wait := time.Duration(math.Ceil(end.Sub(now).Seconds())) * time.Second
			return &apperr.Error{Code: apperr.RateLimited, Message: "Too many failed login attempts; try again later", RetryAfter: wait}
		}
	}
	return nil
}

// recordFailure counts a failed attempt against both subjects, starting a
// new window where the old one has ended.
func recordFailure(ctx context.Context, q store.Queryer, now time.Time, email, clientAddr string) error {
	emailSubject, addrSubject := throttleSubjects(email, clientAddr)
	windowStartedBefore := now.Add(-throttleWindow)
	for _, subject := range []string{emailSubject, addrSubject} {
		_, err := q.Exec(ctx, `INSERT INTO login_failures (subject, failures, window_start) VALUES (?, 1, ?)
			ON CONFLICT (subject) DO UPDATE SET
				failures = CASE WHEN login_failures.window_start < ? THEN 1 ELSE login_failures.failures + 1 END,
				window_start = CASE WHEN login_failures.window_start < ? THEN excluded.window_start ELSE login_failures.window_start END`,
			subject, now, windowStartedBefore, windowStartedBefore)
		if err != nil {
			return fmt.Errorf("record login failure: %w", err)
		}
	}
	return nil
}

// clearFailures forgets the failures of an email after a successful login.
// The client address keeps its count: one good login must not reset a
// guessing campaign run from that address against other accounts.
func clearFailures(ctx context.Context, q store.Queryer, email string) error {
	emailSubject, _ := throttleSubjects(email, "")
	if _, err := q.Exec(ctx, `DELETE FROM login_failures WHERE subject = ?`, emailSubject); err != nil {
		return fmt.Errorf("clear login failures: %w", err)
	}
	return nil
}
