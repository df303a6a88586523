package webhook

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/notegen/notegen/internal/store"
)

// UserAgent names notegen to receivers.
const UserAgent = "notegen-webhooks/1"

// result is what one HTTP attempt came to.
type result struct {
	Outcome    string
	StatusCode int
	Latency    time.Duration
	Error      string
	RetryAfter time.Duration
	At         time.Time
}

// send makes one signed HTTP attempt. It never returns an error: every
// failure is an outcome to record.
func (d *Deliveries) send(ctx context.Context, del delivery, t target) result {
	res := result{At: store.Now()}
	secrets, err := d.settings.signingSecrets(ctx, del.UserID)
	if err != nil {
		d.log.Error("webhook signing secrets", "delivery_id", del.ID, "error", err.Error())
		res.Outcome, res.Error = OutcomeRetry, "internal error: signing secrets unavailable"
		return res
	}
	ts := time.Now().Unix()
	signature, err := Sign(secrets, del.ID, ts, del.Payload)
	if err != nil {
		res.Outcome, res.Error = OutcomeRetry, "internal error: signing failed"
		return res
	}
	ctx, cancel := context.WithTimeout(ctx, DeliveryTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, t.URL, bytes.NewReader(del.Payload))
	if err != nil {
		res.Outcome, res.Error = OutcomeFailed, "invalid webhook URL"
		return res
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", UserAgent)
	req.Header.Set("webhook-id", del.ID)
	req.Header.Set("webhook-timestamp", strconv.FormatInt(ts, 10))
	req.Header.Set("webhook-signature", signature)
	start := time.Now()
	resp, err := d.client.Do(req)
	if err != nil {
		res.Latency = time.Since(start)
		res.Outcome, res.Error = classifyError(err)
		return res
	}
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	resp.Body.Close()
	res.Latency = time.Since(start)
	res.StatusCode = resp.StatusCode
	switch {
	case resp.StatusCode >= 200 && resp.StatusCode < 300:
		res.Outcome = OutcomeSucceeded
	case resp.StatusCode == http.StatusGone:
		res.Outcome, res.Error = OutcomeFailed, "receiver answered 410 Gone: no further attempts"
	case resp.StatusCode >= 300 && resp.StatusCode < 400:
		res.Outcome, res.Error = OutcomeRetry, fmt.Sprintf("receiver answered %d: redirects are not followed", resp.StatusCode)
	default:
		res.Outcome, res.Error = OutcomeRetry, fmt.Sprintf("receiver answered %d", resp.StatusCode)
		if resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode == http.StatusServiceUnavailable {
			res.RetryAfter = parseRetryAfter(resp.Header.Get("Retry-After"), time.Now())
		}
	}
	return res
}

// classifyError describes a transport failure without the URL, which may
// carry secrets in its query.
func classifyError(err error) (outcome, message string) {
	if errors.Is(err, ErrRefusedAddress) {
		var msg string
		var opErr *net.OpError
		if errors.As(err, &opErr) && opErr.Err != nil {
			msg = opErr.Err.Error()
		} else {
			msg = ErrRefusedAddress.Error()
		}
		return OutcomeRefused, "refused: " + msg + " (private networks are not allowed; the operator can set NOTEGEN_WEBHOOK_ALLOW_PRIVATE=true)"
	}
	var urlErr *url.Error
	if errors.As(err, &urlErr) {
		err = urlErr.Err
	}
	if errors.Is(err, context.DeadlineExceeded) || isTimeout(err) {
		return OutcomeRetry, fmt.Sprintf("timeout: no response within %s", DeliveryTimeout)
	}
	return OutcomeRetry, "connection error: " + err.Error()
}

func isTimeout(err error) bool {
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}

// parseRetryAfter reads a Retry-After header: delay seconds or an HTTP date.
func parseRetryAfter(v string, now time.Time) time.Duration {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0
	}
	var d time.Duration
	if n, err := strconv.ParseInt(v, 10, 64); err == nil {
		if n <= 0 {
			return 0
		}
		if n > int64(maxRetryAfter/time.Second) {
			return maxRetryAfter
		}
		d = time.Duration(n) * time.Second
	} else if at, err := http.ParseTime(v); err == nil {
		d = at.Sub(now)
	}
	return min(max(d, 0), maxRetryAfter)
}

// record stores an attempt and decides what follows, in one transaction:
// the time of the next attempt, or the final status, which releases the
// next event of the same job.
//
// It returns the attempt and, when another automatic attempt follows, when.
func (d *Deliveries) record(ctx context.Context, del delivery, t target, res result, attempt int, trigger string) (Attempt, time.Time, error) {
	now := store.Now()
	var out Attempt
	var nextAt time.Time
	err := d.db.InTx(ctx, func(tx *store.Tx) error {
		// Only the state is read again, not the event's payload: one
		// round trip fewer per attempt on PostgreSQL. The row stays locked
		// until commit, so an automatic attempt and a redelivery (or two
		// redeliveries) recorded at once do not count the same attempts
		// and take the same number.
		var cur delivery
		if err := tx.QueryRow(ctx, `SELECT status, attempts FROM webhook_deliveries WHERE id = ?`+tx.ForUpdate(), del.ID).
			Scan(&cur.Status, &cur.Attempts); err != nil {
			return fmt.Errorf("reload delivery: %w", err)
		}
		out = Attempt{
			ID: uuid.Must(uuid.NewV7()).String(), Trigger: trigger, AttemptedAt: res.At,
			Env: t.Env, Endpoint: redactURL(t.URL), Outcome: res.Outcome, LatencyMS: res.Latency.Milliseconds(), Error: res.Error,
		}
		if res.StatusCode != 0 {
			code := res.StatusCode
			out.StatusCode = &code
		}
		// The attempt takes the next number in the statement that writes
		// it: a statement of its own after the lock above, so on
		// PostgreSQL it counts the attempts committed while it waited.
		if err := tx.QueryRow(ctx, `INSERT INTO webhook_attempts (id, delivery_id, number, trigger, env, endpoint, outcome, status_code, latency_ms, error, attempted_at)
			SELECT ?, ?, COUNT(*) + 1, ?, ?, ?, ?, ?, ?, ?, ? FROM webhook_attempts WHERE delivery_id = ? RETURNING number`,
			out.ID, del.ID, trigger, out.Env, out.Endpoint, out.Outcome, out.StatusCode, out.LatencyMS, out.Error, res.At, del.ID).Scan(&out.Number); err != nil {
			return fmt.Errorf("record attempt: %w", err)
		}
		status, attempts := cur.Status, cur.Attempts
		var next any
		if trigger == TriggerAutomatic {
			if cur.Status != StatusPending || cur.Attempts != attempt-1 {
				return nil // decided meanwhile (a redelivery succeeded)
			}
			attempts = attempt
			switch res.Outcome {
			case OutcomeSucceeded:
				status = StatusSucceeded
			case OutcomeRetry:
				if attempt <= len(d.schedule) {
					delay := d.schedule[attempt-1]
					if res.RetryAfter > 0 {
						delay = res.RetryAfter
					}
					nextAt = now.Add(delay)
					next = nextAt
				} else {
					status = StatusFailed
				}
			default:
				status = StatusFailed
			}
		} else if res.Outcome == OutcomeSucceeded {
			status = StatusSucceeded
		}
		if _, err := tx.Exec(ctx, `UPDATE webhook_deliveries SET status = ?, attempts = ?, env = ?, endpoint = ?, last_status_code = ?, last_error = ?,
			next_attempt_at = ?, updated_at = ? WHERE id = ?`, status, attempts, out.Env, out.Endpoint, out.StatusCode, out.Error, next, now, del.ID); err != nil {
			return fmt.Errorf("update delivery: %w", err)
		}
		if isFinal(status) && !isFinal(cur.Status) {
			return d.releaseNext(ctx, tx, del.JobID, now)
		}
		return nil
	})
	if err != nil {
		return Attempt{}, time.Time{}, err
	}
	d.metrics.observe(del.Type, res)
	d.log.Info("webhook attempt", "delivery_id", del.ID, "event", del.Type, "trigger", trigger,
		"host", hostOf(t.URL), "outcome", res.Outcome, "status_code", res.StatusCode, "latency_ms", res.Latency.Milliseconds())
	return out, nextAt, nil
}

// skip records that the event has no URL to go to.
func (d *Deliveries) skip(ctx context.Context, del delivery, t target) error {
	now := store.Now()
	err := d.db.InTx(ctx, func(tx *store.Tx) error {
		res, err := tx.Exec(ctx, `UPDATE webhook_deliveries SET status = ?, env = ?, last_error = ?, next_attempt_at = NULL, updated_at = ?
			WHERE id = ? AND status = ?`, StatusSkipped, t.Env, "no "+t.Missing+" URL is set", now, del.ID, StatusPending)
		if err != nil {
			return fmt.Errorf("skip delivery: %w", err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil
		}
		return d.releaseNext(ctx, tx, del.JobID, now)
	})
	if err != nil {
		return err
	}
	d.metrics.skipped(del.Type)
	return nil
}

func isFinal(status string) bool {
	return status == StatusSucceeded || status == StatusFailed || status == StatusSkipped
}

func hostOf(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return ""
	}
	return u.Host
}

// payloadBool reads a top-level boolean field of an event body.
func payloadBool(payload []byte, field string) bool {
	var body map[string]any
	if json.Unmarshal(payload, &body) != nil {
		return false
	}
	b, _ := body[field].(bool)
	return b
}
