package store

import "sync"

// wakeups are in-process signals raised by committed transactions: a
// worker waiting for rows of some kind waits on its topic's channel, and a
// transaction that writes such a row calls Wake, so the worker starts when
// the row becomes visible instead of at its next poll. Signals coalesce
// (a channel holds at most one) and say only "look again".
type wakeups struct {
	mu sync.Mutex
	ch map[string]chan struct{}
}

func (w *wakeups) topic(name string) chan struct{} {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.ch == nil {
		w.ch = map[string]chan struct{}{}
	}
	c, ok := w.ch[name]
	if !ok {
		c = make(chan struct{}, 1)
		w.ch[name] = c
	}
	return c
}

// Wakeups returns the channel signalled after each commit of a transaction
// on this DB that called Wake(topic). It has one reader: the worker of that
// topic on this replica. Other replicas are not signalled; they find the
// rows by polling.
func (db *DB) Wakeups(topic string) <-chan struct{} { return db.wake.topic(topic) }

// Wake signals topic's worker on this replica once tx commits.
func (tx *Tx) Wake(topic string) { tx.WakeUnless(topic, nil) }

// WakeUnless is Wake unless done, asked once tx has committed, reports
// that the transaction did the worker's work itself: a wake-up then would
// only send the worker to look for rows that are not there.
func (tx *Tx) WakeUnless(topic string, done func() bool) {
	c := tx.wake.topic(topic)
	tx.AfterCommit(func() {
		if done != nil && done() {
			return
		}
		select {
		case c <- struct{}{}:
		default: // a signal is already pending
		}
	})
}
