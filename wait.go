package notegen

import (
	"context"
	"fmt"
	"net/url"
	"strconv"
	"time"
)

// waitPolicy says how WaitForJob waits.
type waitPolicy struct {
	// hold is how long the server is asked to hold a status request until
	// the status changes (GET /v1/status/{id}?wait=). It stays well below
	// the transport's 60 s response-header timeout and common proxy idle
	// timeouts.
	hold time.Duration
	// firstPause is the first pause after a server answered at once with
	// no change; pauses double from it up to the caller's interval, at
	// least maxPause.
	firstPause time.Duration
	maxPause   time.Duration
}

func defaultWaitPolicy() waitPolicy {
	return waitPolicy{hold: 25 * time.Second, firstPause: 250 * time.Millisecond, maxPause: MinPollInterval}
}

// WaitForJob waits until the job is completed or error and returns its
// last status; check its Status. It checks at once, then asks the server to
// hold each status request until the status changes (long-poll, "Waiting
// for a job" in the contract), so it learns of the end as it happens. A
// server that answers at once without a change (one without long-poll) is
// asked again after a pause that doubles from 250 ms up to interval (at
// least MinPollInterval). It stops with ctx.
func (c *Client) WaitForJob(ctx context.Context, jobID string, interval time.Duration) (*JobStatus, error) {
	p := c.waitPolicy
	if interval > p.maxPause {
		p.maxPause = interval
	}
	var pause time.Duration
	last := ""
	for {
		start := time.Now()
		hold := p.holdWithin(ctx)
		st, err := c.jobStatus(ctx, jobID, hold, last)
		if err != nil {
			return nil, err
		}
		if st.Done() {
			return st, nil
		}
		// Without a status to compare with, a long-polling server answers
		// only at the end or when the hold runs out; with one, only on a
		// change. A quick answer that is neither did not hold the request.
		held := hold > 0 && time.Since(start) >= hold/2
		if !held && (last == "" || st.Status == last) {
			pause = min(max(2*pause, p.firstPause), p.maxPause)
			if err := sleep(ctx, pause); err != nil {
				return st, networkError(fmt.Sprintf("waiting for job %s (last status %s)", jobID, st.Status), err)
			}
		} else {
			pause = 0
		}
		last = st.Status
	}
}

// holdWithin is the hold that ends before ctx does, in whole seconds.
func (p waitPolicy) holdWithin(ctx context.Context) time.Duration {
	hold := p.hold
	if deadline, ok := ctx.Deadline(); ok {
		if left := time.Until(deadline) - time.Second; left < hold {
			hold = left
		}
	}
	return hold.Truncate(time.Second)
}

// jobStatus reads a job's status, asking the server to hold the answer for
// up to hold until the status differs from last (or, with no last, until
// the job ends).
func (c *Client) jobStatus(ctx context.Context, jobID string, hold time.Duration, last string) (*JobStatus, error) {
	q := url.Values{}
	if hold > 0 {
		q.Set("wait", strconv.Itoa(int(hold/time.Second)))
		if last != "" {
			q.Set("status", last)
		}
	}
	return doJSON[JobStatus](ctx, c, call{method: "GET", path: "/v1/status/" + pathEscape(jobID), query: q, auth: authAPIKey, idempotent: true, wait: hold})
}
