package job

import (
	"context"
	"time"

	"github.com/notegen/notegen/internal/apikey"
	"github.com/notegen/notegen/internal/apperr"
)

// MaxWait is the longest a status request may wait for a change.
const MaxWait = 60 * time.Second

// statuses are every job status, for validating a client's last seen one.
var statuses = []string{string(Pending), string(Queued), string(Transcribing), string(Transcribed), string(Completed), string(Failed)}

// statusTopic is the broker topic of one job's status changes.
func statusTopic(jobID string) string { return "job-status:" + jobID }

// ParseStatus checks a status named by a client; field names where it came
// from for the error.
func ParseStatus(field, v string) (Status, error) {
	if err := oneOf(field, v, statuses); err != nil {
		return "", err
	}
	return Status(v), nil
}

// WaitStatus reports a job's progress like Status, but first waits up to
// wait for its status to differ from seen or, when seen is empty, for the
// job to end (completed or error). It is woken by the job's own status
// change, on this replica or another, and answers early when the server
// shuts down.
func (s *Service) WaitStatus(ctx context.Context, c apikey.Caller, id string, wait time.Duration, seen Status) (StatusView, error) {
	if wait < 0 || wait > MaxWait {
		return StatusView{}, apperr.Invalid("wait", "wait must be between 0 and %d seconds", int(MaxWait.Seconds()))
	}
	if wait == 0 {
		// A plain status read, the most frequent call: no subscription to
		// open and close (about 4% of a status read's CPU on SQLite).
		return s.Status(ctx, c, id)
	}
	settled := func(v StatusView) bool {
		if seen != "" {
			return v.Status != seen
		}
		return v.Status == Completed || v.Status == Failed
	}
	// Subscribe before the first read: a change committed between the two
	// then still wakes this waiter.
	sub := s.events.Subscribe(statusTopic(id))
	defer sub.Close()
	v, err := s.Status(ctx, c, id)
	if err != nil || settled(v) {
		return v, err
	}
	deadline := time.NewTimer(wait)
	defer deadline.Stop()
	// The re-check bounds how long a waiter can miss a change whose wake-up
	// was lost (another replica's notification during a reconnect).
	recheck := time.NewTicker(s.cfg.WaitRecheck)
	defer recheck.Stop()
	for {
		select {
		case <-sub.C:
		case <-recheck.C:
		case <-deadline.C:
			return s.Status(ctx, c, id)
		case <-s.events.Done():
			return s.Status(ctx, c, id)
		case <-ctx.Done():
			return StatusView{}, ctx.Err()
		}
		if v, err = s.Status(ctx, c, id); err != nil || settled(v) {
			return v, err
		}
	}
}
