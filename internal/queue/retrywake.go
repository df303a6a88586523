package queue

import (
	"context"
	"errors"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
)

// settleDelay is how long after an attempt ends its outcome may take to be
// recorded: River's completer writes outcomes in batches every 50 ms, and a
// queue woken before the write would find the job still running.
const settleDelay = 100 * time.Millisecond

// schedulerInterval is River's default interval for moving scheduled and
// retryable jobs back to available. A snooze or retry due within it stays
// available with a later time, which only a fetch finds: nothing announces
// it, so the queue is woken at the due time. A later one waits for the
// scheduler.
const schedulerInterval = 5 * time.Second

// wakeAt wakes queueName's producers on this replica once at has passed
// and the attempt that set it has been recorded; a later time is left to
// River's scheduler.
func (h *wakeHub) wakeAt(queueName string, at time.Time) {
	wait := time.Until(at)
	if wait > schedulerInterval {
		return
	}
	time.AfterFunc(max(wait, 0)+settleDelay, func() { h.jobInserted(queueName) })
}

// retryWake wakes a queue when a job of it that snoozed becomes due, so a
// short snooze (a webhook retry, Retry-After, an endpoint's full share of
// workers) is worked on time rather than at the next poll.
type retryWake struct {
	river.MiddlewareDefaults
	hub *wakeHub
}

// Work runs the job and, when it snoozes briefly, arranges the wake-up.
func (m *retryWake) Work(ctx context.Context, job *rivertype.JobRow, doInner func(context.Context) error) error {
	err := doInner(ctx)
	var snooze *rivertype.JobSnoozeError
	if errors.As(err, &snooze) {
		m.hub.wakeAt(job.Queue, time.Now().Add(snooze.Duration))
	}
	return err
}

// DueOpts returns the insert options of a job due at at whose worker
// waits for its time itself (a webhook retry snoozes until the delivery's
// next attempt): within River's scheduler interval no schedule at all,
// since River makes a scheduled job available only on its scheduler's
// tick, seconds late under load; the job is available at once, its worker
// snoozes until at, and WakeAt wakes the queue then. A later time is a
// schedule.
func DueOpts(at time.Time) *river.InsertOpts {
	if time.Until(at) <= schedulerInterval {
		return nil
	}
	return &river.InsertOpts{ScheduledAt: at}
}

// WakeAt makes this replica's workers of queueName look for work at at: a
// worker's own retry schedule (River's NextRetry) calls it, since a retry
// due within the scheduler's interval is announced to nobody.
func (i *Inserter) WakeAt(queueName string, at time.Time) { i.hub.wakeAt(queueName, at) }
