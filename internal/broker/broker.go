// Package broker wakes goroutines that wait for something to change: a
// job's status, and (for other components) new queue or outbox work. A
// change is published on a topic when the transaction that made it
// commits; every subscriber of that topic on this replica is woken at once,
// and on PostgreSQL every other replica's subscribers too, through
// LISTEN/NOTIFY.
//
// A wake-up says only "look again": subscribers re-read the database, so a
// wake-up that is duplicated, or one that stands for several changes, is
// harmless. A lost one (a replica's listening connection dropping) is
// covered by the subscriber's own slow re-check.
package broker

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/notegen/notegen/internal/store"
)

// channel is the PostgreSQL notification channel every replica listens on.
const channel = "notegen_broker"

// maxPayload bounds one notification's payload: PostgreSQL refuses 8000
// bytes or more.
const maxPayload = 7000

// retryMin and retryMax bound the pause before a failed NOTIFY is sent
// again.
const (
	retryMin = 50 * time.Millisecond
	retryMax = 2 * time.Second
)

// relayGap is the least time between two relayed NOTIFYs of job topics.
// Each NOTIFY is a transaction of its own, with its commit and WAL flush;
// under a burst of jobs one went out for every two or three jobs, so the
// topics of the next few milliseconds are gathered into one instead. The
// other replicas' waiters learn of a change up to relayGap later. A topic
// of the whole service (a credentials change) is not held back.
const relayGap = 10 * time.Millisecond

// Broker delivers wake-ups to subscribers by topic.
type Broker struct {
	log *slog.Logger

	mu     sync.Mutex
	subs   map[string]map[*Subscription]struct{}
	closed chan struct{}
	// relaying is true while Listen runs on PostgreSQL: committed topics
	// then reach the other replicas through outgoing, sent after the
	// commit, rather than through a NOTIFY inside the transaction.
	relaying atomic.Bool
	outgoing map[string]struct{}
	send     chan struct{}
}

// New returns a broker with no subscribers.
func New(log *slog.Logger) *Broker {
	return &Broker{log: log, subs: map[string]map[*Subscription]struct{}{}, closed: make(chan struct{}),
		outgoing: map[string]struct{}{}, send: make(chan struct{}, 1)}
}

// Subscription receives the wake-ups of one topic until it is closed.
type Subscription struct {
	// C receives a value after each publish on the topic. It holds at most
	// one pending wake-up: several publishes before a read make one.
	C     <-chan struct{}
	c     chan struct{}
	topic string
	b     *Broker
}

// Subscribe starts receiving wake-ups for topic. Subscribe before reading
// the state being waited on, so a change committed in between is not missed.
func (b *Broker) Subscribe(topic string) *Subscription {
	c := make(chan struct{}, 1)
	s := &Subscription{C: c, c: c, topic: topic, b: b}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.subs[topic] == nil {
		b.subs[topic] = map[*Subscription]struct{}{}
	}
	b.subs[topic][s] = struct{}{}
	return s
}

// Close stops the subscription. It may be called more than once.
func (s *Subscription) Close() {
	s.b.mu.Lock()
	defer s.b.mu.Unlock()
	if set := s.b.subs[s.topic]; set != nil {
		delete(set, s)
		if len(set) == 0 {
			delete(s.b.subs, s.topic)
		}
	}
}

// Publish wakes this replica's subscribers of topic. Changes made in a
// transaction publish with PublishTx instead, which also reaches the other
// replicas and waits for the commit.
func (b *Broker) Publish(topic string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for s := range b.subs[topic] {
		select {
		case s.c <- struct{}{}:
		default: // a wake-up is already pending
		}
	}
}

// publishAll wakes every subscriber, after a gap in which notifications
// from other replicas may have been missed.
func (b *Broker) publishAll() {
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, set := range b.subs {
		for s := range set {
			select {
			case s.c <- struct{}{}:
			default:
			}
		}
	}
}

// PublishTx publishes topic once tx commits, and not at all if it rolls
// back.
//
// On PostgreSQL, while Listen runs, other replicas are told right after
// the commit, by one NOTIFY that carries every topic committed meanwhile.
// A NOTIFY inside the transaction would hold PostgreSQL's one lock on the
// notification queue through the commit's WAL flush, so that notifying
// commits (every job status change) flushed one at a time: under a burst
// of jobs sessions queued on that lock. The cost is that a replica that
// dies between a commit and its NOTIFY leaves the others to find the
// change at their subscribers' slow re-check, which covers a dropped
// listening connection already. Without Listen the NOTIFY stays in the
// transaction.
func (b *Broker) PublishTx(ctx context.Context, tx *store.Tx, topic string) error {
	relaying := b.relaying.Load()
	if tx.Dialect() == store.Postgres && !relaying {
		if _, err := tx.Exec(ctx, `SELECT pg_notify(?, ?)`, channel, topic); err != nil {
			return fmt.Errorf("notify %s: %w", channel, err)
		}
	}
	tx.AfterCommit(func() {
		b.Publish(topic)
		if relaying {
			b.relay(topic)
		}
	})
	return nil
}

// relay queues topic for the other replicas and wakes the sender.
func (b *Broker) relay(topic string) {
	b.mu.Lock()
	b.outgoing[topic] = struct{}{}
	b.mu.Unlock()
	select {
	case b.send <- struct{}{}:
	default: // the sender is already due to run
	}
}

// sendRelayed notifies the other replicas of the topics committed on this
// one until ctx ends: each round sends what piled up while the previous
// NOTIFY ran, so a burst of commits costs a few statements, not one each.
//
// A NOTIFY that fails (a pooled connection that went bad) is sent again,
// after a pause that doubles up to retryMax: the change is committed
// already, and a lost "credentials" topic would let another replica's key
// cache, whose own connections are fine, trust a revoked key until the
// cache's TTL while the revocation answered after waiting for it in vain.
func (b *Broker) sendRelayed(ctx context.Context, db *store.DB) {
	var pause time.Duration
	var last time.Time
	for {
		var retry <-chan time.Time
		if pause > 0 {
			retry = time.After(pause)
		}
		select {
		case <-ctx.Done():
			return
		case <-b.send:
		case <-retry:
		}
		if wait := relayGap - time.Since(last); wait > 0 && !b.urgent() {
			select {
			case <-ctx.Done():
				return
			case <-time.After(wait):
			}
		}
		last = time.Now()
		b.mu.Lock()
		topics := make([]string, 0, len(b.outgoing))
		for topic := range b.outgoing {
			topics = append(topics, topic)
		}
		clear(b.outgoing)
		b.mu.Unlock()
		var unsent []string
		for _, payload := range payloads(topics) {
			if _, err := db.Exec(ctx, `SELECT pg_notify(?, ?)`, channel, payload); err != nil {
				if ctx.Err() != nil {
					return
				}
				b.log.WarnContext(ctx, "broker could not notify the other replicas; trying again", "error", err.Error())
				unsent = append(unsent, payload)
			}
		}
		if unsent == nil {
			pause = 0
			continue
		}
		b.mu.Lock()
		for _, payload := range unsent {
			for topic := range strings.SplitSeq(payload, "\n") {
				b.outgoing[topic] = struct{}{}
			}
		}
		b.mu.Unlock()
		pause = min(max(2*pause, retryMin), retryMax)
	}
}

// urgent reports whether a topic of the whole service (one with no ":",
// such as a credentials change) waits to be relayed: it goes at once,
// since a revocation waits for it.
func (b *Broker) urgent() bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	for topic := range b.outgoing {
		if !strings.Contains(topic, ":") {
			return true
		}
	}
	return false
}

// payloads joins topics into notification payloads, one topic a line,
// each payload under maxPayload bytes. A topic of the whole service (one
// with no ":", such as a credentials change) goes alone: a replica of an
// earlier version, still running during a rolling upgrade, reads a payload
// as a single topic, and must not miss a revocation inside a burst of job
// topics, which it can afford to find at its next re-check.
func payloads(topics []string) []string {
	var out []string
	var cur strings.Builder
	for _, topic := range topics {
		if !strings.Contains(topic, ":") {
			out = append(out, topic)
			continue
		}
		if cur.Len() > 0 && cur.Len()+1+len(topic) > maxPayload {
			out = append(out, cur.String())
			cur.Reset()
		}
		if cur.Len() > 0 {
			cur.WriteByte('\n')
		}
		cur.WriteString(topic)
	}
	if cur.Len() > 0 {
		out = append(out, cur.String())
	}
	return out
}

// Done is closed when the broker is closed: waiters stop waiting and
// answer with what they have.
func (b *Broker) Done() <-chan struct{} { return b.closed }

// Close releases every waiter; the server calls it when it begins to shut
// down so that long polls do not hold the shutdown up.
func (b *Broker) Close() {
	b.mu.Lock()
	defer b.mu.Unlock()
	select {
	case <-b.closed:
	default:
		close(b.closed)
	}
}

// Listen relays other replicas' notifications to this replica's
// subscribers, and this replica's committed topics to the others, until
// ctx ends. It returns at once on SQLite, where there is only one replica
// per database file. A dropped connection is re-opened, and every
// subscriber woken to re-check what it may have missed.
func (b *Broker) Listen(ctx context.Context, db *store.DB) {
	if db.Dialect() != store.Postgres {
		return
	}
	b.relaying.Store(true)
	sent := make(chan struct{})
	go func() {
		defer close(sent)
		b.sendRelayed(ctx, db)
	}()
	defer func() {
		b.relaying.Store(false)
		<-sent
	}()
	cfg := db.Pool().Config().ConnConfig.Copy()
	backoff := 100 * time.Millisecond
	for ctx.Err() == nil {
		err := b.listenOnce(ctx, cfg)
		if ctx.Err() != nil {
			return
		}
		b.log.WarnContext(ctx, "broker lost its notification connection; reconnecting", "error", err.Error())
		b.publishAll()
		select {
		case <-ctx.Done():
			return
		case <-time.After(backoff):
		}
		backoff = min(2*backoff, 5*time.Second)
	}
}

// listenOnce listens on one dedicated connection until it fails. The
// connection is not taken from the pool: it stays busy for the life of the
// process.
func (b *Broker) listenOnce(ctx context.Context, cfg *pgx.ConnConfig) error {
	conn, err := pgx.ConnectConfig(ctx, cfg)
	if err != nil {
		return fmt.Errorf("connect: %w", err)
	}
	defer conn.Close(context.WithoutCancel(ctx))
	if _, err := conn.Exec(ctx, "LISTEN "+channel); err != nil {
		return fmt.Errorf("listen: %w", err)
	}
	// Changes committed while the connection was being set up were not
	// heard: let everyone look again.
	b.publishAll()
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			if errors.Is(err, context.Canceled) {
				return err
			}
			return fmt.Errorf("wait for notification: %w", err)
		}
		for topic := range strings.SplitSeq(n.Payload, "\n") {
			b.Publish(topic)
		}
	}
}
