package delivery

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

	"github.com/notegen/notegen/internal/store"
	"github.com/notegen/notegen/internal/webhook"
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
func (d *Service) send(ctx context.Context, del delivery, t target) result {
	secrets, err := d.settings.SigningSecrets(ctx, del.UserID)
	return d.sendSigned(ctx, del, t, secrets, err)
}

// sendSigned is send with the account's signing secrets as read, or the
// error reading them, which makes the attempt fail and be retried.
func (d *Service) sendSigned(ctx context.Context, del delivery, t target, secrets []string, err error) result {
	res := result{At: store.Now()}
	if err != nil {
		d.log.Error("webhook signing secrets", "delivery_id", del.ID, "error", err.Error())
		res.Outcome, res.Error = OutcomeRetry, "internal error: signing secrets unavailable"
		return res
	}
	ts := time.Now().Unix()
	signature, err := webhook.Sign(secrets, del.ID, ts, del.Payload)
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

// skip records that the event has no URL to go to.
func (d *Service) skip(ctx context.Context, del delivery, t target) error {
	now := store.Now()
	err := d.db.InTx(ctx, func(tx *store.Tx) error {
		res, err := tx.Exec(ctx, `UPDATE webhook_deliveries SET status = ?, env = ?, last_error = ?, next_attempt_at = NULL, updated_at = ?,
			claimed_until = NULL WHERE id = ? AND status = ?`, StatusSkipped, t.Env, "no "+t.Missing+" URL is set", now, del.ID, StatusPending)
		if err != nil {
			return fmt.Errorf("skip delivery: %w", err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil
		}
		return d.releaseNext(ctx, tx, del.JobID, del.Type, now)
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
