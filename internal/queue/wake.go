package queue

import (
	"context"
	"fmt"
	"sync"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver"
)

// insertTopic is River's notification topic for new jobs; its producers
// fetch at once when they hear {"queue": name} on it.
const insertTopic = "river_insert"

// wakeHub delivers in-process notifications to River's listeners, so that
// a job committed on this replica is fetched at once rather than at the
// next poll. On SQLite it is River's only listener; on PostgreSQL it runs
// beside River's LISTEN/NOTIFY, which reaches the other replicas but is
// rate-limited per queue (FetchCooldown) and so may skip a job.
type wakeHub struct {
	mu        sync.Mutex
	listeners map[*wakeListener]struct{}
}

func newWakeHub() *wakeHub { return &wakeHub{listeners: map[*wakeListener]struct{}{}} }

// jobInserted wakes the producers of queueName.
func (h *wakeHub) jobInserted(queueName string) {
	n := &riverdriver.Notification{Topic: insertTopic, Payload: fmt.Sprintf(`{"queue":%q}`, queueName)}
	h.mu.Lock()
	defer h.mu.Unlock()
	for l := range h.listeners {
		select {
		case l.local <- n:
		default:
			// The listener is behind on wake-ups; the ones it holds will
			// make it fetch, and polling covers the rest.
		}
	}
}

// wakeDriver is River's driver with the hub's listener merged into the
// database's (or standing in for the one SQLite lacks).
type wakeDriver[TTx any] struct {
	riverdriver.Driver[TTx]
	hub *wakeHub
}

// SupportsListener is true: the hub is a listener even on SQLite.
func (d wakeDriver[TTx]) SupportsListener() bool { return true }

// GetListener returns a listener hearing the hub and, where the database
// has one, the database's notifications.
func (d wakeDriver[TTx]) GetListener(params *riverdriver.GetListenenerParams) riverdriver.Listener {
	var inner riverdriver.Listener
	if d.Driver.SupportsListener() {
		inner = d.Driver.GetListener(params)
	}
	return &wakeListener{hub: d.hub, inner: inner, local: make(chan *riverdriver.Notification, 64)}
}

// wakeListener is one River notifier's listener: the hub's in-process
// notifications merged with the database's, if any.
type wakeListener struct {
	hub   *wakeHub
	inner riverdriver.Listener
	local chan *riverdriver.Notification
	// pending holds a database notification that arrived while a local one
	// was being returned.
	pending []*riverdriver.Notification
}

func (l *wakeListener) Connect(ctx context.Context) error {
	if l.inner != nil {
		if err := l.inner.Connect(ctx); err != nil {
			return err
		}
	}
	l.hub.mu.Lock()
	l.hub.listeners[l] = struct{}{}
	l.hub.mu.Unlock()
	return nil
}

func (l *wakeListener) Close(ctx context.Context) error {
	l.hub.mu.Lock()
	delete(l.hub.listeners, l)
	l.hub.mu.Unlock()
	if l.inner != nil {
		return l.inner.Close(ctx)
	}
	return nil
}

func (l *wakeListener) Listen(ctx context.Context, topic string) error {
	if l.inner != nil {
		return l.inner.Listen(ctx, topic)
	}
	return nil
}

func (l *wakeListener) Unlisten(ctx context.Context, topic string) error {
	if l.inner != nil {
		return l.inner.Unlisten(ctx, topic)
	}
	return nil
}

func (l *wakeListener) Ping(ctx context.Context) error {
	if l.inner != nil {
		return l.inner.Ping(ctx)
	}
	return nil
}

func (l *wakeListener) Schema() string {
	if l.inner != nil {
		return l.inner.Schema()
	}
	return ""
}

func (l *wakeListener) SetAfterConnectExec(sql string) {
	if l.inner != nil {
		l.inner.SetAfterConnectExec(sql)
	}
}

// WaitForNotification returns the next notification from either source.
// River calls it from one goroutine at a time and interrupts it by
// cancelling ctx, which the database listener is built to survive.
func (l *wakeListener) WaitForNotification(ctx context.Context) (*riverdriver.Notification, error) {
	if len(l.pending) > 0 {
		n := l.pending[0]
		l.pending = l.pending[1:]
		return n, nil
	}
	if l.inner == nil {
		select {
		case n := <-l.local:
			return n, nil
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	select {
	case n := <-l.local:
		return n, nil
	default:
	}
	innerCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	type result struct {
		n   *riverdriver.Notification
		err error
	}
	res := make(chan result, 1)
	go func() {
		n, err := l.inner.WaitForNotification(innerCtx)
		res <- result{n, err}
	}()
	select {
	case r := <-res:
		return r.n, r.err
	case n := <-l.local:
		cancel()
		if r := <-res; r.err == nil && r.n != nil {
			l.pending = append(l.pending, r.n)
		}
		return n, nil
	}
}

// queueOf is the queue a job of args goes to.
func queueOf(args river.JobArgs, opts *river.InsertOpts) string {
	if opts != nil && opts.Queue != "" {
		return opts.Queue
	}
	if a, ok := args.(river.JobArgsWithInsertOpts); ok {
		if q := a.InsertOpts().Queue; q != "" {
			return q
		}
	}
	return river.QueueDefault
}
